"""Hand-built SFIRS positions for the tests, written through the position string."""

from __future__ import annotations

from shoal.games import get
from shoal.games.sfirs import SfirsState
from shoal.games.sfirs.geometry import parse_cell

GAME = get("sfirs")


def board(spec: str) -> str:
    """The BOARD field for ``spec``: tokens like ``Wd4`` (active), ``bc3`` (inactive/start)."""
    grid: dict[int, str] = {}
    for token in spec.split():
        grid[parse_cell(token[1:])] = token[0]
    ranks = []
    for y in range(11, -1, -1):
        text, run = "", 0
        for x in range(12):
            char = grid.get(x + 12 * y)
            if char is None:
                run += 1
                continue
            text += (str(run) if run else "") + char
            run = 0
        ranks.append(text + (str(run) if run else ""))
    return "/".join(ranks)


def make(
    spec: str,
    side: str = "w",
    chain: str = "-",
    last: str = "-",
    turn: int = 0,
    first: str = "-",
    game=GAME,  # type: ignore[no-untyped-def]
) -> SfirsState:
    """A state loaded from a position string built from ``spec`` and the other fields."""
    state = game.load(f"{board(spec)} {side} {chain} {last} {turn} {first}")
    assert isinstance(state, SfirsState)
    return state


def texts(state: SfirsState) -> set[str]:
    """The legal actions as notation."""
    return {state.action_text(a) for a in state.legal_actions()}


def moves_from(state: SfirsState, cell: str) -> set[str]:
    """The legal moves of the cube on ``cell``."""
    return {t for t in texts(state) if t.startswith(cell + "-")}


def play(state: SfirsState, *actions: str) -> SfirsState:
    """The state after the actions (checked)."""
    for text in actions:
        after = state.apply_text(text)
        assert isinstance(after, SfirsState)
        state = after
    return state


def kind(state: SfirsState, cell: str) -> str | None:
    """``"active"``, ``"inactive"`` or ``"start"`` for the cube on ``cell`` (None: empty)."""
    cube = state.cube_at(parse_cell(cell))
    return None if cube is None else cube[1]
