"""The roles the operator gives (issue 61): ``shoal admin grant moderator NAME``, ``shoal
admin revoke moderator NAME``, ``shoal admin roles``. Each change is a line of the audit log,
by ``operator``."""

from __future__ import annotations

from ..accounts.models import User
from .models import ROLES
from .store import ModerationStore

__all__ = ["OPERATOR", "grant", "revoke"]

OPERATOR = "operator"
"""The name the audit log gives the operator's commands."""


def grant(store: ModerationStore, user: User, role: str, *, by: str = OPERATOR) -> bool:
    """Give ``user`` the ``role`` (a ValueError in words for another); whether it changed."""
    if role not in ROLES:
        raise ValueError(f"a role is {' or '.join(ROLES)}, not {role!r}")
    changed = store.set_role(user.id, role)
    if changed:
        _logged(store, user, by, "grant", f"made {role}", role)
    return changed


def revoke(store: ModerationStore, user: User, *, by: str = OPERATOR) -> str | None:
    """Take ``user``'s role back; the role it had (None: it had none, nothing logged)."""
    role = store.role(user.id)
    if role is not None:
        store.set_role(user.id, None)
        _logged(store, user, by, "revoke", f"no longer {role}", role)
    return role


def _logged(
    store: ModerationStore, user: User, by: str, action: str, reason: str, role: str
) -> None:
    """The audit log's line of a role given or taken back by the operator."""
    store.log(
        moderator_id=None,
        moderator=by,
        action=action,
        target_id=user.id,
        target=user.username,
        reason=reason,
        details={"role": role},
        report_id=None,
    )
