"""Each device's own countdown: when the projector showed the current puzzle (``lessons.shown``), and when
each child's device first showed it (``lesson_members.seen_round``, ``seen_at``): a child's time to answer
starts on their own screen, not on the projector's.

Revision ID: 0010_seen
Revises: 0009_lobby
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_seen"
down_revision = "0009_lobby"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lessons") as batch:
        batch.add_column(sa.Column("shown", sa.Float, nullable=True))
    with op.batch_alter_table("lesson_members") as batch:
        batch.add_column(sa.Column("seen_round", sa.Integer, nullable=True))
        batch.add_column(sa.Column("seen_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("lesson_members") as batch:
        batch.drop_column("seen_at")
        batch.drop_column("seen_round")
    with op.batch_alter_table("lessons") as batch:
        batch.drop_column("shown")
