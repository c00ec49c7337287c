"""Tournaments (issue 42): events, their players, rounds and games; recurring schedules.

Revision ID: t0042
Revises: r0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "t0042"
down_revision: str | None = "r0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_tournaments",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("format", sa.String(24), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("clock", sa.String(32), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("starts_at", sa.DateTime(), nullable=True),
        sa.Column("max_players", sa.Integer(), nullable=False),
        sa.Column("min_rating", sa.Integer(), nullable=True),
        sa.Column("max_rating", sa.Integer(), nullable=True),
        sa.Column("invited", sa.JSON(), nullable=True),
        sa.Column("creator_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=True),
        sa.Column("ends_at", sa.DateTime(), nullable=True),
        sa.Column("finished", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_shoal_tournaments_status", "shoal_tournaments", ["status"])
    op.create_table(
        "shoal_tournament_players",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("shoal_tournaments.id"),
            primary_key=True,
        ),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("joined", sa.Float(), nullable=False),
        sa.Column("seed", sa.Float(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.Column("no_shows", sa.Integer(), nullable=False),
    )
    op.create_table(
        "shoal_tournament_rounds",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("shoal_tournaments.id"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("bye", sa.String(40), nullable=True),
        sa.Column("paired", sa.Float(), nullable=False),
    )
    op.create_table(
        "shoal_tournament_games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "tournament_id", sa.Integer(), sa.ForeignKey("shoal_tournaments.id"), nullable=False
        ),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("first", sa.String(40), nullable=False),
        sa.Column("second", sa.String(40), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("result", sa.String(8), nullable=True),
        sa.Column("forfeit", sa.Boolean(), nullable=False),
        sa.Column("finished", sa.Float(), nullable=True),
    )
    op.create_index(
        "ix_shoal_tournament_games_tournament_id", "shoal_tournament_games", ["tournament_id"]
    )
    op.create_index("ix_shoal_tournament_games_game_id", "shoal_tournament_games", ["game_id"])

    op.create_table(
        "shoal_tournament_schedules",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("format", sa.String(24), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("clock", sa.String(32), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("max_players", sa.Integer(), nullable=False),
        sa.Column("every", sa.String(8), nullable=False),
        sa.Column("next_at", sa.DateTime(), nullable=False),
        sa.Column("creator_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("shoal_tournament_schedules")
    op.drop_index("ix_shoal_tournament_games_game_id", table_name="shoal_tournament_games")
    op.drop_index("ix_shoal_tournament_games_tournament_id", table_name="shoal_tournament_games")
    op.drop_table("shoal_tournament_games")
    op.drop_table("shoal_tournament_rounds")
    op.drop_table("shoal_tournament_players")
    op.drop_index("ix_shoal_tournaments_status", table_name="shoal_tournaments")
    op.drop_table("shoal_tournaments")
