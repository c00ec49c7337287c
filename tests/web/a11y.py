"""What a screen reader gets from a page, read from Chromium itself (issue 60).

Chromium's accessibility tree over the DevTools protocol (``Accessibility.getPartialAXTree``:
the role, the name and the states a screen reader is given), the live log as it was
announced (every line added to ``#live``, kept by an init script: the page keeps only its
last 30), and the live regions of a page; and the live log a game's moves should give,
written from its record with the games' own words.
"""

from __future__ import annotations

from typing import Any

import httpx

from shoal.records.record import read_json

HEARD = """
(() => {
  window.__heard = [];
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node.parentElement && node.parentElement.id === "live")
          window.__heard.push(node.textContent);
  }).observe(document, { childList: true, subtree: true });
})();
"""
"""An init script: every line the page adds to its live log, in ``window.__heard``."""

LIVE = """() => [...document.querySelectorAll(
  '[aria-live], [role=log], [role=status], [role=alert], [role=marquee], [role=timer]'
)].filter((el) => !el.hidden && el.getAttribute('aria-live') !== 'off')
  .map((el) => el.id || el.className)"""
"""The page's live regions (their ids), hidden ones left out."""


def heard(page: Any) -> list[str]:
    """Every line the live log said since the page opened (HEARD must be installed)."""
    lines: list[str] = page.evaluate("window.__heard")
    return lines


class AxTree:
    """Chromium's accessibility tree of a page, node by node (a CDP session of its own)."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Accessibility.enable")

    def node(self, selector: str) -> dict[str, Any]:
        """The accessibility node of the first element ``selector`` names: ``role``,
        ``name``, ``ignored`` and ``properties`` ({name: value})."""
        root = self.cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        found = self.cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})
        if not found.get("nodeId"):
            raise AssertionError(f"no element {selector}")
        tree = self.cdp.send(
            "Accessibility.getPartialAXTree", {"nodeId": found["nodeId"], "fetchRelatives": False}
        )
        raw = tree["nodes"][0]
        return {
            "role": raw.get("role", {}).get("value"),
            "name": raw.get("name", {}).get("value", ""),
            "ignored": raw.get("ignored", False),
            "properties": {p["name"]: p["value"].get("value") for p in raw.get("properties", [])},
        }


def expected_log(server: str, gid: str, me: int) -> tuple[list[str], str]:
    """The lines the live log should say for game ``gid`` played from seat ``me``: each action
    once, as "You: LABEL, NEWS." or "Side: LABEL, NEWS." (the games' own words, from the
    stored record); and the ending sentence ("" while the game goes on)."""
    # JSON: the atomic actions in the order played (a text record sorts a Sytran turn's stones)
    answer = httpx.get(f"{server}/api/games/{gid}/record", params={"format": "json"}, timeout=10)
    answer.raise_for_status()
    record = read_json(answer.text)
    game = record.game
    states = record.states()
    lines = []
    for ply, action in enumerate(record.actions):
        state = states[ply]
        seat = state.to_move
        assert seat is not None
        who = "You" if seat == me else state.side_name(seat).capitalize()
        news = game.action_news(state, action, states[ply + 1])
        more = "".join(f", {line}" for line in news)
        lines.append(f"{who}: {game.action_label(state, action)}{more}.")
    result = httpx.get(f"{server}/api/games/{gid}", timeout=10).json()["result"]
    return lines, str(result["sentence"]) if result else ""
