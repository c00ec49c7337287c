"""What a client sees of a game: the turns, the board after k actions, the result, a replay.

Pure functions of the states and actions (no storage, no locks), shared by the
live games of :mod:`.session` and the replays of records.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from shoal.core import Action, Game, History, State
from shoal.core.words import ENGLISH, Translator, board_words
from shoal.i18n import SOURCE, Text, catalogue
from shoal.records import Record, result_token

from ..errors import ApiError

__all__ = [
    "EndReason",
    "board_view",
    "board_words",
    "ended_sentence",
    "ended_words",
    "features_view",
    "last_turn_actions",
    "legal_entries",
    "option_values",
    "outcome_view",
    "replay_view",
    "splice",
    "spoken_view",
    "svg_splice",
    "turn_list",
    "view_delta",
]


def turn_list(
    states: list[State],
    actions: list[Action],
    known: list[dict[str, Any]] | None = None,
    same: int = 0,
) -> list[dict[str, Any]]:
    """The turns of a game: number, seat, side, text, mark (Cyclix's check, ``+``; see
    :meth:`~shoal.core.Game.turn_mark`), first and last action index, complete.

    ``states[i]`` is the state before ``actions[i]`` (``len(states) == len(actions) + 1``).
    ``start``/``end`` delimit the turn's actions: ``actions[start:end]``; ``end`` is
    also the index of the state the turn leads to. The turns are :class:`shoal.core.Turn`'s.
    ``known``: the turns of an earlier version whose first ``same`` actions were these:
    its complete turns within them are taken from there (the same states split them the
    same way), and only the actions after them are split and written (a move: one turn).
    """
    known = known or []
    # the known turns that stay as they were: complete, within the shared actions; only
    # the last turn can be incomplete and the ends grow, so they are a prefix, found from
    # its end (a move: one or two steps, not one per turn of the game)
    keep = len(known)
    while keep and not (known[keep - 1]["complete"] and known[keep - 1]["end"] <= same):
        keep -= 1
    out = known[:keep]
    offset = out[-1]["end"] if out else 0  # a turn starts there: only the rest is split again
    history = History.of_states(states[offset:], actions[offset:])
    for turn in history.turns():
        end = offset + turn.end
        out.append(
            {
                "number": keep + turn.number,
                "seat": turn.seat,
                "side": turn.side,
                "text": turn.text(),
                "mark": states[end].game.turn_mark(states[end]) if turn.complete else "",
                "start": offset + turn.start,
                "end": end,
                "complete": turn.complete,
            }
        )
    return out


def legal_entries(
    game: Game,
    state: State,
    actions: Sequence[Action] | None = None,
    tr: Translator = ENGLISH,
) -> list[dict[str, Any]]:
    """The legal actions (or ``actions`` of them) as a board page takes them
    (:meth:`~shoal.core.Game.action_entries`), none once the game is over: the one place a
    live game, the analysis board, a lesson and a puzzle make them; their labels in ``tr``'s
    language (the texts, notation, stay as they are)."""
    if state.outcome is not None:
        return []
    entries = game.action_entries(state, actions)
    if tr is not ENGLISH:
        for entry in entries:
            entry["label"] = game.action_label(state, entry["action"], tr=tr)
    return entries


def last_turn_actions(turns: list[dict[str, Any]], actions: list[Action]) -> list[Action]:
    """The actions of the last of ``turns`` (what a board highlights as the last move)."""
    if not turns:
        return []
    last = turns[-1]
    return actions[last["start"] : last["end"]]


def spoken_view(
    game: Game,
    states: list[State],
    turns: list[dict[str, Any]],
    actions: list[Action],
    tr: Translator = ENGLISH,
) -> list[dict[str, Any]]:
    """The actions of the last two turns in the game's words, for a screen reader.

    Each is ``{ply, seat, side, label, news}``: ``ply`` is the action's index, ``label`` the
    game's :meth:`~shoal.core.Game.action_label` in the state it was played from, ``news``
    what else a sighted player saw happen (:meth:`~shoal.core.Game.action_news`: a check,
    a capture, a tile sinking...). Two turns, so a view that arrives after the player's turn
    and the computer's answer says both. ``tr``: the reader's language (the ``side`` stays
    the side's name, which the client says in its words).
    """
    start = turns[-2]["start"] if len(turns) > 1 else 0
    out = []
    for ply in range(start, len(actions)):
        state, seat = states[ply], states[ply].to_move
        if seat is None:
            continue
        out.append(
            {
                "ply": ply,
                "seat": seat,
                "side": state.side_name(seat),
                "label": game.action_label(state, actions[ply], tr=tr),
                "news": game.action_news(state, actions[ply], states[ply + 1], tr=tr),
            }
        )
    return out


def outcome_view(
    state: State, ended: dict[str, Any] | None, tr: Translator = ENGLISH
) -> dict[str, Any] | None:
    """The result for a client: an end the rules do not know (``ended``) or ``state``'s
    outcome. The ``sentence`` is in ``tr``'s language; ``reason`` stays the short English form
    (records and programs read it)."""
    if ended is not None:
        winner = ended.get("winner")
        token = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
        if ended.get("aborted"):
            token = "*"  # an aborted game has no result
        reason = str(ended["reason"])
        if tr is ENGLISH:
            sentence = reason[:1].upper() + reason[1:]
            if winner is not None:
                sentence += f": {state.side_name(winner).capitalize()} wins."
        else:
            sentence = ended_sentence(state, reason, winner, tr)
        return {
            "winner": winner,
            "reason": reason,
            "sentence": sentence,
            "scores": None,
            "result": token,
        }
    outcome = state.outcome
    if outcome is None:
        return None
    return {
        "winner": outcome.winner,
        "reason": outcome.reason,
        "sentence": state.game.ending_sentence(state, tr=tr),
        "scores": list(outcome.scores) if outcome.scores is not None else None,
        "result": result_token(outcome),
    }


_ENDS = re.compile(
    r"(?P<side>\w+) (?P<end>resigned|ran out of time|did not make a first move in time "
    r"\(a no-show\))|(?P<agreed>drawn by agreement)|aborted by (?P<aborter>\w+)"
    r"|(?P<late>\w+) ran out of time \((?P<days>\d+) days? per move\)"
    r"|aborted: (?P<idle>\w+) did not move within (?P<idle_days>\d+) days?"
)
"""The ends the server stores in words (:mod:`.session`, :mod:`.service`, the events' no-show,
:mod:`.correspondence`'s deadlines), as :func:`ended_sentence` says them in a reader's
language."""


def ended_sentence(state: State, reason: str, winner: int | None, tr: Translator) -> str:
    """The sentence of an end the rules do not know (a resignation, a fallen flag, a draw by
    agreement, an abort, a no-show, a correspondence deadline), in ``tr``'s language; an end
    of another shape is said as its English reason.

    >>> from shoal.games import get
    >>> state = get("sytran").initial()
    >>> ended_sentence(state, "black resigned", 0, ENGLISH)
    'Black resigned: White wins.'
    >>> ended_sentence(state, "white ran out of time (3 days per move)", 1, ENGLISH)
    'White ran out of time (3 days per move): Black wins.'
    """
    game = state.game
    said = ended_words(game, reason, tr)
    if said is None:
        said = reason[:1].upper() + reason[1:]
    if winner is None:
        return said
    side = game.side_title(state.side_name(winner), tr=tr)
    return tr.gettext("{end}: {side} wins.").format(end=said, side=side)


def ended_words(game: Game, reason: str, tr: Translator) -> str | None:
    """An end the server stored in words (``reason``: :data:`_ENDS`) in ``tr``'s language,
    with a capital; None for a reason of another shape (the rules' own, language-neutral)."""
    found = _ENDS.fullmatch(reason)
    if found is None:
        return None
    if found["agreed"]:
        return tr.gettext("Drawn by agreement")
    if found["aborter"]:
        side = game.side_title(found["aborter"], tr=tr)
        return tr.gettext("Aborted by {side}").format(side=side)
    if found["late"]:
        side, n = game.side_title(found["late"], tr=tr), int(found["days"])
        return tr.ngettext(
            "{side} ran out of time ({n} day per move)",
            "{side} ran out of time ({n} days per move)",
            n,
        ).format(side=side, n=n)
    if found["idle"]:
        side, n = game.side_title(found["idle"], tr=tr), int(found["idle_days"])
        return tr.ngettext(
            "Aborted: {side} did not move within {n} day",
            "Aborted: {side} did not move within {n} days",
            n,
        ).format(side=side, n=n)
    side = game.side_title(found["side"], tr=tr)
    if found["end"] == "resigned":
        return tr.gettext("{side} resigned").format(side=side)
    if found["end"] == "ran out of time":
        return tr.gettext("{side} ran out of time").format(side=side)
    return tr.gettext("{side} did not make a first move in time (a no-show)").format(side=side)


@dataclasses.dataclass(frozen=True)
class EndReason(Text):
    """An end's stored reason (``template``: the English as stored) as the value of a
    :class:`~shoal.i18n.Text`: an end the server wrote in words (:func:`ended_words`) is said
    in the reader's language, any other reason (the rules', language-neutral) as it is.

    >>> from shoal.games import get
    >>> reason = EndReason("white ran out of time (1 day per move)", game=get("sytran"))
    >>> str(reason), reason.say("de")
    ('white ran out of time (1 day per move)', 'Weiß hat die Zeit überschritten (1 Tag pro Zug)')
    >>> EndReason("score 12 to 9", game=get("sytran")).say("nl")
    'score 12 to 9'
    """

    game: Game | None = None

    def say(self, language: str) -> str:
        if language != SOURCE and self.game is not None:
            said = ended_words(self.game, self.template, catalogue(language))
            if said is not None:
                return said
        return self.template


def features_view(game: Game, state: State) -> dict[str, float]:
    """The game's features of ``state``, rounded (none when they fail: they are for display)."""
    try:
        values = game.features(state)
    except Exception:  # features are for display only: never let them break a view
        return {}
    return {str(k): round(float(v), 4) for k, v in values.items()}


def board_view(
    game: Game, states: list[State], actions: list[Action], k: int, tr: Translator = ENGLISH
) -> dict[str, Any]:
    """The position after ``k`` actions, drawn, with the turns up to there (the game's words
    in ``tr``'s language)."""
    state = states[k]
    turns = turn_list(states[: k + 1], actions[:k])
    svg = game.render_svg(state, last=last_turn_actions(turns, actions[:k]))
    return {
        "ply": k,
        "svg": board_words(svg, game.svg_words(state, tr=tr)),
        "to_move": state.to_move,
        "sides": list(state.sides()),
        "position": state.position(),
        "turn": state.turn,
        "turns": turns,
        "features": features_view(game, state),
        "status": game.status(state, tr=tr),
        "words": game.describe(state, tr=tr),
        "cells": game.cell_names(state, tr=tr),
        "spoken": spoken_view(game, states[: k + 1], turns, actions[:k], tr=tr),
    }


def replay_view(record: Record, k: int, tr: Translator = ENGLISH) -> dict[str, Any]:
    """The replay view of a record at ``k`` actions (0 = the start), the game's words in
    ``tr``'s language."""
    n = len(record.actions)
    if not 0 <= k <= n:
        raise ApiError(404, "move {k} is out of range: the record has {n} actions", k=k, n=n)
    states = record.states()
    view = board_view(record.game, states, record.actions, k, tr)
    full_turns = turn_list(states, record.actions)
    view.update(
        game={"id": record.game.id, "title": record.game.title},
        options=option_values(record.game),
        total=n,
        all_turns=full_turns,
        players=list(record.players),
        result=outcome_view(states[k], None, tr),
        final_result=outcome_view(states[-1], None, tr),
    )
    return view


def view_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The message that turns a client's view ``old`` into ``new``: ``{"type": "delta",
    "base": OLD VERSION, "set": {key: value}, "turns_from": K}``.

    ``set`` holds the keys whose values changed (an action: the version, board, legal
    actions, result, status, clocks...; a computer that starts thinking: ``thinking`` and
    the clock); ``turns`` in it are the turns from index ``turns_from`` on (the earlier ones
    are the client's). A key ``new`` lacks is set to None. A changed board usually comes as
    ``"svg_splice": [START, END, TEXT]`` in place of ``svg`` in ``set`` (see
    :func:`svg_splice`). The client applies it only to the view at ``base`` (any other: it
    asks for the whole view).
    """
    changes = {key: value for key, value in new.items() if old.get(key) != value}
    changes.update({key: None for key in old.keys() - new.keys()})
    message: dict[str, Any] = {"type": "delta", "base": old["version"], "set": changes}
    splice = svg_splice(old.get("svg"), changes.get("svg"))
    if splice is not None:
        del changes["svg"]
        message["svg_splice"] = splice
    if "turns" in changes:
        mine, theirs = new["turns"], old["turns"]
        same = 0
        for a, b in zip(mine, theirs):
            if a != b:
                break
            same += 1
        changes["turns"] = mine[same:]
        message["turns_from"] = same
    return message


def option_values(game: Game) -> dict[str, Any]:
    """The game's options, by name."""
    return {f.name: getattr(game.options, f.name) for f in dataclasses.fields(game.options)}


SPLICE_KEEPS = 512
"""A changed SVG is sent as a splice when that keeps at least this many of its characters."""

_BLOCK = 2048


def svg_splice(old: object, new: object) -> list[int | str] | None:
    """The change from the board ``old`` to ``new`` as ``[START, END, TEXT]``: the new SVG is
    the old one's first START characters, then TEXT, then its last END characters (a move
    changes a few pieces of a board of 20 to 90 KB). None where the whole new SVG is to be
    sent: either is not a string or not ASCII (so that a character is one in every language:
    JavaScript counts UTF-16 units; the games' SVGs are ASCII), or the splice would keep
    fewer than :data:`SPLICE_KEEPS` characters.

    >>> svg_splice("<svg>" + "a" * 600 + "<b/></svg>", "<svg>" + "a" * 600 + "<i/></svg>")
    [606, 8, 'i']
    """
    if not (isinstance(old, str) and isinstance(new, str) and old.isascii() and new.isascii()):
        return None
    start, end = splice(old, new)
    if start + end < SPLICE_KEEPS:
        return None
    return [start, end, new[start : len(new) - end]]


def splice(old: str, new: str) -> tuple[int, int]:
    """The lengths of the longest common start of ``old`` and ``new`` and then of their
    longest common end in what is left (the two never overlap in either string).

    Compared a block at a time, then by halves inside the first block that differs (the
    comparisons run in C: about 50 µs for 90 KB where a loop over the characters takes
    milliseconds).

    >>> splice("abcXdef", "abcYYdef")
    (3, 3)
    >>> splice("aaaa", "aa")
    (2, 0)
    """
    most = min(len(old), len(new))
    start = _common_start(old, new, most)
    rest = most - start
    if rest == 0:
        return start, 0
    old_end, new_end = old[len(old) - rest :][::-1], new[len(new) - rest :][::-1]
    return start, _common_start(old_end, new_end, rest)


def _common_start(a: str, b: str, most: int) -> int:
    """How many first characters of ``a`` and ``b`` (both at least ``most`` long) agree."""
    at = 0
    while at < most and a[at : at + _BLOCK] == b[at : at + _BLOCK]:
        at += _BLOCK
    if at >= most:
        return most
    low, high = at, min(at + _BLOCK, most)  # a[:low] == b[:low]; they differ before high
    while low < high:
        middle = (low + high + 1) // 2
        if a[at:middle] == b[at:middle]:
            low = middle
        else:
            high = middle - 1
    return low
