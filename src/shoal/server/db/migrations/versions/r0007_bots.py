"""Bot accounts and their API tokens (issue 23): ``shoal_bots`` and ``shoal_bot_tokens``.

Revision ID: 0007
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_bots",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), primary_key=True),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_bot_tokens",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("revoked", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_shoal_bot_tokens_user_id", "shoal_bot_tokens", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_shoal_bot_tokens_user_id", "shoal_bot_tokens")
    op.drop_table("shoal_bot_tokens")
    op.drop_table("shoal_bots")
