"""The operator's commands (issue 57): ``shoal_admin_notes`` (what every server process must
learn of an operator's change) and ``shoal_bans`` (banned address ranges).

Revision ID: w57b_admin
Revises: w57b_limits
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w57b_admin"
down_revision: str | None = "w57b_limits"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_admin_notes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_index("ix_shoal_admin_notes_created", "shoal_admin_notes", ["created"])
    op.create_table(
        "shoal_bans",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("network", sa.String(64), nullable=False, unique=True),
        sa.Column("guests_only", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("by", sa.String(40), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("expires", sa.DateTime(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("shoal_bans")
    op.drop_index("ix_shoal_admin_notes_created", table_name="shoal_admin_notes")
    op.drop_table("shoal_admin_notes")
