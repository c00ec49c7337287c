"""Cyclix rendering, click paths, diagrams and the AI's knowledge (features, evaluate, explain)."""

from __future__ import annotations

import random
import re

from shoal.games import get
from shoal.games.cyclix import CyclixState
from shoal.games.cyclix.geometry import PASS, encode, square_of

GAME = get("cyclix")


def load(text: str) -> CyclixState:
    state = GAME.load(text)
    assert isinstance(state, CyclixState)
    return state


REENTRY = load("......k/.....nb/......./......./..R..../~B...../K...... w Nr - 0 9")
CHECK = load("......k/~~~~.nb/~~~~~../.~.~..~/..~~R../.~~..../K~..r.. w BN - 0 30")


def test_text_shows_board_side_and_hands() -> None:
    text = GAME.render_text(CHECK)
    assert "7  . . . . . . k" in text and "1  K ~ . . r . ." in text
    assert text.endswith("white to move (in check); hands: white BN, black -")


def test_svg_follows_the_contract_and_shows_tiles_sea_pieces_hands() -> None:
    svg = GAME.render_svg(REENTRY)
    assert svg.startswith("<svg") and 'viewBox="' in svg and "width=" not in svg.split(">")[0]
    cells = re.findall(r'class="cell[^"]*" data-cell="([a-g][1-7])"', svg)
    assert len(cells) == 49
    assert svg.rfind('class="cell') > svg.rfind('class="piece')  # cells drawn last
    assert svg.count('class="tile"') == 48  # a2 is sea
    assert svg.count('class="piece') == 6 + 2  # six on the board, one in each hand
    assert "White hand" in svg and "Black hand" in svg


def test_svg_marks_the_last_move_and_check_and_highlights() -> None:
    action = REENTRY.parse_action("Ka1-a3")
    after = REENTRY.child(action)
    svg = GAME.render_svg(after, last=(action,), highlight=("a3",))
    assert 'class="last"' in svg  # a1 has become sea: a dashed outline marks it
    assert 'class="cell hl" data-cell="a3"' in svg
    assert 'class="check"' in GAME.render_svg(CHECK)
    assert 'class="check"' not in GAME.render_svg(REENTRY)


def test_click_paths_from_and_to_reentry_shares_the_path_pass_has_none() -> None:
    paths = GAME.click_paths(REENTRY)
    assert paths[encode(0, square_of("a3"))] == ("a1", "a3")
    assert paths[encode(0, square_of("a3"), 3)] == ("a1", "a3")
    stuck = load("~~~~~~k/~~~~~~~/~~~~~~~/~~~.~~~/~~~~~~~/~~~~~~~/K~~~~~~ w RBNrbn - 0 0")
    assert GAME.click_paths(stuck) == {PASS: ()}


def test_diagrams_are_real_positions_of_each_topic() -> None:
    diagrams = GAME.diagrams()
    names = [d.name for d in diagrams]
    assert names == ["start", "king-sight", "carry", "reentry", "check", "mate"]
    mate = diagrams[-1].state
    assert mate.outcome is not None and mate.outcome.reason == "checkmate"
    assert diagrams[4].state.in_check and diagrams[4].highlight == ("a2",)
    for diagram in diagrams:
        assert GAME.render_svg(diagram.state, last=diagram.last, highlight=diagram.highlight)


def test_evaluation_is_symmetric_at_the_start_and_in_range() -> None:
    assert GAME.evaluate(GAME.initial(), 0) == 0.0
    rng = random.Random(3)
    state: CyclixState = GAME.initial()  # type: ignore[assignment]
    for _ in range(200):
        if state.outcome is not None:
            break
        value = GAME.evaluate(state, 0)
        assert -1.0 <= value <= 1.0 and GAME.evaluate(state, 1) == -value
        state = state.child(rng.choice(state.legal_actions()))


def test_features_count_material_hands_king_room_and_checks() -> None:
    features = GAME.features(CHECK)
    assert features["material"] == 5.0 - 11.0  # White: a rook; Black: rook, bishop, knight
    assert abs(features["hand"] - 6.0 * 0.6) < 1e-9  # White's bishop and knight in hand
    assert features["in_check"] == 1.0
    assert set(features) == {"material", "hand", "king_mobility", "king_tiles", "in_check"}


def test_explain_names_mate_capture_and_check() -> None:
    mate = load("~~~~~~k/~~~~~~~/~~~~.~~/~~~~~~~/~~~~~~~/~~~~~~~/K~R~~~~ w BNrbn - 0 41")
    assert GAME.explain(mate, mate.parse_action("Rc1-c7^")) == "checkmates"
    assert GAME.explain(CHECK, CHECK.parse_action("Re3xe1")) == "captures the rook"
    check = load("......k/.....nb/....r../......./..R..../BN...../K...... w - - 0 0")
    assert "gives check" in GAME.explain(check, check.parse_action("Rc3-c7"))
    assert "back from hand" in GAME.explain(REENTRY, REENTRY.parse_action("Ka1-a3=N"))


def test_ai_profile_asks_for_alpha_beta() -> None:
    assert GAME.ai_profile.algorithm == "alphabeta"
