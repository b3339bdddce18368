"""A picture's state as ``st.session_state`` shows it, with its class made once per process.

Streamlit shows a component's state (each of the app's pictures, its menu helpers, the device's reader) in
``st.session_state`` through a "presenter", which wraps the stored state in a little dictionary class that
writes changes through. The presenter made that class anew each time it was called, and it is called for
every component's key whenever the session's state is gone through: twice a run by Streamlit itself, and
once more by every text box. Nine class definitions a run cost a quarter of a millisecond on every click.
:func:`install` gives Streamlit the same presenter with the class made once; what it shows, and what a write
through it does, are Streamlit 1.67's own.
"""

from __future__ import annotations

from typing import Any, cast

from streamlit.components.v2 import presentation
from streamlit.components.v2.bidi_component import main as bidi_main
from streamlit.errors import StreamlitAPIException
from streamlit.runtime.scriptrunner import get_script_run_ctx

from trainer.web.runtime import guard

_INSTALLED = "_fives_presenting_installed"


class WriteThrough(dict[str, object]):
    """Streamlit's ``_WriteThrough``: a component's state as a flat dictionary (its triggers' last values, then
    its state), where setting or deleting a key also sets the component's stored state. Attribute access reads
    a key, as Streamlit's does."""

    _fives_owner: tuple[Any, str | None, set[str] | None]
    """The session's state, the component's id and the keys a write may set (``None``: any)."""

    def __init__(self, data: dict[str, object], session_state: Any, component_id: str | None,
                 allowed: set[str] | None) -> None:
        super().__init__(data)
        object.__setattr__(self, "_fives_owner", (session_state, component_id, allowed))

    def __getattr__(self, name: str) -> object:
        return self.get(name)

    def __setattr__(self, name: str, value: object) -> None:
        if name.startswith(("__", "_")):
            super().__setattr__(name, value)
            return
        self[name] = value

    def __deepcopy__(self, memo: dict[int, Any]) -> WriteThrough:
        memo[id(self)] = self  # a view of the real state: never copied
        return self

    def _fives_check(self, k: str) -> None:
        session_state, component_id, _ = self._fives_owner
        ctx = get_script_run_ctx()
        if ctx is not None and component_id is not None:
            user_key = session_state._key_id_mapper.get_key_from_id(component_id)
            if component_id in ctx.shared.widget_ids_this_run or user_key in ctx.shared.form_ids_this_run:
                raise StreamlitAPIException(
                    f"`st.session_state.{user_key}.{k}` cannot be modified after the component"
                    f" with key `{user_key}` is instantiated.",
                    error_id="bidi-component-state-cannot-be-modified",
                )

    def _fives_store(self) -> None:
        session_state, component_id, _ = self._fives_owner
        try:
            if component_id is not None:
                session_state._new_widget_state.set_from_value(component_id, dict(self))
        except Exception:  # as Streamlit's: a write that cannot be stored leaves the stored state as it was
            presentation._LOGGER.debug("Failed to persist CCv2 state update", exc_info=True)

    def __setitem__(self, k: str, v: object) -> None:
        self._fives_check(k)
        allowed = self._fives_owner[2]
        if allowed is not None and k not in allowed:
            return  # an unknown key is ignored, as session_state is permissive
        super().__setitem__(k, v)
        self._fives_store()

    def __delitem__(self, k: str) -> None:
        self._fives_check(k)
        super().__delitem__(k)
        self._fives_store()


def make_presenter(aggregator_id: str, component_id: str | None = None,
                   allowed_state_keys: set[str] | None = None) -> Any:
    """Streamlit's ``make_bidi_component_presenter``, returning :class:`WriteThrough` views."""

    def present(base_value: object, session_state: Any) -> object:
        if not isinstance(base_value, dict):
            return base_value
        try:
            agg_meta = session_state._new_widget_state.widget_metadata.get(aggregator_id)
            if agg_meta is None or agg_meta.value_type != "json_trigger_value":
                return base_value
            try:
                payloads: object = session_state._new_widget_state[aggregator_id]
            except KeyError:
                payloads = None
            found: list[dict[str, object]] | None
            if isinstance(payloads, list):
                found = [p for p in payloads if isinstance(p, dict)]
            elif isinstance(payloads, dict):
                found = [payloads]
            else:
                found = None
            flat: dict[str, object] = {}
            for payload in found or ():
                event = payload.get("event")
                if isinstance(event, str):
                    flat[event] = payload.get("value")
            flat.update(cast("dict[str, object]", base_value))  # triggers first, then the state
            return WriteThrough(flat, session_state, component_id, allowed_state_keys)
        except Exception:  # as Streamlit's: the stored value, whatever went wrong
            presentation._LOGGER.debug("Failed to merge trigger events into component state", exc_info=True)
            return base_value

    return present


def streamlits_own() -> Any:
    """Streamlit's own presenter maker (what :func:`install` replaces), for comparing the two."""
    return guard.keep_original("streamlit.components.v2.presentation:make_bidi_component_presenter")


WRITTEN = guard.Written(
    name="presenting",
    versions={"streamlit": "1.67.0"},
    sources={"streamlit.components.v2.presentation:make_bidi_component_presenter": "b9bef4bdbffc6838"},
    names=("streamlit.components.v2.bidi_component.main:make_bidi_component_presenter",
           "streamlit.components.v2.presentation:_LOGGER"),
)
"""What this module was written from: Streamlit 1.67's presenter (:mod:`trainer.web.runtime.guard`)."""


def installed() -> bool:
    """Whether the components present their state through :func:`make_presenter`."""
    return bool(getattr(presentation, _INSTALLED, False))


def install() -> None:
    """Give the components the presenter with its class made once (once per process; later calls do nothing;
    nothing is changed, and one warning is logged, when Streamlit differs from :data:`WRITTEN`)."""
    if installed() or not guard.may_install(WRITTEN):
        return
    guard.keep_original("streamlit.components.v2.presentation:make_bidi_component_presenter")
    bidi_main.make_bidi_component_presenter = make_presenter  # type: ignore[assignment]
    setattr(presentation, _INSTALLED, True)
