"""A tournament game's points, opponent and result words, and the games refused."""

from __future__ import annotations

import pytest

from shoal.pairing.records import Game, Pairing, Round, TournamentError, result_for


def test_a_game_on_scores_nothing_and_a_finished_one_scores_from_its_result() -> None:
    """0 for both while the game is on (no outcome yet); then 1, 1/2 or 0 by the result."""
    game = Game(1, "a", "b")
    assert (game.points_of("a"), game.points_of("b")) == (0.0, 0.0)
    assert (game.outcome_of("a"), game.outcome_of("b")) == (None, None)
    won = Game(1, "a", "b", "0-1")
    assert (won.points_of("a"), won.points_of("b")) == (0.0, 1.0)
    assert (won.outcome_of("a"), won.outcome_of("b")) == ("loss", "win")
    assert Game(1, "a", "b", "1/2-1/2").outcome_of("b") == "draw"


def test_the_result_of_the_first_seats_points() -> None:
    """1, 1/2 and 0 points for the first seat are written 1-0, 1/2-1/2 and 0-1."""
    assert [result_for(p) for p in (1.0, 0.5, 0.0)] == ["1-0", "1/2-1/2", "0-1"]
    with pytest.raises(TournamentError) as refused:
        result_for(2.0)
    assert str(refused.value) == "a game is worth 1, 0.5 or 0 points, not 2.0"


def test_impossible_games_are_refused_with_words() -> None:
    """A player against themselves, an unknown result, the opponent of someone else."""
    with pytest.raises(TournamentError) as refused:
        Game(1, "a", "a")
    assert str(refused.value) == "a cannot play themselves"
    with pytest.raises(TournamentError) as refused:
        Game(1, "a", "b", "2-0")  # type: ignore[arg-type]
    assert str(refused.value) == "unknown result '2-0': one of 1-0, 0-1, 1/2-1/2"
    game = Game(1, "a", "b", "1-0")
    assert (game.opponent_of("a"), game.opponent_of("b")) == ("b", "a")
    with pytest.raises(TournamentError) as refused:
        game.opponent_of("z")
    assert str(refused.value) == "z does not play this game"


def test_a_round_seats_its_pairings_and_gives_its_bye() -> None:
    """A round's players: everyone seated, and the player with the bye when there is one."""
    pairings = (Pairing("a", "b"), Pairing("d", "c"))
    assert Round(1, pairings, "e").players() == {"a", "b", "c", "d", "e"}
    assert Round(2, pairings).players() == {"a", "b", "c", "d"}
