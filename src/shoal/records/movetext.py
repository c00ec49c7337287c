"""Movetext with variations ``( ... )`` and comments ``{ ... }``, PGN-style, for a move tree.

Every atomic action is written in its notation and ends with ``;`` (action
texts may hold spaces, as Sirtet's ``pick d1`` does). The first action of a
turn carries the turn number, ``3. c;``; a line that starts inside a turn
carries ``3... f6;``. A variation follows the action it replaces:
``1. d; 2. d; (2. e; 3. a;) 3. c; {a comment}``. Reading checks every action
and refuses broken movetext in words, naming the offending character.
"""

from __future__ import annotations

import re

from shoal.core import Game, ShoalError, State

from .tree import MoveNode, MoveTree, Path

__all__ = ["MovetextError", "read_movetext", "write_movetext"]

_NUMBER = re.compile(r"^(\d+)(\.\.\.|\.)\s*")


class MovetextError(ValueError):
    """Movetext that cannot be read (the message says where and why)."""


def write_movetext(tree: MoveTree) -> str:
    """The tree's moves, variations and comments as one line of movetext."""
    out: list[str] = []

    def line(node: MoveNode, state: State, at_turn_start: bool, first: bool) -> None:
        # node: the parent; writes its first child, the other children as variations, then on
        while node.children:
            main = node.children[0]
            _one(main, state, at_turn_start, first)
            for variation in node.children[1:]:
                out.append("(")
                _one(variation, state, at_turn_start, True)
                after = state.child(variation.action)  # type: ignore[arg-type]
                line(variation, after, after.turn != state.turn, False)
                out.append(")")
            assert main.action is not None
            after = state.child(main.action)
            at_turn_start, first = after.turn != state.turn, bool(node.children[1:])
            node, state = main, after

    def _one(node: MoveNode, state: State, at_turn_start: bool, first: bool) -> None:
        assert node.action is not None
        text = state.action_text(node.action)
        if at_turn_start:
            prefix = f"{state.turn + 1}. "
        elif first:
            prefix = f"{state.turn + 1}... "
        else:
            prefix = ""
        out.append(f"{prefix}{text};")
        if node.comment:
            out.append(f"{{{node.comment}}}")

    if tree.root.comment:
        out.append(f"{{{tree.root.comment}}}")
    line(tree.root, tree.start, True, True)
    return " ".join(out).replace("( ", "(").replace(" )", ")")


def read_movetext(game: Game, start: State, text: str) -> MoveTree:
    """The move tree that ``text`` writes, from ``start``; MovetextError in words if broken."""
    tree = MoveTree(game, start)
    # stack of (path of the node a new action follows, path before the last action)
    current: Path = ()
    previous: Path = ()
    stack: list[tuple[Path, Path]] = []
    last_comment_target: Path | None = ()
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isspace():
            i += 1
        elif char == "{":
            end = text.find("}", i)
            if end < 0:
                raise MovetextError(f"a comment opened at character {i + 1} is never closed")
            comment = text[i + 1 : end]
            if "{" in comment:
                raise MovetextError(f"a comment at character {i + 1} holds another {{")
            if last_comment_target is None:
                raise MovetextError(f"a comment at character {i + 1} follows no move")
            tree.node(last_comment_target).comment = comment.strip()
            i = end + 1
        elif char == "}":
            raise MovetextError(f"character {i + 1}: a }} closes no comment")
        elif char == "(":
            if not current:
                raise MovetextError(f"character {i + 1}: a variation before any move")
            stack.append((current, previous))
            current = previous
            last_comment_target = None
            i += 1
        elif char == ")":
            if not stack:
                raise MovetextError(f"character {i + 1}: a ) closes no variation")
            current, previous = stack.pop()
            last_comment_target = None
            i += 1
        else:
            end = i
            while end < n and text[end] not in ";(){}":
                end += 1
            if end >= n or text[end] != ";":
                raise MovetextError(
                    f"character {i + 1}: the move {text[i:end].strip()!r} does not end with ;"
                )
            word = text[i:end].strip()
            match = _NUMBER.match(word)
            if match is not None:
                word = word[match.end() :]
            state = tree.state(current)
            try:
                action = state.parse_action(word)
            except ShoalError as error:
                raise MovetextError(f"character {i + 1}: {word!r}: {error}") from None
            previous = current
            current = tree.add(current, action)
            last_comment_target = current
            i = end + 1
    if stack:
        raise MovetextError("a variation ( is never closed")
    return tree
