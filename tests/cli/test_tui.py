"""The session loop of ``shoal play`` in-process, with injected input and output.

A toy game with multi-action turns (take stones one at a time, then stop)
checks what connect4 cannot: turns that continue, whole turns typed at once,
partial turns, and undo inside a turn.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Hashable, Iterable, Sequence

import pytest

import shoal.ai
from shoal import games
from shoal.cli.tui import CommandLoop, PlainUI, RichUI, Session, board_text
from shoal.core import Action, Game, InvalidNotationError, Outcome, ShoalError, State

TAKE, STOP = 0, 1


@dataclasses.dataclass(frozen=True)
class TakeOptions:
    """No options."""


class TakeState(State):
    """A pile; the mover takes 1 to 3 stones one at a time; taking the last stone wins."""

    __slots__ = ("pile", "taken")

    def __init__(self, game: Game, pile: int, taken: int, seat: int, turn: int) -> None:
        self.game, self.pile, self.taken, self.turn = game, pile, taken, turn
        self.outcome = Outcome(seat, "took the last stone") if pile == 0 else None
        self.to_move = None if pile == 0 else seat

    def legal_actions(self) -> Sequence[Action]:
        if self.outcome is not None:
            return ()
        return (TAKE, STOP) if self.taken else (TAKE,)

    def child(self, action: Action) -> State:
        seat = self.to_move or 0
        if action == TAKE and self.pile == 1:
            return TakeState(self.game, 0, 0, seat, self.turn + 1)
        if action == STOP or self.taken == 2:
            pile = self.pile - (action == TAKE)
            return TakeState(self.game, pile, 0, 1 - seat, self.turn + 1)
        return TakeState(self.game, self.pile - 1, self.taken + 1, seat, self.turn)

    def key(self) -> Hashable:
        return (self.pile, self.taken, self.to_move)

    def position(self) -> str:
        return f"{self.pile} {self.taken} {self.to_move}"

    def action_text(self, action: Action) -> str:
        return ("take", "stop")[action]

    def check_notation(self, text: str) -> None:
        if text not in ("take", "stop"):
            raise InvalidNotationError(f"{text!r}: say take or stop")


class Take(Game):
    """The toy game."""

    id = "take"
    title = "Take"
    rules_version = "1"
    Options = TakeOptions
    side_names = ("north", "south")

    @property
    def num_distinct_actions(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 100

    def initial(self, seed: int = 0) -> State:
        return TakeState(self, 7, 0, 0, 0)

    def load(self, position: str) -> State:
        raise NotImplementedError

    def render_text(self, state: State) -> str:
        assert isinstance(state, TakeState)
        return "pile " + "o" * state.pile + "." * (7 - state.pile)

    def render_svg(
        self, state: State, *, last: Sequence[Action] = (), highlight: Sequence[str] = ()
    ) -> str:
        return "<svg/>"

    def click_paths(self, state: State) -> dict[Action, tuple[str, ...]]:
        return {a: () for a in state.legal_actions()}

    def status(self, state: State) -> str:
        assert isinstance(state, TakeState)
        return f"pile {state.pile}"


def run(game: Game, lines: Iterable[str], **kwargs: object) -> tuple[Session, str]:
    """Run a session on ``lines`` of input; the output as text."""
    return run_session(Session(game, **kwargs), lines)  # type: ignore[arg-type]


def run_session(session: Session, lines: Iterable[str]) -> tuple[Session, str]:
    """Run the command loop on ``session`` with ``lines`` of input; the output as text."""
    feed = iter(lines)
    out = io.StringIO()

    def answer(prompt: str) -> str:
        out.write(prompt)
        try:
            line = next(feed)
        except StopIteration:
            raise EOFError from None
        out.write(line + "\n")
        return line

    assert CommandLoop(session, PlainUI(input_fn=answer, output=out)).run() == 0
    return session, out.getvalue()


def test_a_turn_continues_and_lists_the_next_choices() -> None:
    session, out = run(Take(), ["take"])
    assert "turn continues: choose take or stop" in out
    assert "1. north (continues)> " in out
    assert "Status: pile 6" in out
    assert session.actions == [TAKE]


def test_a_whole_turn_typed_at_once() -> None:
    session, out = run(Take(), ["take; take; take", "take; stop"])
    assert session.actions == [TAKE, TAKE, TAKE, TAKE, STOP]
    assert "Last: 1. north: take; take; take" in out
    assert "Last: 2. south: take; stop" in out
    assert "Moves: 1. north take; take; take  2. south take; stop" in out


def test_a_partial_turn_typed_at_once_continues() -> None:
    session, out = run(Take(), ["take; take"])
    assert session.actions == [TAKE, TAKE]
    assert "turn continues" in out


def test_undo_inside_a_turn_takes_back_one_step() -> None:
    session, out = run(Take(), ["take", "take", "undo"])
    assert session.actions == [TAKE]
    assert "took back one step of this turn" in out


def test_a_bad_step_changes_nothing() -> None:
    session, out = run(Take(), ["stop", "grab"])
    assert session.actions == []
    assert "Error: stop: not a legal action in this position" in out
    assert "Error: 'grab': say take or stop" in out


def test_the_game_ends_with_the_winner_and_reason() -> None:
    session, out = run(Take(), ["take; take; take", "take; take; take", "take"])
    assert session.state.outcome is not None
    assert "Game over. north (seat 0, player 1) wins: took the last stone" in out


def test_against_the_computer_undo_takes_back_both_turns() -> None:
    session, out = run(Take(), ["take; stop", "undo"], levels=(None, "random"))
    assert session.actions == []
    assert "random computer (south) played take" in out
    assert "took back 2 turns" in out


def test_hint_shows_the_ai_hint_action_and_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_hint(game: object, state: object, seed: int = 0) -> shoal.ai.Hint:
        return shoal.ai.Hint(TAKE, "takes a stone", 0.5)

    monkeypatch.setattr(shoal.ai, "hint", fake_hint)
    _session, out = run(Take(), ["hint"])
    assert "hint for north: take: takes a stone" in out


def test_hint_asks_the_real_search() -> None:
    _session, out = run(Take(), ["hint"])
    assert "hint for north: take: take is the strongest move found" in out


def test_board_text_marks_what_changed_and_colours_the_sides() -> None:
    game = games.get("connect4")
    before = game.initial()
    after = before.apply_text("d")
    text = board_text(game.render_text(after), game.render_text(before), after.sides())
    marked = [span for span in text.spans if "reverse" in str(span.style)]
    assert len(marked) == 1
    assert text.plain[marked[0].start] == "x"
    assert any("red" in str(span.style) for span in text.spans)


def test_the_computer_moves_first_when_you_take_seat_1() -> None:
    session, out = run(Take(), ["undo"], levels=("random", None))
    assert "random computer (north) played take" in out
    assert "Error: nothing to undo" in out
    assert session.actions and session.state.to_move == 1


@pytest.mark.parametrize(
    ("levels", "lines"), [((None, "random"), ["take", "stop"] * 4), (("random", "random"), [])]
)
def test_the_delay_paces_only_the_computer_against_itself(
    levels: tuple[str | None, str | None], lines: list[str]
) -> None:
    """``--delay`` is "the pause between turns when the computer plays both seats": two
    computers pause before each turn but the first; a person's opponent answers at once."""
    feed = iter(lines)

    def answer(_prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    pauses: list[float] = []
    ui = PlainUI(input_fn=answer, output=io.StringIO(), sleep=pauses.append)
    session = Session(Take(), levels=levels)
    CommandLoop(session, ui, delay=0.25).run()
    computer_turns = sum(1 for turn in session.turns() if session.players[turn.seat or 0])
    assert computer_turns >= 2
    assert pauses == ([] if None in levels else [0.25] * (computer_turns - 1))


def test_watching_needs_no_input_until_the_end() -> None:
    session, out = run(Take(), [], levels=("random", "random"))
    assert session.state.outcome is not None
    assert "Save the game (y), or Enter to finish> " in out


# -- the session without a loop: what a course or a puzzle front end builds on ---------
def test_a_session_starts_from_any_position_string() -> None:
    game = games.get("connect4")
    position = "......./......./......./......./......./...x... o"
    session = Session(game, start=position)
    assert session.state.position() == position
    assert session.prompt() == "2. o> "
    session.play_text("d")
    assert session.record().start == position
    assert session.actions == [3]


def test_listeners_hear_each_batch_with_who_played_it() -> None:
    heard: list[tuple[int, tuple[object, ...], bool, bool]] = []
    session = Session(Take(), levels=(None, "random"))
    session.listeners.append(
        lambda s, p: heard.append((p.seat, p.actions, p.by_computer, p.turn_over))
    )
    session.play_text("take")
    session.play_text("stop")
    assert session.computer_turn()
    assert heard[:2] == [(0, (TAKE,), False, False), (0, (STOP,), False, True)]
    assert heard[2][0] == 1 and heard[2][2] is True and heard[2][3] is True


def test_a_listener_can_refuse_a_move_and_say_why() -> None:
    """A puzzle's check: a move that is not the solution is taken back with a note."""

    def only_take_then_stop(session: Session, played: object) -> None:
        if session.actions == [TAKE, TAKE]:
            session.undo_step()
            session.note("not the solution: stop after one stone")

    session = Session(Take())
    session.listeners.append(only_take_then_stop)
    session.message = "Puzzle: take exactly one stone"
    _session, out = run_session(session, ["take", "take", "stop"])
    assert session.actions == [TAKE, STOP]
    assert out.count("Puzzle: take exactly one stone") == 4
    assert out.count("not the solution: stop after one stone") == 1


def test_the_session_refuses_what_it_cannot_do() -> None:
    session = Session(Take())
    with pytest.raises(ShoalError, match="not the computer's turn"):
        session.computer_turn()
    with pytest.raises(ShoalError, match="nothing to take back"):
        session.undo_step()
    assert session.undo() is False
    with pytest.raises(ShoalError):
        session.play_text("grab")
    assert session.actions == [] and session.saved


def test_a_loop_takes_new_commands() -> None:
    session = Session(Take())
    seen: list[str] = []
    out = io.StringIO()
    lines = iter(["task again", "help", "quit"])
    loop = CommandLoop(session, PlainUI(input_fn=lambda _p: next(lines), output=out))
    loop.add_command("task", "show the task again", seen.append)
    assert loop.run() == 0
    assert seen == ["again"]
    assert "task       show the task again" in out.getvalue()


def test_both_uis_show_the_standing_message_and_the_notes() -> None:
    from rich.console import Console

    session = Session(games.get("connect4"))
    session.message = "Task: win in one"
    session.play_text("d")
    screen = session.screen()
    assert screen.message == "Task: win in one" and screen.notes == []
    session.note("well played")
    screen = session.screen()
    plain, coloured = io.StringIO(), io.StringIO()
    PlainUI(output=plain).show(screen)
    RichUI(Console(file=coloured, width=100), clear=False).show(screen)
    for out in (plain.getvalue(), coloured.getvalue()):
        assert "Task: win in one" in out and "well played" in out
        assert out.index("Task: win in one") < out.index("well played")


def test_a_status_line_on_the_board_is_not_coloured_letter_by_letter() -> None:
    """A line of words under a board (``White to move``) is one style, not a colour per
    letter; sea (``~``) is blue; pieces keep their colours."""
    from shoal.cli.tui import board_text

    text = board_text("~ K k\nWhite to move", None, ("white", "black"))
    styles = {str(span.style) for span in text.spans if span.start >= 6}
    assert styles == {"bold"}
    assert str(next(s for s in text.spans if s.start == 0).style) == "blue"


@pytest.mark.parametrize("game_id", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
def test_the_plain_board_has_a_legend(game_id: str) -> None:
    lines = iter(["quit"])
    out = io.StringIO()
    ui = PlainUI(input_fn=lambda prompt: next(lines), output=out)
    CommandLoop(Session(games.get(game_id), levels=(None, "random")), ui).run()
    legend = next(line for line in out.getvalue().splitlines() if line.startswith("Legend: "))
    assert legend == "Legend: " + games.get(game_id).text_legend()
    assert len(legend) > 30
