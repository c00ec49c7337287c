"""The move tree: main line, variations, add/remove/promote, refusals that change nothing."""

from __future__ import annotations

import pytest

from shoal.games import get
from shoal.records.tree import MoveTree


def _tree(moves: str = "d d c") -> MoveTree:
    game = get("connect4")
    tree = MoveTree(game, game.initial())
    path: tuple[int, ...] = ()
    for text in moves.split():
        path = tree.add_text(path, text)
    return tree


def _texts(tree: MoveTree, path: tuple[int, ...]) -> list[str]:
    state = tree.start
    out = []
    for action in tree.actions(path):
        out.append(state.action_text(action))
        state = state.child(action)
    return out


def test_main_line_and_a_variation() -> None:
    tree = _tree()
    assert tree.mainline_path() == (0, 0, 0)
    branch = tree.add_text((0, 0), "e")
    assert branch == (0, 0, 1)
    assert _texts(tree, branch) == ["d", "d", "e"]
    assert _texts(tree, tree.mainline_path()) == ["d", "d", "c"]
    assert list(tree.paths()) == [(0,), (0, 0), (0, 0, 0), (0, 0, 1)]
    assert len(tree) == 4


def test_playing_an_existing_move_follows_it() -> None:
    tree = _tree()
    assert tree.add_text((0,), "d") == (0, 0)
    assert len(tree) == 3


def test_promote_makes_the_variation_main() -> None:
    tree = _tree()
    deep = tree.add_text(tree.add_text((0, 0), "e"), "a")
    assert deep == (0, 0, 1, 0)
    new = tree.promote(deep)
    assert new == (0, 0, 0, 0)
    assert _texts(tree, tree.mainline_path()) == ["d", "d", "e", "a"]
    assert _texts(tree, (0, 0, 1)) == ["d", "d", "c"]
    assert tree.promote(new) == new


def test_remove_deletes_the_subtree() -> None:
    tree = _tree()
    tree.add_text((0, 0), "e")
    tree.remove((0, 0, 0))
    assert _texts(tree, tree.mainline_path()) == ["d", "d", "e"]
    assert len(tree) == 3


def test_state_follows_the_path() -> None:
    tree = _tree()
    state = tree.state((0, 0, 0))
    expected = tree.start
    for text in ["d", "d", "c"]:
        expected = expected.child(expected.parse_action(text))
    assert state.position() == expected.position()
    assert tree.history((0, 0)).state.position() == tree.state((0, 0)).position()


def test_refusals_change_nothing() -> None:
    tree = _tree()
    before = _tree()
    with pytest.raises(ValueError, match="no move at path"):
        tree.node((0, 3))
    with pytest.raises(ValueError, match="no move at path"):
        tree.add_text((1,), "a")
    with pytest.raises(ValueError, match="not a legal move here"):
        tree.add_text((0,), "z")
    with pytest.raises(ValueError, match="cannot be deleted"):
        tree.remove(())
    with pytest.raises(ValueError, match="no move at path"):
        tree.remove((0, 1))
    with pytest.raises(ValueError, match="no move at path"):
        tree.promote((0, 0, 5))
    with pytest.raises(ValueError, match="cannot hold"):
        tree.set_comment((0,), "a } b")
    assert tree.same(before)


def test_no_move_after_the_end_of_the_game() -> None:
    tree = _tree("a b a b a b a")
    end = tree.mainline_path()
    assert tree.state(end).outcome is not None
    with pytest.raises(ValueError, match="the game is over"):
        tree.add(end, tree.start.legal_actions()[2])
    assert len(tree) == 7


def test_same_sees_comments_and_order() -> None:
    first, second = _tree(), _tree()
    assert first.same(second)
    first.set_comment((0,), " centre ")
    assert first.node((0,)).comment == "centre"
    assert not first.same(second)
    second.set_comment((0,), "centre")
    second.add_text((0, 0), "e")
    assert not first.same(second)


def test_a_game_with_several_actions_per_turn() -> None:
    game = get("sytran")
    tree = MoveTree(game, game.initial())
    first = tree.add_text((), "j10")
    second = tree.add_text(first, "f6")
    assert _texts(tree, second) == ["j10", "f6"]
    assert tree.mainline() == tree.actions(second)


def test_json_round_trip_keeps_the_tree() -> None:
    import json

    tree = _tree()
    tree.add_text((0, 0), "e")
    tree.set_comment((0, 0, 1), "sharper")
    data = json.loads(json.dumps(tree.to_json_dict()))
    assert data["nodes"] == [
        {"parent": -1, "move": "d"},
        {"parent": 0, "move": "d"},
        {"parent": 1, "move": "c"},
        {"parent": 1, "move": "e", "comment": "sharper"},
    ]
    again = MoveTree.from_json_dict(tree.game, data)
    assert again.same(tree)


def test_a_long_line_needs_no_deep_nesting() -> None:
    game = get("sytran")
    tree = MoveTree(game, game.initial())
    path: tuple[int, ...] = ()
    state = game.initial()
    for _ in range(1200):
        if state.outcome is not None:
            break
        action = state.legal_actions()[0]
        path = tree.add(path, action)
        state = state.child(action)
    again = MoveTree.from_json_dict(game, tree.to_json_dict())
    assert again.same(tree)
    assert len(again) == len(path)


_EMPTY = "......./......./......./......./......./....... x"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "an object with a start"),
        ({"start": "nonsense"}, "the tree's start"),
        ({"start": _EMPTY, "nodes": [{}]}, "node 0 has no move"),
        ({"start": _EMPTY, "nodes": [{"parent": -1, "move": "z"}]}, "not a legal move"),
        ({"start": _EMPTY, "nodes": [{"parent": 0, "move": "d"}]}, "not an earlier node"),
        ({"start": _EMPTY, "nodes": 3}, "not a list"),
    ],
)
def test_broken_json_trees_are_refused(data: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        MoveTree.from_json_dict(get("connect4"), data)
