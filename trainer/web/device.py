"""What this browser keeps in its own local storage, through one small component (``static/device.js``):
the signed-in learner's code and nickname ("Continue as Blue Fox?"), a copy of the answers waiting in the
outbox (a reload during an outage loses none), a guest's game of Play a hand, the class a teacher
opened and the address their class's tablets use, and the clean-up of an address that held a teacher key; in
the tab's own storage, a guest's practice (:func:`keep_guest`) and the table the tab sits at."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import unquote

import streamlit as st

from trainer.learning.attempt import Attempt
from trainer.learning.choice import StageChoice
from trainer.learning.outbox import DecisionSaver, Outbox
from trainer.learning.practice import Practice
from trainer.learning.progress import Progress
from trainer.learning.sprint import SprintAnswer
from trainer.serving.index import CLASS_COOKIE
from trainer.web import session

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
with open(os.path.join(STATIC, "device.js"), encoding="utf-8") as _f:
    device_component = st.components.v2.component("fives_device", js=_f.read())


T = TypeVar("T")

DEVICE_ASKS = 3
"""How many runs a page asks the browser what it remembers before giving up."""


def clean_address(names: tuple[str, ...]) -> None:
    """Ask the browser to drop these parameters from its address in place (``history.replaceState``),
    so the entry it keeps in its history no longer holds them (a teacher key in an old link)."""
    device_component(data={"clean": " ".join(names)}, key="device-clean", on_cleaned_change=lambda: None)


def remember_teacher(code: str, key: str) -> None:
    """This browser keeps the teacher's class open (its own local storage) until they close it here."""
    device_component(data={"save_teacher": json.dumps({"code": code, "key": key})}, key=f"device-teacher-{code}")


def forget_teacher() -> None:
    here = session.state()
    here.device = {k: v for k, v in (here.device or {}).items() if k != "teacher"}
    here.teacher_forgets += 1
    device_component(data={"forget_teacher": True}, key=f"device-teacher-forget-{here.teacher_forgets}")


def remembered_teacher() -> tuple[str, str] | None:
    """The class this browser keeps open for its teacher: before the browser's storage has answered, as the
    page's connection brought it (a cookie, :data:`trainer.serving.index.CLASS_COOKIE`), so the page's first
    run knows it; then as the storage says."""
    kept = remembered()
    if kept is None and not has_answered():
        return _class_and_key(connection_cookie(CLASS_COOKIE))
    return _class_and_key((kept or {}).get("teacher"))


def connection_cookie(name: str) -> str | None:
    """A cookie the page's connection brought (``None`` without one, or with no connection, as in a test)."""
    try:
        value = st.context.cookies.get(name)
    except Exception:  # noqa: BLE001 — no connection to read it from
        return None
    return unquote(value) if isinstance(value, str) and len(value) <= 400 else None


def mark(value: str) -> str:
    """A component key's part made from what a child or a teacher typed, or a random key: a digest, since a
    component's key may not hold ``__`` (a random key has it now and then) and need not carry a secret."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:16]


def keep_table(code: str | None, key: str | None) -> None:
    """This tab keeps the table it sits at and its key for the seats (its own session storage: a reload of
    this tab finds them, a copied link or the browser's history does not); ``None`` forgets them."""
    here = session.state()
    text = json.dumps({"code": code, "key": key}) if code and key else ""
    if here.device is not None:
        here.device = {**{k: v for k, v in here.device.items() if k != "table"}, **({"table": text} if text else {})}
    device_component(data={"table": text}, key=f"device-table-{mark(text)}" if text else "device-table-forget")


def drop_table() -> None:
    """Leaving the table (a button's callback, where no component may be drawn): the seats are no longer
    this tab's from now on, and the tab forgets them on the page's next run (:func:`forget_dropped_table`)."""
    here = session.state()
    if here.device is not None:
        here.device = {**here.device, "table": ""}


def forget_dropped_table() -> None:
    """The tab forgets the table :func:`drop_table` left."""
    if (session.state().device or {}).get("table") == "":
        keep_table(None, None)


def kept_table() -> tuple[str, str] | None:
    """The table this tab sat at and its key, as the tab kept them (once the browser has said)."""
    return _class_and_key((remembered() or {}).get("table"))


def keep_children_address(address: str) -> None:
    """This browser keeps the address the children's tablets use, as typed in a live lesson's lobby (its own
    local storage), so the next lesson's lobby starts with it; ``""`` forgets it."""
    here = session.state()
    if here.device is not None:
        here.device = {**here.device, "children": address}
    device_component(data={"children": address}, key=f"device-children-{mark(address)}")


def kept_children_address() -> str | None:
    """The children's address this browser kept (:func:`keep_children_address`), once the browser has said."""
    value = (remembered() or {}).get("children")
    return value[:300] if isinstance(value, str) else None


def has_answered() -> bool:
    """Whether the browser has said what it keeps, or will not now (asked too often)."""
    here = session.state()
    return here.device is not None or here.device_asks >= DEVICE_ASKS


def kept_link() -> tuple[str, str] | None:
    """An old teacher link's class code and key, which the page moved out of the address before it loaded
    and the browser handed over once (``link``); ``None`` when there is none."""
    return _class_and_key((remembered() or {}).get("link"))


def _class_and_key(raw: object) -> tuple[str, str] | None:
    """``{"code", "key"}`` as the browser kept it (JSON), each a short text; ``None`` if anything is off."""
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if isinstance(data, dict) and isinstance(data.get("code"), str) and isinstance(data.get("key"), str):
        return data["code"][:20], data["key"][:60]
    return None


OUTBOXES = {"items": "on_attempt", "facts": "on_fact", "decisions": "on_decision"}
"""The browser's copy of each outbox, by its name in that copy (answers under ``items``, as always) and the
:class:`~trainer.learning.practice.Practice` field that holds it."""


def outboxes(practice: Practice) -> dict[str, Outbox[Any]]:
    """The practice's outboxes (answers, Sprint answers, decisions in real games), by their name in the copy."""
    found = {name: getattr(practice, field, None) for name, field in OUTBOXES.items()}
    return {name: box for name, box in found.items() if isinstance(box, Outbox)}


def outbox_on_device(practice: Practice, code: str) -> None:
    """This browser keeps a copy of everything waiting in the learner's outboxes (its own local storage):
    answers, Sprint answers and moves in real games, so a reload or a closed tab during an outage loses none
    of them; the copy is cleared once they are saved."""
    here = session.state()
    kept = {name: box.kept_on_device() for name, box in outboxes(practice).items() if box.pending}
    text = json.dumps({"code": code, **kept}) if kept else ""
    if text != here.outbox_sent:
        here.outbox_sent = text
        here.outbox_n += 1
        device_component(data={"outbox": text}, key=f"device-outbox-{here.outbox_n}")


def kept_outboxes(value: object) -> dict[str, object]:
    """The browser's copy (:func:`outbox_on_device`) as it was kept, each outbox's part still unread (each
    outbox reads its own: :meth:`~trainer.learning.outbox.Outbox.read_from_device`)."""
    try:
        data = json.loads(value) if isinstance(value, str) and value else {}
    except ValueError:
        return {}
    return {name: data.get(name) for name in OUTBOXES} if isinstance(data, dict) else {}


def adopt_kept(practice: Practice, value: object) -> None:
    """Take what an earlier session of this browser left waiting into the learner's outboxes; moves in real
    games join the learner's games too (their puzzles come from them)."""
    kept = kept_outboxes(value)
    for name, box in outboxes(practice).items():
        new = box.adopt(box.read_from_device(kept.get(name)))
        if isinstance(box, DecisionSaver):
            for decision in new:
                practice.games.add(decision)


GUEST_MOST = 2000
"""The most of a guest's answers (and as many Sprint answers) this tab keeps: the newest."""


def keep_guest(practice: Practice | None) -> None:
    """This tab keeps a guest's answers, Sprint answers and stages chosen by hand (its own session storage: a
    reload of the tab picks them up, closing it forgets them, and no other tab or child sees them); ``None``
    forgets them (a learner signed in: the answers went with them). Written when they change."""
    here = session.state()
    if practice is None:
        if here.guest_sent != (0, 0, 0) or (here.device or {}).get("guest"):
            here.guest_sent = (0, 0, 0)
            if here.device:
                here.device = {k: v for k, v in here.device.items() if k != "guest"}
            device_component(data={"guest": ""}, key="device-guest-forget")
        return
    p = practice.progress
    count = (len(p.attempts), len(p.facts.answers), len(p.choices))
    if count == here.guest_sent or count == (0, 0, 0):
        return
    here.guest_sent = count
    text = json.dumps({"attempts": [a.to_row() for a in p.attempts[-GUEST_MOST:]],
                       "facts": [f.to_row() for f in p.facts.answers[-GUEST_MOST:]],
                       "choices": [c.to_row() for c in p.choices]})
    device_component(data={"guest": text}, key="device-guest-{}-{}-{}".format(*count))


def kept_guest(value: object) -> tuple[list[Attempt], list[SprintAnswer], list[StageChoice]]:
    """What a tab kept of a guest's practice (:func:`keep_guest`); anything malformed is left out."""
    try:
        data = json.loads(value) if isinstance(value, str) and value else {}
    except ValueError:
        data = {}
    data = data if isinstance(data, dict) else {}

    def rows(name: str, read: Callable[[object], T]) -> list[T]:
        found: list[T] = []
        kept = data.get(name)
        for row in kept if isinstance(kept, list) else []:
            try:
                found.append(read(row))
            except (ValueError, TypeError):
                continue
        return found

    return (rows("attempts", Attempt.from_row), rows("facts", SprintAnswer.from_row),
            rows("choices", StageChoice.from_row))


def adopt_guest(practice: Practice) -> None:
    """Once a session, for a guest: the practice this tab kept before a reload becomes the guest's again (their
    coach, stages, Sprint and My progress pick up where they were), if the guest has not answered here yet."""
    here = session.state()
    if here.guest_adopted or session.me() is not None:
        return
    known = remembered()
    if known is None and not has_answered():
        return  # asked again on the next run
    here.guest_adopted = True
    attempts, facts, choices = kept_guest((known or {}).get("guest"))
    p = practice.progress
    if (attempts or facts or choices) and not (p.attempts or p.facts.answers or p.choices):
        practice.progress = Progress.from_attempts(attempts, facts, policy=p.policy, choices=choices)
        here.guest_sent = (len(attempts), len(facts), len(choices))


def keep_game(record: dict | None, *, mark: str) -> None:
    """This browser keeps a guest's game of Play a hand (its own local storage), so a reload picks it up;
    ``None`` forgets it. ``mark`` names this write (a new one for each move: each is sent once)."""
    device_component(data={"game": json.dumps(record) if record is not None else ""}, key=f"device-game-{mark}")


def remember_on_device() -> None:
    """This browser keeps the signed-in learner's code and nickname (its own local storage), so the
    next visit can ask "Continue as Blue Fox?"; after a sign-out it forgets them."""
    current, here = session.me(), session.state()
    if here.device_forget:
        here.device_forget = False
        device_component(data={"forget": True}, key="device-forget")
        return
    if current is not None and here.home_pass is None and here.device_saved != current.code:
        # (a child who came by a printed report's token: the browser never keeps their learner code)
        here.device_saved = current.code
        device_component(data={"save_code": current.code, "save_nickname": current.nickname},
                         key=f"device-save-{current.code}")


def remembered() -> dict | None:
    """What this browser remembers (``{"code", "nickname"}``), once it has said; asks it otherwise."""
    here = session.state()
    if here.device is not None:
        return here.device or None
    # a browser answers at once; one that has not after a few runs is not asked again (each ask
    # is a component on the page)
    if here.device_asks >= DEVICE_ASKS or here.device_asked_in == here.runs:
        return None  # (asked once per run: the ask is one component on the page)
    here.device_asks += 1
    here.device_asked_in = here.runs
    result = device_component(data={"read": True}, key="device-read", on_remembered_change=lambda: None)
    value = getattr(result, "remembered", None) if result is not None else None
    if isinstance(value, dict):
        here.device = value
        return value or None
    return None

