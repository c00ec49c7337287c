"""The shoal conformance suite on every base (the registry run covers the default, base 10)."""

from __future__ import annotations

import pytest

from shoal.core.conformance import CHECKS, run_all
from shoal.games import get


def test_conformance_all_checks_on_base_6() -> None:
    """Every conformance check on the small board, with a non-default penalty too."""
    run_all(get("sytran", base=6), seeds=range(4))
    run_all(get("sytran", base=6, penalty=3), seeds=range(2))


@pytest.mark.parametrize("base", [8, 10])
@pytest.mark.parametrize(
    "check",
    [
        "random_play",
        "outcome_only_at_end",
        "text_round_trip",
        "turn_round_trip",
        "position_round_trip",
        "determinism",
    ],
)
def test_conformance_random_play_and_round_trips_on_bases_8_and_10(base: int, check: str) -> None:
    """Random play and every round trip on the larger boards."""
    CHECKS[check](get("sytran", base=base), [11, 12])
