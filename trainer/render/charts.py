"""The charts of My progress, My class and the Projector, as Plotly figures (no Streamlit here).

Every chart is readable on a projector at the back of a classroom (text at least ``TICK_FONT`` px),
names what it plots on both axes, and uses the colour-blind-safe Okabe–Ito colours with a second cue
(dash, marker shape) wherever colour alone would tell two things apart.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

# Plotly looks pandas up among the loaded modules without waiting for an import under way in another
# of the server's threads, and then meets a half-loaded module; importing it here waits for it.
import pandas  # noqa: F401
import plotly.graph_objects as go

from trainer.words import charts as words

FONT = 20
"""Pixels: axis titles, legends and bar labels."""
TICK_FONT = 17
"""Pixels: the numbers and names along the axes."""
BLUE, ORANGE, GREEN, VERMILION = "#0072B2", "#E69F00", "#009E73", "#D55E00"
STAGE_COLOURS = (BLUE, ORANGE, GREEN)
WINDOW = 5
"""Answers in the "last five" line."""


INK, SOFT_INK = "#1F2933", "#3B4754"
"""The page's text colour for titles and legends, and a softer one (still 9:1) for the axes' numbers."""


def _styled(fig: go.Figure, *, height: int = 380) -> go.Figure:
    """Large dark text and the legend above the plot, clear of the axis names."""
    fig.update_layout(
        height=height, font={"size": FONT, "color": INK},
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0, "title": {"text": ""},
                "font": {"size": FONT, "color": INK}},
        margin={"t": 10, "b": 10, "l": 10, "r": 10},
    )
    for axes in (fig.update_xaxes, fig.update_yaxes):
        axes(tickfont={"size": TICK_FONT, "color": SOFT_INK}, title_font={"size": FONT, "color": INK},
             automargin=True)
    return fig


def _answer_axis(fig: go.Figure, count: int) -> None:
    """Answers are whole numbers: a tick on every one, or on every tenth of them."""
    fig.update_xaxes(title_text=words.answer_number(), tickmode="linear", tick0=1, dtick=max(1, count // 10))


def running_share(correct: Sequence[bool], window: int = WINDOW) -> tuple[list[float], list[float]]:
    """After each answer: the share right so far, and the share right of the last ``window`` answers."""
    overall, recent, right = [], [], 0
    for i, ok in enumerate(correct, start=1):
        right += bool(ok)
        last = correct[max(0, i - window) : i]
        overall.append(right / i)
        recent.append(sum(bool(x) for x in last) / len(last))
    return overall, recent


def right_over_time(correct: Sequence[bool]) -> go.Figure:
    """The share right after each answer: overall (a broad solid line, drawn first) and over the last
    five answers (a narrower dashed line on top), so where the two agree both still show."""
    overall, recent = running_share(correct)
    x = list(range(1, len(overall) + 1))
    fig = go.Figure([
        go.Scatter(x=x, y=overall, name=words.overall(), mode="lines+markers",
                   line={"color": BLUE, "width": 7}, marker={"size": 12, "color": BLUE}),
        go.Scatter(x=x, y=recent, name=words.last_five(), mode="lines+markers",
                   line={"color": VERMILION, "width": 3, "dash": "dash"},
                   marker={"size": 7, "color": VERMILION, "symbol": "diamond"}),
    ])
    fig.update_yaxes(title_text=words.share_right(), range=[0, 1.05], tickformat=".0%")
    _answer_axis(fig, len(x))
    return _styled(fig)


def right_by_kind_and_stage(rows: Sequence[dict[str, Any]], stages: Sequence[str]) -> go.Figure:
    """Bars of the share right for each kind of puzzle, one colour per stage. ``rows``: dicts with
    ``kind`` (its short name, under the bars), ``title`` (its question, on pointing at a bar) and
    ``stage`` as shown, ``answered``, ``right`` and ``accuracy``."""
    bars = []
    for colour, stage in zip(STAGE_COLOURS * 2, stages):
        mine = [r for r in rows if r["stage"] == stage]
        if not mine:
            continue
        bars.append(go.Bar(
            x=[r["kind"] for r in mine], y=[r["accuracy"] for r in mine], name=stage, marker_color=colour,
            customdata=[[r["answered"], r["right"], r.get("title", r["kind"])] for r in mine],
            hovertemplate=(f"%{{customdata[2]}}<br>{stage}: %{{y:.0%}}<br>{words.answered()}: %{{customdata[0]}}"
                           f"<br>{words.right()}: %{{customdata[1]}}<extra></extra>"),
        ))
    fig = go.Figure(bars)
    fig.update_layout(barmode="group")
    fig.update_xaxes(title_text=words.kind_of_puzzle())
    fig.update_yaxes(title_text=words.share_right(), range=[0, 1.05], tickformat=".0%")
    return _styled(fig, height=420)


def time_to_answer(seconds: Sequence[float], correct: Sequence[bool]) -> go.Figure:
    """Each answer's seconds, right ones as green dots and the others as vermilion crosses."""
    fig = go.Figure()
    for ok, name, colour, symbol in ((True, words.right(), GREEN, "circle"),
                                     (False, words.not_right(), VERMILION, "x")):
        picked = [(i, s) for i, (s, c) in enumerate(zip(seconds, correct), start=1) if bool(c) == ok]
        if picked:
            fig.add_trace(go.Scatter(x=[i for i, _ in picked], y=[s for _, s in picked], name=name, mode="markers",
                                     marker={"color": colour, "symbol": symbol, "size": 12}))
    fig.update_yaxes(title_text=words.seconds(), rangemode="tozero")
    _answer_axis(fig, len(seconds))
    return _styled(fig)


def class_kinds(kinds: Sequence[str], right: Sequence[float], quick: Sequence[float]) -> go.Figure:
    """For each kind of puzzle, the share of the class's answers right and right and quick."""
    fig = go.Figure([
        go.Bar(x=list(kinds), y=list(right), name=words.right(), marker_color=BLUE),
        go.Bar(x=list(kinds), y=list(quick), name=words.right_and_quick(), marker_color=GREEN,
               marker_pattern_shape="/"),
    ])
    fig.update_layout(barmode="group")
    fig.update_xaxes(title_text=words.kind_of_puzzle())
    fig.update_yaxes(title_text=words.share_of_answers(), range=[0, 1.05], tickformat=".0%")
    return _styled(fig)


SPREAD_FONT = 30
"""Pixels: every word and number of the live answers' chart, read across a classroom (8 m) on a projector."""


def answer_spread(labels: Sequence[str], counts: Sequence[int], correct: Sequence[bool]) -> go.Figure:
    """A live round's answers on the projector: one bar per answer, the right one green, each
    with its count on top (no axis of numbers to read from across the room), all in big dark text."""
    fig = go.Figure(go.Bar(
        x=list(labels), y=list(counts), text=list(counts), textposition="outside",
        marker_color=[GREEN if ok else VERMILION for ok in correct],
        textfont={"size": SPREAD_FONT, "color": INK}, cliponaxis=False,
    ))
    fig.update_layout(height=280, margin={"t": 44, "b": 0, "l": 0, "r": 0},
                      font={"size": SPREAD_FONT, "color": INK},
                      yaxis={"visible": False, "range": [0, max(counts, default=1) * 1.2]},
                      xaxis={"tickfont": {"size": SPREAD_FONT, "color": INK}, "automargin": True})
    return fig


CURVE_COLUMNS = 3
"""Panels side by side in a learning-curves chart."""
CURVE_TOP, CURVE_ROW = 180, 300
"""Pixels: the room above a learning-curves chart's panels (the legend, the first titles), and each row of panels."""
CURVE_GAP = 110
"""Pixels between two rows of panels: the upper row's axis and the lower row's title, two lines long."""
CURVE_TITLE = 24
"""Characters on a line of a panel's title (longer names are broken at spaces)."""


def _wrapped(text: str, width: int) -> str:
    """``text`` broken at spaces into lines of at most ``width`` characters (Plotly's ``<br>``)."""
    return "<br>".join(textwrap.wrap(text, width)) or text


def learning_curves(panels: Sequence[dict[str, Any]], *, columns: int = CURVE_COLUMNS) -> go.Figure:
    """Small charts side by side, one per trap or kind, each the share of wrong answers at a child's 1st, 2nd …
    chance (a broad blue line with dots) and the share the model expected (a thin orange dashed line with
    diamonds), the same 0–100 % scale on all, so a line that falls reads as learning and one that stays up
    stands out (its title says so, in vermilion). ``panels``: dicts with ``title``, ``flat`` and ``points``
    (each ``(opportunity, children, share_wrong, predicted)``)."""
    from plotly.subplots import make_subplots  # only this chart needs it

    rows = max(1, -(-len(panels) // columns))
    titles = [_wrapped(words.flat_mark(p["title"]) if p["flat"] else p["title"], CURVE_TITLE) for p in panels]
    height = CURVE_TOP + CURVE_ROW * rows
    gap = CURVE_GAP / (height - CURVE_TOP)  # room between rows for the titles below, in the plot's own measure
    fig = make_subplots(rows=rows, cols=columns, subplot_titles=titles, shared_yaxes=True,
                        vertical_spacing=min(gap, 1 / rows) if rows > 1 else 0.0, horizontal_spacing=0.05)
    for i, p in enumerate(panels):
        row, col = i // columns + 1, i % columns + 1
        x = [pt[0] for pt in p["points"]]
        fig.add_trace(go.Scatter(
            x=x, y=[pt[2] for pt in p["points"]], name=words.observed(), legendgroup="observed", showlegend=i == 0,
            mode="lines+markers", line={"color": BLUE, "width": 5}, marker={"size": 11, "color": BLUE},
            customdata=[words.children(pt[1]) for pt in p["points"]],
            hovertemplate="%{x}: %{y:.0%} · %{customdata}<extra></extra>"), row=row, col=col)
        fig.add_trace(go.Scatter(
            x=x, y=[pt[3] for pt in p["points"]], name=words.predicted(), legendgroup="predicted",
            showlegend=i == 0, mode="lines+markers", line={"color": ORANGE, "width": 3, "dash": "dash"},
            marker={"size": 8, "color": ORANGE, "symbol": "diamond"},
            hovertemplate="%{x}: %{y:.0%}<extra></extra>"), row=row, col=col)
        fig.update_xaxes(tickmode="linear", tick0=1, dtick=1, range=[0.6, max(x, default=1) + 0.4], row=row, col=col)
    for i in range(len(panels), rows * columns):  # the row's empty places stay blank: every panel the same size
        fig.update_xaxes(visible=False, row=i // columns + 1, col=i % columns + 1)
        fig.update_yaxes(visible=False, row=i // columns + 1, col=i % columns + 1)
    fig.update_yaxes(range=[0, 1.05], tickformat=".0%", dtick=0.5)
    fig.update_yaxes(title_text=words.share_wrong(), col=1)
    for i in range(len(panels)):  # the bottom panel of each column names the chances
        if i + columns >= len(panels):
            fig.update_xaxes(title_text=words.opportunity(), row=i // columns + 1, col=i % columns + 1)
    _styled(fig, height=height)
    for note, p in zip(fig.layout.annotations, panels):  # the panels' titles: flat ones in vermilion
        note.font = {"size": FONT, "color": VERMILION if p["flat"] else INK}
    fig.update_layout(margin={"t": CURVE_TOP - 40, "b": 10, "l": 10, "r": 10},
                      legend={"y": 1.0 + 100 / (height - CURVE_TOP), "yanchor": "bottom"})
    return fig
