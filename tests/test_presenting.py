"""A picture's state as session_state shows it (trainer/web/runtime/presenting.py): the same as Streamlit's own
presenter shows it, for every kind of stored state, and a write through it stores the same."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.web.runtime import presenting

AGG, COMPONENT = "agg-id", "component-id"


class Store(dict):
    """What a presenter reads of Streamlit's widget store: the values, their metadata, and a write back."""

    def __init__(self, values: dict[str, Any], trigger: bool) -> None:
        super().__init__(values)
        self.widget_metadata = {AGG: SimpleNamespace(value_type="json_trigger_value" if trigger else "json_value")}
        self.written: list[tuple[str, Any]] = []

    def set_from_value(self, key: str, value: Any) -> None:
        self.written.append((key, value))


def session(values: dict[str, Any], trigger: bool = True) -> Any:
    return SimpleNamespace(_new_widget_state=Store(values, trigger),
                           _key_id_mapper=SimpleNamespace(get_key_from_id=lambda wid: "board"))


scalars = st.one_of(st.none(), st.integers(), st.text(max_size=5), st.booleans())
states = st.one_of(scalars, st.dictionaries(st.sampled_from(["pick", "chosen", "x"]), scalars, max_size=3),
                   st.lists(scalars, max_size=2))
payloads = st.one_of(st.none(), scalars, st.fixed_dictionaries({"event": st.sampled_from(["pick", "tap", 3]),
                                                                 "value": scalars}),
                     st.lists(st.one_of(scalars, st.fixed_dictionaries({"event": st.sampled_from(["pick", "tap"]),
                                                                         "value": scalars})), max_size=3))


@given(base=states, payload=payloads, stored=st.booleans(), trigger=st.booleans())
def test_shows_what_streamlits_presenter_shows(base, payload, stored, trigger):
    values = {AGG: payload} if stored else {}
    ours = presenting.make_presenter(AGG, COMPONENT, None)(base, session(values, trigger))
    theirs = presenting.streamlits_own()(AGG, COMPONENT, None)(base, session(values, trigger))
    assert ours == theirs
    viewed = type(theirs).__name__ == "_WriteThrough"
    assert (type(ours) is presenting.WriteThrough) == viewed, "a view that writes through where Streamlit's is one"
    if viewed:
        assert ours.pick == theirs.pick and ours.nothing_here is None
    elif not isinstance(base, dict):
        assert ours is base and theirs is base


@pytest.mark.parametrize("allowed", [None, {"pick"}])
def test_a_write_through_the_view_stores_what_streamlits_stores(allowed):
    written = []
    for make in (presenting.make_presenter, presenting.streamlits_own()):
        s = session({AGG: {"event": "pick", "value": 1}})
        view = make(AGG, COMPONENT, allowed)({"chosen": "A"}, s)
        view["pick"] = 2
        view.other = 3  # an attribute is a key, as in Streamlit's
        del view["chosen"]
        view._private = 4  # an underscored attribute is the view's own
        written.append((dict(view), s._new_widget_state.written))
    assert written[0] == written[1]
    assert written[0][0] == ({"pick": 2, "other": 3} if allowed is None else {"pick": 2})


def test_install_gives_streamlits_components_this_presenter():
    from streamlit.components.v2.bidi_component import main

    presenting.install()
    presenting.install()
    assert main.make_bidi_component_presenter is presenting.make_presenter
    assert presenting.streamlits_own() is not presenting.make_presenter


def test_a_write_after_the_picture_is_drawn_is_refused_as_streamlit_refuses_it(monkeypatch):
    from streamlit.components.v2 import presentation

    run = SimpleNamespace(shared=SimpleNamespace(widget_ids_this_run={COMPONENT}, form_ids_this_run=set()))
    monkeypatch.setattr(presentation, "get_script_run_ctx", lambda: run)
    monkeypatch.setattr(presenting, "get_script_run_ctx", lambda: run)
    said = []
    for make in (presenting.make_presenter, presenting.streamlits_own()):
        s = session({AGG: None})
        view = make(AGG, COMPONENT, None)({"chosen": "A"}, s)
        with pytest.raises(Exception) as err:
            view["chosen"] = "B"
        said.append((type(err.value), str(err.value), dict(view), s._new_widget_state.written))
    assert said[0] == said[1] and "cannot be modified" in said[0][1]
