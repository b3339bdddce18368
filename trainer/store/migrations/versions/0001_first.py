"""Learners, classes, answers, saved games and live lessons.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "learners",
        sa.Column("code", sa.String(10), primary_key=True),
        sa.Column("nickname", sa.String(40), nullable=False),
        sa.Column("class_code", sa.String(8), sa.ForeignKey("classes.code", ondelete="CASCADE"), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_learners_class", "learners", ["class_code"])
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("stage", sa.String(12), nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("mistake", sa.String(30), nullable=True),
        sa.Column("hinted", sa.Boolean, nullable=False),
        sa.Column("review", sa.String(10), nullable=False),
        sa.Column("origin", sa.String(12), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_attempts_learner", "attempts", ["learner_code", "id"])
    op.create_table(
        "games",
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "lessons",
        sa.Column("class_code", sa.String(8), sa.ForeignKey("classes.code", ondelete="CASCADE"), primary_key=True),
        sa.Column("lesson", sa.Integer, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("puzzle_code", sa.String(12), nullable=False),
        sa.Column("locked", sa.Boolean, nullable=False),
        sa.Column("revealed", sa.Boolean, nullable=False),
        sa.Column("open", sa.Boolean, nullable=False),
        sa.Column("started", sa.Float, nullable=False),
    )
    op.create_table(
        "lesson_members",
        sa.Column("class_code", sa.String(8), sa.ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson", sa.Integer, nullable=False),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"),
                  nullable=False),
        sa.UniqueConstraint("class_code", "lesson", "learner_code", name="uq_lesson_members"),
    )
    op.create_table(
        "live_answers",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_code", sa.String(8), sa.ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson", sa.Integer, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("answer", sa.String(80), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("mistake", sa.String(30), nullable=True),
        sa.UniqueConstraint("class_code", "lesson", "round", "learner_code", name="uq_live_answers"),
    )


def downgrade() -> None:
    for table in ("live_answers", "lesson_members", "lessons", "games", "attempts", "learners", "classes"):
        op.drop_table(table)
