"""Game options: frozen dataclasses, validated, readable from ``key=value`` text.

A game declares its options as a frozen dataclass whose fields carry their
constraints in ``metadata`` (see :func:`option`). :func:`make_options` builds
one from keyword values or strings (the engine protocol, the CLI and records
pass strings), checks names, types, choices and ranges, and raises
:class:`~shoal.core.errors.InvalidOptionError` with a message naming the
option.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     base: int = option(10, "board size", choices=(6, 8, 10))
...     penalty: int = option(8, "points per group", minimum=0, maximum=100)
>>> make_options(Demo, {"base": "8"})
Demo(base=8, penalty=8)
>>> make_options(Demo, {"base": 7})
Traceback (most recent call last):
...
shoal.core.errors.InvalidOptionError: option base: 7 is not one of 6, 8, 10
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from .errors import N_, InvalidOptionError

__all__ = [
    "OptionInfo",
    "describe_options",
    "make_options",
    "option",
    "options_to_strings",
    "parse_option_words",
]

T = TypeVar("T")


def option(
    default: Any,
    help: str,
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    decision: bool = False,
    compensation: bool = False,
) -> Any:
    """A dataclass field for a game option with its documentation and limits.

    ``decision`` marks an option that encodes a [decision] of the rules files:
    a reading of an unclear original text that a player may switch.
    ``compensation`` marks a number that compensates one side (a komi, Sytran's
    group penalty): ``shoal analyze --compensate`` searches for its fair value.
    """
    return dataclasses.field(
        default=default,
        metadata={
            "help": help,
            "choices": choices,
            "minimum": minimum,
            "maximum": maximum,
            "decision": decision,
            "compensation": compensation,
        },
    )


@dataclasses.dataclass(frozen=True)
class OptionInfo:
    """What a user needs to know about one option (for ``--help`` and web forms)."""

    name: str
    default: Any
    help: str
    kind: str
    choices: tuple[Any, ...] | None
    minimum: float | None
    maximum: float | None
    decision: bool
    compensation: bool = False
    """A number that compensates one side; ``shoal analyze --compensate`` balances it."""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "str"


def describe_options(cls: type) -> list[OptionInfo]:
    """The options of an options dataclass, in declaration order."""
    infos = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        infos.append(
            OptionInfo(
                name=f.name,
                default=f.default,
                help=str(meta.get("help", "")),
                kind=_kind(f.default),
                choices=meta.get("choices"),
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
                decision=bool(meta.get("decision", False)),
                compensation=bool(meta.get("compensation", False)),
            )
        )
    return infos


_KIND_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false", "str": "text"}

_NOT_KIND = {
    "int": N_("option {name}: {value} is not a whole number"),
    "float": N_("option {name}: {value} is not a number"),
    "bool": N_("option {name}: {value} is not true or false"),
    "str": N_("option {name}: {value} is not text"),
}
"""The refusal of a value that is not of its option's kind (the words of :data:`_KIND_WORDS`)."""


def _not_kind(info: OptionInfo, shown: str) -> InvalidOptionError:
    template = _NOT_KIND.get(info.kind)
    if template is None:  # (a kind of no refusal of its own: said in English)
        return InvalidOptionError(f"option {info.name}: {shown} is not {info.kind}")
    return InvalidOptionError.of(template, name=info.name, value=shown)


def _coerce(info: OptionInfo, value: Any) -> Any:
    kind = info.kind
    if isinstance(value, str) and kind != "str":
        text = value.strip().lower()
        try:
            if kind == "bool":
                if text in ("1", "true", "yes", "on"):
                    return True
                if text in ("0", "false", "no", "off"):
                    return False
                raise ValueError(text)
            if kind == "int":
                return int(text)
            return float(text)
        except ValueError:
            shown = "nothing" if not text else repr(value)
            raise _not_kind(info, shown) from None
    if kind == "bool" and not isinstance(value, bool):
        raise _not_kind(info, repr(value))
    if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        raise _not_kind(info, repr(value))
    if kind == "float" and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise _not_kind(info, repr(value))
    if kind == "float":
        return float(value)
    if kind == "str" and not isinstance(value, str):
        raise _not_kind(info, repr(value))
    return value


def make_options(cls: type[T], values: Mapping[str, Any] | None = None) -> T:
    """Build and validate an options dataclass from names and values (or strings)."""
    infos = {info.name: info for info in describe_options(cls)}
    kwargs: dict[str, Any] = {}
    for name, raw in (values or {}).items():
        info = infos.get(name)
        if info is None:
            known = ", ".join(infos) or "none"
            raise InvalidOptionError.of(
                N_("unknown option {name} (options: {known})"), name=repr(name), known=known
            )
        value = _coerce(info, raw)
        if info.choices is not None and value not in info.choices:
            listed = ", ".join(str(c) for c in info.choices)
            raise InvalidOptionError.of(
                N_("option {name}: {value} is not one of {listed}"),
                name=name,
                value=repr(value),
                listed=listed,
            )
        if info.minimum is not None and value < info.minimum:
            raise InvalidOptionError.of(
                N_("option {name}: {value} is below {minimum}"),
                name=name,
                value=value,
                minimum=f"{info.minimum:g}",
            )
        if info.maximum is not None and value > info.maximum:
            raise InvalidOptionError.of(
                N_("option {name}: {value} is above {maximum}"),
                name=name,
                value=value,
                maximum=f"{info.maximum:g}",
            )
        kwargs[name] = value
    try:
        return cls(**kwargs)
    except InvalidOptionError:
        raise
    except (TypeError, ValueError) as error:
        raise InvalidOptionError(str(error)) from None


def options_to_strings(options: Any) -> dict[str, str]:
    """The options that differ from their defaults, as strings (for records)."""
    out: dict[str, str] = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if value != f.default:
            out[f.name] = str(value).lower() if isinstance(value, bool) else str(value)
    return out


def parse_option_words(words: Iterable[str]) -> dict[str, str]:
    """``name=value`` words as a dict of strings, in order (the values are not checked).

    Used wherever options are typed as words (the engine protocol, the command
    line); :func:`make_options` then checks names and values. A word without
    ``=``, with an empty name, or a name given twice raises InvalidOptionError.

    >>> parse_option_words(["base=8", "penalty=6"])
    {'base': '8', 'penalty': '6'}
    >>> parse_option_words(["base"])
    Traceback (most recent call last):
    ...
    shoal.core.errors.InvalidOptionError: 'base' is not an option of the form name=value
    >>> parse_option_words(["seed=1", "seed=2"])
    Traceback (most recent call last):
    ...
    shoal.core.errors.InvalidOptionError: option seed is given twice
    """
    out: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name:
            raise InvalidOptionError.of(
                N_("{word} is not an option of the form name=value"), word=repr(word)
            )
        if name in out:
            raise InvalidOptionError.of(N_("option {name} is given twice"), name=name)
        out[name] = value
    return out
