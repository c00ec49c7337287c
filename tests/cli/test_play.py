"""``shoal play`` driven through a pseudo-terminal, as a person would use it.

Every test runs the real program (``python -m shoal.cli play ...``) under
pexpect. Moves are chosen from the program's own ``?`` listing, so the full
game test covers every game of the registry without knowing its notation.
"""

from __future__ import annotations

import io
import os
import random
import re
import sys
from pathlib import Path

import pexpect
import pytest

from shoal import games
from shoal.records import read
from tests.late import late_position

SRC = Path(__file__).resolve().parents[2] / "src"
PROMPT = re.compile(r"(?m)^\d+\. [^\r\n]*> ")
"""The move prompt: the turn number and the side to move, e.g. ``3. x> ``."""
COLOUR_PROMPT = re.compile(r"\d+\. \w+> ")
FINISH = "Enter to finish> "
LEGAL = re.compile(r"(\d+) legal actions?: ([^\r\n]*)\r\n")
ANSI = "\x1b"


def spawn(*args: str, cwd: Path, plain: bool = True) -> pexpect.spawn:
    """``shoal play ARGS`` in a pseudo-terminal; everything it prints goes to ``.log``."""
    env = dict(os.environ, PYTHONPATH=str(SRC), TERM="xterm-256color", COLUMNS="100")
    env.pop("NO_COLOR", None)
    argv = ["-m", "shoal.cli", "play", *args, *(["--plain"] if plain else [])]
    child = pexpect.spawn(
        sys.executable,
        argv,
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=10,
        dimensions=(50, 100),
    )
    child.logfile_read = io.StringIO()
    child.delaybeforesend = None  # each line goes after its prompt: no 50 ms sleep per send
    return child


def log(child: pexpect.spawn) -> str:
    value: str = child.logfile_read.getvalue()
    return value


def last_board(child: pexpect.spawn, game_id: str) -> str:
    """Ask for the board and return its text as printed (plain mode)."""
    rows = games.get(game_id).render_text(games.get(game_id).initial()).count("\n") + 1
    child.sendline("board")
    child.expect(r"Connect Four: [^\r\n]*\r\n")
    lines = [child.readline().rstrip("\r\n") for _ in range(rows)]
    child.expect(PROMPT)
    return "\n".join(lines)


def listed_legal(child: pexpect.spawn) -> list[str]:
    """Ask ``?`` and return the actions listed (the prompt after them is consumed)."""
    child.sendline("?")
    child.expect(LEGAL)
    listed = str(child.match.group(2)).split(", ")
    assert len(listed) == int(child.match.group(1))
    child.expect(PROMPT)
    return listed


def finish(child: pexpect.spawn) -> None:
    child.expect(FINISH)
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_a_full_game_against_the_computer(game_id: str, tmp_path: Path) -> None:
    """Every game to its end by typing; a long one from a late position (``--start``)."""
    position = late_position(game_id, seed=3)
    start = ("--start", position) if position else ()
    child = spawn(game_id, "--vs", "random", "--seed", "3", *start, cwd=tmp_path)
    # A seeded choice among the listed actions rather than always the first: a
    # game whose first action is "pass" must not stall the test.
    rng = random.Random(game_id)
    turns = 0
    while True:
        if child.expect([PROMPT, FINISH]) == 1:
            break
        child.sendline(rng.choice(listed_legal(child)))
        turns += 1
        assert turns < 5000, "the game does not end"
    assert "Game over. " in log(child)
    assert re.search(r"Game over\. (Draw: .+|.+ wins: .+)", log(child))
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert ANSI not in log(child)


def test_illegal_input_says_why_and_changes_nothing(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "human", cwd=tmp_path)
    child.expect(PROMPT)
    empty = last_board(child, "connect4")
    child.sendline("z")
    child.expect(r"Error: 'z': a drop is a column letter a to g")
    child.expect(PROMPT)
    assert last_board(child, "connect4") == empty
    for _ in range(6):
        child.sendline("a")
        child.expect(PROMPT)
    full = last_board(child, "connect4")
    child.sendline("a")
    child.expect(r"Error: a: column a is full")
    child.expect(PROMPT)
    assert last_board(child, "connect4") == full
    assert "\n6 o " in "\n" + full.replace("\r", "")
    child.sendline("quit")
    child.expect("Save the game before leaving")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_undo_takes_back_the_human_turn_and_the_reply(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "random", cwd=tmp_path)
    child.expect(PROMPT)
    empty = last_board(child, "connect4")
    child.sendline("undo")
    child.expect("Error: nothing to undo")
    child.expect(PROMPT)
    child.sendline("d")
    child.expect(r"random computer \([xo]\) played [a-g]")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("took back 2 turns")
    child.expect(r"x \(seat 0, you\) to play")
    child.expect(PROMPT)
    assert last_board(child, "connect4") == empty


def test_undo_in_hot_seat_takes_back_one_turn(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "human", cwd=tmp_path)
    for move in "dc":
        child.expect(PROMPT)
        child.sendline(move)
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(r"Last: 1\. x: d")
    child.expect("took back 1 turn")
    child.expect(r"o \(seat 1, player 2\) to play")


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "human", cwd=tmp_path)
    for move in "dcde":
        child.expect(PROMPT)
        child.sendline(move)
    child.expect(PROMPT)
    board = last_board(child, "connect4")
    child.sendline("save game.txt")
    child.expect("saved to game.txt")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    record = read((tmp_path / "game.txt").read_text())
    assert record.actions == [3, 2, 3, 4]

    again = spawn("connect4", "--vs", "human", cwd=tmp_path)
    again.expect(PROMPT)
    again.sendline("load game.txt")
    again.expect("loaded game.txt: 4 turns")
    again.expect(PROMPT)
    assert last_board(again, "connect4") == board
    again.sendline("d")
    again.expect(r"Last: 5\. x: d")
    again.sendline("load missing.txt")
    again.expect("Error: cannot read missing.txt")

    resumed = spawn("--load", "game.txt", "--vs", "human", cwd=tmp_path)
    resumed.expect(r"Last: 4\. o: e")
    resumed.expect(PROMPT)
    assert last_board(resumed, "connect4") == board


def test_the_end_offers_to_save(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "human", cwd=tmp_path)
    for move in "dedede":
        child.expect(PROMPT)
        child.sendline(move)
    child.expect(PROMPT)
    child.sendline("d")
    child.expect(r"Game over\. x \(seat 0, player 1\) wins: four in a row")
    child.expect(r"Save the game \(y\), take back \(undo\), or Enter to finish> ")
    child.sendline("e")
    child.expect("Error: 'e': the game is over; answer y, save FILE, undo or Enter")
    child.sendline("y")
    child.expect(r"File name \[connect4-\d{8}-\d{4}\.txt\]> ")
    child.sendline("won.txt")
    child.expect("saved to won.txt")
    finish(child)
    record = read((tmp_path / "won.txt").read_text())
    assert record.final_state().outcome is not None
    assert '[Result "1-0"]' in (tmp_path / "won.txt").read_text()


def test_resign_ends_the_game(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "random", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("resign")
    child.expect(r"Game over\. x resigns: o \(seat 1, random computer\) wins")
    finish(child)


def test_hint_and_help(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "random", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"hint for x: [a-g]: ")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("undo")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("7 legal actions: a, b, c, d, e, f, g")


def test_plain_output_has_no_escape_sequences(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "random", cwd=tmp_path)
    for command in ("d", "?", "hint", "moves", "zz", "undo", "help", "board", "c"):
        child.expect(PROMPT)
        child.sendline(command)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\? y/N> ")
    child.sendline("y")
    child.expect(r"File name \[")
    child.sendline("")
    child.expect(r"saved to connect4-\d{8}-\d{4}\.txt")
    child.expect(pexpect.EOF)
    assert ANSI not in log(child)
    assert len(list(tmp_path.glob("connect4-*.txt"))) == 1
    assert "Connect Four: you (x) vs random computer (o)" in log(child)


def test_colour_board_and_moves(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "random", cwd=tmp_path, plain=False)
    child.expect(COLOUR_PROMPT)
    child.sendline("d")
    child.expect(r"random computer \(o\) played")
    child.expect(COLOUR_PROMPT)
    child.sendline("?")
    child.expect("7 legal actions")
    child.expect(COLOUR_PROMPT)
    child.sendline("z")
    child.expect("'z': a drop is a column letter a to g")
    child.expect(COLOUR_PROMPT)
    child.sendline("quit")
    child.expect("Save the game before leaving")
    child.sendline("")
    child.expect(pexpect.EOF)
    out = log(child)
    assert "\x1b[" in out  # colour
    assert "moves" in out and "last: 2. o:" in out  # the move list panel, the last turn
    assert "╭" in out  # the board panel


def test_no_game_asks_with_a_menu(tmp_path: Path) -> None:
    child = spawn(cwd=tmp_path)
    child.expect("Which game?")
    child.expect(r"(\d+)\. Connect Four \[connect4\]")
    number = child.match.group(1)
    child.expect("Game number or id> ")
    child.sendline("99")
    child.expect("Error: '99': choose a number")
    child.expect("Game number or id> ")
    child.sendline(number)
    child.expect("Connect Four: you")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_watch_two_levels_play_to_the_end(tmp_path: Path) -> None:
    child = spawn(
        "connect4", "--vs", "random", "--as", "random", "--delay", "0", "--seed", "5", cwd=tmp_path
    )
    child.expect(FINISH)
    out = log(child)
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Game over. " in out
    played = re.findall(r"random computer \([xo]\) played [a-g]", out)
    turns = re.findall(r"Last: (\d+)\.", out)
    assert len(played) == int(turns[-1]) >= 7


def test_unknown_level_is_a_clear_error(tmp_path: Path) -> None:
    child = spawn("connect4", "--vs", "grandmaster", cwd=tmp_path)
    child.expect("unknown level 'grandmaster'")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
