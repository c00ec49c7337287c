"""The one turn model: History splits actions into turns, undoes turns, keeps every state.

Double Nim (tests/ai/toygame.py): a turn is two takes by the same seat, and the
game ends the moment the last stone goes, even in the middle of a turn.
"""

from __future__ import annotations

import pytest

from shoal.core import History, IllegalActionError, ShoalError, Turn, ends_turn, split_turns
from shoal.games import get
from tests.ai.toygame import DoubleNim, DoubleNimOptions

ONE, TWO = 0, 1


def nim(stones: int = 9) -> History:
    return History(DoubleNim(DoubleNimOptions(stones=stones)).initial())


def test_turns_are_split_where_the_turn_counter_changes() -> None:
    history = nim()
    history.extend([ONE, TWO, TWO, ONE, ONE])
    turns = history.turns()
    assert [(t.number, t.start, t.end, t.seat, t.actions, t.complete) for t in turns] == [
        (1, 0, 2, 0, (ONE, TWO), True),
        (2, 2, 4, 1, (TWO, ONE), True),
        (3, 4, 5, 0, (ONE,), False),
    ]
    assert history.turn_starts() == [0, 2, 4]
    assert history.in_turn
    assert turns[0].before is history.start
    assert turns[1].before is history.states[2]
    assert [t.text() for t in turns] == ["1; 2", "2; 1", "1"]
    assert turns[2].texts() == ["1"]


def test_the_end_of_the_game_ends_the_turn_in_its_middle() -> None:
    history = nim(stones=3)
    history.extend([ONE, ONE, ONE])  # seat 0 takes 1+1, seat 1 takes the last stone
    assert history.state.outcome is not None
    turns = history.turns()
    assert [(t.seat, t.actions, t.complete) for t in turns] == [
        (0, (ONE, ONE), True),
        (1, (ONE,), True),
    ]
    assert not history.in_turn


def test_states_and_actions_line_up() -> None:
    history = nim()
    history.extend([TWO, ONE, ONE])
    assert len(history) == 3
    assert len(history.states) == 4
    assert history.actions == (TWO, ONE, ONE)
    assert history.states[0].stones == 9  # type: ignore[attr-defined]
    assert history.state.stones == 5  # type: ignore[attr-defined]
    assert history.state is history.states[-1]


def test_undo_takes_back_one_action_and_its_turn_start() -> None:
    history = nim()
    history.extend([ONE, TWO, TWO])
    assert history.undo() == TWO
    assert history.turn_starts() == [0]
    assert not history.in_turn
    assert [t.complete for t in history.turns()] == [True]
    history.play(ONE)
    assert history.turn_starts() == [0, 2]


def test_undo_turn_goes_back_to_the_start_of_the_turn_in_progress() -> None:
    history = nim()
    history.extend([ONE, TWO, TWO])
    assert history.undo_turn() == 1
    assert history.actions == (ONE, TWO)
    assert history.undo_turn() == 2
    assert history.actions == ()
    assert history.turns() == []


def test_nothing_to_undo_is_an_error_in_words_and_changes_nothing() -> None:
    history = nim()
    with pytest.raises(ShoalError, match="nothing to undo"):
        history.undo()
    with pytest.raises(ShoalError, match="nothing to undo"):
        history.undo_turn()
    assert history.state is history.start


def test_an_illegal_action_changes_nothing() -> None:
    history = nim(stones=3)
    history.play(TWO)
    with pytest.raises(IllegalActionError):
        history.play(TWO)  # one stone left
    with pytest.raises(IllegalActionError):
        history.extend([ONE, ONE])  # the game is over after the first
    assert history.actions == (TWO,)
    assert history.turn_starts() == [0]


def test_truncate_keeps_a_prefix() -> None:
    history = nim()
    history.extend([ONE, ONE, ONE, ONE, ONE])
    history.truncate(2)
    assert history.actions == (ONE, ONE)
    assert history.turn_starts() == [0]
    history.truncate(0)
    assert history.turns() == []
    with pytest.raises(IndexError, match="cannot keep 3 of 0 actions"):
        history.truncate(3)


def test_last_turn_of_a_seat() -> None:
    history = nim()
    history.extend([ONE, ONE, TWO, TWO, ONE])
    last = history.last_turn()
    mine = history.last_turn(1)
    assert last is not None and (last.number, last.seat) == (3, 0)
    assert mine is not None and (mine.number, mine.start) == (2, 2)
    assert nim().last_turn() is None


def test_turn_index_out_of_range_says_so() -> None:
    history = nim()
    history.play(ONE)
    assert history.turn(-1) == history.turn(0)
    with pytest.raises(IndexError, match="turn index 1 out of range"):
        history.turn(1)


def test_split_turns_and_ends_turn_match_history() -> None:
    game = DoubleNim()
    start = game.initial()
    actions = [ONE, TWO, ONE]
    turns = split_turns(start, actions)
    assert turns == History(start, actions).turns()
    assert all(isinstance(t, Turn) for t in turns)
    assert not ends_turn(start, start.child(ONE))
    assert ends_turn(start, start.child(ONE).child(ONE))


def test_play_text_takes_an_atomic_action_or_a_whole_turn() -> None:
    game = get("sytran")
    history = History(game.initial())
    assert len(history.play_text("j10")) == 1
    with pytest.raises(ShoalError):
        history.play_text("zz99")
    assert len(history) == 1
    assert history.turns()[0].text() == "j10"


def test_a_seat_may_make_two_turns_in_a_row() -> None:
    # Syrtis: the side chooser who takes Light moves first, so seat 1 decides twice
    # in a row; the turn counter, not the seat, separates the turns.
    game = get("syrtis", variant="minor")
    history = History(game.initial(0))  # seed 0 starts with the tower placing
    while "light" not in history.state.legal_texts():
        history.play(history.state.legal_actions()[0])
    done = len(history.turns())
    chooser = history.state.to_move
    history.play_text("light")
    assert history.state.to_move == chooser
    assert len(history.turns()) == done + 1
    assert history.turns()[-1].complete and history.turns()[-1].seat == chooser
    assert not history.in_turn
