"""Sirtet rendering, click paths, heuristics and diagrams."""

from __future__ import annotations

import re

from shoal.games.sirtet.geometry import ACT_PASS

from .helpers import FREE, load, play, texts

BOARD = {"c3": "Oc", "d5": "Ob", "a1": "Ig", "f6": "Tw"}


def test_text_board_lists_ranks_harvests_and_the_discard_zone() -> None:
    text = FREE.render_text(load(BOARD, "LcIr", "Lb"))
    lines = text.splitlines()
    assert lines[0].split() == list("abcdef")
    assert lines[1] == "6  .. .. .. .. .. Tw"
    assert lines[6] == "1  Ig .. .. .. .. .."
    assert "harvest 0 (2; groups [1, 1]): I.red L.cyan" in text
    assert "discard: Start" in text and "the first player discards a harvest tile" in text


def test_svg_has_a_view_box_every_cell_and_clickable_harvest_tiles() -> None:
    state = load(BOARD, "LcIr", "Lb")
    svg = FREE.render_svg(state, highlight=["h0-Lc"])
    assert "viewBox" in svg and "width=" not in svg.split(">")[0]
    cells = re.findall(r'data-cell="([^"]+)"', svg)
    assert {f + str(r) for f in "abcdef" for r in range(1, 7)} <= set(cells)
    assert {"h0-Lc", "h0-Ir", "h1-Lb"} <= set(cells)
    assert 'class="cell hl" data-cell="h0-Lc"' in svg
    # the hit areas come last, on top
    assert svg.rindex("<text") < svg.index('class="cell')


def test_click_paths_board_cells_and_harvest_tiles() -> None:
    state = load(BOARD, "LcIr", "Lb")
    paths = {state.action_text(a): p for a, p in FREE.click_paths(state).items()}
    assert paths == {
        "pass": (),
        "double L.cyan": ("h0-Lc",),
        "single L.cyan": ("h0-Lc",),
        "single I.red": ("h0-Ir",),
    }
    state = play(state, "double L.cyan")
    paths = {state.action_text(a): p for a, p in FREE.click_paths(state).items()}
    assert paths == {"take c3+d5": ("c3", "d5"), "take d5+f6": ("d5", "f6")}
    burn = play(load(BOARD, "LcIr", "Lb"), "single I.red", "take a1")
    paths = {burn.action_text(a): p for a, p in FREE.click_paths(burn).items()}
    assert paths["keep"] == () and paths["burn c3"] == ("c3",)


def test_the_last_turn_is_marked() -> None:
    state = load(BOARD, "LcIr", "Lb")
    actions = state.parse_turn("L.cyan: c3 d5")
    after = play(state, "L.cyan: c3 d5")
    assert 'class="last"' in FREE.render_svg(after, last=actions)
    assert 'class="last"' not in FREE.render_svg(after)


def test_evaluation_prefers_the_larger_colour_group_and_is_antisymmetric() -> None:
    state = load(BOARD, "IrOrTr", "IbOgTy", mover=1)
    assert FREE.evaluate(state, 0) > 0.3
    assert FREE.evaluate(state, 1) == -FREE.evaluate(state, 0)
    features = FREE.features(state)
    assert features["largest_group"] == 2.0 and features["tiles"] == 0.0
    assert set(features) >= {"standing", "double_harvests", "board_in_best_colour"}


def test_explain_speaks_in_words() -> None:
    state = play(load(BOARD, "LcIr", "Lb"), "double L.cyan")
    reason = FREE.explain(state, state.legal_actions()[0])
    assert reason.startswith("take c3+d5: takes O.cyan and O.blue")
    assert "pass" in FREE.explain(load(BOARD, "LcIr", "Lb"), ACT_PASS)


def test_diagrams_cover_setup_each_shape_single_burn_and_the_end() -> None:
    diagrams = FREE.diagrams()
    names = [d.name for d in diagrams]
    assert names == ["setup"] + [f"double-{s}" for s in "IOTLS"] + ["single-burn", "end"]
    end = diagrams[-1].state
    assert end.outcome is not None and end.outcome.winner is None
    for d in diagrams[1:6]:
        assert len(d.last) == 2 and d.state.outcome is None
    assert texts(diagrams[0].state) == {f"pick {c}" for c in diagrams[0].highlight}


def test_every_click_path_id_is_a_data_cell_of_the_svg() -> None:
    """In random games of both tile sets, each id of each click path is a hit area."""
    import random

    from .helpers import ONE_SIDED

    checked = 0
    for game in (FREE, ONE_SIDED):
        rng = random.Random(5)
        for seed in range(6):
            state = game.initial(seed)
            while state.outcome is None:
                checked += 1
                svg = game.render_svg(state)
                ids = set(re.findall(r'class="cell[^"]*" data-cell="([^"]+)"', svg))
                paths = game.click_paths(state)
                assert set(paths) == set(state.legal_actions())
                for path in paths.values():
                    assert set(path) <= ids, (state.position(), path)
                # the only shared paths: double X and single X (one click on tile X)
                by_path: dict[tuple[str, ...], list[str]] = {}
                for action, path in paths.items():
                    if path:
                        by_path.setdefault(path, []).append(state.action_text(action))
                for path, names in by_path.items():
                    if len(names) > 1:
                        tile = names[0].split()[1]
                        assert sorted(names) == [f"double {tile}", f"single {tile}"], path
                legal = state.legal_actions()
                state = state.child(legal[rng.randrange(len(legal))])
    assert checked > 200
