"""Checks every file format shares that need no pydantic (kept light for fast commands)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import InputError


def check_format(data: Any, expected: str) -> None:
    """Raise an InputError unless ``data`` is a mapping whose ``format`` is ``expected``."""
    if not isinstance(data, Mapping):
        raise InputError(f"expected a mapping with format: {expected}")
    fmt = data.get("format")
    if fmt is None:
        raise InputError(f"missing key (expected format: {expected})", where=("format",))
    if fmt != expected:
        raise InputError(f"wrong format {fmt!r}, expected {expected!r}", where=("format",))
