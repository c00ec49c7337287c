"""The client's one network module (src/shoal/web/net.js, issue 37) in Chromium against a
real server: `api()` surfaces every refusal the same way (an ApiError with the status and
the server's words), sends the guest key only when asked; `connectSocket()` keeps one
reconnect policy (exponential back-off with full jitter, capped), passes messages on but
the keep-alive's pongs, reports its status, stops for good on the server's refusals
(4400-4499) and reconnects at once when asked."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

NET = "const net = await import('/static/net.js');"


@pytest.fixture
def page(server: str, browser: Any) -> Any:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}/")
    yield page
    context.close()


def test_api_answers_json_and_refuses_with_the_servers_words(page: Any) -> None:
    result = page.evaluate(
        "async () => {"
        + NET
        + """
        const catalog = await net.api('/api/catalog');
        const refused = await net.api('/api/catalog/nosuchgame').catch((e) => e);
        const body = { game: 'cyclix', seat: 7 };
        const invalid = await net.api('/api/games', { method: 'POST', body }).catch((e) => e);
        return {
          games: catalog.map((g) => g.id),
          refused: [refused instanceof net.ApiError, refused.status, refused.message],
          invalid: [invalid instanceof net.ApiError, invalid.status, invalid.message],
        };
        }"""
    )
    assert "cyclix" in result["games"]
    assert result["refused"][:2] == [True, 404]
    assert "nosuchgame" in result["refused"][2]
    ok, status, words = result["invalid"]
    assert ok and status == 422 and "seat" in words


def test_api_sends_the_guest_key_only_when_asked(page: Any) -> None:
    sent = page.evaluate(
        "async () => {"
        + NET
        + """
        const seen = [];
        const real = window.fetch;
        window.fetch = (path, init) => {
          seen.push(init.headers['X-Shoal-Guest'] || null);
          return real(path, init);
        };
        await net.api('/api/levels');
        await net.api('/api/seeks', { guest: true });
        window.fetch = real;
        return { seen, key: localStorage.getItem('shoal.guest') };
        }"""
    )
    assert sent["seen"][0] is None
    assert sent["seen"][1] == sent["key"] and len(sent["key"]) == 32


def test_backoff_doubles_with_full_jitter_up_to_its_cap(page: Any) -> None:
    delays = page.evaluate(
        "async () => {"
        + NET
        + """
        const p = net.SOCKET_POLICY;
        return {
          policy: p,
          low: [1, 2, 3, 10].map((n) => net.backoff(n, () => 0)),
          high: [1, 2, 3, 4, 5, 6, 7, 10].map((n) => net.backoff(n, () => 1)),
          spread: new Set(Array.from({ length: 50 }, () => net.backoff(4))).size,
        };
        }"""
    )
    base, cap = delays["policy"]["base"], delays["policy"]["cap"]
    assert delays["low"] == [base // 2] * 4  # never at once: a floor of half the base
    assert delays["high"][:4] == [base, 2 * base, 4 * base, 8 * base]
    assert delays["high"][-1] == cap and max(delays["high"]) == cap
    assert delays["spread"] > 10  # jitter: fifty clients do not come back together


def test_socket_reports_status_passes_messages_and_reconnects(page: Any) -> None:
    log = page.evaluate(
        "async () => {"
        + NET
        + """
        const statuses = [], messages = [];
        let opened = 0, pings = 0;
        const realSend = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) {
          if (data === 'ping') pings += 1;
          return realSend.call(this, data);
        };
        const socket = net.connectSocket('/api/lobby/ws', {
          onStatus: (s) => statuses.push(s),
          onMessage: (m) => messages.push(m.type),
          onOpen: (send) => { opened += 1; send({ guest: net.guestKey() }); },
          keepAlive: 100, // pings every 100 ms: their pongs are not passed on
        });
        const until = async (test) => {
          for (let i = 0; i < 100 && !test(); i++) await new Promise((r) => setTimeout(r, 50));
        };
        await until(() => messages.length > 0);
        await new Promise((r) => setTimeout(r, 500)); // several pings answered meanwhile
        const first = [...messages];
        socket.reconnect();
        await until(() => opened === 2);
        const isOpen = socket.isOpen();
        socket.close();
        return { statuses, first, opened, isOpen, pings, after: socket.send({ type: 'stop' }) };
        }"""
    )
    assert log["statuses"][:2] == ["connecting", "open"]
    assert log["statuses"][-1] == "closed" and log["statuses"].count("open") == 2
    assert log["pings"] >= 3  # each answered {"type": "pong"} by the server...
    assert "seeks" in log["first"] and "pong" not in log["first"]  # ...and not passed on
    assert log["opened"] == 2 and log["isOpen"] and log["after"] is False


def test_socket_stops_for_good_on_a_refusal(page: Any) -> None:
    # the social socket refuses a hello that is not JSON with 4400 (after accepting): no
    # retry; the page's hello is garbled on its way out to provoke it
    log = page.evaluate(
        "async () => {"
        + NET
        + """
        const body = { game: 'cyclix', opponent: 'local' };
        const game = await net.api('/api/games', { method: 'POST', body });
        const realSend = WebSocket.prototype.send;
        WebSocket.prototype.send = function () { return realSend.call(this, 'not json'); };
        const seen = [];
        net.connectSocket(`/api/games/${game.id}/social`, {
          onOpen: (send) => send({ token: null }),
          onStatus: (s, d) => seen.push([s, d.code]),
        });
        for (let i = 0; i < 60 && seen.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, 1500)); // a retry would have come by now
        WebSocket.prototype.send = realSend;
        return seen;
        }"""
    )
    assert log == [["connecting", 0], ["open", 0], ["closed", 4400]]
