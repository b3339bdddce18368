"""The Fives Sprint's answers.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sprint_answers",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
        sa.Column("fact", sa.String(16), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("bar", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("uid", sa.String(40), nullable=True),
    )
    op.create_index("ix_sprint_learner", "sprint_answers", ["learner_code", "id"])
    op.create_index("uq_sprint_uid", "sprint_answers", ["learner_code", "uid"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_sprint_uid", "sprint_answers")
    op.drop_index("ix_sprint_learner", "sprint_answers")
    op.drop_table("sprint_answers")
