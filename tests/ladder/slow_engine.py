"""A deliberately slow engine program for the ladder's budget tests.

``python slow_engine.py SECONDS``: ``shoal engine``'s protocol, but ``genmove`` first sleeps
SECONDS (whatever budget it is given), then plays the first legal action of each step of its
turn. Over any smaller budget, the ladder must score it a loss.
"""

from __future__ import annotations

import sys
import time

from shoal.engine.protocol import EngineSession


class Slow(EngineSession):
    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds

    def handle(self, line: str) -> str:
        if not line.startswith("genmove"):
            return super().handle(line)
        time.sleep(self.seconds)
        history = self._history()
        turn, texts = history.state.turn, []
        while history.state.outcome is None and history.state.turn == turn:
            action = history.state.legal_actions()[0]
            texts.append(history.state.action_text(action))
            history.play(action)
        return "= " + "\n".join(texts) + "\n\n"


def main() -> int:
    session = Slow(float(sys.argv[1]))
    for line in sys.stdin:
        reply = session.handle(line)
        if reply:
            sys.stdout.write(reply)
            sys.stdout.flush()
        if session.finished:
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
