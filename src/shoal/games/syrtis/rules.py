"""Syrtis rules: the state, its legal actions, applying them, and the end of the game.

Pure: no I/O and no global random state. A board is three bitboards (tiles,
light tiles, circle tiles) plus one per side for the towers; see
:mod:`.geometry` for the cell numbering and the action encoding.

Sides are numbered ``LIGHT = 0`` and ``DARK = 1``; seats are bound to sides by
the side choice at the end of the set-up (``light_seat``).

>>> from shoal.games.syrtis import Syrtis
>>> s = Syrtis.with_options({"variant": "minor"}).initial(3)
>>> s.sides(), s.to_move, s.turn
(('setup', 'chooser'), 0, 0)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from shoal.core import Action, Outcome, Seat, State

from .geometry import Geometry, bits_of
from .notation import PositionFields, format_action, format_position, normalize, text_to_action

if TYPE_CHECKING:
    from .game import Syrtis

__all__ = [
    "ADJACENCY",
    "CHOOSE",
    "DARK",
    "EMPTY_SET_IS_COMPLETE",
    "LIGHT",
    "PLACE",
    "PLAY",
    "RACE_LENGTH",
    "SWAP",
    "SWAP_LIMIT",
    "TURN_LIMIT",
    "SyrtisState",
]

LIGHT, DARK = 0, 1
SIDE_NAMES = ("light", "dark")
SWAP, PLACE, CHOOSE, PLAY = 0, 1, 2, 3

RACE_LENGTH = 4
"""Sinks in a row (since the opponent last sank) that win the quicksand race."""
PASS_LIMIT = 4
"""Own passes in a row that end the game by initiative."""
ADJACENCY = "orthogonal"
"""[decision] A sinkable tile is orthogonally adjacent (shares an edge) with a tile carrying
one of the mover's towers; diagonal contact does not count."""
EMPTY_SET_IS_COMPLETE = True
"""[decision] A colour or shape with no remaining tile counts as a complete island."""
SWAP_LIMIT = 100
"""Guard (not in the rules): the pair-switching phase ends after this many turns even if a
colour or shape is still fully connected, so that a game cannot stall in its set-up."""
TURN_LIMIT = 1000
"""Guard (not in the rules): a game still running after this many turns (set-up decisions
included) ends by initiative, reason ``"initiative: turn limit"``."""

_NO_LEGAL: tuple[Action, ...] = ()


def any_set_connected(geo: Geometry, tiles: int, light: int, circle: int) -> bool:
    """True when all tiles of some colour or of some shape form one group."""
    conn = geo.connected
    return (
        conn(light & tiles) or conn(tiles & ~light) or conn(circle & tiles) or conn(tiles & ~circle)
    )


def complete_islands(geo: Geometry, tiles: int, light: int, circle: int) -> tuple[bool, bool]:
    """Whether Light and Dark each have a complete island (colour or shape).

    A set with no tile left counts as complete when ``EMPTY_SET_IS_COMPLETE``.
    """
    conn = geo.connected
    dark, square = tiles & ~light, tiles & ~circle
    if EMPTY_SET_IS_COMPLETE:
        lc = conn(light) or conn(circle)
        dc = conn(dark) or conn(square)
    else:
        lc = (bool(light) and conn(light)) or (bool(circle) and conn(circle))
        dc = (bool(dark) and conn(dark)) or (bool(square) and conn(square))
    return lc, dc


class SyrtisState(State):
    """A Syrtis position (set-up or play).

    ``tiles``, ``light``, ``circle`` are the tile bitboards, ``towers[side]`` the
    tower bitboards; ``phase`` is SWAP, PLACE, CHOOSE or PLAY; ``light_seat``
    is ``-1`` before the side choice; ``sinker`` the side that sank last
    (``-1``: nobody yet) and ``streak`` its sinks since the other side last
    sank; ``passes[side]`` the side's own passes in a row.
    """

    __slots__ = (
        "geo",
        "tiles",
        "light",
        "circle",
        "towers",
        "phase",
        "light_seat",
        "sinker",
        "streak",
        "passes",
        "_legal",
    )

    game: Syrtis

    def __init__(
        self,
        game: Syrtis,
        tiles: int,
        light: int,
        circle: int,
        towers: tuple[int, int],
        phase: int,
        light_seat: int,
        to_move: Seat | None,
        sinker: int,
        streak: int,
        passes: tuple[int, int],
        turn: int,
        outcome: Outcome | None,
    ) -> None:
        self.game = game
        self.geo = game.geo
        self.tiles = tiles
        self.light = light
        self.circle = circle
        self.towers = towers
        self.phase = phase
        self.light_seat = light_seat
        self.to_move = to_move
        self.sinker = sinker
        self.streak = streak
        self.passes = passes
        self.turn = turn
        self.outcome = outcome
        self._legal: tuple[Action, ...] | None = None if outcome is None else _NO_LEGAL

    # -- sides -----------------------------------------------------------------
    def sides(self) -> tuple[str, str]:
        """``("setup", "chooser")`` before the side choice, then each seat's side."""
        if self.light_seat < 0:
            return ("setup", "chooser")
        return ("light", "dark") if self.light_seat == 0 else ("dark", "light")

    @property
    def side_to_move(self) -> int | None:
        """LIGHT or DARK in play (``None`` during the set-up and after the end)."""
        if self.phase != PLAY or self.to_move is None:
            return None
        return LIGHT if self.to_move == self.light_seat else DARK

    def seat_of(self, side: int) -> Seat:
        """The seat playing ``side`` (after the side choice)."""
        return self.light_seat if side == LIGHT else 1 - self.light_seat

    # -- legal actions -----------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _generate(self) -> tuple[Action, ...]:
        geo = self.geo
        phase = self.phase
        if phase == PLAY:
            return self._play_actions()
        tiles = self.tiles
        if phase == SWAP:
            partner = self.game.partner
            light, circle = self.light, self.circle
            out = []
            for p in range(geo.cells):
                q = partner[p]
                if q > p and ((light ^ (light >> q - p)) | (circle ^ (circle >> q - p))) >> p & 1:
                    out.append(geo.swap_base + p)
            return tuple(out)
        if phase == PLACE:
            lt, dt = self.towers
            free = tiles & ~(lt | dt)
            out = []
            if lt.bit_count() < 2:
                base = geo.place_l_base
                out.extend(base + c for c in bits_of(free & (self.light | self.circle)))
            if dt.bit_count() < 2:
                base = geo.place_d_base
                out.extend(base + c for c in bits_of(free & ~(self.light & self.circle)))
            return tuple(out)
        return (geo.light_action, geo.dark_action)

    def _play_actions(self) -> tuple[Action, ...]:
        geo = self.geo
        side = self.side_to_move
        assert side is not None
        tiles, light, circle = self.tiles, self.light, self.circle
        own = self.towers[side]
        occupied = self.towers[0] | self.towers[1]
        if side == LIGHT:
            colour, shape = light, circle
        else:
            colour, shape = tiles & ~light, tiles & ~circle
        c = geo.cells
        out: list[Action] = []
        froms = bits_of(own)
        # tower moves
        island = geo.island
        for f in froms:
            fbit = 1 << f
            dests = 0
            if fbit & colour:
                dests = island(f, colour)
            if fbit & shape:
                dests |= island(f, shape)
            dests &= ~occupied
            if dests:
                base = f * c
                out.extend([base + t for t in bits_of(dests)])
        # slides
        box_empty = geo.box(tiles) & ~tiles
        if box_empty:
            connected = geo.connected
            for f in froms:
                fbit = 1 << f
                reach = island(f, box_empty | fbit) & ~fbit
                if not reach:
                    continue
                rest = tiles & ~fbit
                base = geo.slide_base + f * c
                if connected(rest):
                    reach &= geo.neighbours(rest)
                    out.extend(base + t for t in bits_of(reach))
                else:
                    out.extend(base + t for t in bits_of(reach) if connected(rest | 1 << t))
        # sinks
        empty = geo.full & ~tiles
        neighbours = geo.neighbours
        open_tiles = tiles & (neighbours(empty) | geo.border)
        cand = neighbours(own) & open_tiles & ~occupied
        if cand:
            connected = geo.connected
            base = geo.sink_base
            for t in bits_of(cand):
                tbit = 1 << t
                # a tile with a single tile neighbour is a leaf: sinking it splits nothing
                if (neighbours(tbit) & tiles).bit_count() == 1 or connected(tiles ^ tbit):
                    out.append(base + t)
        out.append(geo.pass_action)
        return tuple(out)

    # -- applying ------------------------------------------------------------------
    def child(self, action: Action) -> SyrtisState:
        geo = self.geo
        phase = self.phase
        turn = self.turn + 1
        if phase == PLAY:
            return self._play_child(action, turn)
        game = self.game
        towers = self.towers
        if phase == SWAP:
            p = action - geo.swap_base
            q = game.partner[p]
            both = (1 << p) | (1 << q)
            light, circle = self.light, self.circle
            if (light >> p ^ light >> q) & 1:
                light ^= both
            if (circle >> p ^ circle >> q) & 1:
                circle ^= both
            still = turn < SWAP_LIMIT and any_set_connected(geo, self.tiles, light, circle)
            return SyrtisState(
                game, self.tiles, light, circle, towers, SWAP if still else PLACE,
                -1, 0, -1, 0, (0, 0), turn, None,
            )  # fmt: skip
        if phase == PLACE:
            if action < geo.place_d_base:
                towers = (towers[0] | 1 << (action - geo.place_l_base), towers[1])
            else:
                towers = (towers[0], towers[1] | 1 << (action - geo.place_d_base))
            done = (towers[0] | towers[1]).bit_count() == 4
            return SyrtisState(
                game, self.tiles, self.light, self.circle, towers, CHOOSE if done else PLACE,
                -1, 1 if done else 0, -1, 0, (0, 0), turn, None,
            )  # fmt: skip
        light_seat = 1 if action == geo.light_action else 0
        return _finish(
            game, self.tiles, self.light, self.circle, towers, light_seat, light_seat,
            -1, 0, (0, 0), turn, True,
        )  # fmt: skip

    def _play_child(self, action: Action, turn: int) -> SyrtisState:
        geo = self.geo
        side = LIGHT if self.to_move == self.light_seat else DARK
        nxt = 1 - self.to_move  # type: ignore[operator]
        towers = self.towers
        tiles, light, circle = self.tiles, self.light, self.circle
        sinker, streak = self.sinker, self.streak
        passes = self.passes
        if action < geo.sink_base:
            c = geo.cells
            a = action if action < geo.slide_base else action - geo.slide_base
            fbit, tbit = 1 << a // c, 1 << a % c
            both = fbit | tbit
            if side == LIGHT:
                towers = (towers[0] ^ both, towers[1])
            else:
                towers = (towers[0], towers[1] ^ both)
            passes = (0, passes[1]) if side == LIGHT else (passes[0], 0)
            if action < geo.slide_base:
                # a tower move leaves the tiles as they were: no island changes
                return _finish_quiet(
                    self.game, tiles, light, circle, towers, self.light_seat, nxt,
                    sinker, streak, passes, turn,
                )  # fmt: skip
            tiles ^= both
            if light & fbit:
                light ^= both
            if circle & fbit:
                circle ^= both
        elif action < geo.place_l_base:
            bit = 1 << (action - geo.sink_base)
            tiles ^= bit
            light &= ~bit
            circle &= ~bit
            if sinker == side:
                streak += 1
            else:
                sinker, streak = side, 1
            passes = (0, passes[1]) if side == LIGHT else (passes[0], 0)
        else:  # pass
            passes = (passes[0] + 1, passes[1]) if side == LIGHT else (passes[0], passes[1] + 1)
            return _finish_quiet(
                self.game, tiles, light, circle, towers, self.light_seat, nxt,
                sinker, streak, passes, turn,
            )  # fmt: skip
        return _finish(
            self.game, tiles, light, circle, towers, self.light_seat, nxt,
            sinker, streak, passes, turn, True,
        )  # fmt: skip

    # -- identity and text ----------------------------------------------------------
    def fields(self) -> PositionFields:
        """The contents of this state's position string."""
        return PositionFields(
            self.tiles, self.light, self.circle, self.towers[0], self.towers[1], self.phase,
            self.light_seat, self.to_move, self.sinker, self.streak, self.passes, self.turn,
        )  # fmt: skip

    def key(self) -> Hashable:
        return (
            self.tiles, self.light, self.circle, self.towers, self.phase, self.light_seat,
            self.to_move, self.sinker, self.streak, self.passes, self.turn,
        )  # fmt: skip

    def position(self) -> str:
        return format_position(self.geo, self.fields())

    def action_text(self, action: Action) -> str:
        return format_action(self.geo, action)

    def normalize_text(self, text: str) -> str:
        return normalize(text)

    def check_notation(self, text: str) -> None:
        text_to_action(self.geo, text)

    def illegal_text_reason(self, text: str) -> str:
        return self.explain_illegal(text_to_action(self.geo, text))

    def explain_illegal(self, action: Action) -> str:
        from .explain import why_illegal

        return why_illegal(self, action)


def _finish_quiet(
    game: Syrtis,
    tiles: int,
    light: int,
    circle: int,
    towers: tuple[int, int],
    light_seat: int,
    to_move: Seat,
    sinker: int,
    streak: int,
    passes: tuple[int, int],
    turn: int,
) -> SyrtisState:
    """The state after a turn that changed no tile (tower move or pass)."""
    return _finish(
        game, tiles, light, circle, towers, light_seat, to_move,
        sinker, streak, passes, turn, False,
    )  # fmt: skip


_REASONS = {
    "race": "quicksand race",
    "island": "complete island",
    "both": "initiative: both islands complete",
    "passes": "initiative: consecutive passes",
    "four": "initiative: four passes",
    "limit": "initiative: turn limit",
}


def _finish(
    game: Syrtis,
    tiles: int,
    light: int,
    circle: int,
    towers: tuple[int, int],
    light_seat: int,
    to_move: Seat,
    sinker: int,
    streak: int,
    passes: tuple[int, int],
    turn: int,
    tiles_changed: bool,
) -> SyrtisState:
    """A play-phase state after a turn, with the end of the game checked in order.

    ``tiles_changed`` False skips the island test: a turn that moves no tile
    cannot complete an island that was not complete before (the state before
    was not over).
    """
    outcome = end_of_game(game.geo, tiles, light, circle, light_seat, sinker, streak, passes,
                          turn, tiles_changed, game.island_first)  # fmt: skip
    return SyrtisState(
        game, tiles, light, circle, towers, PLAY, light_seat,
        None if outcome is not None else to_move,
        sinker, streak, passes, turn, outcome,
    )  # fmt: skip


def end_of_game(
    geo: Geometry,
    tiles: int,
    light: int,
    circle: int,
    light_seat: int,
    sinker: int,
    streak: int,
    passes: tuple[int, int],
    turn: int,
    check_islands: bool = True,
    island_first: bool = False,
) -> Outcome | None:
    """The outcome of a play-phase position, checking the endings in the rules' order.

    ``island_first`` (option ``first_ending=island``): a single complete island is checked
    before the quicksand race, as the original lists them.
    """
    race = streak >= RACE_LENGTH
    if race and not island_first:
        return Outcome(light_seat if sinker == LIGHT else 1 - light_seat, _REASONS["race"])
    why = None
    if check_islands:
        lc, dc = complete_islands(geo, tiles, light, circle)
        if lc != dc:
            winner = LIGHT if lc else DARK
            return Outcome(light_seat if winner == LIGHT else 1 - light_seat, _REASONS["island"])
        if lc:
            why = "both"
    if race:
        return Outcome(light_seat if sinker == LIGHT else 1 - light_seat, _REASONS["race"])
    if why is None:
        if passes[0] and passes[1]:
            why = "passes"
        elif passes[0] >= PASS_LIMIT or passes[1] >= PASS_LIMIT:
            why = "four"
        elif turn >= TURN_LIMIT:
            why = "limit"
        else:
            return None
    winner = DARK if sinker == DARK else LIGHT
    return Outcome(light_seat if winner == LIGHT else 1 - light_seat, _REASONS[why])
