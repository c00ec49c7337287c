"""Differential test: the engine and the slow reference agree on random positions.

Positions come from random games (both colours starting) and from random boards
(cubes scattered at random, any mix of active and inactive, mid-chain or not):
on each, both give the same legal actions (as notation text), the same outcome,
and the same position after one random legal action.
"""

from __future__ import annotations

import random

import pytest

from shoal.core import InvalidPositionError
from shoal.games import get
from shoal.games.sfirs.rules import SfirsState

from . import reference as ref


def _colour_of(state: SfirsState, seat: int | None) -> str | None:
    return None if seat is None else state.sides()[seat][0]


def _reading(state: SfirsState) -> ref.Reading:
    options = state.game.options
    return ref.Reading(crossing=options.crossing, start_chain=options.start_chain)


DIFFER: list[str] = []
"""Positions where a non-default reading allowed other actions or led elsewhere than the
default (so the readings' tests cannot pass by never meeting a difference)."""


def _compare(state: SfirsState, rng: random.Random) -> None:
    max_turns = state.game.options.max_turns
    reading = _reading(state)
    text = state.position()
    p = ref.parse(text)
    assert ref.fmt(p) == text
    expected = ref.legal(p, max_turns, reading)
    got = {state.action_text(a) for a in state.legal_actions()}
    assert got == expected, f"{text}: engine-only {got - expected}, reference-only {expected - got}"
    ref_outcome = ref.outcome(p, max_turns, expected, reading)
    if state.outcome is None:
        assert ref_outcome is None, text
        action = rng.choice(list(state.legal_actions()))
        after = state.child(action)
        expected_after = ref.apply(p, state.action_text(action), max_turns, reading)
        assert after.position() == ref.fmt(expected_after), (
            f"{text} after {state.action_text(action)}"
        )
        if reading != ref.DEFAULT:
            default = ref.legal(p, max_turns)
            move = state.action_text(action)
            if default != expected or ref.fmt(ref.apply(p, move, max_turns)) != ref.fmt(
                expected_after
            ):
                DIFFER.append(text)
    else:
        assert ref_outcome == (_colour_of(state, state.outcome.winner), state.outcome.reason), text


def _random_board(rng: random.Random) -> str:
    """A random position string: up to 10 cubes a colour, anywhere, any state."""
    cells = rng.sample([(x, y) for y in range(12) for x in range(12)], rng.randint(4, 20))
    grid: dict[tuple[int, int], str] = {}
    counts = {"w": 0, "b": 0}
    for sq in cells:
        colour = rng.choice("wb")
        if counts[colour] == 10:
            continue
        counts[colour] += 1
        active = not ref.in_start(sq) and not ref.on_edge(sq) and rng.random() < 0.6
        grid[sq] = colour.upper() if active else colour
    ranks = []
    for y in range(11, -1, -1):
        s, run = "", 0
        for x in range(12):
            ch = grid.get((x, y))
            if ch is None:
                run += 1
                continue
            s += (str(run) if run else "") + ch
            run = 0
        ranks.append(s + (str(run) if run else ""))
    side = rng.choice("wb")
    chain = "-"
    first = rng.choice(["-", "-", "-", "w", "b", "wb"])
    inactive_mine = [sq for sq, ch in grid.items() if ch == side and not ref.in_start(sq)]
    if inactive_mine and rng.random() < 0.4:
        chain = ref.name(rng.choice(inactive_mine)) + rng.choice([",start", ",nostart"])
        first = first.replace(side, "") or "-"
    last = rng.choice("wb-")
    return f"{'/'.join(ranks)} {side} {chain} {last} {rng.randint(0, 5)} {first}"


READINGS = [{}, {"crossing": "outside"}, {"start_chain": "no"}]


@pytest.mark.parametrize(
    "reading", READINGS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "default"
)
def test_engine_agrees_with_reference_on_random_game_positions(reading: dict[str, str]) -> None:
    """Every reading of the text (options crossing and start_chain) on >= 3,500 positions
    of random games, plus 1,500 random boards below."""
    rng = random.Random(2024)
    checked = 0
    seed = 0
    DIFFER.clear()
    games = [get("sfirs", **reading), get("sfirs", first="black", **reading)]
    games.append(get("sfirs", max_turns=6, **reading))
    while checked < 3500:
        game = games[seed % 3]
        state = game.initial(seed)
        while True:
            _compare(state, rng)
            checked += 1
            if state.outcome is not None:
                break
            state = state.child(rng.choice(list(state.legal_actions())))
        seed += 1
    assert checked >= 3500
    if reading:
        assert len(DIFFER) >= 20, "the random games must meet positions where readings differ"
        DIFFER.clear()


@pytest.mark.parametrize(
    "reading", READINGS, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "default"
)
def test_engine_agrees_with_reference_on_random_boards(reading: dict[str, str]) -> None:
    rng = random.Random(7)
    checked = loaded = 0
    games = [get("sfirs", **reading), get("sfirs", max_turns=6, **reading)]
    while checked < 1500:
        text = _random_board(rng)
        game = games[checked % 2]
        try:
            state = game.load(text)
        except InvalidPositionError:
            # only a chain without any follow-up is refused; the reference agrees
            p = ref.parse(text)
            legal = ref.legal(p, game.options.max_turns, _reading(game.initial()))
            assert p.chain is not None and not legal, text
            continue
        loaded += 1
        _compare(state, rng)
        checked += 1
    assert loaded == checked >= 1500
