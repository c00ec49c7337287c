"""The JAX environments' tests need the ``jax`` extra (scripts/setup installs it)."""

from __future__ import annotations

import pytest

pytest.importorskip("jax", reason="the optional extra `jax` is not installed (scripts/setup)")
