"""The site's secrets may be sealed (issue 57): ``shoal_site_secrets.value`` becomes text.

A sealed secret (:mod:`shoal.server.db.sealed`) is longer than the 128 characters the column
held: the unsubscribe key's 64 hexadecimal digits sealed are 134.

Revision ID: w57_sealed_secrets
Revises: w57b_admin
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "w57_sealed_secrets"
down_revision: str | None = "w57b_admin"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shoal_site_secrets") as batch:
        batch.alter_column("value", type_=sa.Text(), existing_type=sa.String(128))


def downgrade() -> None:
    with op.batch_alter_table("shoal_site_secrets") as batch:
        batch.alter_column("value", type_=sa.String(128), existing_type=sa.Text())
