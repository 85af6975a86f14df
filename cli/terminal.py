"""The terminal's width, for every command that prints to it: the table tools, the
score reports and the progress bars fit their lines to it.

A module of its own, apart from :mod:`scorepad.table`: a command that only prints (``vv
score``) imports this and not the interactive loop.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Iterable

import click

#: The narrowest width output is wrapped to; a table phone in portrait has about 40.
MIN_WIDTH = 20
#: Wider terminals still get lines a reader can follow.
MAX_WIDTH = 100


def terminal_width() -> int:
    """The terminal's columns (``COLUMNS`` first, as the shell sets it), kept readable."""
    columns = shutil.get_terminal_size((80, 24)).columns
    return max(MIN_WIDTH, min(MAX_WIDTH, columns))


def cut(text: str, room: int) -> str:
    """``text`` shortened to ``room`` characters, ending in an ellipsis when cut (``...``
    where standard output cannot encode ``…``)."""
    if len(text) <= room:
        return text
    mark = "…"
    try:
        mark.encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        mark = "..."
    return text[:max(room - len(mark), 1)] + mark


def fit(lines: Iterable[str], width: int) -> list[str]:
    """``lines`` with every line wider than ``width`` wrapped at words (indented after)."""
    out: list[str] = []
    for line in lines:
        if len(click.unstyle(line)) <= width:
            out.append(line)
            continue
        plain = click.unstyle(line)
        indent = " " * min(len(plain) - len(plain.lstrip()) + 2, width // 2)
        # a path or a command is never cut: it stays whole on a line of its own
        out += textwrap.wrap(plain, width, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out
