"""SFIRS names a puzzle by how the winner leaves the opponent without a legal action."""

from __future__ import annotations

import pytest

from shoal.games import get

GAME = get("sfirs")


def theme(position: str, solution: list[str]) -> str | None:
    start = state = GAME.load(position)
    actions = []
    for text in solution:
        action = state.parse_action(text)
        actions.append(action)
        state = state.child(action)
    return GAME.puzzle_theme(start, actions)


@pytest.mark.parametrize(
    ("position", "solution", "expected"),
    [
        # black's f9-b9 ends inactive on the edge, the chained k11-e11 leaves white frozen
        (
            "12/1W8B1/12/5B1w4/b7b3/2w2b2w1B1/5wbw4/8b1b1/9w2/6w5/1w5w4/2b9 b - w 29 -",
            ["f9-b9", "k11-e11"],
            "chain of moves",
        ),
        # the chain ends with a revival (+f9)
        (
            "8w3/1B7b2/12/5b1W2B1/3b3w4/2bb8/1w1w8/b11/4w1bw4/5b6/4w1w4w/12 b - w 55 -",
            ["b11-h11", "+f9"],
            "chain ending in a revival",
        ),
        # white's g2-d2 ends inactive next to cubes; the chained h8-k8 leaves black frozen
        (
            "2b2w6/12/6b5/5bw5/7w4/w7b3/8w1B1/3b1b1b4/4w1b3W1/2b9/1w4W3W1/12 w - b 20 -",
            ["g2-d2", "h8-k8"],
            "chain of moves",
        ),
    ],
)
def test_a_win_in_one_turn_is_named_by_its_chain(
    position: str, solution: list[str], expected: str
) -> None:
    assert theme(position, solution) == expected


def test_a_win_over_two_turns_of_the_winner_is_a_win_in_two_turns() -> None:
    position = "12/b9B1/12/4b1w5/2bw6W1/2w2b6/1w8w1/w1w6b2/w6b4/12/7b4/6bwb3 b a11,start b 11 -"
    assert theme(position, ["+h4", "k8-i8", "h4-h11"]) == "win in two turns"


def test_a_line_that_does_not_end_the_game_has_no_theme() -> None:
    position = "12/1W8B1/12/5B1w4/b7b3/2w2b2w1B1/5wbw4/8b1b1/9w2/6w5/1w5w4/2b9 b - w 29 -"
    assert theme(position, ["f9-b9"]) is None
