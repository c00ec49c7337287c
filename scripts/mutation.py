"""scripts/mutation: mutmut on one seam module with the tests that cover it (see that file).

The seams are where a silent defect costs most: the game store's save, the rating settle,
challenge accept, the lobby's pairing, the tournaments' pairers (Swiss, round robin, arena),
their records and standings, the clocks, the push encryption, the origin and token checks.
Each has its module and a tight selection of the tests that exercise it (a run should take
minutes, not hours: no PostgreSQL, no real processes, no test marked slow).
"""

from __future__ import annotations

import collections
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SEAMS: dict[str, tuple[str, list[str]]] = {
    "store": (
        "src/shoal/server/games/store.py",
        [
            "tests/server/test_deltas.py::test_a_save_writes_the_changed_columns_over_its_version_only",
            "tests/server/test_sqlite_save.py",
            "tests/server/test_async_save.py",
            "tests/server/test_claim.py",
            "tests/server/test_store_seams.py",
        ],
    ),
    "settle": (
        "src/shoal/server/ratings/service.py",
        # the API's rated games (not the leaderboard's or the store's own tests, nor
        # test_ratings_round_robin.py: 600 games, marked slow, a minute a mutant)
        [
            "tests/server/test_ratings.py::test_a_rated_game_changes_both_ratings_once",
            "tests/server/test_ratings.py::test_a_game_with_a_clock_is_rated_live",
            "tests/server/test_ratings.py::test_a_casual_game_changes_nothing",
            "tests/server/test_ratings.py::test_a_rated_game_a_guest_finishes_stays_unrated",
            "tests/server/test_ratings_settle.py",
        ],
    ),
    "challenges": (
        "src/shoal/server/challenges/service.py",
        # the service's rules in process first, then the API's and the answers' effects
        [
            "tests/server/test_challenge_rules.py",
            "tests/server/test_challenges.py",
            "tests/server/test_challenge_answers.py",
        ],
    ),
    "lobby": (
        "src/shoal/server/lobby/service.py",
        # the service's rules in process first (the sockets read up to a pong: a message
        # missing fails at once), then the API's
        [
            "tests/server/test_lobby_rules.py",
            "tests/server/test_lobby.py",
            "tests/server/test_seams_seeks.py",
        ],
    ),
    "swiss": (
        "src/shoal/pairing/swiss.py",
        ["tests/pairing/test_swiss_rules.py", "tests/pairing/test_swiss.py"],
    ),
    "records": (
        "src/shoal/pairing/records.py",
        [
            "tests/pairing/test_records.py",
            "tests/pairing/test_standings.py",
            "tests/pairing/test_arena.py",
            "tests/pairing/test_roundrobin.py",
            "tests/pairing/test_swiss.py::test_bad_rounds_are_refused",
        ],
    ),
    "roundrobin": (
        "src/shoal/pairing/roundrobin.py",
        ["tests/pairing/test_roundrobin.py"],
    ),
    "standings": (
        "src/shoal/pairing/standings.py",
        ["tests/pairing/test_standings.py"],
    ),
    "arena": (
        "src/shoal/pairing/arena.py",
        ["tests/pairing/test_arena.py"],
    ),
    "clocks": (
        "src/shoal/server/games/session.py",
        # the live game's rules in process, no database (about a second); test_live.py and
        # test_seams_records.py (55 s a mutant through the API) are left out: every rule of
        # the module they reach is checked here
        ["tests/server/test_clock_rules.py"],
    ),
    "push": (
        "src/shoal/server/push/service.py",
        # the in-process answers first: a mutant of _send fails there in a second
        ["tests/server/test_push_send.py", "tests/server/test_push.py"],
    ),
    "origin": (
        "src/shoal/server/origin.py",
        [
            "tests/server/test_seams_sockets.py",
            "tests/server/test_origin_log.py",
            "tests/server/test_accounts.py::test_cross_site_changes_with_the_cookie_are_refused",
        ],
    ),
    "tokens": (
        "src/shoal/server/games/models.py",
        ["tests/server/test_access.py", "tests/server/test_claim.py"],
    ),
}
"""Per seam: the module mutated and the tests run against each mutant."""


def usage() -> None:
    print(
        "usage: scripts/mutation [MODULE [--only PATTERN]... [--tests TEST...]]\n\n"
        "--only PATTERN: run only the module's mutants whose names match (fnmatch, after the\n"
        "  module's dotted name), e.g. 'x*create__mutmut_*' for Challenges.create's\n"
        "  (a method's mutants are named 'x\u01c1Class\u01c1method__mutmut_N'); the figures\n"
        "  printed are then those of the matching mutants only\n"
        "--tests TEST...: these tests instead of the seam's (the rest of the line)\n\n"
        "the seams:"
    )
    for name, (module, tests) in SEAMS.items():
        print(f"  {name:11} {module}\n  {'':11} tests: {' '.join(tests)}")


def scratch_copy(into: Path) -> None:
    """The checkout's source (with the built fast paths), tests and settings."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "pyodide")
    shutil.copytree(ROOT / "src", into / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests", into / "tests", ignore=ignore)
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy2(ROOT / name, into / name)


def configure(into: Path, module: str, tests: list[str]) -> None:
    """mutmut's settings in the copy's pyproject.toml: the module, the tests, in process."""
    text = (into / "pyproject.toml").read_text()
    settings = {
        "source_paths": ["src"],
        "only_mutate": [module],
        "pytest_add_cli_args_test_selection": tests,
        # one process, no PostgreSQL per mutant, stop at the first failure, no plugins
        # that fork or reorder
        "pytest_add_cli_args": [
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "-x",
            "-q",
            "-k",
            "not postgres",
            "--timeout=300",
        ],
        "track_dependencies": False,
        "use_git_change_detection": False,
    }
    lines = ["", "[tool.mutmut]"] + [f"{k} = {json.dumps(v)}" for k, v in settings.items()]
    (into / "pyproject.toml").write_text(text + "\n".join(lines) + "\n")


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        usage()
        return 0
    name = argv[0]
    if name not in SEAMS:
        print(f"scripts/mutation: unknown module {name!r}", file=sys.stderr)
        usage()
        return 2
    module, tests = SEAMS[name]
    only: list[str] = []
    rest = argv[1:]
    while rest:
        if rest[0] == "--only" and len(rest) > 1:
            only.append(rest[1])
            rest = rest[2:]
        elif rest[0] == "--tests" and len(rest) > 1:
            tests, rest = rest[1:], []
        else:
            print(f"scripts/mutation: unexpected {rest[0]!r}", file=sys.stderr)
            usage()
            return 2
    dotted = module.removeprefix("src/").removesuffix(".py").replace("/", ".")
    patterns = [f"{dotted}.{pattern}" for pattern in only]
    with tempfile.TemporaryDirectory(prefix=f"shoal-mutation-{name}-") as scratch:
        work = Path(scratch)
        scratch_copy(work)
        configure(work, module, tests)
        env = dict(os.environ, PYTHONPATH="")
        mutmut = str(ROOT / ".venv" / "bin" / "mutmut")
        run = [mutmut, "run", "--max-children", "1", *patterns]
        subprocess.run(run, cwd=work, env=env, check=False)
        if patterns:
            stats = matching_stats(work / "mutants" / f"{module}.meta", patterns)
        else:
            subprocess.run([mutmut, "export-cicd-stats"], cwd=work, env=env, check=True)
            stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
        results = subprocess.run(
            [mutmut, "results"], cwd=work, env=env, capture_output=True, text=True, check=False
        ).stdout
        survivors = [
            line.split(":")[0].strip() for line in results.splitlines() if ": survived" in line
        ]
        if patterns:
            survivors = [m for m in survivors if any(fnmatch.fnmatchcase(m, p) for p in patterns)]
        report = [f"{name}: {module}", *(f"only: {p}" for p in patterns), json.dumps(stats), ""]
        for mutant in survivors:
            shown = subprocess.run(
                [mutmut, "show", mutant], cwd=work, env=env, capture_output=True, text=True
            )
            report.append(shown.stdout)
        (ROOT / f"mutation-{name}.txt").write_text("\n".join(report))
    killed, total = stats["killed"], stats["total"]
    which = f" matching {' '.join(only)}" if only else ""
    print(f"{name} ({module}): {killed} killed / {total} mutants{which}", json.dumps(stats))
    print(f"survivors: {len(survivors)} (their diffs: mutation-{name}.txt)")
    return 0


def matching_stats(meta: Path, patterns: list[str]) -> dict[str, int]:
    """The counts by status (as ``mutmut export-cicd-stats`` names them) of the mutants in
    ``meta`` (mutmut's results of one module) whose names match one of ``patterns``."""
    from mutmut.stats import status_by_exit_code

    codes = json.loads(meta.read_text())["exit_code_by_key"]
    counts = collections.Counter(
        status_by_exit_code[code]
        for key, code in codes.items()
        if any(fnmatch.fnmatchcase(key, p) for p in patterns)
    )
    named = {"no tests": "no_tests", "not checked": "not_checked"}
    stats = {named.get(status, status): n for status, n in sorted(counts.items())}
    return {"killed": 0, "survived": 0, **stats, "total": sum(counts.values())}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
