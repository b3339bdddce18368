"""The live-lesson lobby and countdown: a lesson waits in its lobby until the teacher starts it, may
give each puzzle a time to answer in (its deadline kept with the round), and chimes when the time
ends unless the teacher switched the sound off; each child is listed in the order they joined.

Revision ID: 0009_lobby
Revises: 0008_assignments
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_lobby"
down_revision = "0008_assignments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lessons") as batch:
        # a lesson open before this migration is already under way: begun
        batch.add_column(sa.Column("begun", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("countdown", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("sound", sa.Boolean, nullable=False, server_default=sa.true()))
    with op.batch_alter_table("lesson_members") as batch:
        batch.add_column(sa.Column("joined", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("lesson_members") as batch:
        batch.drop_column("joined")
    with op.batch_alter_table("lessons") as batch:
        for column in ("sound", "deadline", "countdown", "begun"):
            batch.drop_column(column)
