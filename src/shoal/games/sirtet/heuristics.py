"""What the AI knows about Sirtet: features, an evaluation and reasons in words.

The end compares colour groups after the larger harvest is cut down to the
smaller one's size (its owner keeps the best tiles), so the features look at
that *projected* standing: each harvest's colour counts, largest first, cut
to ``min(n0, n1)`` tiles. Extra tiles still help (they give a choice), and
tiles left on the board in a seat's best colour are its potential.

>>> from shoal.games.sirtet import Sirtet
>>> g = Sirtet()
>>> s = g.initial(2)
>>> -1.0 <= g.evaluate(s, 0) <= 1.0
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from shoal.core import Action, AIProfile
from shoal.core.words import ENGLISH, Translator

from .geometry import (
    ACT_BURN,
    ACT_DOUBLE,
    ACT_DROP,
    ACT_KEEP,
    ACT_PAIR,
    ACT_PASS,
    ACT_SINGLE,
    ACT_TAKE,
    CELL_NAMES,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    NUM_TILES,
    PAIR_A,
    PAIR_B,
)
from .rules import SirtetState, colour_counts, pair_actions

__all__ = ["AI_PROFILE", "evaluate", "explain", "feature_words", "features"]

AI_PROFILE = AIProfile(
    algorithm="mcts",
    playout_cutoff=4,
    exploration=1.0,
    level_errors=1.0,
    level_cutoffs=(("strong", 8), ("max", 8)),
    level_exploration=(("max", 0.3),),
    level_decisive=("club", "strong", "max"),
    level_presearch=(("max", (5, 4000)),),
)
"""MCTS whose playouts stop at the first turn's end after 4 random actions (8 for strong
and max) and score the projected standing; beginner and casual make deliberate errors;
max explores less (0.3) and searches deeper; club, strong and max check for decisive
moves at each expansion (docs/ai.md, "Puzzles: the AI's test suite"); max first looks for
a forced win within 5 atomic actions with the prover, at most 4,000 positions (its low
exploration hardly visits a winning first action whose first playouts lost: docs/ai.md,
"Proof pre-search: Sirtet's max").

Full random playouts value nearly every position at an even game, passing included, so
the club level passed into drawn endings against a random player (39 draws in 100 games);
with the short cutoff the evaluation tells harvests that build a colour from passes.
Either player can force a draw (one tile against one tile), and between searches that
differ in budget alone the first player wins most decisive games (5,000 iterations won 5
of 5 as the first player against casual's 250, and 1 of 5, with a draw, as the second),
so budgets alone do not set the levels apart: ``level_errors`` turns on the error rates
of beginner and casual, and strong and max play out 8 actions where club plays 4 (strong
scored 0.567 against club with 4, 0.75 with 8, over 30 and 50 games), and max explores
less (with strong's 1.0, 20,000 iterations drew 12 of 16 games against strong).
"""


def _projected(counts: list[int], keep: int) -> list[int]:
    out = []
    for c in counts:
        if keep <= 0:
            break
        out.append(min(c, keep))
        keep -= c
    return out


def _standing(a: list[int], b: list[int]) -> float:
    """+1 .. -1: who leads on the first differing group, scaled by where and by how much."""
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else 0
        y = b[i] if i < len(b) else 0
        if x != y:
            return max(-1.0, min(1.0, (x - y) / 3.0)) / (1 + i)
    return 0.0


def features(state: SirtetState) -> dict[str, float]:
    """Named features from seat 0's point of view."""
    ts = state.ts
    h0, h1, occ = state.h0, state.h1, state.occ
    n0, n1 = h0.bit_count(), h1.bit_count()
    c0, c1 = colour_counts(ts, h0), colour_counts(ts, h1)
    keep = min(n0, n1)
    p0, p1 = _projected(c0, keep), _projected(c1, keep)
    board = [state.layout[c] for c in range(36) if occ >> c & 1]

    def best_colour(h: int) -> int:
        counts = [(h & m).bit_count() for m in ts.colour_masks]
        return max(range(len(counts)), key=lambda i: (counts[i], -i))

    b0 = sum(1 for t in board if ts.colour_of[t] == best_colour(h0))
    b1 = sum(1 for t in board if ts.colour_of[t] == best_colour(h1))

    def doubles(h: int) -> int:
        return sum(1 for t in range(NUM_TILES) if h >> t & 1 and pair_actions(ts, t, occ))

    return {
        "standing": _standing(p0, p1),
        "largest_group": float((p0[0] if p0 else 0) - (p1[0] if p1 else 0)),
        "second_group": float((p0[1] if len(p0) > 1 else 0) - (p1[1] if len(p1) > 1 else 0)),
        "tiles": float(n0 - n1),
        "board_in_best_colour": float(b0 - b1),
        "double_harvests": float(doubles(h0) - doubles(h1)),
        "board_tiles": float(len(board)),
    }


def feature_words(names: Iterable[str], tr: Translator = ENGLISH) -> dict[str, str]:
    """The features' names in words in ``tr``'s language (``Game.feature_words``)."""
    said = {
        "standing": tr.gettext("standing"),
        "largest_group": tr.gettext("largest group"),
        "second_group": tr.gettext("second group"),
        "tiles": tr.gettext("tiles"),
        "board_in_best_colour": tr.gettext("board in best colour"),
        "double_harvests": tr.gettext("double harvests"),
        "board_tiles": tr.gettext("board tiles"),
    }
    return {name: said.get(name) or name.replace("_", " ") for name in names}


def evaluate(state: SirtetState, seat: int) -> float:
    """A value in [-1, 1] for ``seat``: the projected standing, then potential."""
    if state.outcome is not None:
        return state.outcome.value_for(seat)
    f = features(state)
    x = (
        1.2 * f["standing"]
        + 0.25 * f["largest_group"]
        + 0.1 * f["second_group"]
        + 0.12 * f["tiles"]
        + 0.05 * f["board_in_best_colour"]
        + 0.03 * f["double_harvests"]
    )
    value = math.tanh(x) * 0.95
    return value if seat == 0 else -value


def _colour(state: SirtetState, tile: int) -> str:
    ts = state.ts
    return COLOUR_NAMES[COLOUR_LETTERS.index(ts.colours[ts.colour_of[tile]])]


def colour_word(colour: str, tr: Translator = ENGLISH) -> str:
    """A tile colour as a noun ("red"), in ``tr``'s language."""
    return {
        "red": tr.gettext("red"),
        "orange": tr.gettext("orange"),
        "yellow": tr.gettext("yellow"),
        "green": tr.gettext("green"),
        "cyan": tr.gettext("cyan"),
        "blue": tr.gettext("blue"),
        "white": tr.gettext("white"),
    }.get(colour, colour)


def _group_after(state: SirtetState, tiles: list[int], tr: Translator = ENGLISH) -> str:
    ts = state.ts
    harvest = state.harvest(state.mover)
    words = []
    to = tr.gettext("{colour} to {n}")
    for tile in tiles:
        colour = ts.colour_of[tile]
        size = (harvest & ts.colour_masks[colour]).bit_count() + sum(
            1 for t in tiles if ts.colour_of[t] == colour
        )
        words.append(to.format(colour=colour_word(_colour(state, tile), tr), n=size))
    return ", ".join(dict.fromkeys(words))


def explain(state: SirtetState, action: Action, tr: Translator = ENGLISH) -> str:
    """A one-line reason in words for ``action`` (a hint), in ``tr``'s language."""
    ts = state.ts
    text = state.action_text(action)
    if action >= ACT_PAIR:
        index = action - ACT_PAIR
        tiles = [state.layout[PAIR_A[index]], state.layout[PAIR_B[index]]]
        return tr.gettext("{move}: takes {a} and {b}, growing {groups}").format(
            move=text,
            a=ts.names[tiles[0]],
            b=ts.names[tiles[1]],
            groups=_group_after(state, tiles, tr),
        )
    if action >= ACT_DROP:
        tile = action - ACT_DROP
        return tr.gettext("{move}: gives up a {colour} tile, keeping the larger groups").format(
            move=text, colour=colour_word(_colour(state, tile), tr)
        )
    if action >= ACT_DOUBLE:
        tile = (action - ACT_DOUBLE) % NUM_TILES
        said = (
            tr.gettext(
                "{move}: spends {tile} ({colour}), the tile the colour groups miss least, "
                "to take two tiles"
            )
            if action < ACT_SINGLE
            else tr.gettext(
                "{move}: spends {tile} ({colour}), the tile the colour groups miss least, "
                "to take one tile"
            )
        )
        return said.format(
            move=text, tile=ts.names[tile], colour=colour_word(_colour(state, tile), tr)
        )
    if action == ACT_PASS:
        return tr.gettext("pass: no harvest improves the colour groups enough")
    if action == ACT_KEEP:
        return tr.gettext("keep: no board tile is worth denying the opponent")
    if action >= ACT_BURN:
        tile = state.layout[action - ACT_BURN]
        return tr.gettext(
            "{move}: removes {tile} from the board, a {colour} tile the opponent would like"
        ).format(move=text, tile=ts.names[tile], colour=colour_word(_colour(state, tile), tr))
    cell = action - ACT_TAKE if action >= ACT_TAKE else action
    tile = state.layout[cell]
    growing = _group_after(state, [tile], tr)
    return tr.gettext("{move}: takes {tile} on {cell}, growing {groups}").format(
        move=text, tile=ts.names[tile], cell=CELL_NAMES[cell], groups=growing
    )
