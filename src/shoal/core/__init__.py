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
from .game import AIProfile, Diagram, Game, StateT
from .options import OptionInfo, describe_options, make_options, option, options_to_strings
from .outcome import Action, Outcome, Seat, other
from .registry import GameEntry, Registry
from .state import State

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
    "StateT",
    "UnknownGameError",
    "describe_options",
    "make_options",
    "option",
    "options_to_strings",
    "other",
]
