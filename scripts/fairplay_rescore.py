"""Score a finished ``shoal fairplay measure`` run again with the test as it is now.

The games of a run (its ``--state`` folder: ``fairplay.sqlite3`` and ``progress.json``)
keep each rated game's figures per seat (rating before it, judged turns, turns agreeing
with the engine). This reads them, read-only, and replays the server's test
(:func:`shoal.analysis.fairplay.test`) after every round as the server would have made it
then: each account's window is its games of the rounds so far, newest first; the reference
is the other accounts' games of those rounds nearest each game's rating (the server's
:meth:`~shoal.server.fairplay.store.FairplayStore.reference`). It prints what the
measurement prints (who the test calls improbable, the tests of honest accounts, the
resampled windows of honest accounts' own games) without playing a game: a change of the
test is measured on the same games in seconds.

    .venv/bin/python scripts/fairplay_rescore.py /tmp/w61_fairplay
"""

from __future__ import annotations

import json
import math
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

from shoal.analysis.fairplay import MIN_TURNS, REFERENCE_GAMES, WINDOW, Z_FLAG, GameFigure, term
from shoal.analysis.fairplay import test as fair_test


def _rows(state: Path) -> list[dict[str, Any]]:
    uri = f"file:{state / 'fairplay.sqlite3'}?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        names = dict(db.execute("SELECT id, username FROM shoal_users"))
        rows = db.execute(
            "SELECT game_id, seat, user_id, rating, turns, agreed, created FROM shoal_fairplay "
            "WHERE status = 'done' ORDER BY created DESC, game_id DESC"
        ).fetchall()
    return [
        {
            "game": g,
            "seat": s,
            "name": names[u],
            "figure": GameFigure(r, t, a),
        }
        for g, s, u, r, t, a, _ in rows
    ]


def _reference(rows: list[dict[str, Any]], ratings: list[float], me: str) -> list[GameFigure]:
    """The server's reference: per rating, the REFERENCE_GAMES nearest, without repeats."""
    others = sorted((r for r in rows if r["name"] != me), key=lambda r: r["game"])
    found: dict[tuple[str, int], GameFigure] = {}
    for rating in dict.fromkeys(round(x) for x in ratings):
        near = sorted(others, key=lambda r: abs(r["figure"].rating - rating))[:REFERENCE_GAMES]
        for r in near:
            found[(r["game"], r["seat"])] = r["figure"]
    return list(found.values())


def main(state: Path) -> None:
    progress = json.loads((state / "progress.json").read_text())
    config = progress["config"]
    rounds = config["rounds"]
    round_of = {g["game"]: g["round"] for g in progress["games"]}
    every = _rows(state)
    names = sorted({r["name"] for r in every})
    cheats = [n for n in names if n.startswith("c")]
    first: dict[str, int] = {}
    honest_tests = honest_improbable = 0
    honest_max = -math.inf
    cheat_min_full = math.inf
    for number in range(rounds):
        rows = [r for r in every if round_of.get(r["game"], rounds) <= number]
        flagged = []
        for name in names:
            mine = [r for r in rows if r["name"] == name]
            window = [r["figure"] for r in mine][: WINDOW * 3]
            reference = _reference(rows, [g.rating for g in window], name)
            verdict = fair_test(window, reference)
            if verdict.z is None:
                continue
            if verdict.flagged:
                flagged.append(name)
                first.setdefault(name, len(mine))
            if name in cheats:
                if len(mine) >= config["switch"] + WINDOW:
                    cheat_min_full = min(cheat_min_full, verdict.z)
            else:
                honest_tests += 1
                honest_improbable += verdict.flagged
                honest_max = max(honest_max, verdict.z)
        print(f"round {number + 1}: improbable now: {', '.join(flagged) or 'none'}")
    print()
    print(f"cheats ever improbable: {sum(1 for c in cheats if c in first)} of {len(cheats)}")
    for c in cheats:
        print(f"  {c}: first improbable after {first.get(c)} games")
    honest = [n for n in names if n not in cheats]
    ever = sum(1 for n in honest if n in first)
    print(f"honest accounts ever improbable: {ever} of {len(honest)}")
    print(f"tests of honest accounts after each round: {honest_tests}, ", end="")
    print(f"improbable: {honest_improbable}")
    print(f"highest z of an honest account: {honest_max:.2f}")
    print(f"lowest z of a cheat with a window of engine games only: {cheat_min_full:.2f}")
    # resampled windows of each honest account's own games (as the measurement does)
    rng = random.Random(config["seed"])
    zs: list[float] = []
    for name in honest:
        own: list[GameFigure] = [
            r["figure"] for r in every if r["name"] == name and r["figure"].turns >= MIN_TURNS
        ]
        if len(own) < WINDOW:
            continue
        others = [
            g for g in _reference(every, [g.rating for g in own], name) if g.turns >= MIN_TURNS
        ]
        parts = [term(g, others) for g in own]
        for _ in range(config["resamples"]):
            window = rng.sample(parts, WINDOW)
            zs.append(sum(s for s, _, _ in window) / math.sqrt(sum(v for _, v, _ in window)))
    zs.sort()
    over = sum(1 for z in zs if z >= Z_FLAG)
    print(
        f"resampled honest windows: {len(zs)}, at z >= {Z_FLAG}: {over} ({over / len(zs):.5f}); "
        f"z at the 99.9th percentile {zs[int(0.999 * (len(zs) - 1))]:.2f}, highest {zs[-1]:.2f}"
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]))
