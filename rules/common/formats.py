"""Checks every file format shares that need no pydantic (kept light for fast commands)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import InputError, shown


def check_format(data: Any, expected: str) -> None:
    """Raise an InputError unless ``data`` is a mapping whose ``format`` is ``expected``."""
    if not isinstance(data, Mapping):
        raise InputError(f"expected a mapping with format: {expected}")
    fmt = data.get("format")
    if fmt is None:
        raise InputError(f"missing key (expected format: {expected})", where=("format",))
    if fmt != expected:
        raise InputError(f"wrong format {format_shown(fmt)}, expected {expected!r}",
                         where=("format",))


def format_shown(fmt: Any) -> str:
    """How a message names a file's ``format`` value: a scorepad format is quoted
    (shortened); anything else is never echoed, since the file may be any file a log's
    ``map:`` or a ``--rules`` names (``/etc/...``), not a scorepad file."""
    if isinstance(fmt, str) and fmt.startswith("scorepad/"):
        return shown(fmt)
    return "(not a scorepad format)"
