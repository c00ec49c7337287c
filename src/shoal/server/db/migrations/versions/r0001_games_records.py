"""The schema shipped before accounts: games and uploaded records.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("start", sa.Text(), nullable=True),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("computer_seat", sa.Integer(), nullable=True),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("token_hashes", sa.JSON(), nullable=False),
        sa.Column("actions", sa.JSON(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("ended", sa.JSON(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_records",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("shoal_records")
    op.drop_table("shoal_games")
