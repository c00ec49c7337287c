"""Puzzle ratings and streaks (issue 25): ``shoal_puzzle_players``, ``shoal_puzzle_ratings``.

Revision ID: 0008
Revises: r0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "r0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_puzzle_players",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("r", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.Column("failed", sa.Integer(), nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column("last_puzzle", sa.String(32), nullable=True),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_puzzle_ratings",
        sa.Column("puzzle_id", sa.String(32), primary_key=True),
        sa.Column("r", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("shoal_puzzle_ratings")
    op.drop_table("shoal_puzzle_players")
