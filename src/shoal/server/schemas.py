"""The pieces of the API's answers that several domains share (issue 37).

Every JSON route declares a response model (each domain's in its ``schemas.py``), so the
OpenAPI schema at ``/openapi.json`` says exactly what a client gets, and the client's types
(``web/types/api.d.ts``, written by ``scripts/api_types.py``) follow it. The models are
:class:`Out`: a field the server sends that a model does not declare is a defect the tests
see (the answer fails), never a field a client silently loses.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from shoal import games

__all__ = [
    "FORMATS",
    "GAME_ENUM",
    "GAME_IDS",
    "NO_NUL",
    "PLAIN_TEXT",
    "GameRef",
    "Number",
    "OptionValue",
    "Out",
    "ResultView",
    "TurnView",
    "plain_text",
]

PLAIN_TEXT = "^[^\\x00-\\x1f\\x7f]*$"
"""The pattern of a path or query parameter: no control character (the guard of
:mod:`shoal.server.inputs` refuses them with 400 before any route runs)."""

NO_NUL = "^[^\\x00]*$"
"""The pattern of every string and property name in a body: no NUL (the guard's 400)."""

GAME_IDS: list[str] = list(games.ids(all=True))
"""The games a request may name (the schema lists them as an ``enum``; the server refuses
another with words)."""

GAME_ENUM: dict[str, Any] = {"enum": GAME_IDS}
"""The ``json_schema_extra`` of a field or parameter that names a game."""

FORMATS: dict[str, Any] = {"enum": ["text", "json"]}
"""The ``json_schema_extra`` of a record format parameter."""

OptionValue = str | int | float | bool
"""The value of a game option."""

Number = int | float
"""A JSON number as the server computed it (an int stays an int)."""


class Out(BaseModel):
    """A response model: exactly the fields declared, none more."""

    model_config = ConfigDict(extra="forbid")


class GameRef(Out):
    """A game of the catalogue: its id and title."""

    id: str
    title: str


class TurnView(Out):
    """One turn: its number, seat, side, text and its actions ``actions[start:end]``."""

    number: int
    seat: int
    side: str
    text: str
    mark: str = Field(
        "", description="written after the text in a list of moves ('+': a check), not notation"
    )
    start: int
    end: int
    complete: bool


class ResultView(Out):
    """How a game ended: the winner (None: a draw or no result), the reason in words, the
    sentence a page shows, the scores where the game counts them, the result token."""

    winner: int | None
    reason: str
    sentence: str
    scores: list[Number] | None
    result: str


def _strings(schema: dict[str, Any]) -> list[dict[str, Any]]:
    if schema.get("type") == "string":
        return [schema]
    return [s for part in schema.get("anyOf", ()) for s in _strings(part)]


_PLAIN_JSON = {"$ref": "#/components/schemas/PlainJson"}
PLAIN_JSON: dict[str, Any] = {
    "title": "PlainJson",
    "description": "Any JSON value with no NUL in its strings and names (the guard's 400)",
    "anyOf": [
        {"type": "string", "pattern": NO_NUL},
        {"type": "number"},
        {"type": "boolean"},
        {"type": "null"},
        {"type": "array", "items": _PLAIN_JSON},
        {
            "type": "object",
            "propertyNames": {"pattern": NO_NUL},
            "additionalProperties": _PLAIN_JSON,
        },
    ],
}
"""Free-form JSON as the server takes it (a body's unnamed fields, a dict of options)."""


def _no_nul(schema: Any) -> None:
    if isinstance(schema, list):
        for item in schema:
            _no_nul(item)
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "string" and "enum" not in schema:
        schema.setdefault("pattern", NO_NUL)
    if schema.get("type") == "object":
        schema.setdefault("propertyNames", {"pattern": NO_NUL})
        if schema.get("additionalProperties", True) in (True, {}):
            schema["additionalProperties"] = _PLAIN_JSON
    for key, value in schema.items():
        if key not in ("propertyNames", "const", "default", "enum", "examples"):
            _no_nul(value)


def _json_refusals(operation: dict[str, Any]) -> None:
    for status, response in operation.get("responses", {}).items():
        content = response.get("content", {})
        if status[:1] in "45" and "application/json" not in content:  # an HTML page's
            ref = next((c["schema"] for c in content.values() if "schema" in c), None)
            if ref is not None:
                response["content"] = {"application/json": {"schema": ref}}


def plain_text(openapi: dict[str, Any]) -> dict[str, Any]:
    """``openapi`` as the server takes requests and answers refusals: :data:`PLAIN_TEXT` on
    every string parameter in a path or a query, :data:`NO_NUL` on every string and property
    name of the bodies (the schemas in ``components``), a header absent rather than null, and
    every refusal's body JSON (:class:`~shoal.server.errors.ErrorBody`) even on an HTML page.

    >>> doc = {"paths": {"/a/{x}": {"get": {"parameters": [
    ...     {"in": "path", "name": "x", "schema": {"type": "string"}}]}}}}
    >>> plain_text(doc)["paths"]["/a/{x}"]["get"]["parameters"][0]["schema"]["pattern"]
    '^[^\\\\x00-\\\\x1f\\\\x7f]*$'
    """
    components = openapi.get("components", {}).get("schemas", {})
    for schema in components.values():
        _no_nul(schema)
    components["PlainJson"] = PLAIN_JSON
    for operations in openapi.get("paths", {}).values():
        for operation in operations.values():
            _json_refusals(operation)
            _no_nul(operation.get("requestBody", {}))
            for parameter in operation.get("parameters", ()):
                if parameter.get("in") == "header":  # a header is absent, never null
                    members = parameter.get("schema", {}).get("anyOf", ())
                    strings = [m for m in members if m.get("type") != "null"]
                    if len(strings) == 1 and len(members) == 2:
                        parameter["schema"] = {**parameter["schema"], **strings[0]}
                        del parameter["schema"]["anyOf"]
                if parameter.get("in") in ("path", "query"):
                    for schema in _strings(parameter.get("schema", {})):
                        schema.setdefault("pattern", PLAIN_TEXT)
    return openapi
