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
from .game import NUMBER_WORDS, AIProfile, Diagram, Game, StateT
from .history import History, Turn, ends_turn, split_turns
from .options import (
    OptionInfo,
    describe_options,
    make_options,
    option,
    options_to_strings,
    parse_option_words,
)
from .outcome import Action, Outcome, Seat, other
from .registry import GameEntry, Registry
from .state import State

__all__ = [
    "NUMBER_WORDS",
    "AIProfile",
    "Action",
    "AmbiguousActionError",
    "Diagram",
    "Game",
    "GameEntry",
    "GameOverError",
    "History",
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
    "Turn",
    "UnknownGameError",
    "describe_options",
    "ends_turn",
    "make_options",
    "option",
    "options_to_strings",
    "other",
    "parse_option_words",
    "split_turns",
]
