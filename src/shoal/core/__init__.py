"""The shoal protocol: games, states, outcomes, seats, errors, options, registry.

This package knows no game and imports nothing else from shoal.
"""

from .errors import (
    AmbiguousActionError,
    GameOverError,
    IllegalActionError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidPositionError,
    RecordError,
    ShoalError,
    UnknownGameError,
)
from .game import Action, AIProfile, Diagram, Game, Outcome, Seat, State, other
from .options import OptionInfo, describe_options, make_options, option, options_to_strings
from .registry import GameEntry, Registry

__all__ = [
    "AIProfile",
    "Action",
    "AmbiguousActionError",
    "Diagram",
    "Game",
    "GameEntry",
    "GameOverError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidOptionError",
    "InvalidPositionError",
    "OptionInfo",
    "Outcome",
    "RecordError",
    "Registry",
    "Seat",
    "ShoalError",
    "State",
    "UnknownGameError",
    "describe_options",
    "make_options",
    "option",
    "options_to_strings",
    "other",
]
