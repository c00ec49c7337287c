"""The opening explorer (issue 44): counted games, the site's and the players' move counts.

Revision ID: r0011
Revises: r0006
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "r0011"
down_revision: str | None = "r0006"
branch_labels = None
depends_on = None


def _counts() -> list[sa.Column[Any]]:
    return [
        sa.Column("text", sa.String(64), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("rating_sum", sa.Integer(), nullable=False),
        sa.Column("rated_players", sa.Integer(), nullable=False),
        sa.Column("last_game", sa.String(32), nullable=False),
        sa.Column("last_at", sa.DateTime(), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "shoal_explorer_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("counted", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_explorer_moves",
        sa.Column("node", sa.String(32), primary_key=True),
        sa.Column("action", sa.Integer(), primary_key=True),
        sa.Column("rated", sa.Boolean(), primary_key=True),
        sa.Column("speed", sa.String(16), primary_key=True),
        sa.Column("band", sa.Integer(), primary_key=True),
        *_counts(),
    )
    op.create_table(
        "shoal_explorer_player_moves",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("node", sa.String(32), primary_key=True),
        sa.Column("action", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("rated", sa.Boolean(), primary_key=True),
        sa.Column("speed", sa.String(16), primary_key=True),
        *_counts(),
    )


def downgrade() -> None:
    op.drop_table("shoal_explorer_player_moves")
    op.drop_table("shoal_explorer_moves")
    op.drop_table("shoal_explorer_games")
