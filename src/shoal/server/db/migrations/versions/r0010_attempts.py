"""Sign-in attempts counted in the database (issue 21, across workers): ``shoal_attempts``.

Revision ID: 0010
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_attempts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_shoal_attempts_key_at", "shoal_attempts", ["key", "at"])


def downgrade() -> None:
    op.drop_index("ix_shoal_attempts_key_at", table_name="shoal_attempts")
    op.drop_table("shoal_attempts")
