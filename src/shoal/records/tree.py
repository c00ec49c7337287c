"""A move tree: a game's main line with variations, as on an analysis board.

Every node below the root is one atomic action; a node's first child continues
its main line, the others are variations. A node is named by its *path*, the
child indices from the root (``()`` is the root, ``(0, 0, 1)`` the second
choice after the main line's first two actions). Every change checks first and
changes nothing when it refuses (a ValueError in words).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

from shoal.core import Action, Game, ShoalError, State
from shoal.core.history import History

__all__ = ["MARKS", "MoveNode", "MoveTree", "Path"]

Path = tuple[int, ...]

MARKS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""The marks a move may carry (good, mistake, brilliant, blunder, interesting, dubious),
with their numbers in movetext (``$5``, as PGN's annotation glyphs)."""


@dataclasses.dataclass(eq=False)
class MoveNode:
    """One action of the tree (``action`` is None at the root) and what follows it."""

    action: Action | None
    children: list[MoveNode] = dataclasses.field(default_factory=list)
    comment: str = ""
    mark: str = ""
    """One of :data:`MARKS`, or empty."""

    def same(self, other: MoveNode) -> bool:
        """True when both subtrees hold the same actions, order and comments."""
        stack = [(self, other)]
        while stack:
            a, b = stack.pop()
            if (
                a.action != b.action
                or a.comment != b.comment
                or a.mark != b.mark
                or len(a.children) != len(b.children)
            ):
                return False
            stack.extend(zip(a.children, b.children, strict=True))
        return True


class MoveTree:
    """A tree of actions from one start state."""

    def __init__(self, game: Game, start: State, mainline: Sequence[Action] = ()) -> None:
        self.game = game
        self.start = start
        self.root = MoveNode(None)
        path: Path = ()
        for action in mainline:
            path = self.add(path, action)

    # -- reading ------------------------------------------------------------------
    def node(self, path: Sequence[int]) -> MoveNode:
        """The node at ``path``; ValueError when there is none."""
        node = self.root
        for depth, index in enumerate(path):
            if not 0 <= index < len(node.children):
                raise ValueError(
                    f"no move at path {list(path)} (step {depth + 1} has no choice {index})"
                )
            node = node.children[index]
        return node

    def actions(self, path: Sequence[int]) -> list[Action]:
        """The actions from the start to the node at ``path``."""
        self.node(path)
        out: list[Action] = []
        node = self.root
        for index in path:
            node = node.children[index]
            assert node.action is not None
            out.append(node.action)
        return out

    def state(self, path: Sequence[int]) -> State:
        """The state at the node ``path``."""
        state = self.start
        for action in self.actions(path):
            state = state.child(action)
        return state

    def history(self, path: Sequence[int]) -> History:
        """The line to ``path`` as a :class:`~shoal.core.History`."""
        return History(self.start, self.actions(path), checked=False)

    def mainline_path(self, path: Sequence[int] = ()) -> Path:
        """``path`` followed by first children to the end of its line."""
        node = self.node(path)
        out = list(path)
        while node.children:
            out.append(0)
            node = node.children[0]
        return tuple(out)

    def mainline(self) -> list[Action]:
        """The main line's actions."""
        return self.actions(self.mainline_path())

    def paths(self) -> Iterator[Path]:
        """Every node's path, depth first, main lines before variations (root excluded)."""
        stack: list[tuple[Path, MoveNode]] = [((), self.root)]
        while stack:
            path, node = stack.pop()
            if path:
                yield path
            for index in reversed(range(len(node.children))):
                stack.append(((*path, index), node.children[index]))

    def __len__(self) -> int:
        return sum(1 for _ in self.paths())

    def same(self, other: MoveTree) -> bool:
        """True when both trees start alike and hold the same moves and comments."""
        return self.start.position() == other.start.position() and self.root.same(other.root)

    # -- changing -----------------------------------------------------------------
    def add(self, path: Sequence[int], action: Action) -> Path:
        """Play ``action`` after ``path``: the existing child if there is one, else a new variation.

        Returns the path of the node. Refuses an illegal action or a finished game.
        """
        node = self.node(path)
        state = self.state(path)
        for index, child in enumerate(node.children):
            if child.action == action:
                return (*path, index)
        if state.outcome is not None:
            raise ValueError("the game is over at this move: nothing can follow it")
        try:
            state.apply(action)
        except ShoalError as error:
            raise ValueError(f"not a legal move here: {error}") from None
        node.children.append(MoveNode(action))
        return (*path, len(node.children) - 1)

    def add_text(self, path: Sequence[int], text: str) -> Path:
        """Like :meth:`add` with the action in notation."""
        state = self.state(path)
        try:
            action = state.parse_action(text)
        except ShoalError as error:
            raise ValueError(f"{text!r} is not a legal move here: {error}") from None
        return self.add(path, action)

    def remove(self, path: Sequence[int]) -> None:
        """Delete the node at ``path`` and everything after it."""
        if not path:
            raise ValueError("the start of the game cannot be deleted")
        self.node(path)
        parent = self.node(path[:-1])
        del parent.children[path[-1]]

    def promote(self, path: Sequence[int]) -> Path:
        """Make the variation holding ``path`` the main line at its branching point.

        The nearest ancestor-or-self that is not a first child moves to the front
        of its siblings. Returns the node's new path (unchanged if already main).
        """
        self.node(path)
        new = list(path)
        for depth in reversed(range(len(path))):
            if path[depth] != 0:
                parent = self.node(path[:depth])
                parent.children.insert(0, parent.children.pop(path[depth]))
                new[depth] = 0
                break
        return tuple(new)

    def set_comment(self, path: Sequence[int], comment: str) -> None:
        """Set the comment after the node at ``path`` (braces are refused: they end comments)."""
        if "{" in comment or "}" in comment:
            raise ValueError("a comment cannot hold { or }")
        self.node(path).comment = comment.strip()

    def set_mark(self, path: Sequence[int], mark: str) -> None:
        """Set the mark of the move at ``path`` (one of :data:`MARKS`, or "" for none)."""
        if mark and mark not in MARKS:
            raise ValueError(f"a mark is one of {' '.join(MARKS)}, not {mark!r}")
        if not path:
            raise ValueError("the start carries no mark: choose a move")
        self.node(path).mark = mark

    # -- JSON ---------------------------------------------------------------------
    def to_json_dict(self) -> dict[str, Any]:
        """The tree as JSON data, flat (so long games nest nothing).

        ``nodes`` lists every move depth first, main lines first, each as
        ``{"parent": INDEX, "move": TEXT}`` (``parent`` -1 for the root, and a
        ``comment`` and a ``mark`` when there are); a node's children keep their order.
        """
        nodes: list[dict[str, Any]] = []
        stack: list[tuple[int, MoveNode, State]] = [
            (-1, child, self.start) for child in reversed(self.root.children)
        ]
        while stack:
            parent, node, state = stack.pop()
            assert node.action is not None
            entry: dict[str, Any] = {"parent": parent, "move": state.action_text(node.action)}
            if node.comment:
                entry["comment"] = node.comment
            if node.mark:
                entry["mark"] = node.mark
            nodes.append(entry)
            after = state.child(node.action)
            index = len(nodes) - 1
            stack.extend((index, child, after) for child in reversed(node.children))
        out: dict[str, Any] = {"start": self.start.position(), "nodes": nodes}
        if self.root.comment:
            out["comment"] = self.root.comment
        return out

    @classmethod
    def from_json_dict(cls, game: Game, data: Any) -> MoveTree:
        """The tree that :meth:`to_json_dict` wrote; ValueError in words when broken."""
        if not isinstance(data, dict) or not isinstance(data.get("start"), str):
            raise ValueError("a move tree is an object with a start position string")
        try:
            start = game.load(data["start"])
        except ShoalError as error:
            raise ValueError(f"the tree's start: {error}") from None
        nodes = data.get("nodes", [])
        if not isinstance(nodes, list):
            raise ValueError("the tree's nodes are not a list")
        tree = cls(game, start)
        comment = data.get("comment", "")
        if not isinstance(comment, str):
            raise ValueError("the tree's comment is not text")
        if comment:
            tree.set_comment((), comment)
        paths: list[Path] = []
        for number, entry in enumerate(nodes):
            if not isinstance(entry, dict) or not isinstance(entry.get("move"), str):
                raise ValueError(f"node {number} has no move")
            parent = entry.get("parent")
            if not isinstance(parent, int) or not -1 <= parent < number:
                raise ValueError(f"node {number}: parent {parent!r} is not an earlier node or -1")
            base = () if parent == -1 else paths[parent]
            path = tree.add_text(base, entry["move"])
            note = entry.get("comment", "")
            if not isinstance(note, str):
                raise ValueError(f"node {number}: the comment is not text")
            if note:
                tree.set_comment(path, note)
            mark = entry.get("mark", "")
            if not isinstance(mark, str):
                raise ValueError(f"node {number}: the mark is not text")
            if mark:
                try:
                    tree.set_mark(path, mark)
                except ValueError as error:
                    raise ValueError(f"node {number}: {error}") from None
            paths.append(path)
        return tree
