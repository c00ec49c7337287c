"""The web client's API types (src/shoal/web/types/api.d.ts) are in step with the server.

scripts/api_types.py writes them from ``create_app(...).openapi()``; these tests regenerate
them and compare, and check the generator on a schema with response models (the server's is
still loose in places: ``dict[str, Any]`` answers become ``JsonObject``).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi import FastAPI
from pydantic import BaseModel, Field

from .script_loader import load_script

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def api_types() -> ModuleType:
    return load_script("api_types")


@pytest.fixture(scope="module")
def schema(api_types: Any) -> dict[str, Any]:
    return dict(api_types.server_schema())


def test_committed_types_are_what_the_schema_gives(api_types: Any, schema: Any) -> None:
    committed = (ROOT / "src" / "shoal" / "web" / "types" / "api.d.ts").read_text("utf-8")
    fresh = api_types.render(schema)
    assert committed == fresh, "api.d.ts is out of step: run .venv/bin/python scripts/api_types.py"


def test_every_json_route_is_in_routes(api_types: Any, schema: Any) -> None:
    text = api_types.render(schema)
    for path, item in schema["paths"].items():
        for method in ("get", "post", "put", "delete", "patch"):
            if method in item:
                assert f'"{method.upper()} {path}": {{' in text


def test_check_mode_fails_on_a_stale_file(api_types: Any, schema: Any, tmp_path: Path) -> None:
    saved = tmp_path / "openapi.json"
    saved.write_text(json.dumps(schema), encoding="utf-8")
    out = tmp_path / "api.d.ts"
    out.write_text("// stale\n", encoding="utf-8")
    given = ["--schema", str(saved), "--out", str(out)]
    assert api_types.main(["--check", *given]) == 1
    assert out.read_text("utf-8") == "// stale\n"  # --check writes nothing
    assert api_types.main(given) == 0
    assert api_types.main(["--check", *given]) == 0
    assert out.read_text("utf-8") == api_types.render(schema)


class _Seat(BaseModel):
    name: str = Field(description="the player's name")
    rating: int | None = None


class _View(BaseModel):
    """A game as a client sees it."""

    id: str
    seats: list[_Seat]
    status: str = "playing"
    extra: dict[str, Any] = {}


class _Move(BaseModel):
    version: int
    text: str | None = None


def test_response_models_become_interfaces(api_types: Any) -> None:
    app = FastAPI()

    @app.get("/api/views/{view_id}", response_model=_View)
    def read(view_id: str, full: bool = False) -> _View:  # pragma: no cover - never served
        raise NotImplementedError

    @app.post("/api/views/{view_id}/move", status_code=201)
    def move(view_id: str, body: _Move) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    @app.delete("/api/views/{view_id}", status_code=204)
    def drop(view_id: str) -> None:  # pragma: no cover
        raise NotImplementedError

    text = api_types.render(app.openapi())
    # the answer of a typed route is its model, with its fields, required or not
    assert '"GET /api/views/{view_id}": {' in text
    route = text.split('"GET /api/views/{view_id}": {', 1)[1].split("\n  };", 1)[0]
    assert "answer: _View;" in route
    assert "full?: boolean;" in route and "view_id: string;" in route
    view = text.split("export interface _View {", 1)[1].split("\n}", 1)[0]
    assert "  id: string;" in view and "  seats: _Seat[];" in view
    assert "  status?: string;" in view and "  extra?: JsonObject;" in view
    seat = text.split("export interface _Seat {", 1)[1].split("\n}", 1)[0]
    assert "/** the player's name */" in seat and "rating?: number | null;" in seat
    # a loose answer stays loose; a body is its model; no content is null
    moved = text.split('"POST /api/views/{view_id}/move": {', 1)[1].split("\n  };", 1)[0]
    assert "body: _Move;" in moved and "answer: JsonObject;" in moved
    dropped = text.split('"DELETE /api/views/{view_id}": {', 1)[1].split("\n  };", 1)[0]
    assert "body: undefined;" in dropped and "answer: null;" in dropped


def test_module_paths_in_names_are_dropped_but_kept_apart(api_types: Any) -> None:
    assert api_types.type_name("shoal__server__routes__learn__AttemptIn") == "LearnAttemptIn"
    assert api_types.type_name("shoal__server__learn__models__AttemptIn") == "LearnAttemptIn"
    assert api_types.type_name("Seat-Output") == "SeatOutput"
    with pytest.raises(SystemExit, match="both become"):
        api_types.render({"components": {"schemas": {"a__X": {}, "routes__a__X": {}}}})


def test_the_generators_examples_hold(api_types: Any) -> None:
    import doctest

    failed, tried = doctest.testmod(api_types)
    assert tried >= 8 and failed == 0
