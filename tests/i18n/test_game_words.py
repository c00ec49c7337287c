"""A game's words in the reader's language (issue 62): the games build them from templates
through the translator the caller passes (``shoal.core.words``); English, the default, is the
words every caller always had."""

from __future__ import annotations

import random
import re

import pytest

from shoal.core.words import ENGLISH
from shoal.games import get
from shoal.games.sytran import Sytran
from shoal.games.sytran.rules import SytranState
from shoal.i18n import catalogue

GAME = Sytran.with_options({"base": 6})


def _full() -> SytranState:
    state = GAME.initial()
    while state.outcome is None:
        state = state.child(state.legal_actions()[0])
    return state


def test_sytrans_status_line_is_said_in_dutch_and_german_and_english_as_before() -> None:
    state = GAME.initial().apply_text("f6").apply_text("b6")
    english = (
        "White 1 stone in 1 group: -7 · Black 1 stone in 1 group: -7 · empty cells 89 (P = 8)"
        " · this turn: 1 stone placed (innermost ring 3), 2 more at most; it ends by itself"
    )
    assert GAME.status(state) == GAME.status(state, tr=ENGLISH) == english
    assert GAME.status(state, tr=catalogue("en")) == english
    assert GAME.status(state, tr=catalogue("nl")) == (
        "Wit 1 steen in 1 groep: -7 · Zwart 1 steen in 1 groep: -7 · vrije velden 89 (P = 8)"
        " · deze beurt: 1 steen gezet (binnenste ring 3), nog hoogstens 2; die eindigt vanzelf"
    )
    german = GAME.status(state, tr=catalogue("de"))
    assert german.startswith("Weiß 1 Stein in 1 Gruppe: -7 · Schwarz 1 Stein in 1 Gruppe: -7")
    assert german.endswith(
        "dieser Zug: 1 Stein gesetzt (innerster Ring 3), noch höchstens 2; er endet von selbst"
    )
    # the board in words, a cell's name, the news after a stone, a label
    assert GAME.describe(state, tr=catalogue("nl")) == ["Witte steen: f6", "Zwarte steen: b6"]
    assert GAME.cell_names(state, tr=catalogue("de"))["b6"] == "b6: schwarzer Stein, Ring 3"
    stone = state.parse_action("d4")
    assert GAME.action_news(state, stone, state.child(stone), tr=catalogue("nl")) == [
        "nog 1 steen deze beurt"
    ]
    assert GAME.action_label(state, stone, tr=catalogue("de")) == "Stein auf d4"
    assert GAME.explain(state, stone, tr=catalogue("nl")).startswith("d4 begint een nieuwe groep")


def test_sytrans_ending_sentence_in_dutch_and_german() -> None:
    state = _full()
    outcome = state.outcome
    assert outcome is not None and outcome.winner is not None and outcome.scores is not None
    winner = ("White", "Black")[["white", "black"].index(state.side_name(outcome.winner))]
    high, low = (int(outcome.scores[outcome.winner]), int(outcome.scores[1 - outcome.winner]))
    assert GAME.ending_sentence(state) == f"{winner} wins: {outcome.reason}."
    assert outcome.reason == f"score {high} to {low}"  # the short form stays English
    dutch = {"White": "Wit", "Black": "Zwart"}[winner]
    german = {"White": "Weiß", "Black": "Schwarz"}[winner]
    assert GAME.ending_sentence(state, tr=catalogue("nl")) == (
        f"{dutch} wint: score {high} tegen {low}."
    )
    assert GAME.ending_sentence(state, tr=catalogue("de")) == (
        f"{german} gewinnt: Punktzahl {high} zu {low}."
    )


@pytest.mark.parametrize("game_id", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs", "connect4"])
def test_every_games_words_are_said_in_every_language_with_their_placeholders_filled(
    game_id: str,
) -> None:
    """Along a random game to its end: the status line, the board in words, the cells' names,
    the labels, news and hint reasons of the actions played, the board's words and the ending
    sentence in
    each language, none with a placeholder left; the default is English."""
    game = get(game_id)
    rng = random.Random(5)
    states, actions = [game.initial(5)], []
    while states[-1].outcome is None and len(actions) < 400:
        action = rng.choice(states[-1].legal_actions())
        actions.append(action)
        states.append(states[-1].child(action))
    picks = [0, len(actions) // 2, len(actions) - 1]
    for language in ("en", "nl", "de", "fr", "it", "es"):
        tr = catalogue(language)
        said: list[str] = [game.ending_sentence(states[-1], tr=tr)]
        for ply in picks:
            state, action = states[ply], actions[ply]
            said += [game.status(state, tr=tr), *game.describe(state, tr=tr)]
            said += [
                *game.cell_names(state, tr=tr).values(),
                game.action_label(state, action, tr=tr),
            ]
            said += game.action_news(state, action, states[ply + 1], tr=tr)
            said.append(game.explain(state, action, tr=tr))
            said += [words for _, words in game.svg_words(state, tr=tr)]
            said += [game.side_description(side, tr=tr) for side in state.sides()]
        assert not [line for line in said if re.search(r"\{[a-zA-Z_]+\}", line)], language
        if language == "en":
            state = states[picks[1]]
            assert game.status(state, tr=tr) == game.status(state)
            assert game.describe(state, tr=tr) == game.describe(state)


def test_sirtets_start_cell_says_its_word_in_german_and_english_as_before() -> None:
    from shoal.server.games.views import board_words

    game = get("sirtet")
    state = game.initial(5)
    svg = game.render_svg(state)
    assert svg.count('class="start">start<') == 1
    assert board_words(svg, game.svg_words(state, tr=ENGLISH)) == svg
    assert board_words(svg, game.svg_words(state, tr=catalogue("en"))) == svg
    german = board_words(svg, game.svg_words(state, tr=catalogue("de")))
    assert 'class="start">Start<' in german and 'class="start">start<' not in german
    assert 'class="start">salida<' in board_words(svg, game.svg_words(state, tr=catalogue("es")))


SAME_IN_DUTCH = ("hand", "race")
"""Feature names Dutch says as English does."""


@pytest.mark.parametrize("game_id", ["syrtis", "sirtet", "sytran", "cyclix", "sfirs"])
def test_every_feature_name_has_its_words_in_dutch_and_is_its_key_in_english(
    game_id: str,
) -> None:
    game = get(game_id)
    rng = random.Random(3)
    state, names = game.initial(3), set[str]()
    for _ in range(40):
        names |= set(game.features(state))
        if state.outcome is not None:
            break
        state = state.child(rng.choice(state.legal_actions()))
    english = game.feature_words(names)
    assert english == {name: name.replace("_", " ") for name in names}
    dutch = game.feature_words(names, tr=catalogue("nl"))
    same = [n for n in names if dutch[n] == english[n] and n not in SAME_IN_DUTCH]
    assert names and not same, dutch


def test_a_correspondence_games_ends_are_said_in_dutch_and_german() -> None:
    from shoal.server.games.views import EndReason, ended_sentence

    state = GAME.initial()
    late, idle = (
        "white ran out of time (3 days per move)",
        "aborted: black did not move within 1 day",
    )
    assert ended_sentence(state, late, 1, ENGLISH) == (
        "White ran out of time (3 days per move): Black wins."
    )
    assert ended_sentence(state, late, 1, catalogue("nl")) == (
        "Wit heeft de tijd overschreden (3 dagen per zet): Zwart wint."
    )
    assert ended_sentence(state, idle, None, catalogue("de")) == (
        "Abgebrochen: Schwarz hat nicht innerhalb von 1 Tag gezogen"
    )
    assert ended_sentence(state, idle, None, ENGLISH) == "Aborted: Black did not move within 1 day"
    assert str(EndReason(late, game=GAME)) == late == EndReason(late, game=GAME).say("en")
