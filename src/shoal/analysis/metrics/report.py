"""Metric reports: the JSON payload, a terminal summary and an HTML page.

``metrics.json`` holds the meta data (game, options, players, seeds, command),
every metric with its value, 95% interval, count, method and definition, how
games ended, and where asked the sequential run, the skill curve, the
compensation search and the human data; ``metrics.html`` shows the same with
the skill curve's plot inline.
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .suite import DEFINITIONS, compute
from .trace import GameTrace

__all__ = ["format_text", "metrics_payload", "write_metrics_report"]

_PERCENT = {
    "AdvantageP1",
    "Drawishness",
    "Completion",
    "Timeouts",
    "Balance",
    "DecisionMoves",
    "BoardCoverage",
    "Decisiveness",
    "LeadChange",
    "ClarityNarrowness",
}


def metrics_payload(
    traces: Sequence[GameTrace], meta: dict[str, Any], *, seed: int = 0
) -> dict[str, Any]:
    """The JSON-ready report of ``traces`` (meta as given)."""
    reasons = Counter(re.sub(r"-?\d+", "N", t.reason) for t in traces)
    return {
        "meta": meta,
        "games": len(traces),
        "metrics": {
            name: {**interval.as_dict(), "definition": DEFINITIONS[name]}
            for name, interval in compute(traces, seed=seed).items()
        },
        "reasons": dict(reasons.most_common()),
    }


def _shown(name: str, value: float) -> str:
    return f"{value:.1%}" if name in _PERCENT else f"{value:.3g}"


def format_text(payload: dict[str, Any]) -> str:
    """The report in a few lines for a terminal."""
    meta = payload["meta"]
    lines = [str(meta.get("title", meta.get("game")))]
    if payload["games"]:
        lines[0] += f": {payload['games']} games, {' v '.join(meta.get('players', []))}"
    for name, m in payload["metrics"].items():
        lines.append(
            f"  {name:21} {_shown(name, m['value']):>8}  "
            f"[{_shown(name, m['low'])}, {_shown(name, m['high'])}]  ({m['method']}, n={m['n']})"
        )
    seq = payload.get("sequential")
    if seq:
        sprt = seq["sprt"]
        lines.append(
            f"  until {seq['target']['rate']}=±{seq['target']['half_width'] * 100:g}: "
            f"{seq['reason']} after {seq['games']} games; SPRT (first favoured, "
            f"p0={sprt['p0']}, p1={sprt['p1']}): {sprt['decision']}"
            + (f" at game {sprt['decided_at']}" if sprt["decided_at"] else "")
        )
    comp = payload.get("compensation")
    if comp:
        lo, hi = comp["interval"]
        lines.append(
            f"  fair {comp['option']} at {comp['level']}: {comp['value']:g} (interval {lo:g} to "
            f"{hi:g}); first player {comp['rate']['value']:.1%} over {comp['rate']['n']} games; "
            f"{comp['stop']}, {comp['games']} games"
        )
    skill = payload.get("skill")
    if skill:
        for pair in skill["pairs"]:
            f, d = pair["first"], pair["draws"]
            lines.append(
                f"  {pair['levels'][0]} v {pair['levels'][1]}: first {f['value']:.1%} "
                f"[{f['low']:.1%}, {f['high']:.1%}], draws {d['value']:.1%} (n={f['n']})"
                + _NO_CAP.get(pair.get("time_caps", True), "")
            )
        if skill.get("proven"):
            lines.append(f"  proven value for the first player: {skill['proven']['value']:g}")
        late = skill.get("late")
        if late:
            lines.append(
                f"  late game ({late['depth']} actions, {late['positions']} positions): proven "
                f"{late['proven']:.1%}, played {late['played']:.1%}"
            )
    return "\n".join(lines)


_CSS = """
body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;
text-align:left;vertical-align:top}td.n{text-align:right}img{max-width:100%}
.flag{color:#b00;font-weight:bold}small{color:#555}
"""


def _row(name: str, m: dict[str, Any]) -> str:
    e = html.escape
    return (
        f"<tr><td>{e(name)}</td><td class=n>{_shown(name, m['value'])}</td>"
        f"<td class=n>{_shown(name, m['low'])} – {_shown(name, m['high'])}</td>"
        f"<td class=n>{m['n']}</td><td>{e(m['method'])}</td><td><small>"
        f"{e(m['definition'])}</small></td></tr>"
    )


_NO_CAP = {False: " (no time cap)"}
"""The mark of a pair played by its levels' iteration budgets alone."""


def _levels_words(late: dict[str, Any]) -> str:
    levels = late.get("levels")
    return f" ({html.escape(' v '.join(levels))})" if levels else ""


def _skill_html(skill: dict[str, Any], image: str | None) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(p['levels'][0])} v {html.escape(p['levels'][1])}"
        f"{_NO_CAP.get(p.get('time_caps', True), '')}</td>"
        f"<td class=n>{p['first']['value']:.1%} ({p['first']['low']:.1%} – "
        f"{p['first']['high']:.1%})</td><td class=n>{p['draws']['value']:.1%} "
        f"({p['draws']['low']:.1%} – {p['draws']['high']:.1%})</td>"
        f"<td class=n>{p['seat0']['value']:.1%}</td><td class=n>{p['first']['n']}</td></tr>"
        for p in skill["pairs"]
    )
    proven = skill.get("proven")
    end = (
        f"<p>The prover settles the start: the first player's score with perfect play is "
        f"{proven['value']:g} ({proven['positions']} start position(s), {proven['nodes']} "
        f"positions searched).</p>"
        if proven
        else "<p>The prover does not settle the start within its node budget.</p>"
    )
    late = skill.get("late")
    if late:
        end += (
            f"<p>Late game of the strongest pair{_levels_words(late)}: {late['positions']} of "
            f"{late['games']} games "
            f"settled {late['depth']} actions before their end; there the first player scores "
            f"{late['proven']:.1%} with perfect play and {late['played']:.1%} as played.</p>"
        )
    img = f'<img alt="skill curve" src="data:image/png;base64,{image}">' if image else ""
    return (
        "<h2>Skill curve</h2>" + img + "<table><tr><th>levels (seat 0 v seat 1)</th>"
        "<th>first player</th><th>draws</th><th>seat 0</th><th>games</th></tr>"
        f"{rows}</table>{end}"
    )


def write_metrics_report(
    payload: dict[str, Any], out: Path, *, skill_png: Path | None = None
) -> Path:
    """Write ``metrics.json`` and ``metrics.html`` into ``out``; the HTML's path."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "metrics.json").write_text(json.dumps(payload, indent=1, sort_keys=False) + "\n")
    e = html.escape
    meta = payload["meta"]
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>{e(str(meta.get('title')))}: "
        f"metrics</title><style>{_CSS}</style></head><body>",
        f"<h1>{e(str(meta.get('title')))}: game metrics</h1>",
        f"<p>{payload['games']} games, {e(' v '.join(meta.get('players', [])))}, options "
        f"{e(json.dumps(meta.get('options', {})))}, seeds {e(str(meta.get('seeds')))}. "
        f"Command: <code>{e(str(meta.get('command', '')))}</code>. Definitions and formulas: "
        "docs/metrics.md. Rates: 95% Wilson intervals; means: 95% percentile bootstrap "
        "(seeded).</p>",
    ]
    extended = meta.get("skill_commands")
    if extended:
        parts.append(
            "<p>Skill curve extended (pairs added, the rest kept) by: "
            + "; ".join(f"<code>{e(c)}</code>" for c in extended)
            + ".</p>"
        )
    if payload["games"]:
        parts.append(
            "<table><tr><th>metric</th><th>value</th><th>95% interval</th><th>n</th>"
            "<th>interval</th><th>definition</th></tr>"
            + "".join(_row(name, m) for name, m in payload["metrics"].items())
            + "</table>"
        )
        parts.append(
            "<h2>How games end</h2><table>"
            + "".join(
                f"<tr><td>{e(k)}</td><td class=n>{v}</td></tr>"
                for k, v in payload["reasons"].items()
            )
            + "</table>"
        )
    seq = payload.get("sequential")
    if seq:
        sprt = seq["sprt"]
        parts.append(
            f"<h2>Sequential stopping</h2><p>Target: the {e(seq['target']['rate'])} rate to "
            f"±{seq['target']['half_width'] * 100:g} points. Stopped: {e(seq['reason'])} after "
            f'{seq["games"]} games ({seq["seconds"]:.0f} s). SPRT for "is the first player '
            f'favoured?" (H0 p={sprt["p0"]}, H1 p={sprt["p1"]}, alpha={sprt["alpha"]}, '
            f"beta={sprt['beta']}): <b>{e(sprt['decision'])}</b>"
            + (f" at game {sprt['decided_at']}" if sprt["decided_at"] else "")
            + f", log-likelihood ratio {sprt['llr']:.2f} (bounds {sprt['lower']:.2f}, "
            f"{sprt['upper']:.2f}).</p>"
        )
    skill = payload.get("skill")
    if skill:
        image = base64.b64encode(skill_png.read_bytes()).decode() if skill_png else None
        parts.append(_skill_html(skill, image))
    comp = payload.get("compensation")
    if comp:
        lo, hi = comp["interval"]
        points = "".join(
            f"<tr><td class=n>{p['value']:g}</td><td class=n>{p['first']['value']:.1%} "
            f"({p['first']['low']:.1%} – {p['first']['high']:.1%})</td>"
            f"<td class=n>{p['first']['n']}</td></tr>"
            for p in comp["points"]
        )
        mix = ", ".join(f"{e(k)} {v}" for k, v in comp["reasons"].items())
        parts.append(
            f"<h2>Compensation: {e(comp['option'])}</h2><p>At {e(comp['level'])} v "
            f"{e(comp['level'])}, {e(comp['option'])} = <b>{comp['value']:g}</b> (the fair "
            f"value lies in {lo:g} to {hi:g}); the first player scores "
            f"{comp['rate']['value']:.1%} ({comp['rate']['low']:.1%} – "
            f"{comp['rate']['high']:.1%}) over {comp['rate']['n']} games there; endings: "
            f"{mix}. Stopped: {e(comp['stop'])} after {comp['games']} games "
            f"({comp['seconds']:.0f} s).</p><table><tr><th>value</th><th>first player</th>"
            f"<th>games</th></tr>{points}</table>"
        )
    humans = payload.get("humans")
    if humans:
        parts.append(human_table(humans))
    parts.append("</body></html>")
    path = out / "metrics.html"
    path.write_text("\n".join(parts))
    return path


def _english(text: str) -> str:
    return text


def human_table(
    rows: list[dict[str, Any]],
    _: Callable[[str], str] = _english,
    percent: Callable[[float], str] = "{:.1%}".format,
) -> str:
    """The human-data rows as an HTML table (flagged rows marked); its words through ``_``
    (a language's ``gettext``: the site's page says them in the reader's language) and its
    rates through ``percent``."""
    e = html.escape
    flag = e(_("disagrees with every AI level"))
    body = "".join(
        f"<tr><td>{e(_(r['band']))}</td><td>{e(_(r['speed']))}</td><td class=n>{r['games']}</td>"
        f"<td class=n>{percent(r['first']['value'])} ({percent(r['first']['low'])} – "
        f"{percent(r['first']['high'])})</td><td class=n>{percent(r['draws']['value'])} "
        f"({percent(r['draws']['low'])} – {percent(r['draws']['high'])})</td><td>"
        + (f"<span class=flag>{flag}</span> " if r["flagged"] else "")
        + e(", ".join(_(level) for level in r["disagrees_with"]))
        + "</td></tr>"
        for r in rows
    )
    heads = (
        _("rating band"),
        _("speed"),
        _("games played"),
        _("first player"),
        _("draws"),
        _("differs from the AI at"),
    )
    title = e(_("Human games"))
    return (
        f"<h2>{title}</h2><table><tr>"
        + "".join(f"<th>{e(head)}</th>" for head in heads)
        + f"</tr>{body}</table>"
    )
