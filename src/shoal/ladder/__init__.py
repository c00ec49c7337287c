"""The ladder: agents rated under a fixed compute budget against pinned anchors (issue 63).

``shoal ladder GAME [OPTIONS] --agents SPEC ...`` (:mod:`shoal.cli.cmd_ladder`) runs one:
:mod:`.seats` names the players and starts their programs, :mod:`.process` asks them under a
deadline on a pinned core, :mod:`.match` referees a game, :mod:`.schedule` picks the pairs,
:mod:`.run` rates them (:mod:`shoal.ratings.bayeselo`) and writes the results,
:mod:`.anchors` keeps the anchors' pinned ratings, :mod:`.agent` and :mod:`.host` serve a
Python agent class as a program, :mod:`.botseat` plays a Bot API program through a server.
docs/ai.md ("The ladder") explains the rules.
"""

from __future__ import annotations

from .agent import ENTRY_POINT_GROUP, Budget, load_agent
from .anchors import ANCHORS_FILE, ladder_key, load_anchors, save_anchors
from .match import LadderGame, play_game
from .run import FORMAT, Ladder, default_core
from .seats import ANCHOR_LEVELS, AgentSpec, LadderBudget, anchor_spec, parse_agent

__all__ = [
    "ANCHORS_FILE",
    "ANCHOR_LEVELS",
    "ENTRY_POINT_GROUP",
    "FORMAT",
    "AgentSpec",
    "Budget",
    "Ladder",
    "LadderBudget",
    "LadderGame",
    "anchor_spec",
    "default_core",
    "ladder_key",
    "load_agent",
    "load_anchors",
    "parse_agent",
    "play_game",
    "save_anchors",
]
