"""Tables of children playing each other: the tables, their seats and their numbered moves.

Revision ID: 0007_tables
Revises: 0006_placement
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_tables"
down_revision = "0006_placement"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("class_code", sa.String(12), sa.ForeignKey("classes.code", ondelete="CASCADE"), nullable=True),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("opened", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=True),
        sa.Column("deal", sa.String(8), nullable=True),
        sa.Column("rematch", sa.String(8), nullable=True),
    )
    op.create_index("ix_game_tables_class", "game_tables", ["class_code"])
    op.create_table(
        "table_seats",
        sa.Column("table_code", sa.String(8), sa.ForeignKey("game_tables.code", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"), nullable=True),
        sa.Column("nickname", sa.String(40), nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("key", sa.String(24), nullable=True),
    )
    op.create_index("ix_table_seats_learner", "table_seats", ["learner_code"])
    op.create_table(
        "table_moves",
        sa.Column("table_code", sa.String(8), sa.ForeignKey("game_tables.code", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("token", sa.String(40), nullable=False),
        sa.Column("by_computer", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_moves")
    op.drop_index("ix_table_seats_learner", "table_seats")
    op.drop_table("table_seats")
    op.drop_index("ix_game_tables_class", "game_tables")
    op.drop_table("game_tables")
