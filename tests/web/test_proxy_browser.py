"""docs/server.md's nginx block, run (issue 56): TLS on a port other than 443, in front of a
real ``shoal serve``, with Chromium through it.

The block is read from the page itself (so the documentation and this test cannot drift);
only its certificate, its port and its upstream's port are put in. With the old
``proxy_set_header Host $host`` the port was dropped: the server expected
``https://127.0.0.1`` where the browser's Origin said ``https://127.0.0.1:PORT``, and it
refused every WebSocket and every change made with the session cookie.

Skipped without nginx (``scripts/setup --browser`` installs Debian's as root), unless
``SHOAL_REQUIRE_NGINX=1`` (``scripts/test`` sets it where nginx is installed).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_browser import DESKTOP

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def documented_block() -> str:
    """The nginx configuration of docs/server.md's "Reverse proxy" paragraph."""
    text = DOCS.read_text()
    start = text.index("**Reverse proxy**")
    found = re.search(r"```nginx\n(.*?)```", text[start:], re.S)
    assert found is not None, "docs/server.md: no ```nginx block after **Reverse proxy**"
    return found.group(1)


def _nginx() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
    if found is None:
        if os.environ.get("SHOAL_REQUIRE_NGINX") == "1":
            pytest.fail("nginx is missing: scripts/setup --browser installs Debian's")
        pytest.skip("no nginx (scripts/setup --browser installs Debian's as root)")
    return found


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (made here, valid for a day)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    chain, private = folder / "fullchain.pem", folder / "privkey.pem"
    chain.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    private.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return chain, private


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    assert port != 443
    return port


def configured(block: str, port: int, upstream: int, chain: Path, key: Path) -> str:
    """The documented block with this test's port, certificate and upstream put in (each
    substitution must find its line: a changed block fails here, not silently)."""
    for old, new in (
        ("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"),
        ("/etc/letsencrypt/live/shoal.example.org/fullchain.pem", str(chain)),
        ("/etc/letsencrypt/live/shoal.example.org/privkey.pem", str(key)),
        ("proxy_pass http://127.0.0.1:8000;", f"proxy_pass http://127.0.0.1:{upstream};"),
    ):
        assert block.count(old) == 1, f"docs/server.md's nginx block has no {old!r}"
        block = block.replace(old, new)
    return block


@pytest.fixture(scope="module")
def proxy(server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """nginx with the documented block on a free port (TLS) in front of the session's
    server: its https:// address."""
    nginx = _nginx()
    folder = tmp_path_factory.mktemp("nginx")
    chain, key = _certificate(folder)
    port = _free_port()
    upstream = int(server.rsplit(":", 1)[1])
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    root = "user root;\n" if os.geteuid() == 0 else ""  # the workers read the test's files
    conf = folder / "nginx.conf"
    conf.write_text(
        f"{root}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n    access_log {folder / 'access.log'};\n{temp}\n"
        + configured(documented_block(), port, upstream, chain, key)
        + "\n}\n"
    )
    process = subprocess.Popen(
        [nginx, "-p", str(folder), "-c", str(conf)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"https://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(url + "/api/levels", verify=False, timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None:
                raise RuntimeError(
                    f"nginx exited: {process.stderr.read().decode() if process.stderr else ''}"
                )
            assert time.monotonic() < deadline, "nginx did not answer"
            time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_documented_proxy_carries_sockets_and_cookie_changes_on_another_port(
    proxy: str, server: str, browser: Any
) -> None:
    """Through the documented nginx block on a port other than 443: a signed-in player's game
    page gets the opponent's move live on its WebSocket, and the settings page's change,
    made with the session cookie, is stored."""
    context = browser.new_context(viewport=DESKTOP, ignore_https_errors=True)
    page = context.new_page()
    page.goto(proxy + "/")
    signed = page.evaluate(
        """async () => {
          const r = await fetch('/api/auth/signup', {method: 'POST',
            headers: {'content-type': 'application/json'},
            body: JSON.stringify({username: 'proxied' + Math.floor(Math.random() * 1e9),
                                  password: 'correct horse battery'})});
          return r.status;
        }"""
    )
    assert signed == 201  # the sign-up itself passes the same-site check
    made = page.evaluate(
        """async () => {
          const r = await fetch('/api/games', {method: 'POST',
            headers: {'content-type': 'application/json'},
            body: JSON.stringify({game: 'cyclix', opponent: 'friend', seat: 1})});
          return [r.status, await r.json()];
        }"""
    )
    assert made[0] == 201, made
    gid, invite = made[1]["id"], made[1]["invite_token"]
    page.goto(f"{proxy}/game/{gid}")
    page.wait_for_function("() => document.querySelector('#board')?.dataset.version === '1'")

    # The friend (a program, straight to the server) takes seat 0 and moves: the page's
    # socket, through nginx, brings the move.
    friend = httpx.Client(base_url=server, timeout=10)
    claimed = friend.post(f"/api/games/{gid}/claim", json={}, headers={"X-Shoal-Token": invite})
    assert claimed.status_code == 200, claimed.text
    token = claimed.json()["token"]
    view = friend.get(f"/api/games/{gid}", headers={"X-Shoal-Token": token}).json()
    moved = friend.post(
        f"/api/games/{gid}/actions",
        json={"version": view["version"], "action": view["legal"][0]["action"]},
        headers={"X-Shoal-Token": token},
    )
    assert moved.status_code == 200, moved.text
    after = moved.json()["version"]
    page.wait_for_function(
        f"() => document.querySelector('#board').dataset.version === '{after}'", timeout=15_000
    )
    assert page.locator("#status-main").inner_text() == "Your turn"  # the cookie's seat

    # A change made with the cookie alone: the mail settings, on the settings page.
    page.goto(proxy + "/settings")
    page.fill("#email", "proxied@example.org")
    page.locator("#save-mail").click()
    page.wait_for_selector(".toast:has-text('Saved')")
    stored = page.evaluate(
        "async () => (await (await fetch('/api/notifications/settings')).json()).email"
    )
    assert stored == "proxied@example.org"
    context.close()
