"""The server's log: one line per event, JSON (``shoal serve --log-format json``) or text.

Every line has the time (UTC, milliseconds), the level, the worker's process id, the logger,
the message and, within a request, the request's id (:data:`REQUEST_ID`, also sent back in
the ``X-Request-Id`` header). The access lines of :mod:`.http` add ``method``, ``path`` (no
query string), ``route`` (its template), ``status``, ``duration_ms`` and ``client``; uvicorn's
own access log is off (it printed query strings), and so are its lines of each WebSocket
(``"WebSocket /path?query" [accepted]``, ``connection open``, ``connection closed``:
:class:`QuietSockets`), which the socket's access line replaces; its other lines go through
the same format.

No secret reaches a line: the access lines never hold a query string, a header or a cookie,
and every line is passed through :func:`redact` on its way out, which blanks what looks like
one (``token=``, ``password=``, ``Bearer ...``, ``Cookie:``, a password in a URL) in a message
or a traceback from anywhere (a library's error that quotes a URL, say).

>>> redact("GET /unsubscribe?token=12.ab34 and postgresql://shoal:hunter2@db/shoal")
'GET /unsubscribe?token=[redacted] and postgresql://shoal:[redacted]@db/shoal'
>>> redact('{"authorization": "Bearer abc.def"}')
'{"authorization": "[redacted]"}'
"""

from __future__ import annotations

import contextvars
import logging
import os
import re
import time
from typing import Any

import orjson

__all__ = [
    "FIELDS",
    "FORMATS",
    "REQUEST_ID",
    "JsonFormatter",
    "QuietSockets",
    "TextFormatter",
    "logging_config",
    "redact",
]

FORMATS = ("text", "json")
"""The values of ``shoal serve --log-format``."""

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "shoal_request_id", default=None
)
"""The id of the request being served (tasks it starts inherit it)."""

FIELDS = ("method", "path", "route", "status", "duration_ms", "client", "close_code")
"""The extra fields a line may carry (``logger.info(..., extra={...})``), in this order."""

_SECRETS = (
    # (words that must be in the line, lower case, for the pattern to be tried; the pattern;
    # its replacement): the words are cheap to look for, the patterns are not
    (
        ("://",),
        # a password in a URL: scheme://user:PASSWORD@host
        re.compile(r"(\b[a-z][a-z0-9+.-]*://[^\s:/@]*:)[^\s@/]+@", re.I),
        r"\1[redacted]@",
    ),
    (
        ("authorization", "cookie", "x-shoal-"),
        # Authorization / Cookie / our token headers, as "name: value" or JSON "name": "value"
        re.compile(
            r"((?:authorization|proxy-authorization|cookie|set-cookie|x-shoal-token|"
            r"x-shoal-guest)[\"']?\s*[:=]\s*[\"']?)[^\"'\r\n]+",
            re.I,
        ),
        r"\1[redacted]",
    ),
    (("bearer", "basic"), re.compile(r"\b(bearer|basic)\s+[\w.~+/=-]+", re.I), r"\1 [redacted]"),
    (
        ("=",),
        # query strings and forms: token=..., password=..., session=...
        re.compile(
            r"\b((?:[\w-]*token|password|passwd|secret|session|shoal_session|auth|api_key|key)"
            r"=)[^&\s\"';,]+",
            re.I,
        ),
        r"\1[redacted]",
    ),
)


def redact(text: str) -> str:
    """``text`` with whatever looks like a secret blanked (see the module)."""
    lower = text.lower()
    for words, pattern, replacement in _SECRETS:
        if any(word in lower for word in words):
            text = pattern.sub(replacement, text)
    return text


_SECOND: list[tuple[int, str]] = [(-1, "")]  # the last second formatted (a line or more a second)


def _time(record: logging.LogRecord) -> str:
    second = int(record.created)
    cached = _SECOND[0]
    if cached[0] != second:
        cached = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
        _SECOND[0] = cached
    return f"{cached[1]}.{int(record.msecs):03d}Z"


def _request_id(record: logging.LogRecord) -> str | None:
    found = getattr(record, "request_id", None)
    return found if isinstance(found, str) else REQUEST_ID.get()


class QuietSockets(logging.Filter):
    """Drops uvicorn's lines of each WebSocket (see the module)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """False for uvicorn's WebSocket lines."""
        if not record.name.startswith("uvicorn"):
            return True
        message = str(record.msg)
        return '"WebSocket %s"' not in message and message not in (
            "connection open",
            "connection closed",
        )


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``time``, ``level``, ``pid``, ``logger``, ``message``,
    ``request_id`` within a request, the fields of :data:`FIELDS` given, ``error`` (a
    traceback)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": _time(record),
            "level": record.levelname,
            "pid": record.process or os.getpid(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        request_id = _request_id(record)
        if request_id is not None:
            line["request_id"] = request_id
        for field in FIELDS:
            value = getattr(record, field, None)
            if value is not None:
                line[field] = value
        if record.exc_info:
            line["error"] = redact(self.formatException(record.exc_info))
        return orjson.dumps(line, default=str).decode()


class TextFormatter(logging.Formatter):
    """``TIME LEVEL [PID] REQUEST-ID LOGGER: MESSAGE key=value ...`` (a traceback below)."""

    def format(self, record: logging.LogRecord) -> str:
        request_id = _request_id(record) or "-"
        pid = record.process or os.getpid()
        text = (
            f"{_time(record)} {record.levelname:<7} [{pid}] {request_id} {record.name}: "
            f"{redact(record.getMessage())}"
        )
        extras = [
            f"{field}={getattr(record, field)}"
            for field in ("route", "client", "close_code")
            if getattr(record, field, None) is not None
        ]
        if extras:
            text += " " + " ".join(extras)
        if record.exc_info:
            text += "\n" + redact(self.formatException(record.exc_info))
        return text


def logging_config(log_format: str = "text", level: str = "info") -> dict[str, Any]:
    """The :func:`logging.config.dictConfig` of ``shoal serve`` (also uvicorn's
    ``log_config``, so every worker sets it up the same): every line to standard error in
    ``log_format``; shoal's and uvicorn's at ``level``, other libraries' from ``warning``;
    uvicorn's access log off (:mod:`.http` writes those lines)."""
    if log_format not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {log_format!r}")
    formatter = JsonFormatter if log_format == "json" else TextFormatter
    upper = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"shoal": {"()": f"{formatter.__module__}.{formatter.__qualname__}"}},
        "filters": {"sockets": {"()": f"{QuietSockets.__module__}.{QuietSockets.__qualname__}"}},
        "handlers": {
            "shoal": {
                "class": "logging.StreamHandler",
                "formatter": "shoal",
                "filters": ["sockets"],
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["shoal"], "level": "WARNING"},  # libraries: their warnings
        "loggers": {
            "shoal": {"handlers": [], "propagate": True, "level": upper},
            "uvicorn": {"handlers": [], "propagate": True, "level": upper},
            "uvicorn.error": {"handlers": [], "propagate": True, "level": upper},
            "uvicorn.access": {"handlers": [], "propagate": False, "level": "WARNING"},
        },
    }
