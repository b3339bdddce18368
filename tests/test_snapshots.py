"""A page part's place on the page, copied for each of its runs (trainer/web/runtime/snapshots.py): the copy is
the one ``copy.deepcopy`` makes, object for object, shared where it shares and apart where it does not."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.cursor import LockedCursor, RunningCursor
from streamlit.delta_generator import DeltaGenerator
from streamlit.proto.Element_pb2 import Element
from streamlit.runtime import fragment

from trainer.web.runtime import snapshots


class Plain:
    def __init__(self, **kw: Any) -> None:
        self.__dict__.update(kw)


class Told:
    """An object that says how it is copied: handed to ``copy.deepcopy``."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __deepcopy__(self, memo: dict[int, Any]) -> Told:
        return Told(self.n + 1000)


def shape(x: Any, seen: dict[int, int] | None = None) -> Any:
    """What a copy must keep: every value and type, and which parts are one object (numbered by first sight)."""
    seen = {} if seen is None else seen
    if isinstance(x, (int, str, float, bool, type(None), type)):
        return x
    if id(x) in seen:
        return ("same as", seen[id(x)])
    seen[id(x)] = len(seen)
    if isinstance(x, dict):
        return ("dict", [(shape(k, seen), shape(v, seen)) for k, v in x.items()])
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [shape(a, seen) for a in x])
    if isinstance(x, Element):
        return ("element", x.SerializeToString())
    if hasattr(x, "__dict__"):
        return (type(x).__name__, shape(vars(x), seen))
    return (type(x).__name__, repr(x))


def ancestry(depth: int) -> tuple[DeltaGenerator, ...]:
    """A stack of containers as a page part sees it: the main area, then blocks inside blocks."""
    stack = [DeltaGenerator(root_container=0, cursor=RunningCursor(0))]
    for level in range(depth):
        cursor = RunningCursor(0, parent_path=tuple(range(level + 1)))
        cursor._index = level + 2
        stack.append(DeltaGenerator(root_container=0, cursor=cursor, parent=stack[-1], block_type="vertical"))
    stack.append(DeltaGenerator(root_container=0, cursor=LockedCursor(0, (0, 1), 3), parent=stack[-1]))
    return tuple(stack)


def test_a_stack_of_containers_and_the_pages_cursors_copy_as_deepcopy_copies_them():
    for depth in range(5):
        stack = ancestry(depth)
        assert shape(snapshots.deep_copy(stack)) == shape(copy.deepcopy(stack))
    cursors = {0: RunningCursor(0, (0, 1)), 1: RunningCursor(1)}
    cursors[0].transient_elements[0] = Element()
    cursors[0]._index = 7
    ours, theirs = snapshots.deep_copy(cursors), copy.deepcopy(cursors)
    assert shape(ours) == shape(theirs)
    assert ours[0] is not cursors[0] and ours[0].transient_elements._data is not cursors[0].transient_elements._data
    ours[0]._index += 1  # a copy moves on by itself
    assert cursors[0]._index == 7


def test_a_copied_stacks_containers_each_have_their_own_copy_of_their_parents_as_in_streamlit():
    stack = ancestry(3)
    ours, theirs = snapshots.deep_copy(stack), copy.deepcopy(stack)
    assert (ours[2]._parent is ours[1]) == (theirs[2]._parent is theirs[1]) is False


leaf = st.one_of(st.integers(), st.text(max_size=3), st.none(), st.booleans(), st.builds(Told, st.integers()))
tree = st.recursive(
    leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=2), inner, max_size=3),
                            st.builds(lambda a, b: Plain(a=a, b=b), inner, inner)),
    max_leaves=12)


@settings(max_examples=200)
@given(tree, st.integers(min_value=0, max_value=3))
def test_any_mix_of_plain_objects_and_pythons_containers_copies_as_deepcopy_copies_it(x, shared):
    whole = [x, x, Plain(again=x, n=shared), (x, [x])]  # one object in several places
    cyclic = Plain(n=shared)
    cyclic.me = [cyclic, whole]  # and an object that holds itself
    assert shape(snapshots.deep_copy(cyclic)) == shape(copy.deepcopy(cyclic))


def test_streamlits_fragments_copy_with_it_in_an_app_process():
    snapshots.install()
    assert snapshots.installed() and fragment.deepcopy is snapshots.deep_copy
