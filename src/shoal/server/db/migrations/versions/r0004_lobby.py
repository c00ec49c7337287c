"""The lobby (issue 22): ``shoal_seeks``, ``shoal_challenges``; games get ``time_control``
and ``rated``.

``time_control`` is ``"M+S"`` (a live clock: minutes, increment seconds), ``"Nd"``
(correspondence: N days per move) or null (none).

Revision ID: r0004
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0004"
down_revision: str | None = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shoal_games") as batch:
        batch.add_column(sa.Column("time_control", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=True))
    op.create_table(
        "shoal_seeks",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("colour", sa.String(8), nullable=False),
        sa.Column("time_control", sa.String(32), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("guest_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("creator_token", sa.String(64), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_seeks_user_id", "shoal_seeks", ["user_id"])
    op.create_index("ix_shoal_seeks_guest_hash", "shoal_seeks", ["guest_hash"])
    op.create_index("ix_shoal_seeks_status", "shoal_seeks", ["status"])
    op.create_table(
        "shoal_challenges",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("challenger", sa.Integer(), nullable=False),
        sa.Column("challenged", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("colour", sa.String(8), nullable=False),
        sa.Column("time_control", sa.String(32), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_challenges_challenger", "shoal_challenges", ["challenger"])
    op.create_index("ix_shoal_challenges_challenged", "shoal_challenges", ["challenged"])
    op.create_index("ix_shoal_challenges_status", "shoal_challenges", ["status"])


def downgrade() -> None:
    op.drop_table("shoal_challenges")
    op.drop_table("shoal_seeks")
    with op.batch_alter_table("shoal_games") as batch:
        batch.drop_column("rated")
        batch.drop_column("time_control")
