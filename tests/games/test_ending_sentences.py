"""The end of a game in a sentence a newcomer understands: who won, and why that wins
(the outcome's reason stays the short form for records and programs)."""

from __future__ import annotations

import pytest

from shoal.games import get

MINOR = get("syrtis", variant="minor")


@pytest.mark.parametrize(
    ("position", "action", "words"),
    [
        ("cCDCLs/C.S./ScsDsL/Cs.S play 0 0 L3 0,0 21", "xd1",
         "Light sank four tiles in a row and wins the race against the quicksand."),
        ("CscS/csDCS/cLsCS/cSDCLs play 0 0 - 0,0 5", "xd1", "Light wins with a complete island"),
        ("S..CL/CcLCc/SsSsD/sDsSc play 0 0 L2 0,1 25", "pass",
         "Both players passed, one after the other, so the initiative decides: Light sank a "
         "tile most recently and wins."),
        ("CDsLCc/.cL../.CD../.sS. play 0 0 L1 3,0 51", "pass",
         "Light passed four turns in a row, so the initiative decides: Light sank a tile most "
         "recently and wins."),
    ],
)  # fmt: skip
def test_syrtis_says_who_won_and_why(position: str, action: str, words: str) -> None:
    end = MINOR.load(position).apply_text(action)
    assert end.outcome is not None
    assert words in MINOR.ending_sentence(end)


def test_sfirs_names_the_player_without_a_move_and_the_last_play_area_mover() -> None:
    game = get("sfirs")
    end = game.load("12/12/12/12/12/2B9/3W8/12/12/12/12/12 w - w 9 -").apply_text("d6-d9")
    assert end.outcome is not None and end.outcome.reason == "no legal action"
    assert game.ending_sentence(end) == (
        "Black has no active cube that can move, so the game is over. White wins: the last to "
        "move a cube that was already out in the open."
    )


def test_every_other_game_has_at_least_the_short_sentence() -> None:
    game = get("cyclix")
    mate = game.load("~~~~~~k/~~~~~~~/~~~~.~~/~~~~~~~/~~~~~~~/~~~~~~~/K~R~~~~ w BNrbn - 0 0")
    end = mate.apply_text("Rc1-c7^")
    assert game.ending_sentence(end) == "White wins: checkmate."
    assert game.ending_sentence(mate) == ""
