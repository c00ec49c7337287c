"""Movetext with variations and comments: exact round trips, refusals in words."""

from __future__ import annotations

import pytest

from shoal.games import get
from shoal.records.movetext import MovetextError, read_movetext, write_movetext
from shoal.records.tree import MoveTree


def _connect4_tree() -> MoveTree:
    game = get("connect4")
    tree = MoveTree(game, game.initial())
    path = tree.add_text((), "d")
    path = tree.add_text(path, "d")
    main = tree.add_text(path, "c")
    branch = tree.add_text(path, "e")
    tree.add_text(branch, "a")
    tree.add_text(main, "b")
    tree.set_comment(branch, "the other side")
    return tree


def test_writes_variations_after_the_move_they_replace() -> None:
    text = write_movetext(_connect4_tree())
    assert text == "1. d; 2. d; 3. c; (3. e; {the other side} 4. a;) 4. b;"


def test_round_trip_is_exact() -> None:
    tree = _connect4_tree()
    text = write_movetext(tree)
    again = read_movetext(tree.game, tree.start, text)
    assert again.same(tree)
    assert write_movetext(again) == text


def test_old_movetext_without_variations_reads() -> None:
    game = get("connect4")
    tree = read_movetext(game, game.initial(), "1. d; 2. c;")
    assert len(tree) == 2
    assert tree.mainline_path() == (0, 0)


def test_actions_with_spaces_and_turns_of_several_actions() -> None:
    game = get("sirtet")
    start = game.initial()
    tree = MoveTree(game, start)
    path: tuple[int, ...] = ()
    state = start
    for _ in range(4):
        action = state.legal_actions()[0]
        path = tree.add(path, action)
        state = state.child(action)
    second = tree.add(path[:2], tree.state(path[:2]).legal_actions()[-1])
    tree.set_comment(second, "try this")
    text = write_movetext(tree)
    again = read_movetext(game, start, text)
    assert again.same(tree)
    assert write_movetext(again) == text


def test_sytran_variation_inside_a_turn_is_numbered_with_dots() -> None:
    game = get("sytran")
    tree = MoveTree(game, game.initial())
    first = tree.add_text((), "j10")
    second = tree.add_text(first, "f6")
    tree.add_text(second, "f7")
    tree.add_text(first, "k6")
    text = write_movetext(tree)
    again = read_movetext(game, tree.start, text)
    assert again.same(tree)
    assert "(" in text and ")" in text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1. d; (2. e;", "never closed"),
        ("1. d; 2. e;)", "closes no variation"),
        ("1. d; {open", "never closed"),
        ("1. d; 2. z;", "'z'"),
        ("1. d 2. e;", "'d 2. e'"),
        ("1. d; 2. e", "does not end with ;"),
        ("(1. d;)", "a variation before any move"),
        ("1. d; }", "closes no comment"),
        ("1. d; ({x} 2. e;)", "follows no move"),
    ],
)
def test_broken_movetext_is_refused_in_words(text: str, words: str) -> None:
    game = get("connect4")
    with pytest.raises(MovetextError, match=words.replace("(", r"\(")):
        read_movetext(game, game.initial(), text)


def test_a_record_with_variations_round_trips_exactly() -> None:
    from shoal.records.movetext import read_tree_record, write_tree_record
    from shoal.records.record import Record

    tree = _connect4_tree()
    record = Record.from_actions(tree.game, [], players=("ann", "bob"), date="2026.11.25")
    text = write_tree_record(record, tree)
    assert text.endswith("\n1. d; 2. d; 3. c; (3. e; {the other side} 4. a;) 4. b;\n")
    assert '[Seat0 "ann"]' in text
    again, again_tree = read_tree_record(text)
    assert again_tree.same(tree)
    assert again.actions == tree.mainline()
    assert write_tree_record(again, again_tree) == text


def test_old_records_still_read_as_a_tree() -> None:
    from shoal.records.movetext import read_tree_record
    from shoal.records.record import Record

    game = get("connect4")
    state = game.initial()
    actions = []
    for text in ["d", "c", "d"]:
        action = state.parse_action(text)
        actions.append(action)
        state = state.child(action)
    old = Record.from_actions(game, actions).to_text()
    record, tree = read_tree_record(old)
    assert record.to_text() == old
    assert tree.mainline() == actions
    assert len(tree) == 3


def test_a_tree_record_with_a_wrong_result_is_refused() -> None:
    from shoal.core import RecordError
    from shoal.records.movetext import read_tree_record

    text = '[Game "connect4"]\n[Result "1-0"]\n\n1. d; 2. d;\n'
    with pytest.raises(RecordError, match="does not match the main line"):
        read_tree_record(text)
    with pytest.raises(RecordError, match=r"movetext: .*never closed"):
        read_tree_record('[Game "connect4"]\n\n1. d; (1. e;\n2. d;\n')


def test_an_oversized_tree_record_is_refused() -> None:
    from shoal.core import RecordError
    from shoal.records.movetext import read_tree_record
    from shoal.records.record import MAX_RECORD_BYTES

    text = '[Game "connect4"]\n\n' + "1. d; " * (MAX_RECORD_BYTES // 6 + 1)
    with pytest.raises(RecordError):
        read_tree_record(text)


def test_a_moves_mark_is_its_glyph_number_after_it_and_reads_back() -> None:
    tree = _connect4_tree()
    tree.set_mark((0, 0, 1), "!?")
    tree.set_mark((0,), "??")
    text = write_movetext(tree)
    assert text == "1. d; $4 2. d; 3. c; (3. e; $5 {the other side} 4. a;) 4. b;"
    again = read_movetext(tree.game, tree.start, text)
    assert again.same(tree)
    assert again.node((0, 0, 1)).mark == "!?"
    unmarked = _connect4_tree()
    assert not again.same(unmarked)  # a mark is part of the tree


@pytest.mark.parametrize(
    ("text", "words"),
    [("1. d; $9", "a mark is $1 to $6"), ("$1 1. d;", "a mark follows no move"), ("1. d; $", "$1")],
)
def test_a_bad_mark_is_refused_in_words(text: str, words: str) -> None:
    game = get("connect4")
    with pytest.raises(MovetextError, match=words.replace("$", r"\$")):
        read_movetext(game, game.initial(), text)


def test_a_mark_is_one_of_six_and_never_on_the_start() -> None:
    tree = _connect4_tree()
    with pytest.raises(ValueError, match="a mark is one of"):
        tree.set_mark((0,), "!!!")
    with pytest.raises(ValueError, match="the start carries no mark"):
        tree.set_mark((), "!")
    assert tree.same(_connect4_tree())
