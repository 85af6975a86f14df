"""Driving an interactive tool in a real pseudo-terminal (pexpect), for the pty tests of
the table loop and of each tool on it: start it, wait for its end, read the screen."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect

#: Colour, bold and the terminal's own escape codes.
ESCAPES = re.compile(r"\x1b\[[?0-9;]*[A-Za-z]")
ARROW_UP, ARROW_LEFT, BACKSPACE = "\x1b[A", "\x1b[D", "\x7f"


#: How a tool spawned as ``python -m scorepad`` names itself in the commands it prints.
PROGRAM = f"{sys.executable} -m scorepad"


def typed(command: str) -> str:
    """``command`` (``scorepad vv flip``) as a tool spawned with ``-m scorepad`` prints it."""
    return command.replace("scorepad", PROGRAM, 1)


def wrapped(lines: list[str]) -> list[str]:
    """The lines that were fitted to the width: all but the commands to paste, which are
    printed whole on a line of their own (the terminal may fold them on screen)."""
    return [line for line in lines if not line.startswith(PROGRAM)]


def as_from_a_shell() -> None:
    """Start a spawned tool as a user's shell starts it: Ctrl-C at its default and not
    blocked. A child inherits an ignored or blocked SIGINT from the test process, and some
    tests' libraries leave one behind in a pytest worker (a clean-clone run lost five Ctrl-C
    tests so: the tool never heard the key)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def spawn(args: list[str], cwd: Path, *, columns: int = 80, **env: str):
    """``python ARGS`` in a terminal of ``columns`` columns, without the test run's
    COLUMNS, LINES or NO_COLOR (``env`` sets what a test needs)."""
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    environ.update({"TERM": "xterm", "PYTHONIOENCODING": "utf-8", **env})
    return pexpect.spawn(sys.executable, args, cwd=str(cwd), env=environ, encoding="utf-8",
                         preexec_fn=as_from_a_shell,
                         dimensions=(24, columns), timeout=20)


def finish(child) -> int:
    """The exit status, once the tool has ended."""
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def press_stop(child, key: str, then: str) -> None:
    """Press ``key`` (Ctrl-C or Ctrl-D) at the prompt just shown and wait for ``then``."""
    child.send(key)
    child.expect_exact(then)


def stop_after(child, answers: list[str], stop: str, command: str) -> None:
    """Answer each prompt (``> ``) with ``answers``, then press ``stop`` (Ctrl-C or
    Ctrl-D) at the next one: the tool saves g.yaml, names ``command --resume g.yaml``
    and exits 130."""
    for answer in answers:
        child.expect("> ")
        child.send(answer + "\r")
    child.expect("> ")
    press_stop(child, stop,
               f"Stopped; saved in g.yaml. Continue:\r\n{command} --resume g.yaml\r\n")
    assert finish(child) == 130


def screen_lines(transcript: str) -> list[str]:
    """The lines a transcript showed, without escape codes."""
    return [line.rstrip("\r") for line in
            ESCAPES.sub("", transcript).replace("\r\n", "\n").split("\n")]


def refuses_existing_log(args: list[str], cwd: Path, command: str) -> None:
    """``args`` (ending in ``--log g.yaml``) refuse the existing g.yaml: exit 2, the
    message names ``command --resume g.yaml``, the file is byte-identical."""
    log = cwd / "g.yaml"
    log.write_bytes(b"an earlier game\n\x00 kept as it is\n")
    before = log.read_bytes()
    child = spawn(args, cwd)
    child.expect_exact("g.yaml: already exists and is never overwritten; continue it with "
                       f"`{command} --resume g.yaml`")
    assert finish(child) == 2
    assert log.read_bytes() == before
