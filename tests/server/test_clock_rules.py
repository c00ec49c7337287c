"""The live game's rules (``games/session.py``), one test each, in process and without a
database: the clocks (time used, a flag, the first-move deadline), the seats a token or an
account plays, the view, and each change (claim, flag, resignation, agreement, takeback,
undo) as the new data it makes. The clocks are read at a given ``now``; where the code reads
the time itself (``remaining()`` with no ``now``) the module's ``time`` is replaced by a
fixed one, so nothing here sleeps or depends on how fast it runs.

These are the seam tests of ``scripts/mutation clocks`` (issue 64): each assertion is an
exact value, so a changed comparison, sign or word fails them.
"""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace
from typing import Any

import pytest

from shoal import games
from shoal.core.native import engine_for
from shoal.records import Ending
from shoal.server.errors import ApiError
from shoal.server.games import session
from shoal.server.games.models import INVITE, GameData, hash_token
from shoal.server.games.session import MODES, LiveGame, ending_of
from shoal.server.games.views import (
    features_view,
    last_turn_actions,
    legal_entries,
    option_values,
    outcome_view,
    spoken_view,
    turn_list,
)

from .game_data import local_game

T0 = 1_000_000.0
"""The clock's ``since`` in these tests: the epoch second the running clock started."""

X_WINS = [0, 1, 0, 1, 0, 1, 0]
"""Connect 4: x's four in column 0 (seat 0 wins by the rules)."""


def clock(**more: Any) -> dict[str, Any]:
    """A live clock of 5 minutes plus 3 seconds, seat 0 with 100.5 s, seat 1 with 40 s."""
    return {"base": 300, "increment": 3, "remaining": [100.5, 40], "since": T0, **more}


def data(**changes: Any) -> GameData:
    """A friend game of Connect 4 (``game_data.local_game`` made a friend game), changed by
    ``changes``."""
    base = dataclasses.replace(
        local_game("g1", version=4),
        seed=7,
        mode="friend",
        players=["Ann", "Bob"],
        token_hashes=[hash_token("tok-a"), hash_token("tok-b")],
    )
    return dataclasses.replace(base, **changes)


def live(**changes: Any) -> LiveGame:
    return LiveGame(data(**changes))


@pytest.fixture
def fixed_time(monkeypatch: pytest.MonkeyPatch) -> float:
    """The module's ``time.time()`` reads T0 + 30 (no other module's time changes)."""
    now = T0 + 30
    monkeypatch.setattr(session, "time", SimpleNamespace(time=lambda: now))
    return now


# -- the clocks ---------------------------------------------------------------------------


def test_no_clock_runs_before_each_side_has_made_a_turn_nor_after_the_end() -> None:
    assert live(clock=clock()).clock_running() is None
    assert live(clock=clock(), actions=[3]).clock_running() is None  # turn 1
    assert live(clock=clock(), actions=[3, 4]).clock_running() == 0  # turn 2: x to move
    assert live(clock=clock(), actions=[3, 4, 3]).clock_running() == 1
    assert live(actions=[3, 4, 3]).clock_running() is None  # no clock
    assert live(clock=clock(), actions=X_WINS).clock_running() is None  # over by the rules
    ended = {"winner": 1, "reason": "x resigned"}
    assert live(clock=clock(), actions=[3, 4, 3], ended=ended).clock_running() is None


def test_the_running_clock_loses_the_time_since_it_started_and_stops_at_zero() -> None:
    game = live(clock=clock(), actions=[3, 4])  # seat 0's clock runs
    assert game.remaining(T0 + 30) == [70.5, 40.0]
    assert all(type(x) is float for x in game.remaining(T0 + 30))
    assert game.remaining(T0) == [100.5, 40.0]
    assert game.remaining(T0 + 100.5) == [0.0, 40.0]
    assert game.remaining(T0 + 500) == [0.0, 40.0]  # never below zero
    other = live(clock=clock(), actions=[3, 4, 3])  # seat 1's
    assert other.remaining(T0 + 30) == [100.5, 10.0]
    # before each side's first turn, and with the clock stopped, nothing runs down
    assert live(clock=clock(), actions=[3]).remaining(T0 + 30) == [100.5, 40.0]
    stopped = live(clock=clock(since=None), actions=[3, 4])
    assert stopped.remaining(T0 + 30) == [100.5, 40.0]
    assert live(actions=[3, 4]).remaining(T0 + 30) == []


def test_the_time_left_without_a_now_is_read_from_the_clock(fixed_time: float) -> None:
    game = live(clock=clock(), actions=[3, 4])
    assert game.remaining() == [70.5, 40.0]
    assert game.seconds_to_flag() == 70.5
    assert game.flag_fallen() is None
    view = game.clock_view()
    assert view is not None and view["server_time"] == fixed_time
    assert view["remaining"] == [70.5, 40.0]
    assert game.view()["clock"] == view


def test_the_clock_a_client_sees_rounds_the_time_left_to_hundredths() -> None:
    game = live(clock=clock(remaining=[100.123456, 40]), actions=[3, 4, 3])
    assert game.clock_view(T0 + 1.5) == {
        "base": 300,
        "increment": 3,
        "remaining": [100.12, 38.5],
        "running": 1,
        "server_time": T0 + 1.5,
    }
    assert game.view(T0 + 1.5)["clock"] == game.clock_view(T0 + 1.5)  # at the view's now
    assert live().clock_view(T0) is None
    assert live().view(T0)["clock"] is None


def test_a_flag_falls_when_the_running_clock_reaches_zero_not_before() -> None:
    game = live(clock=clock(), actions=[3, 4])
    assert game.flag_fallen(T0 + 100.4) is None
    assert game.flag_fallen(T0 + 100.5) == 0  # exactly zero left
    assert game.flag_fallen(T0 + 200) == 0
    assert game.seconds_to_flag(T0 + 100) == 0.5
    assert game.seconds_to_flag(T0 + 200) == 0.0
    # seat 1 at zero, but its clock does not run: no flag
    idle = live(clock=clock(remaining=[100.5, 0]), actions=[3, 4])
    assert idle.flag_fallen(T0 + 1) is None
    assert live(clock=clock(), actions=[3]).flag_fallen(T0 + 1000) is None
    assert live(clock=clock(), actions=[3]).seconds_to_flag(T0) is None
    other = live(clock=clock(), actions=[3, 4, 3])
    assert other.flag_fallen(T0 + 40) == 1
    assert other.seconds_to_flag(T0 + 15) == 25.0


def test_the_first_move_deadline_is_its_limit_after_the_wait_began() -> None:
    limited = clock(first_move=20)
    assert live(clock=limited).first_move_deadline() == T0 + 20
    assert live(clock=limited, actions=[3]).first_move_deadline() == T0 + 20
    assert live(clock=limited, actions=[3, 4]).first_move_deadline() is None  # each moved
    assert live(clock=clock()).first_move_deadline() is None  # no limit
    assert live(clock=clock(first_move=20, since=None)).first_move_deadline() is None
    assert live().first_move_deadline() is None  # no clock
    over = {"winner": None, "reason": "aborted", "aborted": True}
    assert live(clock=limited, ended=over).first_move_deadline() is None
    view = live(clock=limited, actions=[3]).view(T0)
    assert view["first_move_deadline"] == T0 + 20
    assert type(view["first_move_deadline"]) is float


# -- the changes: each is new data, one version on ------------------------------------------


def test_a_change_raises_the_version_by_one_and_leaves_the_old_data() -> None:
    game = live(clock=clock(), actions=[3, 4])
    new = game.next_data(players=["A", "B"])
    assert new.version == 5 and new.players == ["A", "B"]
    assert game.data.version == 4 and game.data.players == ["Ann", "Bob"]
    held = game.with_holders([11, None], ["Cy", "Di"])
    assert (held.accounts, held.players, held.version) == ([11, None], ["Cy", "Di"], 5)
    assert held.actions == [3, 4] and held.clock == game.data.clock


def test_a_flag_ends_the_game_for_the_other_side_and_stops_the_clock() -> None:
    game = live(clock=clock(first_move=20), actions=[3, 4, 3])
    new = game.with_flag(1, T0 + 45)
    assert new.ended == {"winner": 0, "reason": "o ran out of time"}
    assert new.clock == {
        "base": 300,
        "increment": 3,
        "remaining": [100.5, 0.0],
        "since": None,
        "first_move": 20,
    }
    assert new.version == 5 and new.actions == [3, 4, 3]
    assert game.data.clock == clock(first_move=20)  # the old data unchanged
    # seat 0 flagged while its clock runs: seat 1's time stays as it was
    first = live(clock=clock(), actions=[3, 4]).with_flag(0, T0 + 101)
    assert first.ended == {"winner": 1, "reason": "x ran out of time"}
    assert first.clock is not None and first.clock["remaining"] == [0.0, 40.0]


def test_a_resignation_ends_the_game_and_keeps_the_time_left(fixed_time: float) -> None:
    game = live(clock=clock(), actions=[3, 4])
    new = game.with_resignation(0)
    assert new.ended == {"winner": 1, "reason": "x resigned"}
    assert new.clock == {"base": 300, "increment": 3, "remaining": [70.5, 40.0], "since": None}
    assert new.version == 5
    plain = live(actions=[3]).with_resignation(1)
    assert plain.ended == {"winner": 0, "reason": "o resigned"} and plain.clock is None


def test_an_agreement_is_a_draw_or_an_abort_with_the_time_left(fixed_time: float) -> None:
    game = live(clock=clock(), actions=[3, 4, 3])
    draw = game.with_agreement("drawn by agreement")
    assert draw.ended == {"winner": None, "reason": "drawn by agreement"}
    assert draw.clock == {"base": 300, "increment": 3, "remaining": [100.5, 10.0], "since": None}
    assert draw.version == 5
    aborted = live(actions=[3]).with_agreement("aborted", aborted=True)
    assert aborted.ended == {"winner": None, "reason": "aborted", "aborted": True}
    assert aborted.clock is None


def test_a_takeback_goes_back_to_the_start_of_the_seats_last_turn() -> None:
    game = live(clock=clock(), actions=[3, 4, 3, 4])  # seat 0 to move: its clock runs
    back = game.with_takeback(1, T0 + 30)
    assert back.actions == [3, 4, 3]
    assert back.clock == {"base": 300, "increment": 3, "remaining": [70.5, 40.0], "since": T0 + 30}
    assert back.version == 5
    assert game.with_takeback(0, T0).actions == [3, 4]  # x's last turn and what followed
    assert live(actions=[3, 4]).with_takeback(0, T0).clock is None
    with pytest.raises(ApiError) as refused:
        live(actions=[3]).with_takeback(1, T0)
    assert (refused.value.status, refused.value.message) == (
        409,
        "you have not played a turn yet: there is nothing to take back",
    )


def test_a_takeback_of_a_turn_of_several_actions_takes_them_all() -> None:
    sytran = games.get("sytran")
    state, actions, pick = sytran.initial(1), [], random.Random(0)
    while state.turn < 3:  # two complete turns, the third begun
        action = pick.choice(list(state.legal_actions()))
        actions.append(action)
        state = state.child(action)
    game = live(game="sytran", seed=1, actions=actions)
    turns = turn_list(game.states, actions)
    assert [t["seat"] for t in turns] == [0, 1, 0]
    assert game.with_takeback(1, T0).actions == actions[: turns[1]["start"]]
    assert game.with_takeback(0, T0).actions == actions[: turns[2]["start"]]
    assert [(t["start"], t["end"]) for t in turns] == [(0, 3), (3, 7), (7, 11)]


def test_claiming_an_invite_gives_the_seat_a_new_token_a_name_and_its_account() -> None:
    game = live(token_hashes=[hash_token("tok-a"), INVITE + hash_token("inv")], accounts=[5, None])
    claimed = game.with_claim(1, hash_token("new"), "Eve", 9)
    assert claimed.token_hashes == [hash_token("tok-a"), hash_token("new")]
    assert (claimed.players, claimed.accounts, claimed.version) == (["Ann", "Eve"], [5, 9], 5)
    guest = game.with_claim(1, hash_token("new"), "Gus")  # a guest: no account
    assert guest.token_hashes == [hash_token("tok-a"), hash_token("new")]
    assert (guest.players, guest.accounts, guest.version) == (["Ann", "Gus"], [5, None], 5)
    unnamed = game.with_claim(1, hash_token("new"), "")  # no name: the seat keeps its name
    assert (unnamed.players, unnamed.accounts) == (["Ann", "Bob"], [5, None])
    fresh = live().with_claim(0, hash_token("new"), "Zed", 3)
    assert fresh.accounts == [3, None] and fresh.players == ["Zed", "Bob"]
    assert game.data.token_hashes[1] == INVITE + hash_token("inv")


# -- seats and tokens ---------------------------------------------------------------------


def test_a_token_or_an_account_plays_its_seats_and_nothing_else() -> None:
    game = live(token_hashes=[hash_token("tok-a"), INVITE + hash_token("inv")], accounts=[5, 8])
    assert game.seats_of("tok-a") == [0]
    assert game.seats_of("inv") == [1]  # an unclaimed invite plays its seat
    assert game.seats_of("nope") == [] and game.seats_of(None) == [] and game.seats_of("") == []
    assert game.seats_of(None, 8) == [1] and game.seats_of("nope", 5) == [0]
    assert game.seats_of("tok-a", 8) == [0, 1]
    assert game.seats_of(None, 99) == []
    local = live(mode="local", token_hashes=[hash_token("t")] * 2)
    assert local.seats_of("t") == [0, 1]
    assert local.seats_of(None, 5) == []  # no accounts stored
    computer = live(mode="computer", computer_seat=1, token_hashes=[hash_token("t"), None])
    assert computer.seats_of("t") == [0]
    assert game.invite_seat("inv") == 1
    assert game.invite_seat("tok-a") is None and game.invite_seat("") is None
    assert game.invite_seat(None) is None
    assert live(token_hashes=[INVITE + hash_token("i")] * 2).invite_seat("i") == 0


def test_a_token_that_plays_no_seat_is_refused_in_words() -> None:
    game = live(accounts=[5, None])
    assert game.check_player("tok-b") == [1] and game.check_player(None, 5) == [0]
    with pytest.raises(ApiError) as refused:
        game.check_player("nope")
    assert (refused.value.status, refused.value.message) == (
        403,
        "this token does not play in this game",
    )


def test_a_change_from_an_old_version_is_refused_in_words() -> None:
    game = live()
    game.check_version(4)
    for stale in (3, 5):
        with pytest.raises(ApiError) as refused:
            game.check_version(stale)
        assert (refused.value.status, refused.value.message) == (
            409,
            f"the game has changed (version 4, you sent {stale}): reload and try again",
        )


def test_the_computer_moves_on_its_seat_only_while_the_game_is_on() -> None:
    kw: dict[str, Any] = {"mode": "computer", "computer_seat": 1}
    assert not live(**kw).computer_to_move()
    assert live(**kw, actions=[3]).computer_to_move()
    assert live(mode="computer", computer_seat=0).computer_to_move()
    assert not live(computer_seat=1, actions=[3]).computer_to_move()  # a friend game
    assert not live(
        **kw, actions=[3], ended={"winner": 0, "reason": "o resigned"}
    ).computer_to_move()
    assert not live(mode="computer", computer_seat=1, actions=X_WINS).computer_to_move()


# -- undo -----------------------------------------------------------------------------------


def test_undo_against_the_computer_goes_back_to_the_humans_last_turn() -> None:
    game = live(mode="computer", computer_seat=1, actions=[3, 4, 3, 4])
    assert game.with_undo().actions == [3, 4]
    assert game.with_undo().version == 5
    as_second = live(mode="computer", computer_seat=0, actions=[3, 4, 3])
    assert as_second.with_undo().actions == [3]
    default_seat = live(mode="computer", computer_seat=None, actions=[3, 4, 3])
    assert default_seat.with_undo().actions == [3]  # the computer on seat 0
    local = live(mode="local", actions=[3, 4, 3])
    assert local.with_undo().actions == [3, 4]  # one turn back at one screen


def test_undo_is_refused_in_words_where_it_is_not_allowed() -> None:
    cases: list[tuple[LiveGame, int, str]] = [
        (live(actions=[3]), 403, "undo is only for games against the computer or at one screen"),
        (
            live(mode="local", actions=[3], rated=True),
            403,
            "no undo in a game that counts (rated, an event's, or between two accounts)",
        ),
        (live(mode="local"), 409, "there is nothing to undo yet"),
        (
            live(mode="local", actions=[3], ended={"winner": 0, "reason": "o resigned"}),
            409,
            "the game is over: there is nothing to undo",
        ),
        # the human has not played: the computer's first turn cannot be undone
        (live(mode="computer", computer_seat=0, actions=[3]), 409, "there is nothing to undo yet"),
    ]
    for game, status, words in cases:
        with pytest.raises(ApiError) as refused:
            game.with_undo()
        assert (refused.value.status, refused.value.message) == (status, words)
    live(mode="local", accounts=[5, None]).refuse_help("no hint")  # does not count: passes
    with pytest.raises(ApiError) as refused:
        live(mode="local", accounts=[5, 6]).refuse_help("no hint")
    assert refused.value.message == (
        "no hint in a game that counts (rated, an event's, or between two accounts)"
    )


# -- the view ---------------------------------------------------------------------------------


VIEW_KEYS = {
    "id", "game", "options", "seed", "start", "mode", "level", "computer_seat", "players",
    "version", "ply", "turn", "to_move", "sides", "side_words", "svg", "legal", "spoken",
    "words", "cells", "turns", "result", "has_features", "status", "position", "counts",
    "event", "first_move_deadline", "engine_position", "allowed", "clock", "thinking",
}  # fmt: skip


def test_the_view_shows_the_game_as_stored_and_as_played() -> None:
    game = live(mode="local", actions=[3, 4, 3], level="2", event=None)
    connect4 = games.get("connect4")
    state = game.state
    view = game.view(T0)
    assert set(view) == VIEW_KEYS
    turns = turn_list(game.states, [3, 4, 3])
    engine = engine_for(connect4)
    assert engine is not None
    assert {k: view[k] for k in VIEW_KEYS - {"svg", "legal", "spoken", "turns"}} == {
        "id": "g1",
        "game": {"id": "connect4", "title": connect4.title},
        "options": option_values(connect4),
        "seed": 7,
        "start": None,
        "mode": "local",
        "level": "2",
        "computer_seat": None,
        "players": ["Ann", "Bob"],
        "version": 4,
        "ply": 3,
        "turn": 3,
        "to_move": 1,
        "sides": ["x", "o"],
        "side_words": [connect4.side_words.get(s, "") for s in ("x", "o")],
        "words": connect4.describe(state),
        "cells": connect4.cell_names(state),
        "result": None,
        "has_features": False,
        "status": connect4.status(state),
        "position": state.position(),
        "counts": False,
        "event": None,
        "first_move_deadline": None,
        "engine_position": engine.pack(state).hex(),
        "allowed": {"undo": True, "hint": True, "resign": True},
        "clock": None,
        "thinking": False,
    }
    assert view["turns"] == turns and [t["seat"] for t in turns] == [0, 1, 0]
    assert view["svg"] == connect4.render_svg(state, last=[3])
    assert view["legal"] == legal_entries(connect4, state) and len(view["legal"]) == 7
    assert view["spoken"] == spoken_view(connect4, game.states, turns, [3, 4, 3])
    assert [s["ply"] for s in view["spoken"]] == [1, 2]
    assert game.view(T0) is not view and game.view(T0) == view  # a new dict each time
    game.thinking = True
    assert game.view(T0)["thinking"] is True
    assert last_turn_actions(turns, [3, 4, 3]) == [3]


def test_an_ended_game_shows_its_result_and_allows_nothing() -> None:
    ended = {"winner": 0, "reason": "o resigned"}
    game = live(mode="local", actions=[3, 4], ended=ended, event=12)
    view = game.view(T0)
    assert view["result"] == outcome_view(game.state, ended)
    assert view["result"]["sentence"] == "O resigned: X wins."
    assert view["to_move"] is None and view["legal"] == []
    assert view["allowed"] == {"undo": False, "hint": False, "resign": False}
    assert view["event"] == 12 and view["counts"] is True
    won = live(actions=X_WINS).view(T0)
    assert won["to_move"] is None and won["legal"] == []
    assert won["result"]["winner"] == 0 and won["allowed"]["resign"] is False


def test_help_is_shown_only_where_it_is_allowed() -> None:
    def allowed(**kw: Any) -> dict[str, bool]:
        return dict(live(**kw).view(T0)["allowed"])

    # a friend game: no undo, no hint, whoever plays
    assert allowed(actions=[3]) == {"undo": False, "hint": False, "resign": True}
    # against the computer: hint on the human's turn, undo once the human has played
    computer = {"mode": "computer", "computer_seat": 1}
    assert allowed(**computer) == {"undo": False, "hint": True, "resign": True}
    assert allowed(**computer, actions=[3]) == {"undo": True, "hint": False, "resign": True}
    assert allowed(**computer, actions=[3, 4]) == {"undo": True, "hint": True, "resign": True}
    # a game that counts: neither
    assert allowed(**computer, actions=[3, 4], rated=True) == {
        "undo": False,
        "hint": False,
        "resign": True,
    }
    assert allowed(mode="local") == {"undo": False, "hint": True, "resign": True}
    view = live(**computer, level="3", accounts=[5, None]).view(T0)
    assert (view["computer_seat"], view["level"], view["counts"]) == (1, "3", False)


def test_a_game_from_a_start_position_replays_from_it() -> None:
    connect4 = games.get("connect4")
    start_state = connect4.initial(0).child(3).child(3)
    start = start_state.position()
    game = live(start=start, seed=None, actions=[4])
    assert game.states[0].position() == start
    assert game.state.position() == start_state.child(4).position()
    view = game.view(T0)
    assert (view["start"], view["seed"], view["ply"], view["turn"]) == (start, None, 1, 3)
    unseeded = live(seed=None, actions=[2])
    assert unseeded.states[0].position() == connect4.initial(0).position()
    assert unseeded.state.position() == connect4.initial(0).child(2).position()


def test_a_game_with_the_same_words_for_an_action_everywhere_makes_each_entry_once() -> None:
    sytran = games.get("sytran")
    assert sytran.fixed_action_words
    game = live(game="sytran", seed=1)
    first = game.view(T0)["legal"]
    assert first == legal_entries(sytran, game.state)
    action = game.state.legal_actions()[0]
    moved = LiveGame.extend(game, data(game="sytran", seed=1, actions=[action], version=5))
    second = moved.view(T0)["legal"]
    assert second == legal_entries(sytran, moved.state)
    again = {e["action"]: e for e in first}
    shared = [e for e in second if e["action"] in again]
    assert shared and all(e is again[e["action"]] for e in shared)  # made once, kept
    assert game.view(T0)["has_features"] is True


def test_the_features_are_the_positions_made_once() -> None:
    game = live(game="sytran", seed=1)
    features = game.features()
    assert features == features_view(games.get("sytran"), game.state) and features
    assert game.features() is features
    assert live().features() == {}


def test_a_live_game_moved_on_reuses_its_states_and_turns() -> None:
    old = live(actions=[3, 4])
    old_view = old.view(T0)
    new_data = data(actions=[3, 4, 3], version=5)
    moved = LiveGame.extend(old, new_data)
    assert moved.data is new_data and moved.game is old.game
    assert len(moved.states) == 4
    assert all(moved.states[i] is old.states[i] for i in range(3))
    assert moved.state.position() == LiveGame(new_data).state.position()
    assert moved.thinking is False and moved._constants is old._constants
    view = moved.view(T0)
    assert view["turns"] == LiveGame(new_data).view(T0)["turns"]
    assert view == LiveGame(new_data).view(T0)
    assert old_view["ply"] == 2 and view["ply"] == 3
    # the states of the new actions, already made, are taken as they are
    made = old.state.child(3)
    given = LiveGame.extend(old, new_data, [made])
    assert given.states[-1] is made and given.states[:3] == old.states
    # an undo: the states of the kept actions only, then the new ones applied
    undone_data = data(actions=[3, 5], version=6)
    undone = LiveGame.extend(old, undone_data, [old.state])
    assert len(undone.states) == 3 and undone.states[1] is old.states[1]
    assert undone.state.position() == LiveGame(undone_data).state.position()
    assert undone.view(T0) == LiveGame(undone_data).view(T0)
    shorter = LiveGame.extend(old, data(actions=[3], version=6))
    assert len(shorter.states) == 2 and shorter.states[1] is old.states[1]
    assert LiveGame.extend(old, data(actions=[], version=6)).states == [old.states[0]]
    # a game that was never viewed: the turns are made from the start
    unseen = LiveGame.extend(live(actions=[3, 4]), new_data)
    assert unseen.view(T0)["turns"] == view["turns"]


def test_a_moved_on_game_with_a_thinking_flag_is_not_thinking() -> None:
    old = live(actions=[3])
    old.thinking = True
    assert LiveGame.extend(old, data(actions=[3, 4], version=5)).thinking is False
    assert LiveGame(data()).thinking is False


# -- the record -------------------------------------------------------------------------------


def test_a_stored_end_is_the_records_ending() -> None:
    assert MODES == ("computer", "friend", "local")
    assert ending_of({"winner": 0, "reason": "o resigned"}) == Ending("1-0", "o resigned")
    assert ending_of({"winner": 1, "reason": "x ran out of time"}) == Ending(
        "0-1", "x ran out of time"
    )
    assert ending_of({"winner": None, "reason": "drawn by agreement"}) == Ending(
        "1/2-1/2", "drawn by agreement"
    )
    assert ending_of({"winner": None, "reason": "no show", "aborted": True}) == Ending(
        "*", "no show"
    )
    assert ending_of({"winner": None, "aborted": True}) == Ending("*", "aborted")
    assert ending_of({"winner": None}) == Ending("1/2-1/2", "")


def test_the_record_has_the_games_actions_players_and_end() -> None:
    ended = {"winner": 1, "reason": "x ran out of time"}
    record = live(actions=[3, 4], ended=ended).record()
    assert (record.game.id, record.actions, record.seed, record.start) == (
        "connect4",
        [3, 4],
        7,
        None,
    )
    assert record.players == ("Ann", "Bob")
    assert record.extra_tags["Termination"] == "x ran out of time"
    assert record.ending == Ending("0-1", "x ran out of time")
    on = live(actions=[3], seed=None).record()
    assert on.seed == 0 and on.ending is None and "Termination" not in on.extra_tags
    start = games.get("connect4").initial(0).child(3).position()
    assert live(start=start, seed=None, actions=[4]).record().start == start


def test_a_game_is_set_up_from_its_options_and_seed() -> None:
    sfirs = live(game="sfirs", options={"first": "black"})
    assert sfirs.game.options.first == "black"
    assert sfirs.view(T0)["options"]["first"] == "black"
    assert (
        sfirs.state.sides() == games.get("sfirs").with_options({"first": "black"}).initial().sides()
    )
    syrtis = games.get("syrtis")
    assert live(game="syrtis", seed=7).states[0].position() == syrtis.initial(7).position()
    assert syrtis.initial(7).position() != syrtis.initial(0).position()
    unseeded = live(game="syrtis", seed=None).states[0].position()
    assert unseeded == syrtis.initial(0).position() != syrtis.initial(1).position()


def test_the_sides_are_worded_as_the_game_words_them() -> None:
    # Syrtis from seed 7: four set-up actions and the chooser's, then light and dark play
    setup = live(game="syrtis", seed=7).view(T0)
    assert (setup["sides"], setup["side_words"]) == (["setup", "chooser"], ["", ""])
    view = live(game="syrtis", seed=7, actions=[2661, 2694, 2664, 2631, 2738]).view(T0)
    assert view["sides"] == ["light", "dark"]
    assert view["side_words"] == [
        "the round towers; owns the light colour and the circle shape; moves first",
        "the square towers; owns the dark colour and the square shape",
    ]


def test_without_the_fast_paths_the_view_has_no_engine_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SHOAL_PURE", "1")  # as on a server where the C engines are not built
    view = live(actions=[3]).view(T0)
    assert view["engine_position"] is None
    assert view["position"] == games.get("connect4").initial(0).child(3).position()


def test_an_actions_words_that_change_with_the_position_are_made_again() -> None:
    # Cyclix from seed 1: the rook's e5-e3 is a plain move after the first action and a
    # capture after the fifth; a game whose words are not fixed keeps no entry between views
    actions = [1432, 8136, 3208, 5032, 1660]
    first = live(game="cyclix", seed=1, actions=actions[:1])
    entries = {e["action"]: e["text"] for e in first.view(T0)["legal"]}
    assert entries[6344] == "Re5-e3"
    later = LiveGame.extend(first, data(game="cyclix", seed=1, actions=actions, version=5))
    entries = {e["action"]: e["text"] for e in later.view(T0)["legal"]}
    assert entries[6344] == "Re5xe3"


def test_a_live_game_moved_on_keeps_the_turns_it_had_and_reads_its_new_features() -> None:
    old = live(actions=[3, 4, 3, 4])
    old_turns = old.view(T0)["turns"]
    moved = LiveGame.extend(old, data(actions=[3, 4, 3, 4, 3], version=5))
    turns = moved.view(T0)["turns"]
    assert turns == LiveGame(moved.data).view(T0)["turns"]
    assert all(turns[i] is old_turns[i] for i in range(4))  # complete turns kept, not remade
    # a take-back to a shorter common start: the states up to where they agree are kept
    back = LiveGame.extend(old, data(actions=[3, 4, 5], version=6))
    assert back.states[:3] == old.states[:3] and all(
        back.states[i] is old.states[i] for i in range(3)
    )
    assert back.state.position() == LiveGame(back.data).state.position()
    # the same actions (a claim, a flag): every state kept
    same = LiveGame.extend(
        old, data(actions=[3, 4, 3, 4], version=6, ended={"winner": 0, "reason": "o resigned"})
    )
    assert len(same.states) == 5 and all(a is b for a, b in zip(same.states, old.states))
    sytran = live(game="sytran", seed=1)
    sytran.features()
    action = sytran.state.legal_actions()[0]
    on = LiveGame.extend(sytran, data(game="sytran", seed=1, actions=[action], version=5))
    assert on.features() == features_view(games.get("sytran"), on.state)
