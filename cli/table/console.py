"""The terminal's manners, for every interactive tool: line editing, width and colour.

* Every prompt is read by ``input()``; when standard input is a terminal the
  ``readline`` module is loaded first, so arrow keys edit the line and recall earlier
  answers (history) at every prompt.
* When standard input is not a terminal (a script, a pipe, a test) each answer is
  echoed, so the transcript reads like a session at the table.
* Output is wrapped to the real terminal width (at words, continuation lines indented),
  so nothing is cut mid-word at 40 columns; lines the front-end already fitted are
  printed as they are.
* Colour only when standard output is a terminal, ``NO_COLOR`` is unset and ``TERM`` is
  not ``dumb``; otherwise no escape code is ever written.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable
from typing import TextIO

import click

from scorepad.terminal import MAX_WIDTH, MIN_WIDTH, cut, fit, terminal_width

__all__ = ["MAX_WIDTH", "MIN_WIDTH", "Console", "cut", "fit", "terminal_width", "wants_colour"]


def wants_colour(stream: TextIO | None = None) -> bool:
    """Whether escape codes may be written to ``stream`` (standard output by default)."""
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Console:
    """Prompts and output of one interactive tool (see the module's notes)."""

    def __init__(self, *, width: int | None = None, colour: bool | None = None) -> None:
        self.interactive = sys.stdin.isatty()
        self._width = width
        self.colour = wants_colour() if colour is None else colour
        if self.interactive:
            with contextlib.suppress(ImportError):  # line editing and history for input()
                import readline  # noqa: F401

    @property
    def width(self) -> int:
        """The width output is wrapped to (asked again each time: terminals are resized)."""
        return self._width or terminal_width()

    def paint(self, text: str, fg: str | None = None, *, bold: bool = False) -> str:
        """``text`` in colour when colour is on, else unchanged."""
        if not self.colour or not (fg or bold):
            return text
        return click.style(text, fg=fg, bold=bold)

    def show(self, lines: Iterable[str] | str) -> None:
        """Print lines (a string is split at newlines), fitted to the width."""
        if isinstance(lines, str):
            lines = lines.splitlines()
        for line in fit(lines, self.width):
            click.echo(line)

    def command(self, line: str) -> None:
        """A command for the user to paste, on a line of its own and never wrapped (a
        terminal may fold it on screen, but it stays one line to copy)."""
        click.echo(line)

    def ask(self, prompt: str) -> str:
        """One answer, stripped. Raises EOFError at the end of input and
        KeyboardInterrupt on Ctrl-C (the loop turns both into a saved stop)."""
        answer = input(prompt)
        if not self.interactive:
            click.echo(answer)  # a scripted session's transcript shows what was answered
        return answer.strip()
