"""Loaded by every Python process whose path names this folder: in a ``shoal serve`` a test
started (``SHOAL_LOOP_GUARD_PROCESS`` set, tests/server/_live.py), the loop guard of
tests/loop_guard.py writes each statement run on the event loop's thread to the log."""

import os

if os.environ.get("SHOAL_LOOP_GUARD_PROCESS"):
    from tests.loop_guard import install_in_process

    install_in_process()
