"""Work a teacher sets for the class or some children: what, how much, and the due day.

Revision ID: 0008_assignments
Revises: 0007_tables
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_assignments"
down_revision = "0007_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_code", sa.String(12), sa.ForeignKey("classes.code", ondelete="CASCADE"), nullable=False),
        sa.Column("work", sa.String(10), nullable=False),
        sa.Column("stages", sa.String(60), nullable=False),
        sa.Column("kinds", sa.String(200), nullable=False),
        sa.Column("trap", sa.String(30), nullable=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("due", sa.Date, nullable=False),
        sa.Column("set_at", sa.Float, nullable=False),
        sa.Column("everyone", sa.Boolean, nullable=False),
        sa.Column("closed_at", sa.Float, nullable=True),
    )
    op.create_index("ix_assignments_class", "assignments", ["class_code", "id"])
    op.create_table(
        "assignment_learners",
        sa.Column("assignment_id", sa.Integer, sa.ForeignKey("assignments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
        sa.UniqueConstraint("assignment_id", "learner_code", name="uq_assignment_learners"),
    )
    op.create_index("ix_assignment_learners_learner", "assignment_learners", ["learner_code"])


def downgrade() -> None:
    op.drop_index("ix_assignment_learners_learner", "assignment_learners")
    op.drop_table("assignment_learners")
    op.drop_index("ix_assignments_class", "assignments")
    op.drop_table("assignments")
