"""An event's game knows its event (issue 59): ``shoal_games.event`` is the tournament whose
pairing the game is (null for every other game), so that the game's rules (no hint, no
takeback, no abort: a no-show loses instead) and its page (the event named, the next round)
need not ask the tournaments' tables. The games of existing pairings get their event.

Revision ID: w59_game_event
Revises: w61_moderation
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w59_game_event"
down_revision: str | None = "w61_moderation"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shoal_games") as batch:
        batch.add_column(sa.Column("event", sa.Integer(), nullable=True))
    op.execute(
        "UPDATE shoal_games SET event = (SELECT t.tournament_id FROM shoal_tournament_games t"
        " WHERE t.game_id = shoal_games.id)"
        " WHERE id IN (SELECT game_id FROM shoal_tournament_games WHERE game_id IS NOT NULL)"
    )


def downgrade() -> None:
    with op.batch_alter_table("shoal_games") as batch:
        batch.drop_column("event")
