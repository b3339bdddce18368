"""The progress store: who the learners are, their classes, every answer, saved games and live
lessons. Pure Python on SQLAlchemy 2 Core; SQLite by default, PostgreSQL through a URL.

>>> import tempfile, os
>>> store = open_store("sqlite:///" + os.path.join(tempfile.mkdtemp(), "fives.db"))
>>> keys = store.create_class("Room 4")
>>> me = store.join(keys.code, "Blue Fox")   # a learner code
>>> store.learner(me).nickname
'Blue Fox'
>>> store.health() is None   # the store works
True
"""

from trainer.store.errors import LearnerGone, StoreError, StoreUnavailable, TooManyTries
from trainer.store.opening import default_url, migrate, open_store
from trainer.store.store import Store
from trainer.store.values import ClassKeys, Countdown, Learner, LessonState, ReportRow, Tally

__all__ = ["ClassKeys", "Countdown", "Learner", "LearnerGone", "LessonState", "ReportRow", "Store", "StoreError",
           "StoreUnavailable", "Tally", "TooManyTries", "default_url", "migrate", "open_store"]
