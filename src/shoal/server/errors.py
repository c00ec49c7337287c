"""Refusals: :class:`ApiError` (a status and a sentence), the errors of the rules mapped to
statuses, and the app's exception handlers, which answer every refusal as JSON ``detail``.

Every refusal of the JSON API, whatever its status (4xx, 5xx, FastAPI's own 422 for a
request that does not parse, the 503 of a database that is away, a 500), has one body:
:class:`ErrorBody`, ``{"detail": "a sentence a person reads"}``. :func:`refusals` declares
those statuses in a route's OpenAPI ``responses``; :data:`EVERY_ROUTE` holds the ones any
route may answer.

>>> check_error(ShoalError("no such option")).status
400
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from shoal.core import IllegalActionError, ShoalError, UnknownGameError
from shoal.i18n import N_, SOURCE, Text, catalogue, say

__all__ = [
    "EVERY_ROUTE",
    "INTERNAL_ERROR",
    "ApiError",
    "ErrorBody",
    "add_error_handlers",
    "body_too_large",
    "check_error",
    "page_in_words",
    "refusals",
    "validation_words",
]


class ErrorBody(BaseModel):
    """The body of every refusal: one sentence that says what was wrong."""

    model_config = ConfigDict(extra="forbid")

    detail: str = Field(
        min_length=1, description="what was refused and why, in words a person reads"
    )


_WHY: dict[int, str] = {
    400: "A bad request: the values do not make sense together, or the path holds control "
    "characters",
    401: "Not signed in, or the session or token is not valid",
    403: "Not allowed: not your seat, game, account or challenge",
    404: "No such thing (game, record, account, challenge, page...)",
    409: "In conflict with what happened meanwhile (a stale version, not your turn, taken)",
    413: "The request body is larger than the server takes",
    422: "The request does not parse (a missing or mistyped field), or the rules refuse it",
    429: "Too many requests from your address: the header Retry-After says when to try again",
    500: "The server failed: a defect, logged on the server",
    503: "The database is not answering: nothing was changed; try again after Retry-After seconds",
}

EVERY_ROUTE = (400, 422, 500, 503)
"""Statuses any route may answer: control characters in the path (400), a request that does
not parse (422), a defect (500), the database away (503)."""

INTERNAL_ERROR = N_("the server failed on this request (a defect, logged on the server)")
"""The words of a 500."""


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for refusals with these statuses, each an :class:`ErrorBody`.

    >>> sorted(refusals(404, 409))
    [404, 409]
    >>> refusals(404)[404]["model"].__name__
    'ErrorBody'
    """
    return {status: {"model": ErrorBody, "description": _WHY[status]} for status in statuses}


_KINDS = {
    "int_parsing": N_("{field} must be a whole number"),
    "int_type": N_("{field} must be a whole number"),
    "int_from_float": N_("{field} must be a whole number"),
    "float_parsing": N_("{field} must be a number"),
    "float_type": N_("{field} must be a number"),
    "string_type": N_("{field} must be text"),
    "bool_parsing": N_("{field} must be true or false"),
    "bool_type": N_("{field} must be true or false"),
    "list_type": N_("{field} must be a list"),
    "dict_type": N_("{field} must be a JSON object"),
    "model_attributes_type": N_("{field} must be a JSON object"),
    "model_type": N_("{field} must be a JSON object"),
}
"""The sentence of each kind of value a field must be."""
_NOUNS = {
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "string_type": "text",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a JSON object",
    "model_attributes_type": "a JSON object",
    "model_type": "a JSON object",
}
"""The kinds as nouns, for a field that may be one of several (a union)."""
_EITHER = {
    "a whole number or text": N_("{field} must be a whole number or text"),
    "a number or text": N_("{field} must be a number or text"),
    "text or a whole number": N_("{field} must be text or a whole number"),
    "text or a number": N_("{field} must be text or a number"),
}
"""A union's sentences (another union's is said in English)."""

_BODY = N_("the request body")
"""The field of an error about the whole body (a field's own name is the API's: English)."""


def _said(field: str) -> str | Text:
    return Text(_BODY) if field == _BODY else field


_PYDANTIC = "{field}: {message}"
"""Another of pydantic's errors: its own words (English)."""
_UNION_MEMBERS = {"str", "int", "float", "bool", "list", "dict"}
_HUGE = 10**9

_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<title>{title} — shoal</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
<script type="module" src="/static/notfound.js"></script>
{catalogue}</head>
<body class="page-missing">
<main id="app"><div class="narrow">
<h1>{title}</h1>
{body}
</div></main>
</body>
</html>
"""

_HOME_LINKS = (
    ("btn primary", "/", N_("All games")),
    ("btn", "/new", N_("New game")),
    ("btn", "/learn", N_("Learn to play")),
)

_NOT_FOUND = (
    N_("Page not found"),
    N_(
        "There is no page at this address. It may have been mistyped, or the game it showed "
        "may be gone."
    ),
)
"""The page a browser gets for an unknown address (the API keeps answering JSON)."""


def page_in_words(
    status: int, title: str | Text, words: str | Text, language: str = SOURCE
) -> HTMLResponse:
    """A page that refuses in words: ``title`` and the sentence ``words`` (said in
    ``language``, escaped), with the site's top bar (its catalogue in the page, as every page
    has it) and the links home, answered with ``status``.

    >>> page = page_in_words(403, "Not your challenge", "Only its <two> players see it.")
    >>> page.status_code, b"Only its &lt;two&gt; players" in page.body
    (403, True)
    """
    said = catalogue(language)
    links = " ".join(
        f'<a class="{kind}" href="{href}">{html.escape(said.gettext(text))}</a>'
        for kind, href, text in _HOME_LINKS
    )
    body = f'<p class="refusal">{html.escape(say(words, language))}</p>\n<p>{links}</p>'
    script = f'<script type="application/json" id="shoal-i18n">{said.client()}</script>\n'
    page = _PAGE.format(
        lang=language, title=html.escape(say(title, language)), body=body, catalogue=script
    )
    headers = {"Content-Language": language, "Vary": "Accept-Language, Cookie"}
    return HTMLResponse(page, status_code=status, headers=headers)


def _bound(kind: str, bound: Any, field: str) -> Text:
    if isinstance(bound, int | float) and abs(bound) >= _HUGE:
        small = kind in ("less_than", "less_than_equal")
        return Text(
            N_("{field} must be smaller") if small else N_("{field} must be larger"),
            {"field": _said(field)},
        )
    words = {
        "less_than": N_("{field} must be less than {bound}"),
        "less_than_equal": N_("{field} must be at most {bound}"),
        "greater_than": N_("{field} must be more than {bound}"),
        "greater_than_equal": N_("{field} must be at least {bound}"),
    }
    return Text(words[kind], {"field": _said(field), "bound": bound})


def _one(error: Mapping[str, Any], field: str) -> Text:
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind == "json_invalid":
        return Text(N_("the request body is not valid JSON"))
    if kind == "missing":
        return Text(N_("{field} is missing"), {"field": _said(field)})
    if kind in _KINDS:
        return Text(_KINDS[kind], {"field": _said(field)})
    if kind == "string_too_long":
        return Text(
            N_("{field} is too long (at most {n} characters)"),
            {"field": _said(field), "n": ctx.get("max_length")},
        )
    if kind == "too_long":
        return Text(
            N_("{field} has too many items (at most {n})"),
            {"field": _said(field), "n": ctx.get("max_length")},
        )
    if kind == "string_too_short":
        return Text(
            N_("{field} is too short (at least {n} characters)"),
            {"field": _said(field), "n": ctx.get("min_length")},
        )
    if kind in ("less_than", "less_than_equal"):
        return _bound(kind, ctx.get("lt", ctx.get("le")), field)
    if kind in ("greater_than", "greater_than_equal"):
        return _bound(kind, ctx.get("gt", ctx.get("ge")), field)
    if kind == "literal_error":
        return Text(
            N_("{field} must be one of {choices}"),
            {"field": _said(field), "choices": ctx.get("expected")},
        )
    message = str(error.get("msg", "is not valid"))  # pydantic's own words: English
    return Text(_PYDANTIC, {"field": _said(field), "message": message[:1].lower() + message[1:]})


class _Joined(Text):
    """Several texts said one after the other, joined with ``; ``."""

    def say(self, language: str) -> str:
        return "; ".join(say(part, language) for part in self.values.values())


def validation_words(errors: Sequence[Mapping[str, Any]]) -> Text:
    """FastAPI's validation errors as one sentence a person reads (not the raw list), said in
    a language with :meth:`~shoal.i18n.Text.say` (``str()``: the English).

    >>> str(validation_words([{"type": "missing", "loc": ("body", "version"), "msg": "x"}]))
    'version is missing'
    >>> seed = {"type": "less_than", "loc": ("body", "seed"), "ctx": {"lt": 2**63}}
    >>> str(validation_words([seed]))
    'seed must be smaller'
    """
    by_field: dict[str, list[Mapping[str, Any]]] = {}
    for error in errors:
        loc = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path")]
        loc = [p for p in loc if p not in _UNION_MEMBERS and not p.startswith("function-")]
        field = ".".join(loc) if loc else _BODY
        by_field.setdefault(field, []).append(error)
    parts: list[Text] = []
    for field, group in by_field.items():
        kinds = [str(e.get("type")) for e in group]
        if len(group) > 1 and all(k in _KINDS for k in kinds):
            different = list(dict.fromkeys(_NOUNS[k] for k in kinds))
            nouns = " or ".join(different)
            template = _EITHER.get(nouns, "{field} must be " + nouns)
            if len(different) == 1:
                template = _KINDS[kinds[0]]
            parts.append(Text(template, {"field": _said(field)}))
            continue
        parts.extend(_one(e, field) for e in group)
    unique = {str(part): part for part in parts}  # each sentence once
    return _Joined("", {str(i): part for i, part in enumerate(unique.values())})


class ApiError(Exception):
    """A refused request: an HTTP status and a message a player understands.

    ``message`` is an English template, read by ``shoal i18n extract`` (``ApiError:2``) when
    it is written in the call, else marked with :func:`~shoal.i18n.N_` where it is written;
    ``values`` fill its ``{name}`` placeholders (a value may be a :class:`~shoal.i18n.Text`,
    said in the same language). The exception handlers say it in the request's language
    (:meth:`words`); :attr:`message` is the English.

    >>> error = ApiError(404, "there is no seek {seek}", seek=7)
    >>> error.message, error.status
    ('there is no seek 7', 404)
    """

    def __init__(
        self,
        status: int,
        message: str | Text,
        headers: dict[str, str] | None = None,
        **values: Any,
    ) -> None:
        text = message if isinstance(message, Text) else Text(message, values)
        super().__init__(str(text))
        self.status = status
        self.text = text
        self.message = str(text)
        self.headers = headers

    def words(self, language: str) -> str:
        """The refusal in ``language`` (English where it has no translation)."""
        return self.text.say(language)


def check_error(error: ShoalError) -> ApiError:
    """The API error for a rules error: 404 unknown game, 422 illegal action, else 400."""
    if isinstance(error, UnknownGameError):
        return ApiError(404, str(error))
    if isinstance(error, IllegalActionError):
        return ApiError(422, str(error))
    return ApiError(400, str(error))


def body_too_large(limit: int) -> Text:
    """The message of a 413."""
    return Text(N_("the request body is larger than the limit of {limit} bytes"), {"limit": limit})


def _wants_page(request: Request) -> bool:
    """A browser asks for a page (not the API's JSON, not a static file)."""
    path = request.url.path
    wants_html = "text/html" in request.headers.get("accept", "")
    return wants_html and not path.startswith(("/api/", "/static/"))


def _routes(routes: Sequence[Any]) -> Iterator[Any]:
    """Every route, those of included routers too (FastAPI keeps them in their router)."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        yield from _routes(inner.routes) if inner is not None else (route,)


def allowed_methods(request: Request) -> str:
    """The ``Allow`` header of a 405: the methods of every route at the request's path (a path
    may be served by several routes, one per method; Starlette names only the first's)."""
    methods: set[str] = set()
    for route in _routes(request.app.router.routes):
        match, _ = route.matches(request.scope)
        if match is not Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return ", ".join(sorted(methods))


def add_error_handlers(app: FastAPI, max_body: int) -> None:
    """Answer :class:`ApiError`, HTTP errors and rules errors as ``{"detail": ...}``.

    ``max_body`` is the body limit a 413 names.
    """

    from .language import language_of  # (the accounts' service imports this module)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        words = error.words(await language_of(request))
        return JSONResponse({"detail": words}, status_code=error.status, headers=error.headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 404 and _wants_page(request):
            return page_in_words(404, *_NOT_FOUND, await language_of(request))
        detail: Any = error.detail
        headers = error.headers
        if error.status_code == 413:
            detail = body_too_large(max_body)
        if error.status_code == 405:
            headers = {**(headers or {}), "Allow": allowed_methods(request)}
        if isinstance(detail, str | Text):  # Starlette's own ("Not Found") are messages too
            detail = say(detail, await language_of(request))
        return JSONResponse({"detail": detail}, status_code=error.status_code, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> Response:
        said = validation_words(error.errors())
        if request.method == "GET" and _wants_page(request):  # /challenges/abc in a browser
            words = Text(N_("This address is not valid: {why}."), {"why": said})
            return page_in_words(422, N_("Not a valid address"), words, await language_of(request))
        return JSONResponse({"detail": said.say(await language_of(request))}, status_code=422)

    @app.exception_handler(ShoalError)
    async def _shoal_error(request: Request, error: ShoalError) -> JSONResponse:
        api = check_error(error)
        return JSONResponse(
            {"detail": api.words(await language_of(request))}, status_code=api.status
        )

    @app.exception_handler(Exception)
    async def _defect(request: Request, error: Exception) -> JSONResponse:
        # Starlette's ServerErrorMiddleware calls this, then re-raises: the defect is logged
        return JSONResponse(
            {"detail": say(INTERNAL_ERROR, await _safe_language(request))}, status_code=500
        )


async def _safe_language(request: Request) -> str:
    """The request's language, or English when even that fails (a defect's answer)."""
    from .language import language_of

    try:
        return await language_of(request)
    except Exception:
        return "en"


STARLETTE_WORDS = (N_("Not Found"), N_("Method Not Allowed"))
"""Starlette's own refusals' details, said in the request's language."""
