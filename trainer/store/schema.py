"""The tables. The migrations in ``migrations/versions`` build exactly these; a test checks that
they agree."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    true,
)

metadata = MetaData()
CODE = 40
"""Puzzle codes: ``"HX7K-3MPA"``, or up to about 30 characters for a position from a real game."""
CLASS_CODE = 12
"""Class codes: ``"KQ7-MXR-4PD"`` (11 characters; older classes ``"KQ7-MXR"``)."""

classes = Table(
    "classes", metadata,
    Column("code", String(CLASS_CODE), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("key_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("language", String(8), nullable=True),
)

learners = Table(
    "learners", metadata,
    Column("code", String(10), primary_key=True),
    Column("nickname", String(40), nullable=False),
    Column("class_code", String(CLASS_CODE), ForeignKey("classes.code", ondelete="CASCADE"), nullable=True),
    Column("created", Float, nullable=False),
    Column("language", String(8), nullable=True),
    Index("ix_learners_class", "class_code"),
)

attempts = Table(
    "attempts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("stage", String(12), nullable=False),
    Column("level", Integer, nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("code", String(CODE), nullable=False),
    Column("mistake", String(30), nullable=True),
    Column("hinted", Boolean, nullable=False),
    Column("review", String(10), nullable=False),
    Column("origin", String(CODE), nullable=False),
    Column("at", Float, nullable=False),
    # the answer's own id (optional): an answer sent again with a uid already kept is skipped
    Column("uid", String(40), nullable=True),
    # the traps the puzzle exposed, ids joined by spaces (migration 0012_attempt_traps filled older rows)
    Column("traps", String(400), nullable=False, server_default=""),
    Index("ix_attempts_learner", "learner_code", "id"),
    Index("uq_attempts_uid", "learner_code", "uid", unique=True),
)

games = Table(
    "games", metadata,
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), primary_key=True),
    Column("state", Text, nullable=False),
    Column("updated", Float, nullable=False),
)

lessons = Table(
    "lessons", metadata,
    Column("class_code", String(CLASS_CODE), ForeignKey("classes.code", ondelete="CASCADE"), primary_key=True),
    Column("lesson", Integer, nullable=False),
    Column("round", Integer, nullable=False),
    Column("puzzle_code", String(CODE), nullable=False),
    Column("locked", Boolean, nullable=False),
    Column("revealed", Boolean, nullable=False),
    Column("open", Boolean, nullable=False),
    Column("started", Float, nullable=False),
    # the lobby and the countdown (migration 0009_lobby)
    Column("begun", Boolean, nullable=False, server_default=true()),
    Column("countdown", Integer, nullable=False, server_default="0"),
    Column("deadline", Float, nullable=True),
    Column("sound", Boolean, nullable=False, server_default=true()),
    # when the current puzzle was shown, by the store's clock (migration 0010_seen)
    Column("shown", Float, nullable=True),
)

lesson_members = Table(
    "lesson_members", metadata,
    Column("class_code", String(CLASS_CODE), ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
    Column("lesson", Integer, nullable=False),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("joined", Float, nullable=True),
    # the round this child's device last showed, and when it first showed it (migration 0010_seen)
    Column("seen_round", Integer, nullable=True),
    Column("seen_at", Float, nullable=True),
    UniqueConstraint("class_code", "lesson", "learner_code", name="uq_lesson_members"),
)

live_answers = Table(
    "live_answers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_code", String(CLASS_CODE), ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
    Column("lesson", Integer, nullable=False),
    Column("round", Integer, nullable=False),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("answer", String(80), nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("mistake", String(30), nullable=True),
    UniqueConstraint("class_code", "lesson", "round", "learner_code", name="uq_live_answers"),
)

guards = Table(
    "guards", metadata,
    # a hash of the client ("session:…", "address:…"): see trainer/store/limits.py
    Column("client", String(64), primary_key=True),
    Column("misses", Integer, nullable=False),
    Column("blocked_until", Float, nullable=False),
    Column("forget_at", Float, nullable=False),
    Index("ix_guards_forget", "forget_at"),
)

sprint_answers = Table(
    "sprint_answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("fact", String(16), nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("bar", Float, nullable=False),
    Column("at", Float, nullable=False),
    Column("uid", String(40), nullable=True),
    Index("ix_sprint_learner", "learner_code", "id"),
    Index("uq_sprint_uid", "learner_code", "uid", unique=True),
)
"""The Fives Sprint's answers: one number fact each (see :mod:`trainer.learning.sprint`)."""

decisions = Table(
    "decisions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("uid", String(40), nullable=False),
    Column("at", Float, nullable=False),
    Column("game", String(40), nullable=False),
    Column("variant", String(20), nullable=False),
    Column("layout", Text, nullable=False),
    Column("hand", String(120), nullable=False),
    Column("offered", Text, nullable=False),
    Column("chosen", String(20), nullable=False),
    Column("score", Integer, nullable=False),
    Column("best", Integer, nullable=False),
    Index("ix_decisions_learner", "learner_code", "id"),
    Index("uq_decisions_uid", "learner_code", "uid", unique=True),
)
"""The learner's decisions on Play a hand (see :mod:`trainer.learning.transfer`)."""

placements = Table(
    "placements",
    metadata,
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), primary_key=True),
    Column("start", String(12), nullable=False),
    Column("at", Float, nullable=False),
    Column("skipped", Boolean, nullable=False),
)
"""What a learner's placement check showed, once (see :mod:`trainer.learning.placement`)."""

stage_choices = Table(
    "stage_choices",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("stage", String(12), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_stage_choices_learner", "learner_code", "id"),
)
"""Each time the coach's stage was chosen by hand (see :mod:`trainer.learning.choice`)."""

game_tables = Table(
    "game_tables",
    metadata,
    Column("code", String(8), primary_key=True),
    Column("class_code", String(CLASS_CODE), ForeignKey("classes.code", ondelete="CASCADE"), nullable=True),
    Column("setup", Text, nullable=False),
    Column("opened", Float, nullable=False),
    Column("ended", Float, nullable=True),
    Column("deal", String(8), nullable=True),
    Column("rematch", String(8), nullable=True),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("claim", Integer, nullable=False, server_default="-1"),
    Column("claimed_at", Float, nullable=False, server_default="0"),
    Index("ix_game_tables_class", "class_code"),
)
"""Tables of children playing each other (see :mod:`trainer.games.table`): the setup as JSON; ``deal``
names the tables opened together with the same deal; ``rematch`` the table the same children went on to;
``version`` goes up with every change a page shows (:mod:`trainer.store.table_news` tells the processes);
``claim`` is the move number a server process claimed to make for a computer player, at ``claimed_at``."""

table_seats = Table(
    "table_seats",
    metadata,
    Column("table_code", String(8), ForeignKey("game_tables.code", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=True),
    Column("nickname", String(40), nullable=False),
    Column("seen", Float, nullable=False),
    Column("key", String(24), nullable=True),
    Index("ix_table_seats_learner", "learner_code"),
)
"""Who sits where, and when their device was last seen (an idle seat is played by a computer player)."""

table_moves = Table(
    "table_moves",
    metadata,
    Column("table_code", String(8), ForeignKey("game_tables.code", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("token", String(40), nullable=False),
    Column("by_computer", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)
"""Every move at a table under its number: the primary key keeps one move a number, so a second move
for the same turn is refused whichever process serves it."""

assignments = Table(
    "assignments",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_code", String(CLASS_CODE), ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
    Column("work", String(10), nullable=False),
    Column("stages", String(60), nullable=False),
    Column("kinds", String(200), nullable=False),
    Column("trap", String(30), nullable=True),
    Column("count", Integer, nullable=False),
    Column("due", Date, nullable=False),
    Column("set_at", Float, nullable=False),
    Column("everyone", Boolean, nullable=False),
    Column("closed_at", Float, nullable=True),
    Index("ix_assignments_class", "class_code", "id"),
)
"""Work a teacher set (see :mod:`trainer.learning.assignment`): stages and kinds as comma-separated ids."""

assignment_learners = Table(
    "assignment_learners",
    metadata,
    Column("assignment_id", Integer, ForeignKey("assignments.id", ondelete="CASCADE"), nullable=False),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    UniqueConstraint("assignment_id", "learner_code", name="uq_assignment_learners"),
    Index("ix_assignment_learners_learner", "learner_code"),
)
"""The children a piece of work is for, when it is not for the whole class."""

home_passes = Table(
    "home_passes",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("made", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Index("ix_home_passes_learner", "learner_code"),
)
"""The sign-in tokens printed on reports for home (:mod:`trainer.store.passes`): one child's each, kept only as
a SHA-256 hash, until they expire or the teacher switches them off."""

ASSIGNMENT_TABLES = (assignments, assignment_learners)
"""The teacher's work for the class, parents first (counted by :meth:`trainer.store.Store.assignment_counts`)."""

TABLES = (classes, learners, attempts, games, lessons, lesson_members, live_answers, sprint_answers, decisions,
          placements, stage_choices, game_tables, table_seats, table_moves, assignments, assignment_learners,
          home_passes)
"""Every table of learners' data, parents first (deleting goes the other way). The rate limits'
``guards`` hold no learner's data and are not among them."""
