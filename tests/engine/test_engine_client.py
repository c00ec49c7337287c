"""The engine protocol's other side: :class:`EngineProcess` against real programs."""

from __future__ import annotations

import sys

import pytest

from shoal.engine.process import EngineCrashed, EngineProcess, EngineRefused

ENGINE = f"{sys.executable} -m shoal.cli engine"


def test_it_drives_shoal_engine() -> None:
    engine = EngineProcess(ENGINE)
    try:
        position = engine.ask("new sfirs seed=5")
        assert position.startswith("12/1B8B1/12/")
        assert engine.ask("play e5-c5") == ""
        assert engine.ask("turn") == "1 black"
        with pytest.raises(EngineRefused, match="e5-e9: there is no cube on e5"):
            engine.ask("play e5-e9")
        assert engine.ask("history") == "e5-c5"  # a refusal changed nothing
        moves = engine.ask("genmove level=random").splitlines()
        assert moves and all(moves)
    finally:
        engine.close()
    assert engine.process.poll() == 0


def test_a_program_that_cannot_start() -> None:
    with pytest.raises(EngineCrashed, match="cannot start the engine 'no-such-program-here'"):
        EngineProcess("no-such-program-here")
    with pytest.raises(EngineCrashed, match="empty"):
        EngineProcess("   ")
    with pytest.raises(EngineCrashed, match="cannot read the engine command"):
        EngineProcess("'unclosed")


def test_a_program_that_stops_or_speaks_otherwise() -> None:
    stops = EngineProcess(f"{sys.executable} -c 'import sys; sys.stdin.readline(); sys.exit(7)'")
    with pytest.raises(EngineCrashed, match=r"stopped \(exit code 7\) while answering 'games'"):
        stops.ask("games")
    stops.close()
    chatty = EngineProcess(f"{sys.executable} -c 'input(); print(\"hello\"); print()'")
    with pytest.raises(EngineCrashed, match="does not speak the protocol: it answered 'hello'"):
        chatty.ask("games")
    chatty.close()
