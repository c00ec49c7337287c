"""A rematch offer stored with the game's other offers (issue 56): ``shoal_offers`` gets
``rematch_by`` (the seat that offered), ``rematch_game`` (the new game, once accepted) and
``rematch_key`` (the hash of the offerer's seat token in the new game, when it offered with
a token), so every server process sees the same offer and accepts it once.

Revision ID: w56_rematch
Revises: w57_sealed_secrets
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w56_rematch"
down_revision: str | None = "w57_sealed_secrets"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shoal_offers") as batch:
        batch.add_column(sa.Column("rematch_by", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("rematch_game", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rematch_key", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("shoal_offers") as batch:
        batch.drop_column("rematch_key")
        batch.drop_column("rematch_game")
        batch.drop_column("rematch_by")
