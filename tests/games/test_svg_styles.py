"""A board's SVG keeps its styles to itself: every rule of an embedded <style> is scoped to
the board's own class (svg.GAME), so a page showing it keeps its own look (Sirtet's
`.status{font-size:13px}` used to shrink the game page's status line)."""

from __future__ import annotations

import random
import re

import pytest

from shoal import games


@pytest.mark.parametrize("game_id", games.ids(all=True))
def test_every_style_rule_of_a_board_is_scoped_to_it(game_id: str) -> None:
    game = games.get(game_id)
    state = game.initial(0)
    rng = random.Random(0)
    for _ in range(6):  # a few positions: some styles appear only in play
        if state.outcome is not None:
            break
        svg = game.render_svg(state)
        assert re.match(rf'<svg [^>]*class="[^"]*\b{game_id}\b', svg)
        for block in re.findall(r"<style>(.*?)</style>", svg, re.S):
            for rule in re.findall(r"([^{}]+)\{[^{}]*\}", block):
                for selector in rule.split(","):
                    assert selector.strip().startswith(f"svg.{game_id} "), selector
        state = state.child(rng.choice(list(state.legal_actions())))
