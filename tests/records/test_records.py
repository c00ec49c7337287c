"""Records: text and JSON round trips, replay, and clear errors for broken records."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shoal import games
from shoal.core import RecordError
from shoal.records import Record, read, read_json, read_text


def random_record(game_id: str, seed: int, cut: float = 1.0) -> Record:
    game = games.get(game_id)
    rng = random.Random(seed)
    state = game.initial(seed)
    actions = []
    while state.outcome is None:
        action = rng.choice(list(state.legal_actions()))
        actions.append(action)
        state = state.child(action)
    actions = actions[: int(len(actions) * cut)]
    return Record.from_actions(game, actions, seed=seed, players=("ann", "bob"), date="2026.11.22")


@pytest.mark.parametrize("game_id", games.ids(all=True))
@pytest.mark.parametrize("cut", [1.0, 0.5])
def test_text_round_trip_replays_to_the_same_final_state(game_id: str, cut: float) -> None:
    for seed in range(3):
        record = random_record(game_id, seed, cut)
        back = read_text(record.to_text())
        # A turn notation may be order-free (Sytran sorts a turn's stones): the text
        # keeps each turn's actions, not always their order within the turn.
        assert sorted(back.actions) == sorted(record.actions)
        assert len(back.turns()) == len(record.turns())
        assert back.final_state() == record.final_state()
        assert back.players == ("ann", "bob")
        assert back.to_text() == record.to_text()


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_json_round_trip_replays_to_the_same_final_state(game_id: str) -> None:
    for seed in range(3):
        record = random_record(game_id, seed, 0.7)
        back = read_json(record.to_json())
        assert back.actions == record.actions
        assert back.to_json_dict() == record.to_json_dict()
        assert read(record.to_json()).actions == record.actions


def test_record_text_has_the_tags_and_numbered_turns() -> None:
    record = Record.from_actions(
        games.get("connect4"),
        [3, 3, 2, 2, 1, 1, 0],
        seed=0,
        players=("ann", "bob"),
        date="2026.11.22",
    )
    text = record.to_text()
    assert text.splitlines()[:9] == [
        '[Game "connect4"]',
        '[RulesVersion "1"]',
        '[Seed "0"]',
        '[Seat0 "ann"]',
        '[Seat1 "bob"]',
        '[Result "1-0"]',
        '[Reason "four in a row"]',
        '[Date "2026.11.22"]',
        "",
    ]
    assert text.splitlines()[9:] == ["1. d", "2. d", "3. c", "4. c", "5. b", "6. b", "7. a"]


def test_a_record_from_an_explicit_start_position() -> None:
    game = games.get("connect4")
    start = "......./......./......./......./......./...x... o"
    record = Record.from_actions(game, [3], start=start)
    back = read_text(record.to_text())
    assert back.start == start and back.seed is None
    assert back.final_state().position() == "......./......./......./......./...o.../...x... x"


GOOD = '[Game "connect4"]\n[Seed "0"]\n\n1. d\n2. d\n'


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('[Game "connect4"]\n\n1. d\n2. z\n', 4, "column letter"),
        ('[Game "connect4"]\n\n1. d\n3. d\n', 4, "turn 3 where turn 2"),
        ('[Game "nonsense"]\n\n1. d\n', 1, "unknown game"),
        ('[Game "connect4"\n', 1, "malformed tag"),
        ('[Game "connect4"]\n[Option "size=9"]\n', 1, "unknown option"),
        ('[Game "connect4"]\nd d\n', 2, "numbered turn"),
        ('[Game "connect4"]\n[Seed "x"]\n', 2, "not a number"),
        ('[Game "connect4"]\n[Result "1-0"]\n1. d\n', 2, "does not match"),
        ('[Game "connect4"]\n[Start "garbage"]\n', 2, "expected"),
        ('[Game "connect4"]\n[RulesVersion "99"]\n', 2, "rules version"),
        ('[Game "connect4"]\n1. d\n[Seed "1"]\n', 3, "tag after"),
        ('[Game "connect4"]\n1. partial: d\n', 2, "completes its turn"),
        ('[Game "connect4"]\n1. partial: d\n2. d\n', 2, "only the last turn"),
    ],
)
def test_broken_text_records_name_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(RecordError, match=words) as caught:
        read_text(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}:")


def test_a_record_without_a_game_tag_is_refused() -> None:
    with pytest.raises(RecordError, match="no Game tag"):
        read_text("1. d\n")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("not json", "not JSON"),
        ("[]", "not a shoal record"),
        (json.dumps({"format": "shoal-record"}), "'game' is missing"),
        (
            json.dumps(
                {"format": "shoal-record", "game": "connect4", "turns": [{"actions": ["z"]}]}
            ),
            "turn 1",
        ),
        (json.dumps({"format": "shoal-record", "game": "connect4", "turns": ["d"]}), "turn 1"),
        (json.dumps({"format": "shoal-record", "game": "connect4", "seed": "x"}), "wrong type"),
        (
            json.dumps(
                {"format": "shoal-record", "game": "connect4", "turns": [{"actions": ["d", "d"]}]}
            ),
            "after the turn ended",
        ),
    ],
)
def test_broken_json_records_say_what_is_wrong(data: str, words: str) -> None:
    with pytest.raises(RecordError, match=words):
        read_json(data)


def test_oversized_records_are_refused_before_parsing() -> None:
    with pytest.raises(RecordError, match="larger than"):
        read_text(GOOD + "#" * 3_000_000)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_reads_as_a_record_or_raises_record_error(text: str) -> None:
    with contextlib.suppress(RecordError):
        read(text)
