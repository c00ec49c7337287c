"""A slow, plain reference implementation of the Cyclix rules, written from the rules text.

Squares are (file, rank) pairs 0..6; a position is a set of tiles, a dict of
pieces, the two hands and the side to move. No bit tricks, no tables: every
rule is walked square by square, so it can be read against the rules file.
"""

from __future__ import annotations

from dataclasses import dataclass

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
WHITE, BLACK = "w", "b"


def name(square: tuple[int, int]) -> str:
    return "abcdefg"[square[0]] + str(square[1] + 1)


def on_board(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < 7 and 0 <= square[1] < 7


def enemy(color: str) -> str:
    return BLACK if color == WHITE else WHITE


@dataclass(frozen=True)
class RefPosition:
    """Tiles, pieces ((file, rank) -> (color, letter)), hands (color -> letters), side."""

    tiles: frozenset[tuple[int, int]]
    pieces: tuple[tuple[tuple[int, int], tuple[str, str]], ...]
    hands: tuple[tuple[str, str], ...]  # (color, letters sorted)
    side: str

    def piece_map(self) -> dict[tuple[int, int], tuple[str, str]]:
        return dict(self.pieces)

    def hand(self, color: str) -> str:
        return dict(self.hands)[color]


def from_string(text: str) -> RefPosition:
    """Reads the board, side and hands fields of a position string."""
    board, side, hands = text.split()[:3]
    tiles = set()
    pieces = {}
    for row, rank_text in enumerate(board.split("/")):
        for file, char in enumerate(rank_text):
            square = (file, 6 - row)
            if char == "~":
                continue
            tiles.add(square)
            if char != ".":
                pieces[square] = (WHITE if char.isupper() else BLACK, char.upper())
    white = "".join(sorted(c for c in hands if c.isupper()))
    black = "".join(sorted(c.upper() for c in hands if c.islower()))
    return make(tiles, pieces, {WHITE: white, BLACK: black}, side)


def make(tiles, pieces, hands, side) -> RefPosition:  # type: ignore[no-untyped-def]
    return RefPosition(
        frozenset(tiles),
        tuple(sorted(pieces.items())),
        ((WHITE, "".join(sorted(hands[WHITE]))), (BLACK, "".join(sorted(hands[BLACK])))),
        side,
    )


def squares_attacked_by(
    pos: RefPosition, color: str, king_near_only: bool = False, without_king: bool = False
) -> set[tuple[int, int]]:
    """Every square a piece of ``color`` attacks (with ``king_near_only``, its king attacks
    only the adjacent tiles; with ``without_king``, only its rook, bishop and knight count)."""
    pieces = pos.piece_map()
    out = set()
    for square, (owner, letter) in pieces.items():
        if owner != color or (without_king and letter == "K"):
            continue
        if letter == "N":
            for df, dr in JUMPS:
                target = (square[0] + df, square[1] + dr)
                if on_board(target):
                    out.add(target)
        elif letter in "RB":
            for df, dr in ORTH if letter == "R" else DIAG:
                target = (square[0] + df, square[1] + dr)
                while on_board(target):
                    out.add(target)
                    if target in pieces:
                        break
                    target = (target[0] + df, target[1] + dr)
        else:  # the king attacks the first tile it sees along each line
            for df, dr in ORTH + DIAG:
                target = (square[0] + df, square[1] + dr)
                while on_board(target):
                    if target in pos.tiles:
                        out.add(target)
                        break
                    if king_near_only:
                        break
                    target = (target[0] + df, target[1] + dr)
    return out


def king_of(pos: RefPosition, color: str) -> tuple[int, int]:
    return next(s for s, p in pos.pieces if p == (color, "K"))


def in_check(pos: RefPosition, color: str) -> bool:
    return king_of(pos, color) in squares_attacked_by(pos, enemy(color))


def king_attacked(pos: RefPosition, color: str, sight: str) -> bool:
    """Is the king of ``color`` attacked (in check)?

    ``always``: by any enemy piece, the enemy king by the first tile it sees along a line.
    ``free``: a king in check from an enemy rook, bishop or knight attacks only its adjacent
    tiles; sight between the two kings never counts as that check. So the enemy king sees
    along its lines unless a rook, bishop or knight of ``color`` attacks it.
    """
    if sight == "always":
        return in_check(pos, color)
    other = enemy(color)
    other_checked = king_of(pos, other) in squares_attacked_by(pos, color, without_king=True)
    return king_of(pos, color) in squares_attacked_by(pos, other, king_near_only=other_checked)


def moves(pos: RefPosition, sight: str = "always") -> dict[str, RefPosition]:
    """The legal moves of the side to move, as notation -> resulting position."""
    color = pos.side
    pieces = pos.piece_map()
    checked = king_attacked(pos, color, sight)
    results: dict[str, RefPosition] = {}
    for square, (owner, letter) in pieces.items():
        if owner != color:
            continue
        targets = []
        if letter == "N":
            for df, dr in JUMPS:
                targets.append((square[0] + df, square[1] + dr))
        elif letter in "RB":
            for df, dr in ORTH if letter == "R" else DIAG:
                target = (square[0] + df, square[1] + dr)
                while on_board(target):
                    targets.append(target)
                    if target in pieces:
                        break
                    target = (target[0] + df, target[1] + dr)
        else:
            for df, dr in ORTH + DIAG:
                target = (square[0] + df, square[1] + dr)
                if checked:
                    if on_board(target) and target in pos.tiles:
                        targets.append(target)
                    continue
                while on_board(target):
                    if target in pos.tiles:
                        targets.append(target)
                        break
                    target = (target[0] + df, target[1] + dr)
        for target in targets:
            if not on_board(target):
                continue
            victim = pieces.get(target)
            if victim is not None and victim[0] == color:
                continue
            new_pieces = dict(pieces)
            del new_pieces[square]
            new_pieces[target] = (color, letter)
            hands = {WHITE: pos.hand(WHITE), BLACK: pos.hand(BLACK)}
            if victim is not None:
                hands[victim[0]] += victim[1]
            sep = "x" if victim is not None else "-"
            text = f"{letter}{name(square)}{sep}{name(target)}"
            tiles = set(pos.tiles)
            options: list[tuple[str, RefPosition]] = []
            if letter == "K":
                removed = set(tiles)
                removed.discard(square)
                options.append((text, make(removed, new_pieces, hands, enemy(color))))
                if victim is None and not checked:
                    for kind in sorted(set(hands[color])):
                        back = dict(new_pieces)
                        back[square] = (color, kind)
                        left = dict(hands)
                        left[color] = hands[color].replace(kind, "", 1)
                        options.append((f"{text}={kind}", make(tiles, back, left, enemy(color))))
            else:
                if target not in tiles:
                    tiles.discard(square)
                    tiles.add(target)
                    text += "^"
                options.append((text, make(tiles, new_pieces, hands, enemy(color))))
            for option_text, result in options:
                if not king_attacked(result, color, sight):  # no move leaves it attacked
                    results[option_text] = result
    return results


def play_out(
    start: RefPosition, texts: list[str], sight: str = "always"
) -> list[tuple[set[str], str | None]]:
    """For each position of a game (start, then after each move): legal texts and the result.

    The result is None while the game goes on, else "white checkmate", "black
    checkmate", "draw repetition" or "draw forfeits". Repetition counts every
    earlier position of the whole game, independent of any reset rule.
    """
    seen: dict[RefPosition, int] = {start: 1}
    pos = start
    passes = 0
    out: list[tuple[set[str], str | None]] = []
    index = 0
    while True:
        result: str | None = None
        legal: set[str] = set()
        if passes >= 2:
            result = "draw forfeits"
        elif seen[pos] >= 3:
            result = "draw repetition"
        else:
            table = moves(pos, sight)
            if table:
                legal = set(table)
            elif king_attacked(pos, pos.side, sight):
                result = ("white" if pos.side == BLACK else "black") + " checkmate"
            else:
                legal = {"pass"}
        out.append((legal if result is None else set(), result))
        if result is not None or index == len(texts):
            return out
        text = texts[index]
        index += 1
        assert text in legal, text
        if text == "pass":
            passes += 1
            pos = make(pos.tiles, pos.piece_map(), dict(pos.hands), enemy(pos.side))
        else:
            passes = 0
            pos = moves(pos, sight)[text]
        seen[pos] = seen.get(pos, 0) + 1
