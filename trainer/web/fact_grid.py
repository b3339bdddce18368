"""The number-fact grids as HTML (no Streamlit here): one learner's facts, and a class's kinds of fact.

Each cell says its state in a mark and a word's colour, so it reads without colour too, and the text
is large enough for a projector at the back of a room.

>>> from trainer.learning.sprint import SprintAnswer, SprintHistory
>>> h = SprintHistory([SprintAnswer("make5:2", True, 1.0, 0.0, 3.0)] * 2)
>>> 'data-state="fluent"' in fact_grid(h)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from trainer.learning.sprint import FactKind, FactState, SprintHistory, facts_of
from trainer.words import sprint as words

STATE_STYLE: dict[FactState, tuple[str, str, str]] = {
    FactState.FLUENT: ("#0B7A4B", "#ffffff", "●"),
    FactState.FADING: ("#B8E0CB", "#1F2933", "○"),
    FactState.SLOW: ("#F2C14E", "#1F2933", "◐"),
    FactState.WRONG: ("#C0392B", "#ffffff", "✕"),
    FactState.NEW: ("#EEF3F7", "#52606D", "·"),
}
"""Each state's background, text colour and mark (green, amber, red, pale: readable at a projector)."""

GRID_CSS = ("<style>.fives-facts{border-collapse:separate;border-spacing:3px;font-size:1.05rem}"
            ".fives-facts th{text-align:left;padding:0.3rem 0.6rem;white-space:nowrap}"
            ".fives-facts td{min-width:2.6rem;padding:0.25rem 0.35rem;text-align:center;border-radius:4px;"
            "font-weight:600}.fives-key span{display:inline-block;padding:0.2rem 0.6rem;margin-right:0.4rem;"
            "border-radius:4px;font-weight:600}"
            ".fives-fact-kind{margin:0 0 0.7rem 0;font-size:1.05rem}.fives-fact-kind p{margin:0 0 0.2rem 0}"
            ".fives-fact-cells{display:flex;flex-wrap:wrap;gap:3px}"
            ".fives-fact-cells span{min-width:2.6rem;padding:0.25rem 0.35rem;text-align:center;border-radius:4px;"
            "font-weight:600}</style>")


def short(fact_numbers: Sequence[int], kind: FactKind) -> str:
    """A fact's short label inside a cell (its numbers)."""
    return "+".join(map(str, fact_numbers)) if kind is FactKind.ADD_ENDS else str(fact_numbers[0])


def key() -> str:
    """The colour key under a grid."""
    parts = [f'<span style="background:{bg};color:{fg}">{mark} {escape(words.state_name(state.value))}</span>'
             for state, (bg, fg, mark) in STATE_STYLE.items()]
    return f'<div class="fives-key" style="margin:0.4rem 0">{"".join(parts)}</div>'


def fact_grid(history: SprintHistory, kinds: Sequence[FactKind] | None = None, *, now: float | None = None) -> str:
    """One learner's grid: each kind of fact with its count, then a cell per fact, coloured by its state at
    ``now`` (by the same bar as the round: the time bar each answer was given, the child's band). The cells
    wrap to the page's width (a kind has up to 174 facts: in one row the grid was 12,786 px wide)."""
    rows = []
    for kind in kinds or list(FactKind):
        cells = []
        fluent = 0
        for fact in facts_of(kind):
            state = history.state(fact, now)
            fluent += state is FactState.FLUENT
            bg, fg, mark = STATE_STYLE[state]
            cells.append(f'<span style="background:{bg};color:{fg}" data-state="{state.value}" '
                         f'title="{escape(fact.question)}">{escape(short(fact.numbers, kind))}</span>')
        total = len(facts_of(kind))
        counts = escape(words.grid_counts(fluent, total))
        head = f"<p><strong>{escape(kind.title)}</strong> · <small>{counts}</small></p>"
        rows.append(f'<div class="fives-fact-kind" data-kind="{kind.prefix}">{head}'
                    f'<div class="fives-fact-cells">{"".join(cells)}</div></div>')
    return f'{GRID_CSS}<div class="fives-facts">{"".join(rows)}</div>' + key()


def class_fact_grid(learners: Sequence[tuple[str, SprintHistory]], *, now: float | None = None) -> str:
    """A class's grid: a row per child, a column per kind of fact, each cell "fluent of answered"
    coloured by share (green every fact quick, amber some, red when a fact was wrong last time)."""
    kinds = list(FactKind)
    head = "".join(f"<th>{escape(k.title)}</th>" for k in kinds)
    rows = []
    for name, history in learners:
        cells = []
        for kind in kinds:
            states = [history.state(f, now) for f in facts_of(kind)]
            answered = [s for s in states if s is not FactState.NEW]
            fluent = sum(s is FactState.FLUENT for s in answered)
            wrong = sum(s is FactState.WRONG for s in answered)
            if not answered:
                state = FactState.NEW
            elif wrong:
                state = FactState.WRONG
            elif history.kind_fluent(kind, now):
                state = FactState.FLUENT
            else:
                state = FactState.SLOW
            bg, fg, mark = STATE_STYLE[state]
            text = f"{mark} {fluent}/{len(answered)}" if answered else mark
            cells.append(f'<td style="background:{bg};color:{fg}" data-state="{state.value}">{text}</td>')
        rows.append(f'<tr><th scope="row">{escape(name)}</th>{"".join(cells)}</tr>')
    return (f'{GRID_CSS}<div tabindex="0" style="overflow-x:auto"><table class="fives-facts">'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>" + key())
