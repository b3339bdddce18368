"""The learner's decisions in real games, and room for the longer codes of puzzles from them.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

WIDER = (("attempts", "code"), ("attempts", "origin"), ("lessons", "puzzle_code"))
"""Columns that hold a puzzle code: 12 characters before, 40 now."""


def upgrade() -> None:
    op.create_table(
        "decisions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
        sa.Column("uid", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(20), nullable=False),
        sa.Column("layout", sa.Text, nullable=False),
        sa.Column("hand", sa.String(120), nullable=False),
        sa.Column("offered", sa.Text, nullable=False),
        sa.Column("chosen", sa.String(20), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("best", sa.Integer, nullable=False),
    )
    op.create_index("ix_decisions_learner", "decisions", ["learner_code", "id"])
    op.create_index("uq_decisions_uid", "decisions", ["learner_code", "uid"], unique=True)
    if op.get_bind().dialect.name != "sqlite":  # SQLite keeps text of any length in a VARCHAR
        for table, column in WIDER:
            op.alter_column(table, column, type_=sa.String(40), existing_type=sa.String(12),
                            existing_nullable=False)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        for table, column in WIDER:
            op.alter_column(table, column, type_=sa.String(12), existing_type=sa.String(40),
                            existing_nullable=False)
    op.drop_index("uq_decisions_uid", "decisions")
    op.drop_index("ix_decisions_learner", "decisions")
    op.drop_table("decisions")
