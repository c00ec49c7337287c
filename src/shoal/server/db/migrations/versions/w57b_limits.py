"""Site-wide limits (issues 56, 57): ``shoal_limits``, the counters every process shares;
``shoal_seeks.guest_address``, so the open seeks of guests per address are counted in the
database rather than in each process.

Revision ID: w57b_limits
Revises: s0044
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w57b_limits"
down_revision: str | None = "s0044"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_limits",
        sa.Column("key", sa.String(160), primary_key=True),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.Column("ends", sa.Float(), nullable=False),
    )
    op.create_index("ix_shoal_limits_ends", "shoal_limits", ["ends"])
    with op.batch_alter_table("shoal_seeks") as batch:
        batch.add_column(sa.Column("guest_address", sa.String(64), nullable=True))
        batch.create_index("ix_shoal_seeks_guest_address", ["guest_address"])


def downgrade() -> None:
    with op.batch_alter_table("shoal_seeks") as batch:
        batch.drop_index("ix_shoal_seeks_guest_address")
        batch.drop_column("guest_address")
    op.drop_index("ix_shoal_limits_ends", table_name="shoal_limits")
    op.drop_table("shoal_limits")
