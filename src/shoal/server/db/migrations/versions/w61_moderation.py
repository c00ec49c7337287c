"""Moderation and fair play (issue 61): ``shoal_blocks``, ``shoal_roles``, ``shoal_reports``,
``shoal_mod_log``, ``shoal_mod_standing``, ``shoal_fairplay``, ``shoal_rating_exclusions``;
a chat line's writer and its ``shadow`` flag; a study's ``hidden`` flag.

Revision ID: w61_moderation
Revises: w56_rematch
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w61_moderation"
down_revision: str | None = "w56_rematch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_blocks",
        sa.Column("blocker_id", sa.Integer(), primary_key=True),
        sa.Column("blocked_id", sa.Integer(), primary_key=True),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_blocks_blocked_id", "shoal_blocks", ["blocked_id"])
    op.create_table(
        "shoal_roles",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("granted", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer(), nullable=True),
        sa.Column("target_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(24), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("chat_id", sa.Integer(), nullable=True),
        sa.Column("study_id", sa.String(16), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("handled", sa.DateTime(), nullable=True),
        sa.Column("handled_by", sa.Integer(), nullable=True),
        sa.Column("outcome", sa.String(200), nullable=True),
    )
    op.create_index("ix_shoal_reports_status_target", "shoal_reports", ["status", "target_id"])
    op.create_index("ix_shoal_reports_reporter", "shoal_reports", ["reporter_id"])
    op.create_table(
        "shoal_mod_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("moderator_id", sa.Integer(), nullable=True),
        sa.Column("moderator", sa.String(40), nullable=False),
        sa.Column("action", sa.String(24), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=True),
        sa.Column("target", sa.String(40), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("report_id", sa.Integer(), nullable=True),
    )
    op.create_index("ix_shoal_mod_log_created", "shoal_mod_log", ["created"])
    op.create_index("ix_shoal_mod_log_target", "shoal_mod_log", ["target_id", "id"])
    op.create_table(
        "shoal_mod_standing",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("muted_until", sa.DateTime(), nullable=True),
        sa.Column("engine", sa.Boolean(), nullable=False),
        sa.Column("banned", sa.Boolean(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_fairplay",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("speed", sa.String(16), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("turns", sa.Integer(), nullable=False),
        sa.Column("agreed", sa.Integer(), nullable=False),
        sa.Column("accuracy", sa.Float(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index(
        "ix_shoal_fairplay_user", "shoal_fairplay", ["user_id", "game", "speed", "created"]
    )
    op.create_table(
        "shoal_rating_exclusions",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    with op.batch_alter_table("shoal_chat") as batch:
        batch.add_column(sa.Column("user_id", sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column("shadow", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("shoal_studies") as batch:
        batch.add_column(
            sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("shoal_studies") as batch:
        batch.drop_column("hidden")
    with op.batch_alter_table("shoal_chat") as batch:
        batch.drop_column("shadow")
        batch.drop_column("user_id")
    for table in (
        "shoal_rating_exclusions",
        "shoal_fairplay",
        "shoal_mod_standing",
        "shoal_mod_log",
        "shoal_reports",
        "shoal_roles",
        "shoal_blocks",
    ):
        op.drop_table(table)
