"""The charts of My progress, My class and the Projector: what each line and bar is called, which is
drawn on top, what the axes say, and text large enough for a projector."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from puzzles import generate
from trainer.render import charts
from trainer.render.charts import running_share

ROWS = [{"kind": "Total", "title": "What's the open-end total?", "stage": "Muggins", "answered": 4, "right": 3,
         "accuracy": 0.75},
        {"kind": "Total", "title": "What's the open-end total?", "stage": "All Fives", "answered": 2, "right": 1,
         "accuracy": 0.5}]


def every_chart():
    return [charts.right_over_time([True, False, True]), charts.right_by_kind_and_stage(ROWS, ["Muggins", "All Fives"]),
            charts.time_to_answer([3.0, 5.5, 4.0], [True, False, True]),
            charts.class_kinds(["Total", "Best play"], [0.5, 0.8], [0.25, 0.6]),
            charts.answer_spread(["10", "7 — added wrong"], [5, 2], [True, False])]


@given(st.lists(st.booleans(), min_size=1, max_size=40))
def test_running_share_is_the_share_so_far_and_of_the_last_five(answers):
    overall, recent = running_share(answers)
    assert len(overall) == len(recent) == len(answers)
    assert overall[-1] == sum(answers) / len(answers)
    last = answers[-5:]
    assert recent[-1] == sum(last) / len(last)
    assert all(0 <= x <= 1 for x in overall + recent)


def test_the_overall_line_is_never_hidden_under_the_last_five():
    """Both lines show where they agree: the broad solid "overall" is drawn first, the narrower dashed
    "last five answers" on top of it, in another colour and with other markers."""
    fig = charts.right_over_time([True] * 6 + [False, True])
    overall, recent = fig.data
    assert (overall.name, recent.name) == ("overall", "last five answers")
    assert overall.line.width >= 2 * recent.line.width
    assert overall.line.dash in (None, "solid") and recent.line.dash == "dash"
    assert overall.line.color != recent.line.color and overall.marker.symbol != recent.marker.symbol
    assert overall.marker.size > recent.marker.size
    assert list(overall.y[:6]) == list(recent.y[:6]) == [1.0] * 6  # the stretch where they agree


def test_each_chart_says_what_it_plots_on_both_axes():
    over_time, by_kind, timing, kinds, _ = every_chart()
    assert (over_time.layout.xaxis.title.text, over_time.layout.yaxis.title.text) == ("answer number", "share right")
    assert (by_kind.layout.xaxis.title.text, by_kind.layout.yaxis.title.text) == ("kind of puzzle", "share right")
    assert [b.name for b in by_kind.data] == ["Muggins", "All Fives"]
    assert (timing.layout.xaxis.title.text, timing.layout.yaxis.title.text) == ("answer number", "seconds")
    assert [t.name for t in timing.data] == ["right", "not right"]
    assert (kinds.layout.xaxis.title.text, kinds.layout.yaxis.title.text) == ("kind of puzzle", "share of answers")
    assert [b.name for b in kinds.data] == ["right", "right and quick"]


def test_chart_text_reads_from_the_back_of_a_classroom():
    for fig in every_chart():
        assert fig.layout.font.size >= 18
        for axis in (fig.layout.xaxis, fig.layout.yaxis):
            if axis.visible is not False:
                assert (axis.tickfont.size or fig.layout.font.size) >= 16
        if fig.layout.showlegend is not False and len(fig.data) > 1:
            assert fig.layout.legend.font.size >= 18


def test_my_progress_names_its_charts_for_what_they_plot():
    at = AppTest.from_file("../trainer/web/app.py", default_timeout=60)
    at.query_params["code"] = generate("open-total", stage="muggins", level=1, seed=11).code
    at.run()
    pr = at.session_state["practice"]
    for seed, ok in ((11, True), (12, False), (13, True)):
        p = pr.show(generate("open-total", stage="muggins", level=1, seed=seed))
        pr.answer(p.answer if ok else str(int(p.answer) + 1))
    at.switch_page("views/my_progress.py").run()
    assert not at.exception
    headings = [h.value for h in at.subheader]
    assert "Share of answers right, over time" in headings
    assert "Share of answers right, by kind of puzzle and stage" in headings
    assert "Mastery by kind and stage" not in headings
    over_time, by_kind, timing = (json.loads(c.proto.spec) for c in at.get("plotly_chart"))
    assert [t["name"] for t in over_time["data"]] == ["overall", "last five answers"]
    assert over_time["data"][1]["line"]["dash"] == "dash"
    assert by_kind["layout"]["yaxis"]["title"]["text"] == "share right"
    assert by_kind["layout"]["xaxis"]["title"]["text"] == "kind of puzzle"
    assert [t["name"] for t in timing["data"]] == ["right", "not right"]
