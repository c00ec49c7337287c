"""The terminal speaks the environment's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``; docs/translating.md): its tests read its English whatever the locale of the machine
that runs them. Set here, as the tests' modules are imported, so that the environments they
copy for the processes they start (``dict(os.environ, ...)``) say it too; a test of another
language says so (``--language``, or its own environment)."""

from __future__ import annotations

import os

os.environ["LANGUAGE"] = "en"
