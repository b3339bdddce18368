"""A page part's place on the page copied as ``copy.deepcopy`` copies it, for less.

A page drawn as a part (``st.fragment``: Practice, Play at a table) keeps where it stands on the page when it
is first drawn (the page's cursors and its stack of containers), and every later run of the part alone starts
from a deep copy of both: two ``copy.deepcopy`` calls a run, some ninety objects, about a seventh of a
millisecond. ``copy.deepcopy`` asks each object how to copy itself (``__reduce_ex__``) and rebuilds it through
``copy._reconstruct``; these objects (the containers, their cursors, a few dictionaries, lists and tuples) are
plain ones, which that protocol copies by making a new object of the class and copying its attributes.
:func:`deep_copy` does exactly that for plain objects, and hands anything else (an enum, a protobuf message,
a named tuple, an object that says how it is to be copied) to ``copy.deepcopy`` with the same memo, so the
copy is the one ``copy.deepcopy`` makes. :func:`install` gives it to Streamlit's fragments in place of
``copy.deepcopy``.
"""

from __future__ import annotations

import copy
import copyreg
import types
import typing
from typing import Any

from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime import fragment

from trainer.web.runtime import guard

_INSTALLED = "_fives_snapshots_installed"

WRITTEN = guard.Written(
    name="snapshots",
    versions={"streamlit": "1.67.0"},
    sources={"streamlit.runtime.fragment:_fragment": "40a2d1a20a6b5049",
             "streamlit.delta_generator:DeltaGenerator.__init__": "aa12800f8c879d67",
             "streamlit.delta_generator:DeltaGenerator.__deepcopy__": "d2b7b085b05b25d4",
             "streamlit.cursor:RunningCursor.__init__": "fa8473194ddee977"},
    names=("streamlit.runtime.fragment:deepcopy",),
)
"""What this module was written from: Streamlit 1.67's fragments (:mod:`trainer.web.runtime.guard`)."""

_ATOMIC: frozenset[type] = frozenset({
    type(None), int, float, bool, complex, str, bytes, type, range, types.BuiltinFunctionType, types.FunctionType,
    types.CodeType, property, type(Ellipsis), type(NotImplemented),
    type(typing.List[int])})  # noqa: UP006
"""What ``copy.deepcopy`` gives back as it is; and a generic alias (the ``SparseList[Element]`` a cursor's list of
elements was made from, which the list keeps as its ``__orig_class__``), which ``copy.deepcopy`` makes again
through typing's own cache of aliases and so gets back the same alias."""
_PLAIN: dict[type, bool] = {}
"""Whether a class is copied by ``copy.deepcopy`` as a new object of the class with its attributes copied."""
_COPIED_ANOTHER_WAY = (list, dict, set, frozenset, tuple, bytearray)


def plain(cls: type) -> bool:
    """Whether ``copy.deepcopy`` copies an object of ``cls`` as a new object of the class (``cls.__new__(cls)``)
    whose attributes are deep copies of the original's: a class that says nothing of how it is copied or
    pickled, keeps its attributes in ``__dict__`` alone, and is not a container of Python's own."""
    found = _PLAIN.get(cls)
    if found is None:
        found = _PLAIN[cls] = (
            cls.__reduce_ex__ is object.__reduce_ex__  # type: ignore[comparison-overlap]
            and cls.__reduce__ is object.__reduce__  # type: ignore[comparison-overlap]
            and cls.__getstate__ is object.__getstate__  # type: ignore[comparison-overlap]
            and getattr(cls, "__deepcopy__", None) is None
            and getattr(cls, "__setstate__", None) is None
            and getattr(cls, "__getnewargs_ex__", None) is None
            and getattr(cls, "__getnewargs__", None) is None
            and cls not in copyreg.dispatch_table
            and not issubclass(cls, _COPIED_ANOTHER_WAY)
            and not copyreg._slotnames(cls)  # type: ignore[attr-defined]
            and "__dict__" in dir(cls))
    return found


def deep_copy(x: Any, memo: dict[int, Any] | None = None) -> Any:
    """``copy.deepcopy(x, memo)``, made faster for plain objects and Python's dictionaries, lists and tuples."""
    cls = type(x)
    if cls in _ATOMIC:  # never kept in a memo: given back as it is
        return x
    if memo is None:
        memo = {}
    i = id(x)
    if i in memo:
        return memo[i]
    if cls is dict:
        d: dict[Any, Any] = {}
        memo[i] = d
        for k, v in x.items():
            d[deep_copy(k, memo)] = deep_copy(v, memo)
        return d
    if cls is list:
        items: list[Any] = []
        memo[i] = items
        items.extend(deep_copy(a, memo) for a in x)
        return items
    if cls is tuple:
        if all(type(a) in _ATOMIC for a in x):  # a path of numbers: itself
            return x
        parts = [deep_copy(a, memo) for a in x]
        if i in memo:  # the tuple held itself, through something it holds
            return memo[i]
        if all(a is b for a, b in zip(parts, x, strict=True)):
            return x
        made = tuple(parts)
        memo[i] = made
        return made
    if cls is DeltaGenerator:
        made_dg = _container(x)
        memo[i] = made_dg
        return made_dg
    if plain(cls):
        y = cls.__new__(cls)  # type: ignore[call-overload]
        memo[i] = y
        state = x.__dict__
        if state:
            y.__dict__.update(deep_copy(state, memo))
        return y
    return copy.deepcopy(x, memo)


def _container(x: DeltaGenerator) -> DeltaGenerator:
    """A container's copy, as its own ``__deepcopy__`` makes it: its cursor (where it writes next), its parent
    and its form each copied apart, every one with a memo of its own (so a copied stack's containers do not
    share their parents' copies, as in Streamlit)."""
    dg = DeltaGenerator(root_container=x._root_container, cursor=deep_copy(x._cursor, {}),
                        parent=deep_copy(x._parent, {}), block_type=x._block_type)
    dg._form_data = deep_copy(x._form_data, {})
    dg._creating_fragment_id = x._creating_fragment_id
    return dg


def installed() -> bool:
    """Whether Streamlit's fragments copy their place on the page with :func:`deep_copy` in this process."""
    return bool(getattr(fragment, _INSTALLED, False))


def install() -> None:
    """Give Streamlit's fragments :func:`deep_copy` (once per process; later calls do nothing; nothing is changed,
    and one warning is logged, when Streamlit differs from :data:`WRITTEN`)."""
    if installed() or not guard.may_install(WRITTEN):
        return
    guard.keep_original("streamlit.runtime.fragment:deepcopy")
    fragment.deepcopy = deep_copy  # type: ignore[assignment]
    setattr(fragment, _INSTALLED, True)
