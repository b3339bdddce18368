"""The tables. The migrations in ``migrations/versions`` build exactly these; a test checks that
they agree."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

classes = Table(
    "classes", metadata,
    Column("code", String(8), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("key_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
)

learners = Table(
    "learners", metadata,
    Column("code", String(10), primary_key=True),
    Column("nickname", String(40), nullable=False),
    Column("class_code", String(8), ForeignKey("classes.code", ondelete="CASCADE"), nullable=True),
    Column("created", Float, nullable=False),
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
    Column("code", String(12), nullable=False),
    Column("mistake", String(30), nullable=True),
    Column("hinted", Boolean, nullable=False),
    Column("review", String(10), nullable=False),
    Column("origin", String(12), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_attempts_learner", "learner_code", "id"),
)

games = Table(
    "games", metadata,
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), primary_key=True),
    Column("state", Text, nullable=False),
    Column("updated", Float, nullable=False),
)

lessons = Table(
    "lessons", metadata,
    Column("class_code", String(8), ForeignKey("classes.code", ondelete="CASCADE"), primary_key=True),
    Column("lesson", Integer, nullable=False),
    Column("round", Integer, nullable=False),
    Column("puzzle_code", String(12), nullable=False),
    Column("locked", Boolean, nullable=False),
    Column("revealed", Boolean, nullable=False),
    Column("open", Boolean, nullable=False),
    Column("started", Float, nullable=False),
)

lesson_members = Table(
    "lesson_members", metadata,
    Column("class_code", String(8), ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
    Column("lesson", Integer, nullable=False),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    UniqueConstraint("class_code", "lesson", "learner_code", name="uq_lesson_members"),
)

live_answers = Table(
    "live_answers", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_code", String(8), ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
    Column("lesson", Integer, nullable=False),
    Column("round", Integer, nullable=False),
    Column("learner_code", String(10), ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
    Column("answer", String(80), nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("mistake", String(30), nullable=True),
    UniqueConstraint("class_code", "lesson", "round", "learner_code", name="uq_live_answers"),
)

TABLES = (classes, learners, attempts, games, lessons, lesson_members, live_answers)
"""Every table, parents first (deleting goes the other way)."""
