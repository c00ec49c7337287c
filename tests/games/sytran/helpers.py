"""Helpers for the Sytran tests: position strings written from cell names."""

from __future__ import annotations

from collections.abc import Iterable

from shoal.games import get
from shoal.games.sytran import SytranState

from .reference import board_cells, cell_of


def rows_text(base: int, white: Iterable[str], black: Iterable[str]) -> str:
    """The ROWS field: ranks from the top, each from its left end; w, b, runs of empties."""
    stones = {cell_of(base, n): "w" for n in white}
    stones.update({cell_of(base, n): "b" for n in black})
    cells = set(board_cells(base))
    k = base - 1
    rows = []
    for r in range(k, -k - 1, -1):
        text, run = "", 0
        for q in range(-k, k + 1):
            if (q, r) not in cells:
                continue
            if (q, r) in stones:
                text += (str(run) if run else "") + stones[(q, r)]
                run = 0
            else:
                run += 1
        rows.append(text + (str(run) if run else ""))
    return "/".join(rows)


def position(
    base: int,
    white: Iterable[str] = (),
    black: Iterable[str] = (),
    to_move: str = "w",
    progress: str = "0:-",
    seats: str = "wb",
    turn: int = 2,
) -> str:
    """A whole position string."""
    return f"{rows_text(base, white, black)} {to_move} {progress} {seats} {turn}"


def load(base: int, penalty: int = 8, shortage: str = "flow", **fields: object) -> SytranState:
    """The engine state of a hand-built position."""
    game = get("sytran", base=base, penalty=penalty, shortage=shortage)
    state = game.load(position(base, **fields))  # type: ignore[arg-type]
    assert isinstance(state, SytranState)
    return state


def texts(state: SytranState) -> set[str]:
    """The legal actions as notation."""
    return {state.action_text(a) for a in state.legal_actions()}


def names_on_rings(base: int, rings: Iterable[int], exclude: Iterable[str] = ()) -> set[str]:
    """Cell names of the given rings, minus ``exclude``."""
    from .reference import name, ring

    wanted = set(rings)
    return {name(base, c) for c in board_cells(base) if ring(c) in wanted} - set(exclude)
