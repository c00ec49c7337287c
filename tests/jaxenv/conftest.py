"""The JAX environments' tests need the ``jax`` extra (scripts/setup installs it).

Most of their time is XLA compiling the environments. JAX's persistent compilation cache
is on for them, in a folder of this run's temporary directory that every xdist worker
shares: a program compiled once in the run (by any worker) is read back, not compiled
again. The folder goes with the run's temporary files; nothing is kept between runs.
"""

from __future__ import annotations

import os

import pytest

jax = pytest.importorskip("jax", reason="the optional extra `jax` is not installed (scripts/setup)")


@pytest.fixture(scope="session", autouse=True)
def compilation_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """JAX's persistent compilation cache in the run's temporary directory, for every program."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # each worker's own folder is in the run's
        base = base.parent
    folder = base / "jax-compilation-cache"
    folder.mkdir(exist_ok=True)
    jax.config.update("jax_compilation_cache_dir", str(folder))
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
    from jax.experimental.compilation_cache import compilation_cache

    compilation_cache.reset_cache()  # an earlier test's compile found the cache off
