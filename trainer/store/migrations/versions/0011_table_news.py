"""A table's news: a version that goes up with every change the pages show (a move, a seat taken or left,
the table ended or played again), and the stand-in's claim on a turn, so that one server process alone
moves for the computer players of a table.

Revision ID: 0011_table_news
Revises: 0010_seen
"""

import sqlalchemy as sa
from alembic import op

revision = "0011_table_news"
down_revision = "0010_seen"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("claim", sa.Integer, nullable=False, server_default="-1"))
        batch.add_column(sa.Column("claimed_at", sa.Float, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        for column in ("claimed_at", "claim", "version"):
            batch.drop_column(column)
