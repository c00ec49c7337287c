"""Two things every domain's store does with its rows, written once.

* :func:`as_data`: a row as its plain dataclass (the fields of the same names).
* :func:`committed`: commit a claim (an insert a unique key guards); False, rolled back, when
  another caller (or another process) inserted it first.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

__all__ = ["as_data", "committed"]

T = TypeVar("T")


def as_data(kind: type[T], row: Any) -> T:
    """``row`` as the dataclass ``kind`` (each field read from the row's attribute)."""
    fields = dataclasses.fields(kind)  # type: ignore[arg-type]
    return kind(**{f.name: getattr(row, f.name) for f in fields})


def committed(session: Session) -> bool:
    """Commit ``session``; False (rolled back) when a unique key says another was first."""
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return False
    return True
