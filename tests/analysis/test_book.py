"""The shipped opening books (issue 44): reproducible from their command and seed, counted right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shoal import games
from shoal.analysis.book import book_path, build_book, load_book
from shoal.analysis.explorer import Tree, annotate, result_for
from shoal.cli.main import main

BOOK_GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


@pytest.mark.parametrize("game_id", BOOK_GAMES)
def test_every_game_ships_a_book_built_by_its_command(game_id: str) -> None:
    """Rule: a shipped book per game, its header naming the command and seed that made it."""
    lines = book_path(game_id).read_text().splitlines()
    header = json.loads(lines[0])
    assert header["book"] == game_id and header["games"] == len(lines) - 1 >= 30
    assert header["command"] == (
        f"shoal explorer build {game_id} --games {header['games']} "
        f"--level {header['level']} --seed {header['seed']}"
    )


@pytest.mark.parametrize("game_id", ["cyclix", "sirtet"])
def test_a_shipped_book_is_reproduced_from_its_command_and_seed(
    game_id: str, tmp_path: Path
) -> None:
    """Rule: the book files are reproducible from their command and seed (first games rebuilt)."""
    shipped = book_path(game_id).read_text().splitlines()
    header = json.loads(shipped[0])
    out = tmp_path / "book.jsonl"
    build_book(games.get(game_id), 2, header["level"], header["seed"], out)
    rebuilt = out.read_text().splitlines()
    assert rebuilt[1:] == shipped[1:3]


def test_the_build_command_writes_the_same_file_twice(tmp_path: Path) -> None:
    """Rule: ``shoal explorer build GAME --games N --level L --seed S`` is reproducible."""
    for name in ("a", "b"):
        args = ["explorer", "build", "connect4", "--games", "3", "--level", "beginner"]
        assert main([*args, "--seed", "7", "--out", str(tmp_path / name)]) == 0
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes()
    lines = (tmp_path / "a").read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[1])["seed"] == 7


def test_the_book_tree_counts_every_game_by_brute_force(tmp_path: Path) -> None:
    """Rule: the book's counts per move equal a count over its games, position by position."""
    game = games.get("connect4")
    out = tmp_path / "book.jsonl"
    build_book(game, 12, "beginner", 3, out)
    tree = load_book(game, out)
    items = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    start = game.initial(0)
    state = start.child(items[0]["actions"][0])
    for position_state in (start, state):
        want: dict[int, list[int]] = {}
        for item in items:
            s = game.initial(item["seed"])
            for action in item["actions"]:
                if s.position() == position_state.position():
                    counts = want.setdefault(action, [0, 0, 0, 0])
                    counts[0] += 1
                    counts[
                        1 + ("win", "draw", "loss").index(result_for(s.to_move, item["winner"]))
                    ] += 1
                s = s.child(action)
        got = {m.action: [m.games, m.wins, m.draws, m.losses] for m in tree.moves(position_state)}
        assert got == want and got


def test_other_options_have_an_empty_book(tmp_path: Path) -> None:
    game = games.get("connect4")
    out = tmp_path / "book.jsonl"
    build_book(game, 1, "beginner", 0, out)
    assert load_book(game, out).moves(game.initial(0)) != []
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    header["options"] = {"rows": "7"}  # a book built for other options
    out.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert load_book(game, out).moves(game.initial(0)) == []


def test_the_explorer_command_prints_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    """Rule: ``shoal explorer GAME`` lists every move of the book with its counts and value."""
    assert main(["explorer", "cyclix", "--no-engine"]) == 0
    out = capsys.readouterr().out
    tree = load_book(games.get("cyclix"))
    moves = tree.moves(games.get("cyclix").initial(0))
    assert f"{sum(m.games for m in moves)} games" in out.splitlines()[0]
    for move in moves:
        assert any(line.startswith(f"{move.text} ") for line in out.splitlines())


def test_annotate_marks_a_proven_win() -> None:
    """Rule: "proven win in N" when the prover reaches it within a small node budget."""
    game = games.get("connect4")
    state = game.initial(0)
    for action in (3, 4, 3, 4, 3, 4):
        state = state.child(action)
    tree = Tree(game)
    tree.add(game.initial(0), [3, 4, 3, 4, 3, 4, 3], 0)
    tree.add(game.initial(0), [3, 4, 3, 4, 3, 4, 0, 4], 1)
    moves = tree.moves(state)
    annotate(game, state, moves)
    proven = {m.action: m.proven for m in moves}
    assert proven[3] == "win in 1"
    assert proven[0] is not None and proven[0].startswith("loss in")
