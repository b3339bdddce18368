"""Every answer keeps the traps its puzzle exposed (older answers get them once, here, from their codes), and
the coach's stage chosen by hand is kept, each choice in order.

Revision ID: 0012_attempt_traps
Revises: 0011_table_news
"""

import sqlalchemy as sa
from alembic import op

from trainer.store.traps import code_traps

revision = "0012_attempt_traps"
down_revision = "0011_table_news"
branch_labels = None
depends_on = None

BATCH = 500


def upgrade() -> None:
    with op.batch_alter_table("attempts") as batch:
        batch.add_column(sa.Column("traps", sa.String(400), nullable=False, server_default=""))
    fill_traps(op.get_bind())
    op.create_table(
        "stage_choices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_code", sa.String(10), sa.ForeignKey("learners.code", ondelete="CASCADE"), nullable=False),
        sa.Column("stage", sa.String(12), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_stage_choices_learner", "stage_choices", ["learner_code", "id"])


def fill_traps(conn: sa.Connection) -> None:
    """Each kept answer's traps, from its code (one puzzle made per distinct code), a batch at a time."""
    table = sa.table("attempts", sa.column("id", sa.Integer), sa.column("kind", sa.String),
                     sa.column("stage", sa.String), sa.column("code", sa.String), sa.column("traps", sa.String))
    found: dict[tuple[str, str, str], str] = {}
    last = -1
    while True:
        rows = conn.execute(sa.select(table.c.id, table.c.kind, table.c.stage, table.c.code)
                            .where(table.c.id > last).order_by(table.c.id).limit(BATCH)).all()
        if not rows:
            return
        for r in rows:
            key = (r.kind, r.stage, r.code)
            if key not in found:
                found[key] = " ".join(code_traps(*key))
            if found[key]:
                conn.execute(sa.update(table).where(table.c.id == r.id).values(traps=found[key]))
        last = rows[-1].id


def downgrade() -> None:
    op.drop_index("ix_stage_choices_learner", "stage_choices")
    op.drop_table("stage_choices")
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("traps")
