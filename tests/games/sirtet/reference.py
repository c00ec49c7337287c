"""A slow, obviously-correct Sirtet written from the rules text alone (for differential tests).

It reads and writes the documented position string, keeps the board as a dict of
cell name -> tile code, lists legal actions as notation text and applies them by
text. No bit tricks, no shared code with the engine.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field, replace

FILES = "abcdef"
COLOURS = {
    "r": "red",
    "o": "orange",
    "y": "yellow",
    "g": "green",
    "c": "cyan",
    "b": "blue",
    "w": "white",
}
# The cell sets exactly as the rules file writes them (Z and J: mirror images of S and L).
SHAPES = {
    "I": [(0, 0), (1, 0), (2, 0), (3, 0)],
    "O": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "T": [(0, 0), (1, 0), (2, 0), (1, 1)],
    "L": [(0, 0), (0, 1), (0, 2), (1, 0)],
    "S": [(1, 0), (2, 0), (0, 1), (1, 1)],
    "Z": [(-1, 0), (-2, 0), (0, 1), (-1, 1)],
    "J": [(0, 0), (0, 1), (0, 2), (-1, 0)],
}
TILESETS = {"free": ("IOTLS", "roygcbw"), "one-sided": ("IOTSZJL", "roygc")}


def all_codes(tileset: str) -> list[str]:
    shapes, colours = TILESETS[tileset]
    return [s + c for s in shapes for c in colours]


def name_of(code: str) -> str:
    return f"{code[0]}.{COLOURS[code[1]]}"


def code_of(name: str) -> str:
    shape, colour = name.split(".")
    return shape + colour[0]


@functools.cache
def reach(shape: str) -> set[tuple[int, int]]:
    """Offsets between two of the shape's cells under rotations and reflections."""
    images = []
    cells = SHAPES[shape]
    for _ in range(4):
        cells = [(-y, x) for x, y in cells]  # a quarter turn
        images.append(cells)
        images.append([(-x, y) for x, y in cells])  # and its mirror image
    out = set()
    for image in images:
        for p, q in itertools.permutations(image, 2):
            out.add((q[0] - p[0], q[1] - p[1]))
    return out


def xy(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1]) - 1


def cell(x: int, y: int) -> str:
    return FILES[x] + str(y + 1)


@dataclass
class Ref:
    tileset: str
    board: dict[str, str]
    harvests: list[list[str]]
    discard: list[str]
    start: str
    phase: str
    pending: str
    mover: int
    passes: int
    turn: int
    order: list[str] = field(default_factory=list)

    # -- positions ------------------------------------------------------------
    @staticmethod
    def read(tileset: str, text: str) -> Ref:
        board_t, h0, h1, disc, start, phase, mover, passes, turn = text.split()
        board = {}
        for i, rank in enumerate(board_t.split("/")):
            for f in range(6):
                code = rank[2 * f : 2 * f + 2]
                if code != "..":
                    board[cell(f, 5 - i)] = code

        def codes(t: str) -> list[str]:
            return [] if t == "-" else [t[i : i + 2] for i in range(0, len(t), 2)]

        pending = ""
        if ":" in phase:
            phase, pending = phase.split(":")
        return Ref(
            tileset,
            board,
            [codes(h0), codes(h1)],
            codes(disc),
            start,
            phase,
            pending,
            0 if mover == "-" else int(mover),
            int(passes),
            int(turn),
        )

    def write(self) -> str:
        order = all_codes(self.tileset)

        def codes(tiles: list[str]) -> str:
            return "".join(sorted(tiles, key=order.index)) or "-"

        ranks = "/".join(
            "".join(self.board.get(cell(f, r), "..") for f in range(6)) for r in range(5, -1, -1)
        )
        phase = self.phase + (":" + self.pending if self.phase == "take2" else "")
        mover = "-" if self.phase == "over" else str(self.mover)
        return " ".join(
            [
                ranks,
                codes(self.harvests[0]),
                codes(self.harvests[1]),
                codes(self.discard),
                self.start,
                phase,
                mover,
                str(self.passes),
                str(self.turn),
            ]
        )

    # -- rules ------------------------------------------------------------------
    def pairs(self, shape: str) -> list[tuple[str, str]]:
        offsets = reach(shape)
        found = []
        for a, b in itertools.combinations(sorted(self.board), 2):
            (ax, ay), (bx, by) = xy(a), xy(b)
            if (bx - ax, by - ay) in offsets:
                found.append((a, b))
        return found

    def legal(self) -> set[str]:
        me = self.harvests[self.mover]
        if self.phase == "pick":
            sx, sy = xy(self.start)
            return {
                f"pick {c}" for c in self.board if max(abs(xy(c)[0] - sx), abs(xy(c)[1] - sy)) == 1
            }
        if self.phase == "choose":
            out = {"pass"}
            for code in me:
                out.add(f"single {name_of(code)}")
                if self.pairs(code[0]):
                    out.add(f"double {name_of(code)}")
            return out
        if self.phase == "take2":
            return {f"take {a}+{b}" for a, b in self.pairs(self.pending[0])}
        if self.phase == "take1":
            return {f"take {c}" for c in self.board}
        if self.phase == "burn":
            return {f"burn {c}" for c in self.board} | {"keep"}
        if self.phase == "drop":
            return {f"drop {name_of(code)}" for code in me}
        return set()

    def groups(self, seat: int) -> list[int]:
        counts: dict[str, int] = {}
        for code in self.harvests[seat]:
            counts[code[1]] = counts.get(code[1], 0) + 1
        return sorted(counts.values(), reverse=True)

    def outcome(self) -> tuple[int | None, str] | None:
        if self.phase != "over":
            return None
        g0, g1 = self.groups(0), self.groups(1)
        words = [
            "largest",
            "second largest",
            "third largest",
            "fourth largest",
            "fifth largest",
            "sixth largest",
            "seventh largest",
        ]
        for i in range(7):
            a = g0[i] if i < len(g0) else 0
            b = g1[i] if i < len(g1) else 0
            if a != b:
                return (0 if a > b else 1), f"{words[i]} colour group {max(a, b)} v {min(a, b)}"
        return None, "draw: equal colour groups"

    def finish(self) -> None:
        """The game is over: equalise, then compare."""
        n0, n1 = len(self.harvests[0]), len(self.harvests[1])
        if n0 == n1:
            self.phase, self.mover = "over", 0
        else:
            self.phase, self.mover = "drop", (0 if n0 > n1 else 1)

    def play(self, text: str) -> Ref:
        assert text in self.legal(), (text, self.write())
        s = replace(
            self,
            board=dict(self.board),
            harvests=[list(h) for h in self.harvests],
            discard=list(self.discard),
        )
        verb, _, arg = text.partition(" ")
        me = s.harvests[s.mover]
        if verb == "pick":
            me.append(s.board.pop(arg))
            s.turn += 1
            if s.mover == 0:
                s.mover = 1
            else:
                s.mover, s.phase = 0, "choose"
        elif verb == "pass":
            s.turn += 1
            s.passes += 1
            if s.passes == 2:
                s.finish()
            else:
                s.mover = 1 - s.mover
        elif verb in ("double", "single"):
            code = code_of(arg)
            me.remove(code)
            s.discard.append(code)
            s.passes = 0
            s.phase = "take2" if verb == "double" else "take1"
            s.pending = code if verb == "double" else ""
        elif verb == "take":
            for c in arg.split("+"):
                me.append(s.board.pop(c))
            two = "+" in arg
            s.pending = ""
            if not s.board:
                s.turn += 1
                s.finish()
            elif two:
                s.turn += 1
                s.phase, s.mover = "choose", 1 - s.mover
            else:
                s.phase = "burn"
        elif verb in ("burn", "keep"):
            if verb == "burn":
                s.discard.append(s.board.pop(arg))
            s.turn += 1
            if not s.board:
                s.finish()
            else:
                s.phase, s.mover = "choose", 1 - s.mover
        elif verb == "drop":
            code = code_of(arg)
            me.remove(code)
            s.discard.append(code)
            s.turn += 1
            s.finish()
        return s
