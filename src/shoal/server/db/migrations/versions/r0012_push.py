"""Web Push and vacations (issue 43): ``shoal_push_subscriptions``, ``shoal_push_settings``,
``shoal_vacations``, ``shoal_mail_digest``.

Revision ID: r0012
Revises: t0042
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0012"
down_revision: str | None = "t0042"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("endpoint_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("endpoint", sa.Text(), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_push_subscriptions_user_id", "shoal_push_subscriptions", ["user_id"])
    op.create_table(
        "shoal_push_settings",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("kinds", sa.JSON(), nullable=False),
    )
    op.create_table(
        "shoal_vacations",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("used", sa.Integer(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=True),
        sa.Column("until", sa.DateTime(), nullable=True),
        sa.Column("booked", sa.Integer(), nullable=False),
    )
    op.create_table(
        "shoal_mail_digest",
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("hours", sa.Integer(), nullable=False),
        sa.Column("sent", sa.DateTime(), nullable=True),
        sa.Column("seen", sa.Integer(), nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("shoal_mail_digest")
    op.drop_table("shoal_vacations")
    op.drop_table("shoal_push_settings")
    op.drop_index("ix_shoal_push_subscriptions_user_id", table_name="shoal_push_subscriptions")
    op.drop_table("shoal_push_subscriptions")
