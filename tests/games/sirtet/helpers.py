"""Hand-built Sirtet positions for the tests."""

from __future__ import annotations

from shoal.games import get

from .reference import all_codes

FREE = get("sirtet")
ONE_SIDED = get("sirtet", tileset="one-sided")


def position(
    board: dict[str, str],
    h0: str = "",
    h1: str = "",
    *,
    phase: str = "choose",
    mover: int | str = 0,
    passes: int = 0,
    turn: int = 10,
    start: str = "c4",
    tileset: str = "free",
    discard: str | None = None,
) -> str:
    """A position string: the board as {cell: code}, harvests as runs of codes;
    the discard zone holds every other tile unless given."""
    order = all_codes(tileset)

    def split(text: str) -> list[str]:
        return [text[i : i + 2] for i in range(0, len(text), 2)]

    used = set(board.values()) | set(split(h0)) | set(split(h1))
    rest = [c for c in order if c not in used] if discard is None else split(discard)

    def run(codes: list[str]) -> str:
        return "".join(sorted(codes, key=order.index)) or "-"

    ranks = "/".join(
        "".join(board.get("abcdef"[f] + str(r), "..") for f in range(6)) for r in range(6, 0, -1)
    )
    return " ".join(
        [
            ranks,
            run(split(h0)),
            run(split(h1)),
            run(rest),
            start,
            phase,
            str(mover),
            str(passes),
            str(turn),
        ]
    )


def load(board: dict[str, str], h0: str = "", h1: str = "", **kw: object):  # type: ignore[no-untyped-def]
    """The engine state of a hand-built position (free tile set unless tileset= says)."""
    game = ONE_SIDED if kw.get("tileset") == "one-sided" else FREE
    return game.load(position(board, h0, h1, **kw))  # type: ignore[arg-type]


def texts(state) -> set[str]:  # type: ignore[no-untyped-def]
    """The legal actions of a state as notation."""
    return {state.action_text(a) for a in state.legal_actions()}


def play(state, *turns: str):  # type: ignore[no-untyped-def]
    """Apply atomic actions or whole turns given as text."""
    for text in turns:
        for action in state.turn_actions_text(text):
            state = state.apply(action)
    return state
