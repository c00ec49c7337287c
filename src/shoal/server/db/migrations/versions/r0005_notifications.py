"""Correspondence clocks and notifications (issue 22): ``shoal_correspondence``,
``shoal_notifications``, ``shoal_mail_sent``, ``shoal_notify_settings``, ``shoal_site_secrets``.

Revision ID: r0005
Revises: r0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0005"
down_revision: str | None = "r0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_correspondence",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("deadline", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_shoal_correspondence_deadline", "shoal_correspondence", ["deadline"])
    op.create_table(
        "shoal_notifications",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("read", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_notifications_user_id", "shoal_notifications", ["user_id"])
    op.create_table(
        "shoal_mail_sent",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_notify_settings",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("mail_turns", sa.Boolean(), nullable=False),
        sa.Column("mail_challenges", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "shoal_site_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("shoal_site_secrets")
    op.drop_table("shoal_notify_settings")
    op.drop_table("shoal_mail_sent")
    op.drop_index("ix_shoal_notifications_user_id", "shoal_notifications")
    op.drop_table("shoal_notifications")
    op.drop_index("ix_shoal_correspondence_deadline", "shoal_correspondence")
    op.drop_table("shoal_correspondence")
