"""A slow, plain reference implementation of the SFIRS rules, for differential tests.

Written from the rules text alone: a dict board of (x, y) squares, sets and
loops, no bitboards and nothing shared with the engine. It reads and writes the
documented position string itself and speaks the documented notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

Square = tuple[int, int]
FILES = "abcdefghijkl"


def name(sq: Square) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def square(text: str) -> Square:
    return (FILES.index(text[0]), int(text[1:]) - 1)


def in_start(sq: Square) -> bool:
    return 4 <= sq[0] <= 7 and 4 <= sq[1] <= 7


def on_edge(sq: Square) -> bool:
    return sq[0] in (0, 11) or sq[1] in (0, 11)


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < 12 and 0 <= sq[1] < 12


@cache
def around(sq: Square) -> list[Square]:
    """The 8 squares next to ``sq``."""
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            q = (sq[0] + dx, sq[1] + dy)
            if (dx or dy) and on_board(q):
                out.append(q)
    return out


@cache
def beside(sq: Square) -> list[Square]:
    """The 4 squares orthogonally next to ``sq``."""
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        q = (sq[0] + dx, sq[1] + dy)
        if on_board(q):
            out.append(q)
    return out


@dataclass
class Pos:
    """A position: cubes map square -> [colour 'w'/'b', kind 'A'/'I'/'S']."""

    cubes: dict[Square, list[str]]
    side: str
    chain: tuple[Square, bool] | None
    last: str | None
    turn: int
    first: set[str] = field(default_factory=set)


def parse(text: str) -> Pos:
    board, side, chain, last, turn, first = text.split()
    cubes: dict[Square, list[str]] = {}
    for i, rank in enumerate(board.split("/")):
        y = 11 - i
        x = 0
        num = ""
        for ch in rank + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                x += int(num)
                num = ""
            if ch == " ":
                break
            sq = (x, y)
            kind = "S" if in_start(sq) else ("A" if ch.isupper() else "I")
            cubes[sq] = [ch.lower(), kind]
            x += 1
    ch_state = None
    if chain != "-":
        cell, permit = chain.split(",")
        ch_state = (square(cell), permit == "start")
    return Pos(
        cubes,
        side,
        ch_state,
        None if last == "-" else last,
        int(turn),
        set() if first == "-" else set(first),
    )


def fmt(p: Pos) -> str:
    ranks = []
    for y in range(11, -1, -1):
        s = ""
        run = 0
        for x in range(12):
            c = p.cubes.get((x, y))
            if c is None:
                run += 1
                continue
            if run:
                s += str(run)
                run = 0
            s += c[0].upper() if c[1] == "A" else c[0]
        if run:
            s += str(run)
        ranks.append(s)
    chain = "-"
    if p.chain is not None:
        chain = name(p.chain[0]) + ("," + ("start" if p.chain[1] else "nostart"))
    first = "".join(c for c in "wb" if c in p.first) or "-"
    return f"{'/'.join(ranks)} {p.side} {chain} {p.last or '-'} {p.turn} {first}"


@cache
def travel(a: Square, b: Square) -> list[Square]:
    """The squares a move from a to b goes through, b included, a not."""
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    out = []
    q = a
    while q != b:
        q = (q[0] + dx, q[1] + dy)
        out.append(q)
    return out


@cache
def near_way(a: Square, b: Square) -> frozenset[Square]:
    """The squares next to a square travelled through from a to b (a itself excluded)."""
    return frozenset(q for s in travel(a, b) for q in around(s) if q != a)


@dataclass(frozen=True)
class Reading:
    """The two rule options that read the original text another way (rules/sfirs.md)."""

    crossing: str = "all"  # or "outside": the crossing limit binds only cubes from outside
    start_chain: str = "yes"  # or "no": a start-area follow-up ends the chain


DEFAULT = Reading()


def check_move(
    p: Pos, a: Square, b: Square, reading: Reading = DEFAULT
) -> tuple[set[Square], bool] | None:
    """None if the cube on a may not move to b; else (active cubes passed, ends inactive)."""
    if a == b or (a[0] != b[0] and a[1] != b[1]):
        return None
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) < 2:
        return None
    way = travel(a, b)
    if any(q in p.cubes for q in way):
        return None
    if in_start(b):
        return None
    kind = p.cubes[a][1]
    active_passed = {q for q in near_way(a, b) if q in p.cubes and p.cubes[q][1] == "A"}
    if kind == "S" and active_passed:
        return None
    if any(q != a and q in p.cubes and p.cubes[q][1] == "A" for q in beside(b)):
        return None
    ends_inactive = on_edge(b) or any(q != a and q in p.cubes for q in around(b))
    crosses = any(in_start(s) for s in way[:-1])
    bound = reading.crossing == "all" or kind != "S"  # whom the crossing limit binds
    if bound and crosses and not ends_inactive and not active_passed:
        return None
    return active_passed, ends_inactive


def try_move(
    p: Pos, a: Square, b: Square, reading: Reading = DEFAULT
) -> tuple[dict[Square, list[str]], bool] | None:
    """The cubes after moving the cube on a to b, and whether it ended inactive; or None."""
    checked = check_move(p, a, b, reading)
    if checked is None:
        return None
    active_passed, ends_inactive = checked
    cubes = {q: list(v) for q, v in p.cubes.items() if q != a}
    for q in active_passed:
        cubes[q][1] = "I"
    cubes[b] = [p.cubes[a][0], "I" if ends_inactive else "A"]
    return cubes, ends_inactive


def line_squares(a: Square) -> list[Square]:
    """The other squares of a's rank and file (the only places a cube can move to)."""
    return [(x, a[1]) for x in range(12) if x != a[0]] + [(a[0], y) for y in range(12) if y != a[1]]


def moves_of(p: Pos, kind: str, reading: Reading = DEFAULT) -> list[str]:
    out = []
    for a, (colour, k) in p.cubes.items():
        if colour != p.side or k != kind:
            continue
        for b in line_squares(a):
            if check_move(p, a, b, reading) is not None:
                out.append(f"{name(a)}-{name(b)}")
    return out


def start_permitted(p: Pos, reading: Reading = DEFAULT) -> bool:
    """At the start of a turn: the side has an active cube in the play area that can move."""
    return bool(moves_of(p, "A", reading))


def legal(p: Pos, max_turns: int = 500, reading: Reading = DEFAULT) -> set[str]:
    if p.chain is None:
        if p.turn >= max_turns:
            return set()
        actives = moves_of(p, "A", reading)
        permit = bool(actives)
        out: set[str] = set()
        if p.side not in p.first:
            out |= set(actives)
        if permit:
            out |= set(moves_of(p, "S", reading))
        return out
    just, permit = p.chain
    out = set(moves_of(p, "A", reading))
    if permit:
        out |= set(moves_of(p, "S", reading))
    for q, (colour, k) in p.cubes.items():
        if colour != p.side or k != "I" or q == just or on_edge(q):
            continue
        if any(r in p.cubes and p.cubes[r][1] == "I" for r in around(q)):
            continue
        out.add("+" + name(q))
    if out:
        out.add("stop")
    return out


def outcome(
    p: Pos, max_turns: int = 500, actions: set[str] | None = None, reading: Reading = DEFAULT
) -> tuple[str, str] | None:
    """(winner colour, reason) or None (``actions``: the legal actions, if known)."""
    if p.chain is not None:
        return None
    if actions is None:
        actions = legal(p, max_turns, reading)
    if p.turn >= max_turns:
        reason = "turn limit"
    elif not actions:
        reason = "no legal action"
    else:
        return None
    if p.last is None:
        return ("b" if p.side == "w" else "w", reason + ", no play-area move")
    return (p.last, reason)


def end_turn(p: Pos) -> Pos:
    return Pos(p.cubes, "b" if p.side == "w" else "w", None, p.last, p.turn + 1, p.first)


def apply(p: Pos, text: str, max_turns: int = 500, reading: Reading = DEFAULT) -> Pos:
    """The position after ``text``, which must be a legal action."""
    if text == "stop":
        return end_turn(p)
    if text.startswith("+"):
        cubes = {q: list(v) for q, v in p.cubes.items()}
        cubes[square(text[1:])][1] = "A"
        return end_turn(Pos(cubes, p.side, None, p.last, p.turn, p.first))
    a_text, b_text = text.split("-")
    a, b = square(a_text), square(b_text)
    from_start = p.cubes[a][1] == "S"
    permit = p.chain[1] if p.chain is not None else start_permitted(p, reading)
    result = try_move(p, a, b, reading)
    assert result is not None
    cubes, inactive = result
    last = p.last if from_start else p.side
    after = Pos(cubes, p.side, None, last, p.turn, p.first - {p.side})
    # start_chain=no: a follow-up that moved a start-area cube ends the chain
    chains = p.chain is None or not from_start or reading.start_chain == "yes"
    if inactive and chains:
        chained = Pos(cubes, p.side, (b, permit), last, p.turn, after.first)
        if legal(chained, max_turns, reading):
            return chained
    return end_turn(after)
