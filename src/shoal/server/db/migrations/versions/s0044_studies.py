"""Studies (issue 44): ``shoal_studies``, ``shoal_study_members``, ``shoal_study_chapters``,
``shoal_study_likes``.

Revision ID: s0044
Revises: r0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "s0044"
down_revision: str | None = "r0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoal_studies",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(100), nullable=False),
        sa.Column("visibility", sa.String(10), nullable=False),
        sa.Column("sync", sa.Boolean(), nullable=False),
        sa.Column("sync_chapter", sa.Integer(), nullable=True),
        sa.Column("sync_path", sa.JSON(), nullable=False),
        sa.Column("likes", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_studies_owner_id", "shoal_studies", ["owner_id"])
    op.create_table(
        "shoal_study_members",
        sa.Column("study_id", sa.String(16), primary_key=True),
        sa.Column("user_id", sa.Integer(), primary_key=True),
        sa.Column("added", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "shoal_study_chapters",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("study_id", sa.String(16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("tree", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_shoal_study_chapters_study_id", "shoal_study_chapters", ["study_id"])
    op.create_index("ix_shoal_study_chapters_game", "shoal_study_chapters", ["game"])
    op.create_table(
        "shoal_study_likes",
        sa.Column("study_id", sa.String(16), primary_key=True),
        sa.Column("user_id", sa.Integer(), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("shoal_study_likes")
    op.drop_index("ix_shoal_study_chapters_game", table_name="shoal_study_chapters")
    op.drop_index("ix_shoal_study_chapters_study_id", table_name="shoal_study_chapters")
    op.drop_table("shoal_study_chapters")
    op.drop_table("shoal_study_members")
    op.drop_index("ix_shoal_studies_owner_id", table_name="shoal_studies")
    op.drop_table("shoal_studies")
