"""Books that explore (issue 59): the diversity rule of the self-play games, the shipped
books' breadth, and a build that goes on from its checkpoint."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from shoal import games
from shoal.ai import get_player
from shoal.analysis.book import (
    NO_CAP,
    OPENER_SEED,
    book_lines,
    book_path,
    build_book,
    open_book,
    play_book_game,
)
from shoal.analysis.book_explore import Explore, explore_choice, ranked_moves
from shoal.cli.main import main

BOOK_GAMES = ("syrtis", "sirtet", "sytran", "cyclix", "sfirs")


def test_the_rule_reads_and_refuses_with_words() -> None:
    """``PLIES/WIDTH/MARGIN`` or ``off``; anything else a clear error."""
    assert Explore.parse("8/6/0.1") == Explore(8, 6, 0.1, shared=1)
    assert Explore.parse("8/6/0.1/8") == Explore(8, 6, 0.1, shared=8)
    assert Explore.parse("OFF") is None
    for bad in ("8/6", "a/b/c", "0/6/0.1", "8/0/0.1", "8/6/3", "8/6/0.1/x", "8/6/0.1/1/2"):
        with pytest.raises(ValueError, match="PLIES/WIDTH/MARGIN"):
            Explore.parse(bad)
    for bad in ("8/6/0.1/0", "8/6/0.1/9"):
        with pytest.raises(ValueError, match="the shared plies, is 1 to PLIES"):
            Explore.parse(bad)


def test_the_build_command_refuses_a_bad_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.jsonl"
    args = ["explorer", "build", "connect4", "--games", "1", "--explore", "8/6"]
    assert main([*args, "--out", str(out)]) == 2
    assert "PLIES/WIDTH/MARGIN" in capsys.readouterr().err and not out.exists()


def test_the_first_action_is_drawn_among_the_width_best_and_later_ones_within_the_margin() -> None:
    """Rule: the first action among the ``width`` best of the search's order; later ones
    only among those within ``margin`` of the best value; never a move proven lost."""
    game = games.get("cyclix")  # alpha-beta: every root move searched
    state = game.initial(0)
    player = get_player("casual", game, seed=1)
    ranked = ranked_moves(player, state)
    assert len(ranked) == len(state.legal_actions())
    assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
    rule = Explore(plies=8, width=4, margin=0.0)
    rng = random.Random(3)
    first = {explore_choice(player, state, 0, rule, rng) for _ in range(40)}
    assert first == {r.action for r in ranked[:4]}
    later = {explore_choice(player, state, 1, rule, rng) for _ in range(20)}
    best = ranked[0].value
    assert later == {r.action for r in ranked[:4] if r.value >= best}


def test_mcts_candidates_come_from_its_own_search() -> None:
    """MCTS: its choice first, then its most visited moves, each with its value."""
    game = games.get("sytran", base=6)
    state = game.initial(0)
    player = get_player("beginner", game, seed=2)
    ranked = ranked_moves(player, state)
    result = player.analyse(state)
    assert ranked[0].action == result.action and len(ranked) > 6
    assert len({r.action for r in ranked}) == len(ranked)


def test_an_explored_book_opens_many_ways_and_stays_reproducible(tmp_path: Path) -> None:
    """Without the rule a level's self-play repeats one game; with it the first moves vary,
    from the seed alone (the same command gives the same bytes)."""
    game = games.get("cyclix")
    fixed = {tuple(play_book_game(game, "beginner", seed)["actions"][:4]) for seed in range(6)}
    assert len(fixed) == 1  # the deterministic search: one opening
    rule = Explore(8, 6, 0.1)
    for name in ("a", "b"):
        build_book(game, 12, "beginner", 1, tmp_path / name, explore=rule)
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes()
    lines = book_lines(tmp_path / "a")
    assert json.loads(lines[0])["explore"] == "8/6/0.1"
    firsts = Counter(json.loads(line)["actions"][0] for line in lines[1:])
    assert len(firsts) >= 4


def test_shared_plies_are_ranked_alike_in_every_game_so_the_book_branches_there(
    tmp_path: Path,
) -> None:
    """Rule: the candidates of the first ``shared`` actions come from one search seeded 0,
    made afresh for each position, so games that reach one position draw among the same
    moves there and the book's tree branches below its first action; with the first action
    only shared (the rule before issue 59's fix), each game ranks its second action with its
    own search, and on Sytran the games seldom meet again."""
    game = games.get("sytran", base=6)

    def seconds(shared: int, name: str) -> Counter[tuple[int, ...]]:
        rule = Explore(3, 2, 2.0, shared=shared)  # any value within reach: width decides
        build_book(game, 16, "beginner", 1, tmp_path / name, explore=rule)
        lines = [json.loads(line) for line in book_lines(tmp_path / name)[1:]]
        return Counter(tuple(line["actions"][:2]) for line in lines)

    alike, own = seconds(3, "shared"), seconds(1, "own")
    firsts = {pair[0] for pair in alike}
    assert len(firsts) == 2  # two candidates for the first action, for both rules
    # shared: after each first action, at most the 2 candidates of that one position
    assert len(alike) <= 4 and max(alike.values()) >= 4, alike
    assert len(own) > 4, own  # each game's own search ranks the second action apart


def test_a_build_goes_on_from_its_checkpoint(tmp_path: Path) -> None:
    """A build stopped midway keeps its played games in ``OUT.part``; run again, it plays
    only the rest and writes the same bytes as one whole run (a line cut short is
    played again; a checkpoint of another command is not used)."""
    game = games.get("connect4")
    whole = tmp_path / "whole.jsonl"
    build_book(game, 6, "beginner", 4, whole)
    want = whole.read_text().splitlines()
    out = tmp_path / "book.jsonl"
    part = tmp_path / "book.jsonl.part"
    part.write_text("\n".join(want[:4]) + "\n" + want[4][:10])  # 3 games and a cut line
    played: list[int] = []
    build_book(game, 6, "beginner", 4, out, progress=lambda done, _: played.append(done))
    assert out.read_text().splitlines() == want and not part.exists()
    assert played == [3, 4, 5, 6]  # the checkpoint's 3, then the 3 played
    other = want[:]
    other[0] = other[0].replace('"seed": 4', '"seed": 5')
    part.write_text("\n".join(other[:4]) + "\n")
    played.clear()
    build_book(game, 6, "beginner", 4, out, progress=lambda done, _: played.append(done))
    assert played == [1, 2, 3, 4, 5, 6] and out.read_text().splitlines() == want


NOT_REBUILT: dict[str, str] = {}
"""The shipped books not yet built with the diversity rule: strict, so that the test fails
(and this entry must go) once the book is rebuilt and passes."""


@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(g, marks=pytest.mark.xfail(reason=NOT_REBUILT[g], strict=True))
        if g in NOT_REBUILT
        else g
        for g in BOOK_GAMES
    ],
)
def test_a_shipped_book_opens_five_ways_and_branches_six_plies_deep(game_id: str) -> None:
    """Issue 59: each shipped book has at least 5 first moves with 50 or more games each,
    and its tree branches at each of its first 6 plies: at every depth below 6 some
    position of the book offers two moves or more (where the game has a choice there)."""
    game = games.get(game_id)
    book = open_book(game)
    header = json.loads(book_lines(book_path(game_id))[0])
    start = game.initial(int(header.get("start", 0)))
    firsts = book.moves(start)
    assert len([m for m in firsts if m.games >= 50]) >= 5, [(m.text, m.games) for m in firsts]
    level = [start]
    for ply in range(6):
        moves = [(state, book.moves(state)) for state in level]
        choices = [state for state, _ in moves if len(state.legal_actions()) > 1]
        if choices:
            assert any(len(found) >= 2 for _, found in moves), f"a single line at ply {ply}"
        level = [state.child(m.action) for state, found in moves for m in found]
        level = [state for state in level if state.outcome is None]
        assert level, f"the book ends at ply {ply}"


def test_a_books_games_share_their_first_candidates() -> None:
    """Rule: the first action's candidates come from one search seeded ``OPENER_SEED``, the
    same for every game: a Syrtis book's set-up placements (about 50) stay among the rule's
    ``width`` (each game's own seeded search spread 500 games over dozens of them)."""
    game = games.get("syrtis")
    rule = Explore(2, 3, 0.1)
    firsts = {play_book_game(game, "beginner", seed, 0, rule)["actions"][0] for seed in range(8)}
    opener = get_player(f"beginner:turn_seconds={NO_CAP:g}", game, seed=OPENER_SEED)
    ranked = [r.action for r in ranked_moves(opener, game.initial(0))[:3]]
    assert firsts <= set(ranked) and len(firsts) >= 2
