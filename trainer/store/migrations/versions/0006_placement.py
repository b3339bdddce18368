"""What a learner's placement check showed (the stage the coach starts at, or skipped), once per learner.

Revision ID: 0006_placement
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_placement"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "placements",
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("start", sa.String(12), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("skipped", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("placements")
