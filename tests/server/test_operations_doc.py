"""docs/operations.md (issue 57) as an operator would use it: the systemd unit passes
``systemd-analyze verify``, every ``shoal`` command line in it parses with shoal's own
parser, the secrets' recipes make files only their owner reads (and ``shoal serve``'s checks
take them), and the Prometheus configuration and alert rules are YAML of the right shape
(checked by ``promtool`` too, where it is installed). That the rules' metrics exist is
checked against a real server's scrape in ``test_ops_live.py``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from shoal.cli.main import build_parser
from shoal.server.db.sealed import Sealer, read_key_file
from shoal.server.push.service import VapidKeys

DOC = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
TEXT = DOC.read_text()
VENV_BIN = Path(sys.executable).parent


def _block(language: str, first_line: str) -> str:
    found = re.search(rf"```{language}\n{re.escape(first_line)}\n(.*?)```", TEXT, re.S)
    assert found is not None, f"docs/operations.md has no {language} block '{first_line}'"
    return found.group(1)


def _shell_lines() -> list[str]:
    return [
        line.strip()
        for block in re.findall(r"```sh\n(.*?)```", TEXT, re.S)
        for line in block.splitlines()
        if line.strip()
    ]


def test_the_systemd_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    unit = _block("ini", "# /etc/systemd/system/shoal.service")
    exec_start = re.search(r"^ExecStart=(.*)$", unit, re.M)
    assert exec_start is not None
    words = shlex.split(exec_start.group(1))
    assert words[0] == "/srv/shoal/app/.venv/bin/shoal"
    build_parser().parse_args(words[1:])  # every flag is one of shoal serve's
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed (the unit's flags were checked)")
    path = tmp_path / "shoal.service"  # the unit with this checkout's shoal in its place
    path.write_text(unit.replace("/srv/shoal/app/.venv/bin/shoal", str(VENV_BIN / "shoal")))
    done = subprocess.run(
        ["systemd-analyze", "verify", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "shoal.service" not in done.stderr, done.stderr


def test_every_shoal_command_of_the_page_parses() -> None:
    """Each ``shoal serve`` and ``shoal db`` command, in a block or in the text, parses with
    shoal's parser as written; the operator's commands are named (server.md documents them)."""
    prose = re.sub(r"```.*?```", "", TEXT, flags=re.S)
    inline = re.findall(r"`([^`]*\bshoal (?:serve|db) [^`]*)`", re.sub(r"\n\s*", " ", prose))
    commands = [
        found.group(1)
        for line in [*_shell_lines(), *inline]
        if (found := re.search(r"(?:^|/)(shoal (?:serve|db) .*)", line))
    ]
    assert len(commands) >= 5, commands
    parser = build_parser()
    for command in commands:
        words = shlex.split(command.split(" #")[0])[1:]
        parser.parse_args(words)  # argparse exits (a failure) on an unknown flag
    flat = re.sub(r"\s+", " ", TEXT)
    for name in ("export-user", "close-user", "delete-game", "ban-address"):
        assert f"shoal admin {name}" in flat
    assert "shoal db current" in flat


def test_the_secrets_recipes_make_files_only_their_owner_reads(tmp_path: Path) -> None:
    """The page's three recipes, run as written (in a scratch folder for /etc/shoal): each
    file has mode 0600 and is taken by shoal's checks; ``vapid --gen`` without the umask
    writes 0644, which ``shoal serve`` refuses."""
    recipes = [line for line in re.findall(r"`(\(umask 077 && [^`]*\))`", TEXT)]
    assert len(recipes) == 3, recipes
    env = dict(os.environ, PATH=f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}")
    for recipe in recipes:
        command = recipe.replace("/etc/shoal", str(tmp_path)).replace(
            "/srv/shoal/app/.venv/bin/", ""
        )
        subprocess.run(["bash", "-c", command], check=True, env=env, cwd=tmp_path)
    for name in ("site.key", "metrics.token", "private_key.pem"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    Sealer(read_key_file(tmp_path / "site.key"))
    VapidKeys.of_file(tmp_path / "private_key.pem")
    loose = tmp_path / "loose"
    loose.mkdir()
    subprocess.run(["bash", "-c", "umask 022 && vapid --gen"], check=True, env=env, cwd=loose)
    assert stat.S_IMODE((loose / "private_key.pem").stat().st_mode) == 0o644
    with pytest.raises(ValueError, match="may be read by others"):
        VapidKeys.of_file(loose / "private_key.pem")


def test_the_prometheus_configuration_and_alert_rules(tmp_path: Path) -> None:
    config = yaml.safe_load(_block("yaml", "# prometheus.yml"))
    assert config["rule_files"] == ["shoal-alerts.yml"]
    [job] = config["scrape_configs"]
    assert job["authorization"]["type"] == "Bearer"
    assert job["authorization"]["credentials_file"].endswith(".token")
    assert job["static_configs"][0]["targets"] == ["127.0.0.1:8000"]
    text = _block("yaml", "# shoal-alerts.yml")
    rules = yaml.safe_load(text)["groups"][0]["rules"]
    assert len(rules) == 3
    for rule in rules:
        assert set(rule) == {"alert", "expr", "for", "labels", "annotations"}, rule
        assert re.fullmatch(r"\d+[smh]", rule["for"]) and rule["annotations"]["summary"]
    promtool = shutil.which("promtool")
    if promtool is not None:
        (tmp_path / "shoal-alerts.yml").write_text(text)
        done = subprocess.run(
            [promtool, "check", "rules", str(tmp_path / "shoal-alerts.yml")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
