"""The fair-play measurement of docs/fairplay.md (issue 61): ``shoal fairplay measure``.

Honest accounts play rated games at their level, as people do: the server's levels
``beginner`` to ``strong`` (their searches without a time cap, so a busy machine plays the
same moves), and the noise of a human: at each decision, with probability ``noise``, the
search's second-best move instead of its best. A few cheats play at a level too, then
switch to the ``max`` engine (no noise) after ``switch`` games. Every game goes through
the server itself, in this process, on a SQLite file: challenged and accepted as rated
(:mod:`shoal.server.challenges.service`), every atomic action through the one door of a
move (:func:`shoal.server.games.moves.play`), settled by the ratings, and checked by the
server's own fair-play listener (:class:`~.fairplay.service.FairPlay`), which files its
reports as it would on a site. The measurement then reads which accounts were reported.

It counts: how many cheats and how many honest accounts were reported; every test made on
an honest account after each round and how many said "improbable" (the per-test false
positive rate of the run); and the rate over many resampled windows of each honest
account's own games (10 of its games drawn at random, without repeats), each compared with
the other players' games as the server compares them.

Resumable: the database and ``progress.json`` live in ``--state DIR``; run the same command
again and it goes on from the last game stored. Bounded: ``--rounds`` rounds of one game
per account (an odd count gives one account a bye each round). CPU-heavy by nature: run it
as ``nice -n 19 shoal fairplay measure ...``.

It drives a whole app (:func:`~shoal.server.app.create_app`), so it sits beside the
assembly, not in the fair-play domain (which never imports the app).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shoal import games
from shoal.ai.levels import SearchPlayer
from shoal.ai.players import get_player
from shoal.analysis.fairplay import (
    MIN_TURNS,
    REFERENCE_GAMES,
    WINDOW,
    Z_FLAG,
    term,
)
from shoal.core import Action, Game, State

__all__ = ["Config", "measure"]

HONEST_LEVELS = ("beginner", "casual", "club", "strong")
"""The levels of the honest accounts, in turn."""

CHEAT_LEVELS = ("casual", "club", "strong")
"""The levels the cheats play at before they switch (in turn)."""

PASSWORD = "fair play measure"
SPEED = "correspondence"


@dataclasses.dataclass(frozen=True)
class Config:
    """What to measure (``progress.json`` keeps it: a resumed run must ask the same)."""

    game: str = "cyclix"
    honest: int = 20
    cheats: int = 3
    switch: int = 10
    rounds: int = 24
    noise: float = 0.15
    seed: int = 61
    resamples: int = 2000


@dataclasses.dataclass
class Account:
    """A measured account: its name, level, and when it starts to cheat (None: never)."""

    name: str
    level: str
    cheats_after: int | None
    user_id: int = 0
    games: int = 0


class Human:
    """A player at a level that sometimes plays the search's second-best move."""

    def __init__(self, level: str, game: Game, seed: int, noise: float) -> None:
        player = get_player(f"{level}:turn_seconds=600", game, seed=seed)
        assert isinstance(player, SearchPlayer)
        self.player = player
        self.noise = noise
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        action = self.player.choose(state)
        result = self.player.last_result
        if result is None or not self.noise or self.rng.random() >= self.noise:
            return action
        ranked = sorted(result.children, key=lambda c: (-c.visits, -c.value, c.action))
        if result.algorithm == "alphabeta":
            ranked = sorted(result.children, key=lambda c: (-c.value, c.action))
        others = [c.action for c in ranked if c.action != action]
        return others[0] if others else action


def accounts_of(config: Config) -> list[Account]:
    """The honest accounts ``h01``... and the cheats ``c1``..."""
    out = [
        Account(f"h{i + 1:02d}", HONEST_LEVELS[i * len(HONEST_LEVELS) // config.honest], None)
        for i in range(config.honest)
    ]
    out += [
        Account(f"c{i + 1}", CHEAT_LEVELS[i % len(CHEAT_LEVELS)], config.switch)
        for i in range(config.cheats)
    ]
    return out


def measure(config: Config, state: Path, say: Callable[[str], None] = print) -> dict[str, Any]:
    """Run (or resume) the measurement in the folder ``state``; its results."""
    state.mkdir(parents=True, exist_ok=True)
    progress_file = state / "progress.json"
    progress: dict[str, Any] = {"config": dataclasses.asdict(config), "games": [], "tests": []}
    if progress_file.exists():
        progress = json.loads(progress_file.read_text())
        if progress["config"] != dataclasses.asdict(config):
            raise ValueError(
                f"{progress_file} holds a run with other settings ({progress['config']}): "
                "ask the same, or use another --state"
            )
    return asyncio.run(_run(config, state, progress, progress_file, say))


async def _run(
    config: Config, state: Path, progress: dict[str, Any], file: Path, say: Callable[[str], None]
) -> dict[str, Any]:
    from .app import create_app

    game = games.get(config.game)
    app = create_app(f"sqlite:///{state / 'fairplay.sqlite3'}", max_searches=1)
    async with app.router.lifespan_context(app):
        context = app.state.context
        accounts = accounts_of(config)
        for account in accounts:
            account.user_id = await asyncio.to_thread(_account, context, account.name)
        done = {(g["round"], g["pair"]) for g in progress["games"] if g.get("over")}
        for number in range(config.rounds):
            pairs = _pairs(config, number, accounts)
            for index, (a, b) in enumerate(pairs):
                if (number, index) in done:
                    a.games += 1
                    b.games += 1
                    continue
                game_id = await _play(context, game, config, progress, number, index, a, b)
                a.games += 1
                b.games += 1
                await context.fairplay.settled()
                for entry in progress["games"]:
                    if entry["game"] == game_id:
                        entry["over"] = True
                file.write_text(json.dumps(progress))
            if not any(t["round"] == number for t in progress["tests"]):
                tests = await asyncio.to_thread(_tests, context, config, accounts, number)
                progress["tests"].extend(tests)
                file.write_text(json.dumps(progress))
                say(_round_line(number, tests))
        return await asyncio.to_thread(_results, context, config, accounts, progress)


def _account(context: Any, name: str) -> int:
    store = context.accounts.store
    found = store.by_name(name)
    if found is not None:
        return int(found[0].id)
    user = store.create_user(name, context.accounts.hash(PASSWORD))
    assert user is not None
    return int(user.id)


def _pairs(config: Config, number: int, accounts: list[Account]) -> list[tuple[Account, Account]]:
    """The round's pairs: the accounts shuffled by the round's seed, taken two by two."""
    order = list(accounts)
    random.Random(config.seed * 1000 + number).shuffle(order)
    return [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]


async def _play(
    context: Any,
    game: Game,
    config: Config,
    progress: dict[str, Any],
    number: int,
    index: int,
    a: Account,
    b: Account,
) -> str:
    """Play (or go on with) the rated game of a pair; its id."""
    from .games.moves import play

    known = [g for g in progress["games"] if g["round"] == number and g["pair"] == index]
    if known:
        game_id = str(known[0]["game"])
    else:
        user_a = await asyncio.to_thread(context.accounts.store.by_id, a.user_id)
        user_b = await asyncio.to_thread(context.accounts.store.by_id, b.user_id)
        challenge, _, _ = await context.challenges.create(
            user_a,
            username=b.name,
            game=game.id,
            options={},
            colour="random",
            time_control=None,
            rated=True,
        )
        accepted = await context.challenges.accept(challenge.id, user_b)
        game_id = accepted.game
        progress["games"].append({"round": number, "pair": index, "game": game_id})
    seed = config.seed * 100_000 + number * 100 + index
    agents = {
        a.user_id: _agent(a, game, config, seed),
        b.user_id: _agent(b, game, config, seed + 1),
    }
    while True:
        live = (await context.manager.entry(game_id)).live
        if live.over:
            return game_id
        seat = live.state.to_move
        user_id = (live.data.accounts or [None, None])[seat]
        action = await asyncio.to_thread(agents[user_id].choose, live.state)
        await play(
            context.manager, game_id, live.data.version, None, action=action, account=user_id
        )


def _agent(account: Account, game: Game, config: Config, seed: int) -> Human:
    cheating = account.cheats_after is not None and account.games >= account.cheats_after
    if cheating:
        return Human("max", game, seed, 0.0)
    return Human(account.level, game, seed, config.noise)


def _tests(
    context: Any, config: Config, accounts: list[Account], number: int
) -> list[dict[str, Any]]:
    """The test of every account after round ``number`` (as the server makes it)."""
    out = []
    for account in accounts:
        verdict = context.fairplay.verdict(account.user_id, config.game, SPEED)
        rating = context.ratings.rating(account.user_id, config.game, SPEED).rating.r
        out.append(
            {
                "round": number,
                "account": account.name,
                **verdict.as_json(),
                "cheating": account.cheats_after is not None
                and account.games > account.cheats_after,
                "rating": round(rating),
            }
        )
    return out


def _round_line(number: int, tests: list[dict[str, Any]]) -> str:
    flagged = [t["account"] for t in tests if t["flagged"]]
    tested = sum(1 for t in tests if t["z"] is not None)
    now = ", ".join(flagged) or "none"
    return f"round {number + 1}: {tested} accounts tested; improbable now: {now}"


def _results(
    context: Any, config: Config, accounts: list[Account], progress: dict[str, Any]
) -> dict[str, Any]:
    """What the run found: who was reported, the tests' false positives, the resampled rate."""
    reported = {
        r.target_id: r
        for g in context.moderation.store.queue(limit=1000)
        for r in g[2]
        if r.kind == "fairplay" and r.reason == "agreement"
    }
    rows = []
    played = _played(config, accounts)
    for account in accounts:
        tests = [t for t in progress["tests"] if t["account"] == account.name]
        last = tests[-1] if tests else {}
        first = next((t for t in tests if t["flagged"]), None)
        rating = context.ratings.rating(account.user_id, config.game, SPEED).rating.r
        rows.append(
            {
                "account": account.name,
                "level": account.level
                if account.cheats_after is None
                else f"{account.level}, then max after {account.cheats_after} games",
                "cheat": account.cheats_after is not None,
                "games": account.games,
                "rating": round(rating),
                "reported": account.user_id in reported,
                "first_improbable_after": None
                if first is None
                else played[account.name][first["round"]],
                "last_z": last.get("z"),
                "last_rate": last.get("rate"),
            }
        )
    honest_tests = [
        t for t in progress["tests"] if not t["account"].startswith("c") and t["z"] is not None
    ]
    cheat_tests = [t for t in progress["tests"] if t["cheating"] and t["z"] is not None]
    full = config.switch + WINDOW  # a cheat's window all games with the engine
    resampled = _resampled(context, config, [a for a in accounts if a.cheats_after is None])
    return {
        "config": dataclasses.asdict(config),
        "accounts": rows,
        "cheats_reported": sum(1 for r in rows if r["cheat"] and r["reported"]),
        "cheats": sum(1 for r in rows if r["cheat"]),
        "honest_reported": sum(1 for r in rows if not r["cheat"] and r["reported"]),
        "honest": sum(1 for r in rows if not r["cheat"]),
        "honest_tests": len(honest_tests),
        "honest_tests_improbable": sum(1 for t in honest_tests if t["flagged"]),
        "honest_max_z": max((t["z"] for t in honest_tests), default=None),
        "cheat_tests": len(cheat_tests),
        "cheat_min_z_after_full_window": min(
            (t["z"] for t in cheat_tests if played[t["account"]][t["round"]] >= full),
            default=None,
        ),
        "resampled": resampled,
        "z_flag": Z_FLAG,
    }


def _played(config: Config, accounts: list[Account]) -> dict[str, list[int]]:
    """Per account, how many games it had played after each round (the pairings replayed)."""
    out: dict[str, list[int]] = {a.name: [] for a in accounts}
    count = dict.fromkeys(out, 0)
    for number in range(config.rounds):
        for a, b in _pairs(config, number, accounts):
            count[a.name] += 1
            count[b.name] += 1
        for name in out:
            out[name].append(count[name])
    return out


def _resampled(context: Any, config: Config, honest: list[Account]) -> dict[str, Any]:
    """Windows of :data:`WINDOW` games drawn at random (without repeats) from each honest
    account's own games, each game compared with the others' games nearest its rating, as
    the server compares them."""
    store = context.fairplay.store
    rng = random.Random(config.seed)
    excluded = set(context.ratings.excluded())
    zs: list[float] = []
    for account in honest:
        mine = [
            g
            for g in store.window(account.user_id, config.game, SPEED, 10_000)
            if g.turns >= MIN_TURNS
        ]
        if len(mine) < WINDOW:
            continue
        others = [
            g
            for g in store.reference(
                config.game,
                SPEED,
                [g.rating for g in mine],
                exclude={account.user_id, *excluded},
                per_rating=REFERENCE_GAMES,
            )
            if g.turns >= MIN_TURNS
        ]
        parts = [term(g, others) for g in mine]
        for _ in range(config.resamples):
            window = rng.sample(parts, WINDOW)
            zs.append(sum(s for s, _, _ in window) / math.sqrt(sum(v for _, v, _ in window)))
    zs.sort()
    flagged = sum(1 for z in zs if z >= Z_FLAG)
    return {
        "windows": len(zs),
        "improbable": flagged,
        "rate": flagged / len(zs) if zs else None,
        "z_99_9": zs[int(0.999 * (len(zs) - 1))] if zs else None,
        "z_max": zs[-1] if zs else None,
    }


def table(results: dict[str, Any]) -> str:
    """The results as the lines docs/fairplay.md shows."""
    lines = [f"{'account':<8} {'level':<34} {'games':>5} {'rating':>6} {'z':>6}  reported"]
    for row in results["accounts"]:
        z = "-" if row["last_z"] is None else f"{row['last_z']:.1f}"
        lines.append(
            f"{row['account']:<8} {row['level']:<34} {row['games']:>5} {row['rating']:>6} "
            f"{z:>6}  {'yes' if row['reported'] else 'no'}"
        )
    r = results["resampled"]
    lines += [
        "",
        f"cheats reported: {results['cheats_reported']} of {results['cheats']}",
        f"honest accounts reported: {results['honest_reported']} of {results['honest']}",
        f"tests of honest accounts after each round: {results['honest_tests']}, "
        f"improbable: {results['honest_tests_improbable']} (highest z {results['honest_max_z']})",
        f"resampled honest windows: {r['windows']}, improbable: {r['improbable']} "
        f"(z at the 99.9th percentile {r['z_99_9'] and round(r['z_99_9'], 2)}, "
        f"highest {r['z_max'] and round(r['z_max'], 2)}; reported at z >= {results['z_flag']})",
    ]
    return "\n".join(lines)
