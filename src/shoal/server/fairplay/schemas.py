"""The answers of fair play's routes."""

from __future__ import annotations

from pydantic import Field

from ..schemas import Out

__all__ = ["FairplayTabOut", "FairplayWatch"]


class FairplayWatch(Out):
    """Whether this page should watch the browser's other tabs for the game's position."""

    watch: bool = Field(description="the caller plays this rated or event game, which is on")


class FairplayTabOut(Out):
    """The browser's signal, received."""

    reported: bool = Field(description="a report was made (false: one was made before)")
