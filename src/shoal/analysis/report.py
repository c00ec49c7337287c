"""Balance reports for game designers: figures from self-play, plots, HTML and JSON.

:func:`figures` turns game summaries into a JSON-ready dict: first-seat and
first-mover win rates with 95% Wilson intervals, draw rate, game lengths,
branching factor over the game, how games end, the most common opening turns
with their results, cell-less choices (swap, side choice, pass) and how often
they win, and for random set-ups how the set-up's evaluation relates to the
result. :func:`write_report` adds matplotlib plots and writes ``report.html``
(plots inline as PNG) and ``report.json``. :func:`write_sweep` compares the
figures of several option values in one page.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .selfplay import GameSummary
from .stats import wilson

__all__ = ["figures", "render_plots", "write_report", "write_sweep"]


def _reason_kind(reason: str) -> str:
    """A reason with its numbers replaced by N, so "score 58 to 45" and "score 50 to 61"
    count as one way to end.

    >>> _reason_kind("largest colour group 4 v 3"), _reason_kind("score 12 to -3")
    ('largest colour group N v N', 'score N to N')
    """
    return re.sub(r"-?\d+", "N", reason)


def _rate(successes: float, trials: int) -> dict[str, float]:
    low, high = wilson(successes, trials)
    return {
        "rate": successes / trials if trials else 0.0,
        "low": low,
        "high": high,
        "n": trials,
    }


def _distribution(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "min": 0.0, "max": 0.0, "stdev": 0.0}
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "min": float(min(values)),
        "max": float(max(values)),
        "stdev": statistics.pstdev(values),
    }


def figures(summaries: Sequence[GameSummary], meta: dict[str, Any]) -> dict[str, Any]:
    """The report's figures (JSON-ready) from self-play summaries."""
    n = len(summaries)
    seat0 = sum(1.0 if s.winner == 0 else 0.5 if s.winner is None else 0.0 for s in summaries)
    draws = sum(1 for s in summaries if s.winner is None)
    movers = [s for s in summaries if s.first_mover_side]
    mover_score = sum(
        1.0 if s.winner_side == s.first_mover_side else 0.5 if s.winner is None else 0.0
        for s in movers
    )
    side_wins: Counter[str] = Counter(s.winner_side for s in summaries if s.winner_side)
    reasons: Counter[str] = Counter(_reason_kind(s.reason) for s in summaries)
    exact_reasons: Counter[str] = Counter(s.reason for s in summaries)
    longest = max((len(s.branching) for s in summaries), default=0)
    branching = []
    for index in range(longest):
        values = [s.branching[index] for s in summaries if index < len(s.branching)]
        if len(values) >= max(3, n // 10):
            branching.append(
                {"turn": index, "mean": statistics.fmean(values), "games": len(values)}
            )
    openings: list[dict[str, Any]] = []
    for depth in (1, 2):
        counter: dict[tuple[str, ...], list[GameSummary]] = defaultdict(list)
        for s in summaries:
            if len(s.openings) >= depth:
                counter[s.openings[:depth]].append(s)
        ranked = sorted(counter.items(), key=lambda item: (-len(item[1]), item[0]))[:10]
        for turns, games_ in ranked:
            score = sum(1.0 if g.winner == 0 else 0.5 if g.winner is None else 0.0 for g in games_)
            openings.append(
                {"turns": list(turns), "games": len(games_), "seat0_score": score / len(games_)}
            )
    choices: dict[str, dict[str, float]] = {}
    by_text: dict[str, list[tuple[int, GameSummary]]] = defaultdict(list)
    for s in summaries:
        for _turn, seat, text in s.choices:
            by_text[text].append((seat, s))
    for text, taken in sorted(by_text.items()):
        games_taken = {id(s): (seat, s) for seat, s in taken}
        wins = sum(
            1.0 if s.winner == seat else 0.5 if s.winner is None else 0.0
            for seat, s in games_taken.values()
        )
        choices[text] = {
            "times": len(taken),
            "games": len(games_taken),
            "share_of_games": len(games_taken) / n if n else 0.0,
            "chooser_score": wins / len(games_taken),
        }
    setup: dict[str, Any] = {}
    if meta.get("random_setup") and n >= 6:
        ordered = sorted(summaries, key=lambda s: s.setup_value)
        thirds = [ordered[: n // 3], ordered[n // 3 : 2 * n // 3], ordered[2 * n // 3 :]]
        setup["by_setup_evaluation_tercile"] = [
            {
                "evaluation_range": [group[0].setup_value, group[-1].setup_value],
                **_rate(
                    sum(1.0 if g.winner == 0 else 0.5 if g.winner is None else 0.0 for g in group),
                    len(group),
                ),
            }
            for group in thirds
            if group
        ]
    scores = [s.scores for s in summaries if s.scores is not None]
    return {
        "meta": meta,
        "games": n,
        "seat0_score": _rate(seat0, n),
        "first_mover": {
            "sides": sorted({s.first_mover_side for s in movers}),
            **_rate(mover_score, len(movers)),
        },
        "draw_rate": _rate(draws, n),
        "wins_by_side": dict(sorted(side_wins.items())),
        "length_turns": _distribution([s.turns for s in summaries]),
        "length_actions": _distribution([s.actions for s in summaries]),
        "lengths": [s.turns for s in summaries],
        "branching": branching,
        "reasons": dict(reasons.most_common()),
        "exact_reasons": dict(exact_reasons.most_common()),
        "openings": openings,
        "choices": choices,
        "setup": setup,
        "score_margin": _distribution([a - b for a, b in scores]) if scores else None,
    }


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _errors(rates: Sequence[dict[str, float]]) -> list[list[float]]:
    """Error bar lengths below and above each rate (never negative after rounding)."""
    return [
        [max(0.0, r["rate"] - r["low"]) for r in rates],
        [max(0.0, r["high"] - r["rate"]) for r in rates],
    ]


def render_plots(data: dict[str, Any]) -> dict[str, str]:
    """The report's plots as base64 PNGs, by name."""
    from matplotlib.figure import Figure

    plots: dict[str, str] = {}
    title = data["meta"].get("title", "")

    fig = Figure(figsize=(6, 3.2))
    ax = fig.subplots()
    labels = ["seat 0 score", "first mover", "draws"]
    keys = [data["seat0_score"], data["first_mover"], data["draw_rate"]]
    rates = [k["rate"] for k in keys]
    errors = _errors(keys)
    ax.bar(labels, rates, yerr=errors, capsize=6, color=["#3b6ea8", "#c77c2e", "#8a8a8a"])
    ax.axhline(0.5, color="#444", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("rate (95% interval)")
    ax.set_title(f"{title}: balance")
    plots["balance"] = _png(fig)

    fig = Figure(figsize=(6, 3.2))
    ax = fig.subplots()
    ax.hist(data["lengths"], bins=min(30, max(5, len(set(data["lengths"])))), color="#3b6ea8")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title(f"{title}: game length")
    plots["length"] = _png(fig)

    fig = Figure(figsize=(6, 3.2))
    ax = fig.subplots()
    turns = [b["turn"] for b in data["branching"]]
    ax.plot(turns, [b["mean"] for b in data["branching"]], color="#c77c2e")
    ax.set_xlabel("turn")
    ax.set_ylabel("legal actions (mean)")
    ax.set_title(f"{title}: branching factor over the game")
    plots["branching"] = _png(fig)

    fig = Figure(figsize=(6, 3.2))
    ax = fig.subplots()
    reasons = data["reasons"]
    ax.barh(list(reasons)[::-1], list(reasons.values())[::-1], color="#5a9e6f")
    ax.set_xlabel("games")
    ax.set_title(f"{title}: how games end")
    plots["reasons"] = _png(fig)

    terciles = data["setup"].get("by_setup_evaluation_tercile")
    if terciles:
        fig = Figure(figsize=(6, 3.2))
        ax = fig.subplots()
        names = ["worst third", "middle third", "best third"][: len(terciles)]
        rates = [t["rate"] for t in terciles]
        errors = _errors(terciles)
        ax.bar(names, rates, yerr=errors, capsize=6, color="#7a5aa8")
        ax.axhline(0.5, color="#444", lw=0.8, ls="--")
        ax.set_ylim(0, 1)
        ax.set_ylabel("seat 0 score")
        ax.set_title(f"{title}: set-up evaluation (for seat 0) and result")
        plots["setup"] = _png(fig)
    return plots


_CSS = """
body{font-family:system-ui,sans-serif;max-width:900px;margin:2em auto;padding:0 1em;color:#222}
h1{font-weight:600}h2{margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse}
td,th{padding:.25em .8em;border-bottom:1px solid #eee;text-align:left}
img{max-width:100%}.meta{color:#666}
"""


def _pct(rate: dict[str, float]) -> str:
    return f"{rate['rate']:.1%} (95%: {rate['low']:.1%} to {rate['high']:.1%}, n={rate['n']})"


def _html(data: dict[str, Any], plots: dict[str, str]) -> str:
    meta = data["meta"]
    e = html.escape

    def img(name: str) -> str:
        if name not in plots:
            return ""
        return f'<img alt="{e(name)}" src="data:image/png;base64,{plots[name]}">'

    rows = "".join(
        f"<tr><td>{e(' / '.join(o['turns']))}</td><td>{o['games']}</td>"
        f"<td>{o['seat0_score']:.0%}</td></tr>"
        for o in data["openings"]
    )
    choices = "".join(
        f"<tr><td>{e(text)}</td><td>{c['games']}</td><td>{c['share_of_games']:.0%}</td>"
        f"<td>{c['chooser_score']:.0%}</td></tr>"
        for text, c in data["choices"].items()
    )
    reasons = "".join(f"<tr><td>{e(r)}</td><td>{c}</td></tr>" for r, c in data["reasons"].items())
    sides = ", ".join(f"{e(k)} {v}" for k, v in data["wins_by_side"].items())
    lt, la = data["length_turns"], data["length_actions"]
    setup = ""
    if data["setup"]:
        setup = (
            f"<h2>Random set-ups</h2><p>Games split by the set-up's evaluation for seat 0 "
            f"(the first position with sides bound).</p>{img('setup')}"
        )
    margin = ""
    if data.get("score_margin"):
        m = data["score_margin"]
        margin = (
            f"<p>Score margin (seat 0 minus seat 1): mean {m['mean']:.1f}, "
            f"median {m['median']:.1f}, from {m['min']:.0f} to {m['max']:.0f}.</p>"
        )
    return f"""<!doctype html><html><head><meta charset="utf-8">
<title>{e(meta["title"])}: self-play report</title><style>{_CSS}</style></head><body>
<h1>{e(meta["title"])}: self-play report</h1>
<p class="meta">{data["games"]} games, {e(meta["players"][0])} (seat 0) v {e(meta["players"][1])}
(seat 1); options {e(json.dumps(meta["options"]))}; seeds {meta["seeds"][0]} to {meta["seeds"][1]};
rules version {e(meta["rules_version"])}. Command: <code>{e(meta["command"])}</code></p>
<h2>Balance</h2>
<p>Seat 0 score (wins + half the draws): {_pct(data["seat0_score"])}.<br>
First mover ({e(", ".join(data["first_mover"]["sides"]))}) score: {_pct(data["first_mover"])}.<br>
Draws: {_pct(data["draw_rate"])}.<br>Wins by side: {sides or "none"}.</p>{margin}
{img("balance")}
<h2>Game length</h2><p>Turns: mean {lt["mean"]:.1f}, median {lt["median"]:.0f}, from
{lt["min"]:.0f} to {lt["max"]:.0f}. Atomic actions: mean {la["mean"]:.1f}, median
{la["median"]:.0f}.</p>{img("length")}
<h2>Branching factor</h2><p>Legal actions at the first decision of each turn.</p>
{img("branching")}
<h2>How games end</h2><table><tr><th>reason</th><th>games</th></tr>{reasons}</table>
{img("reasons")}
<h2>Openings</h2><table><tr><th>first turns</th><th>games</th><th>seat 0 score</th></tr>
{rows}</table>
<h2>Choices without a cell</h2><p>Swap, side choice, pass and the like within the first
turns: how often they were taken and how the player who took them scored.</p>
<table><tr><th>action</th><th>games</th><th>share</th><th>chooser score</th></tr>{choices}
</table>{setup}
</body></html>
"""


def write_report(data: dict[str, Any], out: Path) -> dict[str, str]:
    """Write ``report.html`` and ``report.json`` into ``out``; returns the plots."""
    out.mkdir(parents=True, exist_ok=True)
    plots = render_plots(data)
    (out / "report.json").write_text(json.dumps(data, indent=1) + "\n")
    (out / "report.html").write_text(_html(data, plots))
    for name, png in plots.items():
        (out / f"{name}.png").write_bytes(base64.b64decode(png))
    return plots


def write_sweep(parameter: str, results: list[tuple[str, dict[str, Any]]], out: Path) -> None:
    """One page comparing the figures of each value of ``parameter``."""
    from matplotlib.figure import Figure

    out.mkdir(parents=True, exist_ok=True)
    values = [value for value, _ in results]
    fig = Figure(figsize=(6, 3.4))
    ax = fig.subplots()
    for key, label, colour in (
        ("seat0_score", "seat 0 score", "#3b6ea8"),
        ("first_mover", "first mover score", "#c77c2e"),
        ("draw_rate", "draws", "#8a8a8a"),
    ):
        rates = [data[key]["rate"] for _, data in results]
        low, high = _errors([data[key] for _, data in results])
        ax.errorbar(
            values, rates, yerr=[low, high], label=label, color=colour, capsize=4, marker="o"
        )
    ax.axhline(0.5, color="#444", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel(parameter)
    ax.legend()
    ax.set_title(f"balance by {parameter}")
    plot = _png(fig)
    (out / "sweep.png").write_bytes(base64.b64decode(plot))
    rows = "".join(
        f"<tr><td>{html.escape(value)}</td><td>{_pct(d['seat0_score'])}</td>"
        f"<td>{_pct(d['first_mover'])}</td><td>{d['draw_rate']['rate']:.1%}</td>"
        f"<td>{d['length_turns']['mean']:.1f}</td></tr>"
        for value, d in results
    )
    summary = {value: data for value, data in results}
    (out / "sweep.json").write_text(
        json.dumps({"parameter": parameter, "results": summary}, indent=1) + "\n"
    )
    title = results[0][1]["meta"]["title"] if results else ""
    (out / "sweep.html").write_text(
        f"""<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(title)}:
sweep of {html.escape(parameter)}</title><style>{_CSS}</style></head><body>
<h1>{html.escape(title)}: {html.escape(parameter)} sweep</h1>
<img alt="sweep" src="data:image/png;base64,{plot}">
<table><tr><th>{html.escape(parameter)}</th><th>seat 0 score</th><th>first mover</th>
<th>draws</th><th>mean turns</th></tr>{rows}</table>
<p>Each value has its own full report in the folder of that name.</p></body></html>
"""
    )
