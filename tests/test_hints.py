"""The commands the tools print to paste (``--resume``, "score it again") run as typed:
the program as the user started it, on a line of its own, never wrapped."""

from __future__ import annotations

import io
import os
import shutil
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

import pty_table  # noqa: E402
from pty_table import as_from_a_shell, finish, screen_lines  # noqa: E402

from scorepad.main import invoked_as  # noqa: E402

SCOREPAD = shutil.which("scorepad", path=str(Path(sys.executable).parent))


def test_the_program_is_named_as_it_was_started(tmp_path, monkeypatch):
    script = tmp_path / "bin" / "scorepad"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", "/nonexistent")
    assert invoked_as(str(script), sys.executable) == str(script)
    assert invoked_as(".venv/bin/scorepad", sys.executable) == ".venv/bin/scorepad"
    assert invoked_as("/a b/scorepad", sys.executable) == "'/a b/scorepad'"
    assert invoked_as("/x/cli/__main__.py", "/v/bin/python") == "/v/bin/python -m scorepad"
    monkeypatch.setenv("PATH", str(script.parent))  # found by its name: the name will do
    assert invoked_as(str(script), sys.executable) == "scorepad"


@pytest.mark.parametrize("columns", [80, 50])
def test_resume_hint_names_the_program_as_typed_whole_on_its_own_line(tmp_path, columns):
    """``.venv/bin/scorepad vv flip`` stopped with Ctrl-C: the hint that continues it is
    ``.venv/bin/scorepad vv flip --resume FILE`` (what was typed), one line, unwrapped."""
    assert SCOREPAD
    typed = os.path.relpath(SCOREPAD, tmp_path)  # a relative path, as a user types it
    log = "a-rather-long-name-for-the-flipper-log-of-this-table.yaml"
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environ.update({"TERM": "xterm", "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1",
                    "PATH": "/usr/bin:/bin"})
    # through a shell in tmp_path, which runs the relative path as a user's shell does
    # (pexpect would look the path up from this process's folder instead)
    child = pexpect.spawn("/bin/sh", ["-c", 'exec "$0" "$@"', typed, "vv", "flip", "--seed",
                                      "s", "--log", log],
                          cwd=str(tmp_path), env=environ, encoding="utf-8",
                          preexec_fn=as_from_a_shell,
                          dimensions=(40, columns), timeout=30)
    child.logfile_read = seen = io.StringIO()
    child.expect("Enter: next card> ")
    pty_table.press_stop(child, "\x03", "Continue:")
    assert finish(child) == 130
    lines = [line for line in screen_lines(seen.getvalue()) if line]
    assert lines[-2].endswith("Continue:")  # the sentence may wrap, the command never
    assert lines[-1] == f"{typed} vv flip --resume {log}"
