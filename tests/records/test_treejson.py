"""JSON records carry the move tree; every reader of trees takes both formats."""

from __future__ import annotations

import json
import random

import pytest

from shoal.core import RecordError
from shoal.games import get
from shoal.records import read_json
from shoal.records.tree import MoveTree
from shoal.records.treejson import read_tree, tree_record, write_tree, write_tree_json


def _tree(game_id: str = "connect4") -> MoveTree:
    game = get(game_id)
    state = game.initial(3)
    tree = MoveTree(game, state)
    rng = random.Random(7)
    path: tuple[int, ...] = ()
    for _ in range(6):
        path = tree.add(path, rng.choice(tree.state(path).legal_actions()))
    at = tree.state(path[:3])
    others = [a for a in at.legal_actions() if a != tree.node(path[:4]).action]
    side = tree.add(path[:3], others[0])
    tree.add(side, tree.state(side).legal_actions()[0])
    tree.set_comment(side, "a try")
    return tree


@pytest.mark.parametrize("game_id", ["connect4", "syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_tree_round_trips_in_both_formats(game_id: str, fmt: str) -> None:
    tree = _tree(game_id)
    record = tree_record(tree, players=("ann", "bob"))
    text = write_tree(record, tree, fmt)
    again_record, again = read_tree(text)
    assert again.same(tree)
    assert again_record.actions == tree.mainline()
    assert again_record.players == ("ann", "bob")
    assert write_tree(again_record, again, fmt) == text


def test_the_json_tree_record_still_reads_as_a_plain_record() -> None:
    tree = _tree()
    text = write_tree_json(tree_record(tree), tree)
    assert read_json(text).actions == tree.mainline()
    assert json.loads(text)["tree"]["nodes"][0]["parent"] == -1


def test_an_old_json_record_reads_as_its_main_line() -> None:
    tree = _tree()
    record = tree_record(tree)
    _, again = read_tree(record.to_json())
    assert again.mainline() == record.actions
    assert len(again) == len(record.actions)


def test_a_tree_that_disagrees_with_the_turns_is_refused() -> None:
    tree = _tree()
    data = json.loads(write_tree_json(tree_record(tree), tree))
    data["tree"]["nodes"] = data["tree"]["nodes"][:2]
    with pytest.raises(RecordError, match="main line is not the record's turns"):
        read_tree(json.dumps(data))
    data["tree"] = {"start": 5}
    with pytest.raises(RecordError, match="tree: a move tree is an object"):
        read_tree(json.dumps(data))


def test_an_unknown_format_is_refused_in_words() -> None:
    tree = _tree()
    with pytest.raises(ValueError, match="'pgn' is not text or json"):
        write_tree(tree_record(tree), tree, "pgn")
