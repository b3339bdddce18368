"""Answers get an optional uid (kept once per learner), rate-limit guards, longer class codes.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# every column that holds a class code: (table, column, nullable)
CLASS_CODE_COLUMNS = (("classes", "code", False), ("learners", "class_code", True), ("lessons", "class_code", False),
                      ("lesson_members", "class_code", False), ("live_answers", "class_code", False))


def upgrade() -> None:
    op.add_column("attempts", sa.Column("uid", sa.String(40), nullable=True))
    op.create_index("uq_attempts_uid", "attempts", ["learner_code", "uid"], unique=True)
    op.create_table(
        "guards",
        sa.Column("client", sa.String(64), primary_key=True),
        sa.Column("misses", sa.Integer, nullable=False),
        sa.Column("blocked_until", sa.Float, nullable=False),
        sa.Column("forget_at", sa.Float, nullable=False),
    )
    op.create_index("ix_guards_forget", "guards", ["forget_at"])
    _class_codes(sa.String(8), sa.String(12))


def downgrade() -> None:
    _class_codes(sa.String(12), sa.String(8))
    op.drop_index("ix_guards_forget", "guards")
    op.drop_table("guards")
    op.drop_index("uq_attempts_uid", "attempts")
    op.drop_column("attempts", "uid")


def _class_codes(old: sa.types.TypeEngine, new: sa.types.TypeEngine) -> None:
    """Widen (or narrow) the class code columns. SQLite does not enforce a VARCHAR's length, and
    changing a column there means copying the table, so SQLite is left as it is."""
    if op.get_bind().dialect.name == "sqlite":
        return
    for table, column, nullable in CLASS_CODE_COLUMNS:
        op.alter_column(table, column, type_=new, existing_type=old, existing_nullable=nullable)
