"""The language a learner reads, and a class's default language.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))
    with op.batch_alter_table("classes") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("language")
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("language")
