"""Accounts: users, sessions, the seats they hold, and each game's seat accounts.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(20), nullable=False),
        sa.Column("name_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("prefs", sa.JSON(), nullable=False),
    )
    op.create_table(
        "shoal_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("expires", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_sessions_user_id", "shoal_sessions", ["user_id"])
    op.create_table(
        "shoal_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("shoal_games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("shoal_users.id"), nullable=False),
    )
    op.create_index("ix_shoal_seats_user_id", "shoal_seats", ["user_id"])
    with op.batch_alter_table("shoal_games") as batch:
        batch.add_column(sa.Column("accounts", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("shoal_games") as batch:
        batch.drop_column("accounts")
    op.drop_index("ix_shoal_seats_user_id", "shoal_seats")
    op.drop_table("shoal_seats")
    op.drop_index("ix_shoal_sessions_user_id", "shoal_sessions")
    op.drop_table("shoal_sessions")
    op.drop_table("shoal_users")
