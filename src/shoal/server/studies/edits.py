"""One change of a chapter's move tree, as an editor sends it (:class:`Edit`), and
:func:`apply_edit`, which makes it or refuses it in words (an
:class:`~shoal.server.errors.ApiError`) with the tree unchanged."""

from __future__ import annotations

import dataclasses

from shoal.records.tree import MoveTree

from ..errors import ApiError
from .chapters import check_comment
from .models import MAX_NODES

__all__ = ["Edit", "apply_edit"]


@dataclasses.dataclass(frozen=True)
class Edit:
    """One change of a chapter's tree at ``path``: ``play`` (``move`` in notation: the
    existing move, else a new variation), ``delete``, ``promote``, ``comment`` (``text``)
    or ``mark`` (``mark``: one of ``! ? !! ?? !? ?!``, or empty)."""

    op: str
    path: tuple[int, ...]
    move: str = ""
    text: str = ""
    mark: str = ""


def apply_edit(tree: MoveTree, edit: Edit) -> tuple[int, ...]:
    """Make ``edit`` on ``tree``; the path of the move it leaves chosen (ApiError: refused)."""
    try:
        tree.node(edit.path)
        if edit.op == "play":
            if len(tree) >= MAX_NODES:
                raise ApiError(
                    400,
                    "a chapter holds at most {max_nodes} moves",
                    max_nodes=MAX_NODES,
                )
            return tree.add_text(edit.path, edit.move)
        if edit.op == "delete":
            tree.remove(edit.path)
            return edit.path[:-1]
        if edit.op == "promote":
            return tree.promote(edit.path)
        if edit.op == "comment":
            check_comment(edit.text)
            tree.set_comment(edit.path, edit.text)
            return edit.path
        if edit.op == "mark":
            tree.set_mark(edit.path, edit.mark)
            return edit.path
    except ValueError as error:
        raise ApiError(400, str(error)) from None
    raise ApiError(
        400,
        "unknown change {op}: play, delete, promote, comment or mark",
        op=repr(edit.op),
    )
