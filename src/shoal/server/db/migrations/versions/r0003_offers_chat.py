"""Offers between the players and chat (issue 23): ``shoal_offers`` and ``shoal_chat``.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_offers",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("draw", sa.JSON(), nullable=True),
        sa.Column("takeback", sa.JSON(), nullable=True),
        sa.Column("mutes", sa.JSON(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("room", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_chat_game_id", "shoal_chat", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_shoal_chat_game_id", "shoal_chat")
    op.drop_table("shoal_chat")
    op.drop_table("shoal_offers")
