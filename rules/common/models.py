"""Base model for file formats and the translation of pydantic errors into placed errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import InputError

M = TypeVar("M", bound=BaseModel)


class StrictModel(BaseModel):
    """A frozen model that refuses unknown keys, so a typo in a file is reported, not ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def loc_to_place(loc: tuple[Any, ...]) -> str:
    """``('lines', 2, 'stations')`` → ``lines[2].stations``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _describe(err: Mapping[str, Any]) -> str:
    msg = str(err.get("msg", "invalid value"))
    if err.get("type") == "extra_forbidden":
        return "unknown key"
    if err.get("type") == "missing":
        return "missing key"
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    return msg[:1].lower() + msg[1:]


def validation_to_input_error(exc: ValidationError, *,
                              place: Callable[[tuple[Any, ...]], str] = loc_to_place) -> InputError:
    """Turn the first error of a pydantic ``ValidationError`` into a one-line InputError."""
    first = exc.errors()[0]
    loc = tuple(p for p in first.get("loc", ()) if not (isinstance(p, str) and "[" in p))
    where = place(loc)
    more = len(exc.errors()) - 1
    message = _describe(first)
    if more:
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return InputError(message, where=(where,) if where else ())


def parse_model(model: type[M], data: Any, *,
                place: Callable[[tuple[Any, ...]], str] = loc_to_place) -> M:
    """Validate ``data`` as ``model`` or raise an :class:`InputError` naming the place."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_to_input_error(exc, place=place) from None


def check_format(data: Any, expected: str) -> None:
    """Raise an InputError unless ``data`` is a mapping whose ``format`` is ``expected``."""
    if not isinstance(data, Mapping):
        raise InputError(f"expected a mapping with format: {expected}")
    fmt = data.get("format")
    if fmt is None:
        raise InputError(f"missing key (expected format: {expected})", where=("format",))
    if fmt != expected:
        raise InputError(f"wrong format {fmt!r}, expected {expected!r}", where=("format",))
