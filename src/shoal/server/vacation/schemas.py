"""The answer of the vacations" routes."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Out

__all__ = ["VacationOut"]


class VacationOut(Out):
    """This year's vacation days: allowed, used, left; whether away and until when."""

    allowance: int
    used: int
    left: int
    on_vacation: bool
    until: float | None = Field(description="epoch seconds")
