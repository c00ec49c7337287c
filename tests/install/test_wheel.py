"""What ``pip install`` gives a user: the wheel, installed alone in a clean virtual environment.

The wheel is built from the checkout (``python -m build --wheel``), installed with
its dependencies into a new venv, and run from a directory outside the checkout:
``shoal serve`` must serve every page and every static file, ``shoal engine``
must play a game to its end.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from ..server._live import free_port

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "shoal" / "web"

pytestmark = pytest.mark.slow


def _run(*args: str | Path, cwd: Path, timeout: float = 900, stdin: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{args}: {done.stdout[-2000:]}{done.stderr[-4000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a clean venv with only the built wheel (and its dependencies).

    Built once per run: the first xdist worker to ask builds it in the run's shared temporary
    folder under a lock, the other finds it there (two builds at once in the checkout's
    ``build/`` broke each other: "No such file or directory: 'build/bdist.linux-x86_64/wheel'").
    """
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # each worker's own folder is in the run's
        base = base.parent
    tmp = base / "installed-wheel"
    tmp.mkdir(exist_ok=True)
    with open(tmp / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (tmp / ".done").exists():
            _install(tmp)
            (tmp / ".done").touch()
    return tmp / "venv" / "bin"


def _install(tmp: Path) -> None:
    """Build the wheel into ``tmp/dist`` and install it into the new venv ``tmp/venv``."""
    _run(
        sys.executable,
        *("-m", "build", "--wheel", "--no-isolation", "--outdir", tmp / "dist"),
        cwd=ROOT,
    )
    wheels = list((tmp / "dist").glob("shoal-*.whl"))
    assert len(wheels) == 1, wheels
    _run(sys.executable, "-m", "venv", tmp / "venv", cwd=tmp)
    # --no-compile: pip writes no .pyc ahead (about 8 s of its 23 s here); the installed
    # server compiles what it imports when it starts, the same code either way
    pip = (tmp / "venv" / "bin" / "python", "-m", "pip", "install", "-q", "--no-compile")
    _run(*pip, wheels[0], cwd=tmp)


def test_the_installed_shoal_serves_every_page_and_static_file(
    installed: Path, tmp_path: Path
) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    log = open(tmp_path / "serve.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [installed / "shoal", "serve", "--port", str(port), "--log-level", "warning"],
        cwd=tmp_path,  # outside the checkout: only the installed package is importable
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/api/levels", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        game_ids = [g["id"] for g in httpx.get(base + "/api/catalog").json()]
        assert len(game_ids) >= 5
        made = httpx.post(base + "/api/games", json={"game": game_ids[0], "opponent": "local"})
        assert made.status_code == 201, made.text
        pages = ["/", "/new", "/learn", "/replay", "/favicon.ico", f"/game/{made.json()['id']}"]
        pages += [f"/rules/{g}" for g in game_ids] + [f"/learn/{g}" for g in game_ids]
        pages += ["/offline", "/sw.js", "/manifest.webmanifest"]
        statics = [f"/static/{p.name}" for p in sorted(WEB.iterdir()) if p.is_file()]
        statics = [s for s in statics if not s.endswith(".py")]
        # the browser's engines, when this checkout built them (scripts/build-wasm)
        statics += [f"/static/wasm/{p.name}" for p in sorted((WEB / "wasm").glob("*.*"))]
        # the installable app's icons (issue 43)
        statics += [f"/static/icons/{p.name}" for p in sorted((WEB / "icons").glob("*.png"))]
        failed = {}
        for path in pages + statics:
            response = httpx.get(base + path)
            if response.status_code != 200 or not response.content:
                failed[path] = response.status_code
        assert not failed, failed
        docs = ROOT / "docs" / "games"
        with_rules = [g for g in game_ids if (docs / f"{g}.md").is_file()]
        assert len(with_rules) >= 5
        for game_id in with_rules:  # the rules pages' text and pictures come with the wheel
            info = httpx.get(f"{base}/api/catalog/{game_id}").json()
            assert info["rules_html"] and "<h" in info["rules_html"], game_id
        pictures = sorted((docs / "img").iterdir()) if (docs / "img").is_dir() else []
        for picture in pictures:
            assert httpx.get(f"{base}/rules/img/{picture.name}").status_code == 200, picture
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def test_the_installed_engine_plays_a_game_to_the_end(installed: Path, tmp_path: Path) -> None:
    script = "new syrtis\n" + "genmove level=random\n" * 400 + "result\nquit\n"
    out = _run(installed / "shoal", "engine", cwd=tmp_path, stdin=script, timeout=300)
    blocks = [b for b in out.split("\n\n") if b.strip()]
    result = blocks[-2]
    assert result.startswith("= win") or result.startswith("= draw"), blocks[-3:]


def test_the_installed_books_open_from_their_index(installed: Path, tmp_path: Path) -> None:
    """The wheel ships each book with its index (``book.index``), and a lookup reads the index."""
    code = (
        "from shoal import games; from shoal.analysis.book import open_book; "
        "from shoal.analysis.book_index import BookIndex; "
        "print([type(open_book(games.get(g))).__name__ "
        "for g in ('syrtis', 'sirtet', 'sytran', 'cyclix', 'sfirs')])"
    )
    out = _run(installed / "python", "-c", code, cwd=tmp_path)
    assert out.strip() == str(["BookIndex"] * 5)
