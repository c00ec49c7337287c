"""Refusals: :class:`ApiError` (a status and a sentence), the errors of the rules mapped to
statuses, and the app's exception handlers, which answer every refusal as JSON ``detail``.

>>> check_error(ShoalError("no such option")).status
400
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from shoal.core import IllegalActionError, ShoalError, UnknownGameError

__all__ = ["ApiError", "add_error_handlers", "body_too_large", "check_error"]


class ApiError(Exception):
    """A refused request: an HTTP status and a message a player understands."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


def check_error(error: ShoalError) -> ApiError:
    """The API error for a rules error: 404 unknown game, 422 illegal action, else 400."""
    if isinstance(error, UnknownGameError):
        return ApiError(404, str(error))
    if isinstance(error, IllegalActionError):
        return ApiError(422, str(error))
    return ApiError(400, str(error))


def body_too_large(limit: int) -> str:
    """The message of a 413."""
    return f"the request body is larger than the limit of {limit} bytes"


def add_error_handlers(app: FastAPI, max_body: int) -> None:
    """Answer :class:`ApiError`, HTTP errors and rules errors as ``{"detail": ...}``.

    ``max_body`` is the body limit a 413 names.
    """

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(
            {"detail": error.message}, status_code=error.status, headers=error.headers
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail = error.detail
        if error.status_code == 413:
            detail = body_too_large(max_body)
        return JSONResponse(
            {"detail": detail}, status_code=error.status_code, headers=error.headers
        )

    @app.exception_handler(ShoalError)
    async def _shoal_error(request: Request, error: ShoalError) -> JSONResponse:
        api = check_error(error)
        return JSONResponse({"detail": api.message}, status_code=api.status)
