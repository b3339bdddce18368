"""The class a teacher opened, found again after a reload: a reload starts a new session, which no longer
knows it, but this browser keeps it (My class asked it to). The projector and a table shown on it use this."""

from __future__ import annotations

from trainer.classroom import report as classroom
from trainer.store import StoreError
from trainer.web import device, pagestate, session


def find_class() -> None:
    """A reload starts a new session, which no longer knows the class the teacher opened; this browser
    keeps it (My class asked it to), so the live lesson finds its class again. Tried once a session,
    as My class does (the key checks are rate-limited); a key that no longer fits is forgotten here."""
    cs = pagestate.my_class()  # the session's one try with the browser's class, shared with My class
    if session.opened_class() is not None or cs.device_tried:
        return
    kept, s = device.remembered_teacher(), session.store()
    if kept is None or s is None:  # the store away: the class is kept for when it is back
        return
    cs.device_tried = True
    login = classroom.class_login(*kept)
    try:
        fits = login is not None and s.check_teacher(*login, clients=session.clients())
    except StoreError:  # too many tries, or the store is away: the side panel says what to do
        return
    if fits and login is not None:
        session.teach(*login)
    else:
        device.forget_teacher()
