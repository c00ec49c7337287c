"""The games in words for a player who does not see the board (issue 60).

Each game says, beside an action's label, what else a sighted player sees happen
(``Game.action_news``), names every cell of its picture with what is on it and whose
(``Game.cell_names``), and lists what lies beside the board (``Game.off_board_words``). The
news are checked here against the rules' own states along random games: each says exactly
what changed, nothing else.
"""

from __future__ import annotations

import random
import re

import pytest

from shoal.core import Game, State
from shoal.games import get
from shoal.games.syrtis import render as syrtis_render

GAMES = {
    "syrtis": {"variant": "minor"},
    "sirtet": {},
    "sytran": {"base": 6},
    "cyclix": {"max_turns": 60},
    "sfirs": {"max_turns": 40},
}


def _game(game_id: str) -> Game:
    return type(get(game_id)).with_options(GAMES[game_id])


def _steps(game: Game, seed: int, most: int = 400) -> list[tuple[State, int, State]]:
    """(state, action, child) along one random game."""
    rng = random.Random(seed)
    state = game.initial(seed)
    out = []
    while state.outcome is None and len(out) < most:
        action = rng.choice(list(state.legal_actions()))
        child = state.child(action)
        out.append((state, action, child))
        state = child
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_cell_of_the_picture_is_named_with_what_is_on_it(game_id: str) -> None:
    """Each clickable cell of the SVG has a name that starts with its id (Sirtet's harvest
    tiles: with the tile), and says the words the board in words gives that cell."""
    game = _game(game_id)
    for state, _, _ in _steps(game, 1)[::7]:
        names = game.cell_names(state)
        drawn = set(re.findall(r'data-cell="([^"]+)"', game.render_svg(state)))
        assert set(names) <= drawn
        board_cells = [cell for cell in drawn if not cell.startswith("h")]
        assert set(board_cells) <= set(names), "every board cell is named"
        for cell, words in game.cell_words(state).items():
            assert names[cell].lower().startswith(f"{cell}: "), names[cell]
            first = words.split(" with ")[0].lower()
            assert first.replace(" tile", "") in names[cell].lower(), (words, names[cell])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_news_says_the_end_or_repeats_the_label(game_id: str) -> None:
    """The end is the ending sentence's; a news line never repeats the action's label."""
    game = _game(game_id)
    for seed in range(3):
        for state, action, child in _steps(game, seed):
            news = game.action_news(state, action, child)
            assert all(isinstance(line, str) and line for line in news)
            label = game.action_label(state, action)
            assert not any(line.lower() in label.lower() for line in news), (label, news)
            assert not any(re.search(r"\bwins?\b", line) for line in news), news


# -- Cyclix ---------------------------------------------------------------------------------


def test_cyclix_news_say_each_check_each_capture_and_each_vanished_tile() -> None:
    """rules/cyclix.md: "Capture: the captured piece returns to its owner's hand"; "When the
    king moves, the tile it leaves is removed" (unless a piece re-enters on it); a check is
    said after every move that gives one, and marked "+" in the move list ("#" at mate)."""
    from shoal.games.cyclix.geometry import PASS, SQUARE_NAMES, decode

    game = _game("cyclix")
    checks = captures = vanished = 0
    for seed in range(12):
        for state, action, child in _steps(game, seed):
            news = game.action_news(state, action, child)
            in_check = child.outcome is None and child.in_check
            assert ("check" in news) == in_check
            assert game.turn_mark(child) == (
                "+"
                if in_check
                else "#"
                if child.outcome and child.outcome.reason == "checkmate"
                else ""
            )
            checks += in_check
            if action == PASS:
                continue
            frm, to, _ = decode(action)
            victim = state.piece_at(to)
            said = [line for line in news if line.endswith("\u2019s hand")]
            assert bool(said) == (victim >= 0)
            captures += victim >= 0
            carried = not state.tiles >> to & 1  # the label says it: "carrying its tile"
            gone = not child.tiles >> frm & 1 and not carried
            assert (f"the tile on {SQUARE_NAMES[frm]} vanishes" in news) == gone
            vanished += gone
    assert checks and captures and vanished  # the random games showed each kind


def test_cyclix_board_in_words_has_the_water_and_the_hands() -> None:
    game = _game("cyclix")
    state = game.initial().apply_text("Rc3-e3").apply_text("Re5xe3")
    lines = game.describe(state)
    assert lines[-2:] == ["White\u2019s hand: rook", "Black\u2019s hand: empty"]
    king = game.initial()
    for text in ("Rc3-b3", "Nf6-g4", "Nb2-d1", "Re5-d5", "Rb3-b6"):
        king = king.apply_text(text)
    moved = next(a for a in king.legal_actions() if king.action_text(a).startswith("K"))
    after = king.child(moved)
    assert any(line.startswith("Water: ") for line in game.describe(after))
    assert (
        game.cell_names(after)[king.action_text(moved)[1:3]]
        == f"{king.action_text(moved)[1:3]}: water"
    )


# -- Syrtis ---------------------------------------------------------------------------------


def test_syrtis_sinks_are_confirmed_and_say_the_race_and_the_islands() -> None:
    """rules/syrtis.md: "count the current streak of sinks made by the same player"; an
    island = "an edge-connected group of tiles sharing a colour, or sharing a shape". Every
    sink says the race; an action that makes a colour or shape one island says so, and one
    that cuts such an island says into how many; a sink is the one kind a page confirms."""
    game = _game("syrtis")
    joined = 0
    for seed in range(10):
        for state, action, child in _steps(game, seed):
            kind = game.action_kind(state, action)
            news = game.action_news(state, action, child)
            entry = next(e for e in game.action_entries(state) if e["action"] == action)
            assert entry.get("kind") == kind and entry.get("confirm", False) == (kind == "sink")
            if kind == "sink":
                side = ("Light", "Dark")[child.sinker]
                assert f"sink race: {side} {child.streak} of 4" in news
            for name in ("light", "dark", "circle", "square"):
                one = f"the {name} tiles form one island"
                joined += one in news
                if one in news:
                    tiles = _tiles_of(child, name)
                    assert (
                        child.geo.islands(tiles) == 1
                        and child.geo.islands(_tiles_of(state, name)) > 1
                    )
    assert joined


def _tiles_of(state: State, name: str) -> int:
    tiles, light, circle = state.tiles, state.light, state.circle  # type: ignore[attr-defined]
    return {"light": light, "dark": tiles & ~light, "circle": circle, "square": tiles & ~circle}[
        name
    ]


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_syrtis_targets_stand_out_on_the_sea_and_on_both_tiles() -> None:
    """WCAG 1.4.11: a cell to choose is drawn in a colour of 3:1 or more against what it lies
    on; the two-tone ring has one such tone on the sea, a light tile and a dark tile, and it is
    the look the board's own style gives a highlighted cell."""
    for where, background in syrtis_render.BACKGROUNDS.items():
        best = max(_contrast(tone, background) for tone in syrtis_render.TARGET_COLOURS)
        assert best >= 3, f"a target on the {where} has {best:.2f}:1"
    svg = get("syrtis").render_svg(get("syrtis").initial(0))
    assert ".cell.hl{fill:url(#syrtis-target)!important" in svg
    assert all(tone in svg for tone in syrtis_render.TARGET_COLOURS)


# -- Sytran ---------------------------------------------------------------------------------


def test_sytran_says_the_stones_left_while_a_turn_goes_on() -> None:
    """rules/sytran.md: "A turn places k stones, where k is the number of the innermost ring
    that receives a stone"; "the turn ends exactly when no further stone is legal". After a
    stone that does not end the turn, the news says how many more it may take (the innermost
    ring used minus the stones placed); after the last, nothing; every cell is named with its
    ring."""
    game = _game("sytran")
    said = 0
    for seed in range(4):
        for state, action, child in _steps(game, seed):
            news = game.action_news(state, action, child)
            goes_on = child.outcome is None and child.to_move == state.to_move and child.placed
            if goes_on:
                left = child.smallest - child.placed
                assert news == [
                    f"{left} more stone{' this turn' if left == 1 else 's this turn at most'}"
                ]
                assert "it ends by itself" in game.status(child)
                said += 1
            else:
                assert news == []
    assert said
    names = game.cell_names(game.initial())
    assert len(names) == game.geo.num_cells
    assert all(re.fullmatch(r"\w+: empty, ring [1-3]", name) for name in names.values())


# -- SFIRS ----------------------------------------------------------------------------------


def test_sfirs_news_say_every_cube_that_turns() -> None:
    """rules/sfirs.md: "the moved cube becomes inactive if it ends on the outer edge, or next to
    any cube; otherwise it becomes active. Every active cube it ends next to or passed becomes
    inactive." The news name exactly the cubes whose state changed."""
    from shoal.games.sfirs.geometry import CELLS, cell_name
    from shoal.games.sfirs.notation import REVIVE

    game = _game("sfirs")
    for seed in range(4):
        for state, action, child in _steps(game, seed):
            if action >= REVIVE:
                continue
            news = " ".join(game.action_news(state, action, child))
            origin = action // CELLS
            turned = state.active & ~child.active & ~(1 << origin)
            for c in range(CELLS):
                named = re.search(rf"\b{cell_name(c)}\b", news) is not None
                assert named == bool(turned >> c & 1), (news, cell_name(c))


# -- Sirtet ---------------------------------------------------------------------------------


def test_sirtet_news_name_the_tiles_that_move() -> None:
    """rules/sirtet.md: harvested tiles go to the player's harvest, a burnt tile to the discard
    zone; the news name those tiles; the board in words ends with both harvests and the
    discard zone."""
    game = _game("sirtet")
    for state, action, child in _steps(game, 2):
        news = " ".join(game.action_news(state, action, child))
        seat = state.mover
        for tile, name in enumerate(state.ts.names):
            gained = child.harvest(seat) >> tile & 1 and not state.harvest(seat) >> tile & 1
            shape, _, colour = name.partition(".")
            if gained:
                assert f"the {colour} {shape}" in news
    lines = game.describe(child)
    assert lines[-3].startswith("First player\u2019s harvest: ")
    assert lines[-1].startswith("Discard zone: the Start tile")
