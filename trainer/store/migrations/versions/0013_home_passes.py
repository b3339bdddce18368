"""Sign-in tokens for printed reports for home: one child's each, kept as a hash, expiring after a term, and
switched off by the teacher (the learner code itself no longer goes on paper).

Revision ID: 0013_home_passes
Revises: 0012_attempt_traps
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_home_passes"
down_revision = "0012_attempt_traps"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "home_passes",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
        sa.Column("made", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_home_passes_learner", "home_passes", ["learner_code"])


def downgrade() -> None:
    op.drop_index("ix_home_passes_learner", table_name="home_passes")
    op.drop_table("home_passes")
