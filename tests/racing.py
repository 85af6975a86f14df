"""Running scorepad commands as real processes that start at the same moment, for the race
tests: each is a child forked from the test process (no interpreter start-up, so twenty
runs take seconds), with its own standard input, output and working folder, held at a
barrier until all are forked; then all are let go at once."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Ran:
    """One finished child: its pid, exit code and output."""

    pid: int
    code: int
    stdout: str
    stderr: str


def _child(args: list[str], stdin: str, folder: Path, index: int, gate: int) -> None:
    from scorepad.main import root

    os.chdir(folder)
    for fd, name, mode in ((0, f".in-{index}", os.O_RDONLY), (1, f".out-{index}", os.O_WRONLY),
                           (2, f".err-{index}", os.O_WRONLY)):
        if fd == 0:
            Path(name).write_text(stdin)
        handle = os.open(name, mode | (os.O_CREAT | os.O_TRUNC if fd else 0), 0o600)
        os.dup2(handle, fd)
        os.close(handle)
    import sys

    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - not the runner's
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    os.read(gate, 1)  # wait for the others
    code = 0
    try:
        root.main(args, prog_name="scorepad")
    except SystemExit as end:
        code = end.code if isinstance(end.code, int) else 1
    except BaseException:  # noqa: BLE001 - any other end of the racer is its own outcome
        code = 99
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(code)


def race(folder: Path, *jobs: tuple[list[str], str]) -> list[Ran]:
    """Run each ``(args, stdin)`` in its own process in ``folder``, all let go at once."""
    read, write = os.pipe()
    pids = []
    for index, (args, stdin) in enumerate(jobs):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.close(write)
            _child(args, stdin, folder, index, read)
        pids.append(pid)
    os.close(read)
    os.write(write, b"x" * len(jobs))  # the start
    os.close(write)
    out = []
    for index, pid in enumerate(pids):
        _, status = os.waitpid(pid, 0)
        out.append(Ran(pid, os.waitstatus_to_exitcode(status),
                       (folder / f".out-{index}").read_text(),
                       (folder / f".err-{index}").read_text()))
    for index in range(len(jobs)):
        for kind in ("in", "out", "err"):
            (folder / f".{kind}-{index}").unlink()
    return out
