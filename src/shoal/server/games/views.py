"""What a client sees of a game: the turns, the board after k actions, the result, a replay.

Pure functions of the states and actions (no storage, no locks), shared by the
live games of :mod:`.session` and the replays of records.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from shoal.core import Action, Game, History, State
from shoal.records import Record, result_token

from ..errors import ApiError

__all__ = [
    "board_view",
    "features_view",
    "last_turn_actions",
    "option_values",
    "outcome_view",
    "replay_view",
    "spoken_view",
    "turn_list",
    "view_delta",
]


def turn_list(
    states: list[State],
    actions: list[Action],
    known: list[dict[str, Any]] | None = None,
    same: int = 0,
) -> list[dict[str, Any]]:
    """The turns of a game: number, seat, side, text, first and last action index, complete.

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
        out.append(
            {
                "number": keep + turn.number,
                "seat": turn.seat,
                "side": turn.side,
                "text": turn.text(),
                "start": offset + turn.start,
                "end": offset + turn.end,
                "complete": turn.complete,
            }
        )
    return out


def last_turn_actions(turns: list[dict[str, Any]], actions: list[Action]) -> list[Action]:
    """The actions of the last of ``turns`` (what a board highlights as the last move)."""
    if not turns:
        return []
    last = turns[-1]
    return actions[last["start"] : last["end"]]


def spoken_view(
    game: Game, states: list[State], turns: list[dict[str, Any]], actions: list[Action]
) -> list[dict[str, Any]]:
    """The actions of the last two turns in the game's words, for a screen reader.

    Each is ``{ply, seat, side, label}``: ``ply`` is the action's index, ``label`` the
    game's :meth:`~shoal.core.Game.action_label` in the state it was played from. Two turns,
    so a view that arrives after the player's turn and the computer's answer says both.
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
                "label": game.action_label(state, actions[ply]),
            }
        )
    return out


def outcome_view(state: State, ended: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result for a client: an end the rules do not know (``ended``) or ``state``'s outcome."""
    if ended is not None:
        winner = ended.get("winner")
        token = "1/2-1/2" if winner is None else ("1-0" if winner == 0 else "0-1")
        if ended.get("aborted"):
            token = "*"  # an aborted game has no result
        reason = str(ended["reason"])
        sentence = reason[:1].upper() + reason[1:]
        if winner is not None:
            sentence += f": {state.side_name(winner).capitalize()} wins."
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
        "sentence": state.game.ending_sentence(state),
        "scores": list(outcome.scores) if outcome.scores is not None else None,
        "result": result_token(outcome),
    }


def features_view(game: Game, state: State) -> dict[str, float]:
    """The game's features of ``state``, rounded (none when they fail: they are for display)."""
    try:
        values = game.features(state)
    except Exception:  # features are for display only: never let them break a view
        return {}
    return {str(k): round(float(v), 4) for k, v in values.items()}


def board_view(game: Game, states: list[State], actions: list[Action], k: int) -> dict[str, Any]:
    """The position after ``k`` actions, drawn, with the turns up to there."""
    state = states[k]
    turns = turn_list(states[: k + 1], actions[:k])
    return {
        "ply": k,
        "svg": game.render_svg(state, last=last_turn_actions(turns, actions[:k])),
        "to_move": state.to_move,
        "sides": list(state.sides()),
        "position": state.position(),
        "turn": state.turn,
        "turns": turns,
        "features": features_view(game, state),
        "status": game.status(state),
        "words": game.describe(state),
        "spoken": spoken_view(game, states[: k + 1], turns, actions[:k]),
    }


def replay_view(record: Record, k: int) -> dict[str, Any]:
    """The replay view of a record at ``k`` actions (0 = the start)."""
    n = len(record.actions)
    if not 0 <= k <= n:
        raise ApiError(404, f"move {k} is out of range: the record has {n} actions")
    states = record.states()
    view = board_view(record.game, states, record.actions, k)
    full_turns = turn_list(states, record.actions)
    view.update(
        game={"id": record.game.id, "title": record.game.title},
        options=option_values(record.game),
        total=n,
        all_turns=full_turns,
        players=list(record.players),
        result=outcome_view(states[k], None),
        final_result=outcome_view(states[-1], None),
    )
    return view


def view_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The message that turns a client's view ``old`` into ``new``: ``{"type": "delta",
    "base": OLD VERSION, "set": {key: value}, "turns_from": K}``.

    ``set`` holds the keys whose values changed (an action: the version, board, legal
    actions, result, status, clocks...; a computer that starts thinking: ``thinking`` and
    the clock); ``turns`` in it are the turns from index ``turns_from`` on (the earlier ones
    are the client's). A key ``new`` lacks is set to None. The client applies it only to
    the view at ``base`` (any other: it asks for the whole view).
    """
    changes = {key: value for key, value in new.items() if old.get(key) != value}
    changes.update({key: None for key in old.keys() - new.keys()})
    message: dict[str, Any] = {"type": "delta", "base": old["version"], "set": changes}
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
