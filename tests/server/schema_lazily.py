"""Schemathesis' tests built when they run, not when they are collected.

``@schema.parametrize()`` makes one test per API operation, and schemathesis builds each
one's Hypothesis test (the coverage phase's cases included) while pytest collects. That was
about 25 s of CPU per test process for the three schema files (test_schema_checks.py,
test_schema_checks_pg.py, test_fuzz.py), paid by every xdist worker whether it runs those
tests or not. :func:`install` makes the build lazy: the item gets a stand-in with the same
signature, which builds the very same test (same operation, settings, seed, checks) on its
first call and runs it. The tests, their names and what they check stay as they were.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

METADATA = "_schemathesis_metadata"
"""Where schemathesis keeps what it learnt while building a test (read after the call)."""


def install() -> None:
    """Replace the builder that schemathesis' pytest plugin calls (idempotent)."""
    try:  # an internal of schemathesis (pinned in pyproject.toml): if it moved, build eagerly
        from schemathesis.pytest import _test_builder

        eager = _test_builder.build_operation_test
    except (ImportError, AttributeError):
        return
    if getattr(eager, "lazy", False):
        return

    def build_lazily(**kwargs: Any) -> Callable[..., Any]:
        test_func: Callable[..., Any] = kwargs["test_func"]
        given: set[str] = {"case", *kwargs["given_kwargs"]}
        built: list[Callable[..., Any]] = []

        @functools.wraps(test_func, updated=())  # not its schemathesis marks
        def run(*args: Any, **call_kwargs: Any) -> Any:
            if not built:
                built.append(eager(**kwargs))
            test = built[0]
            try:
                return test(*args, **call_kwargs)
            finally:  # schemathesis' plugin reads these marks off the item's function
                if hasattr(test, METADATA):
                    setattr(run, METADATA, getattr(test, METADATA))

        signature = inspect.signature(test_func)
        run.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[p for p in signature.parameters.values() if p.name not in given]
        )
        del run.__wrapped__  # pytest reads the signature above, not test_func's
        if hasattr(test_func, "pytestmark"):  # pytest's marks, as the eager build keeps them
            run.pytestmark = test_func.pytestmark  # type: ignore[attr-defined]
        return run

    build_lazily.lazy = True  # type: ignore[attr-defined]
    _test_builder.build_operation_test = build_lazily
