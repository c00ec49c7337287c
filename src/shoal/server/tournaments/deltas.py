"""What changed on an event's page: ``GET /api/tournaments/{id}/changes?base=TAG`` (issue 59).

An event of 500 players is a large view (every pairing of every round, a standings line
per player); the page reads it every two seconds. So the page sends the tag of the view it
has, and the answer is only what changed since (a result, a new pairing, the lines whose
points or tiebreaks moved), not the whole table:

``{"tag": NEW, "base": TAG, "set": {KEY: VALUE}, "players": [ENTRY...], "players_order":
[NAME...], "standings": [LINE...], "standings_order": [NAME...], "standings_ranks":
[RANK...], "rounds": [{"number", "bye", "paired", "pairings": {INDEX: PAIRING}}]}``

``set`` holds the view's other keys whose value changed; ``players`` the entries (by
name) that changed or are new and ``players_order`` every name in order when the list's
order or membership changed; ``standings`` the lines whose points or tiebreaks changed
(their ``rank`` is in ``standings_ranks``), and ``standings_order`` with
``standings_ranks`` every player and rank in order when either changed (a few kilobytes
at 500: a result that moves a player up moves the ranks of everyone between);
``rounds`` a new round whole, an old one's changed or new pairings by index. A key with
nothing in it is left out. The reader's own keys (``joined``, ``your_game``,
``your_games``, ``creator``) are always in ``set``.

The tag is a hash of the view that is the same for every reader. Each process keeps the
last :data:`KEPT` tags of the events read lately; a base it does not know (another
process served it, or it is too old) is answered ``{"tag": NEW, "view": VIEW}``, the whole
view, as is a request with no base. :func:`apply_delta` is the client's side, written
here for the tests (the page's is ``tournament.js``'s ``applyChange``).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

__all__ = ["KEPT", "READER_KEYS", "ViewTags", "apply_delta", "tag_of", "view_delta"]

KEPT = 16
"""How many past views of an event a process keeps to answer deltas from."""

EVENTS_KEPT = 64
"""How many events a process keeps views of (the ones read last)."""

READER_KEYS = ("joined", "your_game", "your_games", "creator")
"""The keys of an event's view that differ from reader to reader."""

_LISTED = ("players", "standings", "rounds")


def tag_of(shared: dict[str, Any]) -> str:
    """The tag of the view every reader shares (its reader keys left out)."""
    text = json.dumps(shared, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _by(items: list[dict[str, Any]], key: str) -> dict[Any, dict[str, Any]]:
    return {item[key]: item for item in items}


def _standing_body(line: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in line.items() if k != "rank"}


def view_delta(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """What turns the view ``old`` into ``new`` (the keys in the module's text; ``tag`` and
    ``base`` are the caller's)."""
    out: dict[str, Any] = {}
    changed = {
        k: v for k, v in new.items() if k not in _LISTED and (k in READER_KEYS or old.get(k) != v)
    }
    out["set"] = changed
    before = _by(old["players"], "name")
    players = [p for p in new["players"] if before.get(p["name"]) != p]
    if players:
        out["players"] = players
    order = [p["name"] for p in new["players"]]
    if order != [p["name"] for p in old["players"]]:
        out["players_order"] = order
    lines = _by(old["standings"], "player")
    moved = [
        _standing_body(line)
        for line in new["standings"]
        if line["player"] not in lines
        or _standing_body(lines[line["player"]]) != _standing_body(line)
    ]
    if moved:
        out["standings"] = moved
    ranked = [(line["player"], line["rank"]) for line in new["standings"]]
    if ranked != [(line["player"], line["rank"]) for line in old["standings"]]:
        out["standings_order"] = [name for name, _ in ranked]
        out["standings_ranks"] = [rank for _, rank in ranked]
    rounds = _by(old["rounds"], "number")
    changes: list[dict[str, Any]] = []
    for rnd in new["rounds"]:
        was = rounds.get(rnd["number"])
        if was == rnd:
            continue
        seen = was["pairings"] if was else []
        pairings = {
            str(i): p for i, p in enumerate(rnd["pairings"]) if i >= len(seen) or seen[i] != p
        }
        changes.append({"number": rnd["number"], "bye": rnd["bye"], "paired": rnd["paired"]})
        changes[-1]["pairings"] = pairings
    if changes:
        out["rounds"] = changes
    return out


def apply_delta(view: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The view ``delta`` (from :func:`view_delta`) makes of ``view`` (which is not changed)."""
    new = {k: v for k, v in view.items() if k not in _LISTED}
    new.update(delta.get("set", {}))
    players = _by(view["players"], "name") | _by(delta.get("players", []), "name")
    order = delta.get("players_order") or [p["name"] for p in view["players"]]
    new["players"] = [players[name] for name in order]
    bodies = {line["player"]: _standing_body(line) for line in view["standings"]}
    bodies |= _by(delta.get("standings", []), "player")
    ranks = {line["player"]: line["rank"] for line in view["standings"]}
    names = delta.get("standings_order", [line["player"] for line in view["standings"]])
    ranks |= dict(zip(names, delta.get("standings_ranks", []), strict=False))
    new["standings"] = [{**bodies[name], "rank": ranks[name]} for name in names]
    rounds = {r["number"]: r for r in view["rounds"]}
    for change in delta.get("rounds", []):
        pairings = list(rounds.get(change["number"], {"pairings": []})["pairings"])
        for index, pairing in sorted(change["pairings"].items(), key=lambda kv: int(kv[0])):
            if int(index) < len(pairings):
                pairings[int(index)] = pairing
            else:
                pairings.append(pairing)
        rounds[change["number"]] = {
            "number": change["number"],
            "pairings": pairings,
            "bye": change["bye"],
            "paired": change["paired"],
        }
    new["rounds"] = [rounds[n] for n in sorted(rounds)]
    return new


class ViewTags:
    """The views of events this process answered lately, by tag (thread-safe)."""

    def __init__(self) -> None:
        self._views: OrderedDict[int, OrderedDict[str, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def answer(self, event_id: int, view: dict[str, Any], base: str | None) -> dict[str, Any]:
        """The change from ``base`` to ``view`` (the whole view when ``base`` is unknown)."""
        shared = {k: v for k, v in view.items() if k not in READER_KEYS}
        tag = tag_of(shared)
        with self._lock:
            kept = self._views.setdefault(event_id, OrderedDict())
            self._views.move_to_end(event_id)
            kept[tag] = shared
            kept.move_to_end(tag)
            while len(kept) > KEPT:
                kept.popitem(last=False)
            while len(self._views) > EVENTS_KEPT:
                self._views.popitem(last=False)
            old = kept.get(base) if base else None
        if old is None:
            return {"tag": tag, "view": view}
        return {"tag": tag, "base": base, **view_delta(old, view)}
