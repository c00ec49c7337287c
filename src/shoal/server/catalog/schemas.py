"""The answers of the catalogue's routes: the games, their options and rules, the levels."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ..schemas import Number, Out

__all__ = [
    "AnalysisSummary",
    "CatalogEntry",
    "CatalogGame",
    "FirstMover",
    "Lengths",
    "Levels",
    "OptionInfoOut",
    "Rate",
]


class OptionInfoOut(Out):
    """One option of a game, as a form shows it."""

    name: str
    label: str = Field(description="the option's name in words, in the reader's language")
    default: Any
    help: str = Field(description="what the option means, in the reader's language")
    kind: str
    choices: list[Any] | None
    choice_labels: list[str] | None = Field(
        description="each of ``choices`` in words, in the reader's language (what a select shows)"
    )
    minimum: Number | None
    maximum: Number | None
    decision: bool
    compensation: bool


class CatalogEntry(Out):
    """A game of the catalogue."""

    id: str
    title: str
    summary: str
    listed: bool
    rules_version: str
    random_setup: bool
    sides: list[str]
    options: list[OptionInfoOut]


class Rate(Out):
    """A rate with its 95% interval over ``n`` games."""

    rate: Number
    low: Number
    high: Number
    n: int


class FirstMover(Rate):
    """The first mover's score: the sides that move first, and their rate."""

    sides: list[str]


class Lengths(Out):
    """Game lengths in turns."""

    mean: Number
    median: Number
    min: Number
    max: Number
    stdev: Number


class AnalysisSummary(Out):
    """The headline figures of a game's shipped self-play report."""

    games: int
    players: list[str]
    command: str
    seat0_score: Rate
    first_mover: FirstMover
    draw_rate: Rate
    length_turns: Lengths
    reasons: dict[str, int] = Field(description="how the games ended: count by reason")
    plots: list[str]


class CatalogGame(CatalogEntry):
    """A game with its rules page (HTML) and its self-play summary."""

    rules_html: str | None
    rules_language: str | None = Field(
        description="the language rules_html is written in: the reader's when the rules are "
        "translated into it, else en (the English rules are the reference)"
    )
    rules_languages: list[str] = Field(
        description="the languages the rules page is written in (en first)"
    )
    analysis: AnalysisSummary | None


class Levels(Out):
    """The computer's levels and the default one."""

    levels: list[str]
    default: str
