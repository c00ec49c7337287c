"""Syrtis for a player who does not see the board: the kind of each action (move, sink,
slide), and what an action does besides its label: the sink race, an island cut in parts or
joined into one, a set-up step done.

>>> from shoal.games.syrtis import Syrtis
>>> game = Syrtis.with_options({"variant": "minor"})
>>> s = game.load(".CDcLC/.c.s/sLC.SD/Cs.. play 0 0 D1 0,0 19")
>>> sink = s.parse_action("xa1")
>>> action_kind(s, sink), action_news(s, sink, s.child(sink))
('sink', ['sink race: Light 1 of 4', 'the circle tiles form one island'])
"""

from __future__ import annotations

from shoal.core.words import ENGLISH, Translator

from .explain import setup_status, side_title
from .rules import PLAY, RACE_LENGTH, SyrtisState

__all__ = ["action_kind", "action_news"]


def action_kind(state: SyrtisState, action: int) -> str:
    """``move`` (a tower), ``sink``, ``slide``, ``pass``; in the set-up ``switch``,
    ``place`` and ``choose``."""
    geo = state.geo
    if action < geo.slide_base:
        return "move"
    if action < geo.sink_base:
        return "slide"
    if action < geo.place_l_base:
        return "sink"
    if action < geo.swap_base:
        return "place"
    if action < geo.pass_action:
        return "switch"
    return "pass" if action == geo.pass_action else "choose"


def _sets(state: SyrtisState) -> dict[str, int]:
    """The tiles of each colour and of each shape."""
    tiles = state.tiles
    return {
        "light": state.light,
        "dark": tiles & ~state.light,
        "circle": state.circle,
        "square": tiles & ~state.circle,
    }


def _island_words(name: str, tr: Translator) -> tuple[str, str]:
    """What is said when a colour's or a shape's tiles are cut, and when they join."""
    if name == "light":
        return (
            tr.gettext("the light tiles are cut into {n} islands"),
            tr.gettext("the light tiles form one island"),
        )
    if name == "dark":
        return (
            tr.gettext("the dark tiles are cut into {n} islands"),
            tr.gettext("the dark tiles form one island"),
        )
    if name == "circle":
        return (
            tr.gettext("the circle tiles are cut into {n} islands"),
            tr.gettext("the circle tiles form one island"),
        )
    return (
        tr.gettext("the square tiles are cut into {n} islands"),
        tr.gettext("the square tiles form one island"),
    )


def island_news(before: SyrtisState, after: SyrtisState, tr: Translator = ENGLISH) -> list[str]:
    """Each colour or shape whose tiles were one island and are cut into several, or came
    together in one (a complete island is what wins).

    >>> from shoal.games.syrtis import Syrtis
    >>> game = Syrtis.with_options({"variant": "minor"})
    >>> s = game.load(".c.C/ScCDs/sLCcLSD/.sS. play 0 1 D1 0,0 18")
    >>> island_news(s, s.child(s.parse_action("c3>c4")))
    ['the circle tiles form one island']
    """
    geo = before.geo
    news = []
    old, new = _sets(before), _sets(after)
    for name, bits in new.items():
        was, now = geo.islands(old[name]), geo.islands(bits)
        if was == 1 and now > 1:
            news.append(_island_words(name, tr)[0].format(n=now))
        elif now == 1 and was > 1:
            news.append(_island_words(name, tr)[1])
    return news


def action_news(
    state: SyrtisState, action: int, child: SyrtisState, tr: Translator = ENGLISH
) -> list[str]:
    """The sink race after a sink, the islands a sink or a slide changed, the passes in a
    row from the second on, and the set-up's next step when it changes."""
    if state.phase != PLAY:
        if child.phase != state.phase and child.phase != PLAY:
            return [tr.gettext("next: {step}").format(step=setup_status(child.phase, tr))]
        return []
    kind = action_kind(state, action)
    news = []
    sides = (side_title("light", tr), side_title("dark", tr))
    if kind == "sink":
        news.append(
            tr.gettext("sink race: {side} {n} of {race}").format(
                side=sides[child.sinker], n=child.streak, race=RACE_LENGTH
            )
        )
    if kind in ("sink", "slide"):
        news.extend(island_news(state, child, tr))
    if kind == "pass":
        side = 0 if state.to_move == state.light_seat else 1
        passes = child.passes[side]
        if passes > 1:
            news.append(
                tr.gettext("{side} has passed {n} turns in a row").format(
                    side=sides[side], n=passes
                )
            )
    return news
