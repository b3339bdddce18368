""""Scores spotted in real games" on My progress and My class: the share of scoring chances a learner took
on Play a hand, week by week (see :mod:`trainer.learning.transfer`). Drawing only; the figures come from there."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go
import streamlit as st

from trainer.learning.transfer import Decision, RealGames, Week, share, weekly
from trainer.web import markup
from trainer.web.ui import CHART
from trainer.words import transfer as words

WEEKS_SHOWN = 8
"""The learner's chart shows their last this-many weeks with a chance."""
CLASS_WEEKS = 4
"""The class table shows this many weeks, the latest last."""
BLUE = "#0072B2"


def percent(value: float | None) -> str:
    return "—" if value is None else f"{round(100 * value)}%"


def week_chart(weeks: list[Week]):
    """Bars of the share spotted, one per week, each labelled "3 of 4" in big print (a projector)."""
    weeks = weeks[-WEEKS_SHOWN:]
    fig = go.Figure(go.Bar(
        x=[words.week_of(w.start) for w in weeks], y=[w.share for w in weeks], marker_color=BLUE,
        text=[f"{percent(w.share)}<br>{w.spotted}/{w.chances}" for w in weeks], textposition="auto",
        textfont={"size": 20}, hovertext=[words.spotted_of(w.spotted, w.chances) for w in weeks], hoverinfo="text"))
    fig.update_yaxes(range=[0, 1.05], tickformat=".0%", title=words.share_label(), tickfont={"size": 16})
    fig.update_xaxes(title=words.week_axis(), type="category", tickfont={"size": 16})
    fig.update_layout(height=320, margin={"t": 10, "b": 10, "l": 10, "r": 10}, font={"size": 16})
    return fig


def learner_panel(games: RealGames, *, key: str = "spotted") -> None:
    """The learner's own figure and chart (a short note when they have not played yet)."""
    st.subheader(words.heading())
    if not games.chances:
        st.caption(words.nothing_yet())
        return
    st.caption(words.explained())
    st.markdown(f"### {percent(games.share)} · {html.escape(words.spotted_of(games.spotted, games.chances))}")
    st.plotly_chart(week_chart(games.weekly()), key=key, config=CHART)


def class_table(children: Iterable[tuple[str, str]], decisions: Mapping[str, list[Decision]]) -> str:
    """Children × the last weeks (and all games): each cell the share spotted and "3/4". Names escaped."""
    every = [d for ds in decisions.values() for d in ds]
    starts = [w.start for w in weekly(every)][-CLASS_WEEKS:]
    head = "".join(f"<th>{html.escape(words.week_column(s))}</th>" for s in starts)
    head += f"<th>{html.escape(words.all_time())}</th>"
    body = []
    for code, nickname in children:
        mine = decisions.get(code, [])
        by_week = {w.start: w for w in weekly(mine)}
        cells = []
        for s in starts:
            w = by_week.get(s)
            cells.append(f"<td>{percent(w.share)} <small>{w.spotted}/{w.chances}</small></td>" if w
                         else f"<td>{html.escape(words.none_this_week())}</td>")
        chances = [d for d in mine if d.chance]
        total = share(mine)
        cells.append(f"<td><b>{percent(total)}</b> <small>{sum(d.spotted for d in chances)}/{len(chances)}</small>"
                     "</td>" if chances else f"<td>{html.escape(words.none_this_week())}</td>")
        body.append(f"<tr><th scope='row'>{markup.literal(nickname)}</th>{''.join(cells)}</tr>")
    return ('<div tabindex="0" style="overflow-x:auto"><table class="fives-spotted" style="border-collapse:collapse;'
            f'font-size:1.15rem"><thead><tr><th>{html.escape(words.child())}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>'
            "<style>.fives-spotted td,.fives-spotted th{padding:0.35rem 0.8rem;border:1px solid #d8dee4;"
            "text-align:center}.fives-spotted th[scope=row]{text-align:left}</style>")


def class_panel(children: list[tuple[str, str]], decisions: Mapping[str, list[Decision]]) -> None:
    """My class: the table, and the class's weeks as a chart."""
    st.subheader(words.heading())
    every = [d for ds in decisions.values() for d in ds]
    if not any(d.chance for d in every):
        st.caption(words.class_nothing_yet())
        return
    st.caption(words.class_explained())
    st.markdown(class_table(children, decisions), unsafe_allow_html=True)
    st.plotly_chart(week_chart(weekly(every)), key="t_spotted", config=CHART)
