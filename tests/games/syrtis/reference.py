"""A slow, plain reference implementation of Syrtis for differential tests.

Written from the rules text with dicts, sets and breadth-first search; it
shares no code with the engine. Cells are (file, rank) pairs, 0-based.
"""

from __future__ import annotations

import random
from collections import deque

FILES = "abcdef"
SWAP_LIMIT = 100  # the engine's documented guards, restated
TURN_LIMIT = 1000


def name(cell: tuple[int, int]) -> str:
    return f"{FILES[cell[0]]}{cell[1] + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    return FILES.index(text[0]), int(text[1:]) - 1


def orth(cell: tuple[int, int]) -> list[tuple[int, int]]:
    f, r = cell
    return [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]


def one_group(cells: set[tuple[int, int]]) -> bool:
    """True when ``cells`` are edge-connected (an empty set counts as connected)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = deque([start])
    while todo:
        for nb in orth(todo.popleft()):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen == cells


def reach(start: tuple[int, int], allowed: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Cells of ``allowed`` reachable from ``start`` by orthogonal steps (start included)."""
    seen = {start}
    todo = deque([start])
    while todo:
        for nb in orth(todo.popleft()):
            if nb in allowed and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen


class Ref:
    """A reference game state. ``board`` maps a cell to (colour, shape), colour in
    'light'/'dark', shape in 'circle'/'square'; ``towers`` maps a cell to 'L'/'D'."""

    def __init__(self, n: int, pairing: str, first_ending: str = "race") -> None:
        self.n = n
        self.pairing = pairing
        self.first_ending = first_ending  # "race": the quicksand race before the island
        self.board: dict[tuple[int, int], tuple[str, str]] = {}
        self.towers: dict[tuple[int, int], str] = {}
        self.phase = "swap"
        self.light_seat: int | None = None
        self.to_move: int | None = 0
        self.sinker: str | None = None
        self.streak = 0
        self.passes = {"L": 0, "D": 0}
        self.turn = 0
        self.result: tuple[int, str] | None = None

    # -- set-up --------------------------------------------------------------------
    def partner(self, cell: tuple[int, int]) -> tuple[int, int]:
        f, r = cell
        n = self.n
        if self.pairing == "point":
            return (n - 1 - f, n - 1 - r)
        return (f, n - 1 - r)

    def order(self) -> list[tuple[int, int]]:
        return [(f, r) for r in range(self.n) for f in range(self.n)]

    @classmethod
    def start(cls, n: int, pairing: str, seed: int, first_ending: str = "race") -> Ref:
        ref = cls(n, pairing, first_ending)
        rng = random.Random(seed)
        kinds = [("light", "circle"), ("light", "square"), ("dark", "circle"), ("dark", "square")]
        # The seed text's draw: tiles mixed face down; each odd cell takes a random
        # face-down tile; its partner an opposite tile (one lying face up, else turn tiles
        # up until one appears); an empty face-down pile is refilled with all unplaced tiles.
        face_down = [k for k in kinds for _ in range(n * n // 4)]
        rng.shuffle(face_down)
        face_up: list[tuple[str, str]] = []
        for cell in ref.order():
            if cell in ref.board:
                continue
            if len(face_down) == 0:
                face_down = face_up
                face_up = []
                rng.shuffle(face_down)
            colour, shape = face_down.pop()
            opposite = (
                "dark" if colour == "light" else "light",
                "square" if shape == "circle" else "circle",
            )
            if opposite in face_up:
                face_up.remove(opposite)
            else:
                while True:
                    turned = face_down.pop()
                    if turned == opposite:
                        break
                    face_up.append(turned)
            ref.board[cell] = (colour, shape)
            ref.board[ref.partner(cell)] = opposite
        ref.phase = "swap" if ref.some_set_whole() else "place"
        return ref

    def some_set_whole(self) -> bool:
        for index, value in ((0, "light"), (0, "dark"), (1, "circle"), (1, "square")):
            if one_group({c for c, t in self.board.items() if t[index] == value}):
                return True
        return False

    def copy(self) -> Ref:
        other = Ref(self.n, self.pairing, self.first_ending)
        other.__dict__.update(self.__dict__)
        other.board = dict(self.board)
        other.towers = dict(self.towers)
        other.passes = dict(self.passes)
        return other

    # -- play --------------------------------------------------------------------------
    def side(self) -> str:
        return "L" if self.to_move == self.light_seat else "D"

    def owns(self, side: str, tile: tuple[str, str]) -> tuple[bool, bool]:
        if side == "L":
            return tile[0] == "light", tile[1] == "circle"
        return tile[0] == "dark", tile[1] == "square"

    def legal(self) -> set[str]:
        if self.result is not None:
            return set()
        out: set[str] = set()
        if self.phase == "swap":
            order = self.order()
            for cell in order:
                mate = self.partner(cell)
                first = order.index(cell) < order.index(mate)
                if first and self.board[cell] != self.board[mate]:
                    out.add("swap " + name(cell))
            return out
        if self.phase == "place":
            count = {"L": 0, "D": 0}
            for t in self.towers.values():
                count[t] += 1
            for cell, tile in self.board.items():
                if cell in self.towers:
                    continue
                for side in ("L", "D"):
                    if count[side] < 2 and any(self.owns(side, tile)):
                        out.add(f"{side}@{name(cell)}")
            return out
        if self.phase == "choose":
            return {"light", "dark"}
        side = self.side()
        out.add("pass")
        mine = [c for c, t in self.towers.items() if t == side]
        tiles = set(self.board)
        for f in mine:
            by_colour, by_shape = self.owns(side, self.board[f])
            dest: set[tuple[int, int]] = set()
            if by_colour:
                same = {c for c in tiles if self.board[c][0] == self.board[f][0]}
                dest |= reach(f, same)
            if by_shape:
                same = {c for c in tiles if self.board[c][1] == self.board[f][1]}
                dest |= reach(f, same)
            for t in dest:
                if t not in self.towers:
                    out.add(f"{name(f)}-{name(t)}")
        files = [c[0] for c in tiles]
        ranks = [c[1] for c in tiles]
        box = {
            (f, r)
            for f in range(min(files), max(files) + 1)
            for r in range(min(ranks), max(ranks) + 1)
        }
        for f in mine:
            water = {c for c in box if c not in tiles} | {f}
            for t in reach(f, water):
                if t != f and one_group((tiles - {f}) | {t}):
                    out.add(f"{name(f)}>{name(t)}")
        for t in tiles:
            if t in self.towers:
                continue
            if not any(nb in self.towers and self.towers[nb] == side for nb in orth(t)):
                continue
            if all(nb in tiles for nb in orth(t)):
                continue
            if one_group(tiles - {t}):
                out.add("x" + name(t))
        return out

    def play(self, text: str) -> Ref:
        assert text in self.legal(), text
        s = self.copy()
        s.turn += 1
        if s.phase == "swap":
            a = parse_cell(text.split()[1])
            b = s.partner(a)
            s.board[a], s.board[b] = s.board[b], s.board[a]
            if not s.some_set_whole() or s.turn >= SWAP_LIMIT:
                s.phase = "place"
            return s
        if s.phase == "place":
            s.towers[parse_cell(text[2:])] = text[0]
            if len(s.towers) == 4:
                s.phase, s.to_move = "choose", 1
            return s
        if s.phase == "choose":
            s.light_seat = 1 if text == "light" else 0
            s.phase = "play"
            s.to_move = s.light_seat
            s.check_end()
            return s
        side = s.side()
        if text == "pass":
            s.passes[side] += 1
        else:
            s.passes[side] = 0
            if text.startswith("x"):
                del s.board[parse_cell(text[1:])]
                if s.sinker == side:
                    s.streak += 1
                else:
                    s.sinker, s.streak = side, 1
            else:
                sep = "-" if "-" in text else ">"
                a, b = (parse_cell(p) for p in text.split(sep))
                s.towers[b] = s.towers.pop(a)
                if sep == ">":
                    s.board[b] = s.board.pop(a)
        s.to_move = 1 - s.to_move  # type: ignore[operator]
        s.check_end()
        return s

    def seat(self, side: str) -> int:
        assert self.light_seat is not None
        return self.light_seat if side == "L" else 1 - self.light_seat

    def complete(self, side: str) -> bool:
        colour, shape = ("light", "circle") if side == "L" else ("dark", "square")
        return one_group({c for c, t in self.board.items() if t[0] == colour}) or one_group(
            {c for c, t in self.board.items() if t[1] == shape}
        )

    def check_end(self) -> None:
        winner: str | None = None
        reason = ""
        lc, dc = self.complete("L"), self.complete("D")
        island_first = self.first_ending == "island"
        if island_first and lc != dc:
            winner, reason = ("L" if lc else "D"), "complete island"
        elif self.streak >= 4:
            assert self.sinker is not None
            winner, reason = self.sinker, "quicksand race"
        else:
            if lc and not dc:
                winner, reason = "L", "complete island"
            elif dc and not lc:
                winner, reason = "D", "complete island"
            else:
                if lc and dc:
                    reason = "initiative: both islands complete"
                elif self.passes["L"] > 0 and self.passes["D"] > 0:
                    reason = "initiative: consecutive passes"
                elif self.passes["L"] >= 4 or self.passes["D"] >= 4:
                    reason = "initiative: four passes"
                elif self.turn >= TURN_LIMIT:
                    reason = "initiative: turn limit"
                if reason:
                    winner = self.sinker or "L"
        if winner is not None:
            self.result = (self.seat(winner), reason)
            self.to_move = None

    # -- position string -------------------------------------------------------------------
    def position(self) -> str:
        ranks = []
        for r in range(self.n - 1, -1, -1):
            row = ""
            for f in range(self.n):
                tile = self.board.get((f, r))
                if tile is None:
                    row += "."
                    continue
                letter = "c" if tile[1] == "circle" else "s"
                row += letter if tile[0] == "light" else letter.upper()
                row += self.towers.get((f, r), "")
            ranks.append(row)
        seat = "-" if self.light_seat is None else str(self.light_seat)
        mover = "-" if self.to_move is None else str(self.to_move)
        streak = "-" if self.sinker is None else f"{self.sinker}{self.streak}"
        return (
            f"{'/'.join(ranks)} {self.phase} {seat} {mover} {streak} "
            f"{self.passes['L']},{self.passes['D']} {self.turn}"
        )
