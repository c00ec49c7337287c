"""Ratings (issue 23): ``shoal_ratings``, ``shoal_rating_history``, ``shoal_rated_games``.

Revision ID: r0006
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0006"
down_revision: str | None = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_ratings",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("speed", sa.String(16), primary_key=True),
        sa.Column("r", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("speed", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("r", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("change", sa.Float(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index(
        "ix_shoal_rating_history_user", "shoal_rating_history", ["user_id", "game", "speed"]
    )
    op.create_table(
        "shoal_rated_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("speed", sa.String(16), nullable=False),
        sa.Column("settled", sa.Boolean(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("shoal_rated_games")
    op.drop_index("ix_shoal_rating_history_user", "shoal_rating_history")
    op.drop_table("shoal_rating_history")
    op.drop_table("shoal_ratings")
