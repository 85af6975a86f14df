"""One writer per game log: an OS advisory lock held while a game writes its log.

A running game (the terminal's table loop, or the server for each game it hosts) holds an
exclusive ``flock`` on ``.NAME.lock`` beside its log ``NAME`` for as long as it writes it.
A second writer asking for the same log is refused at once (:class:`Busy`, exit 2) with
the holder's pid, which the holder writes into the lock file.

Why ``fcntl.flock`` rather than a lock library or a pid file: the operating system drops
the lock when its process ends however it ends (``kill -9`` included), so a stale lock
never blocks and nothing has to guess whether a pid is still alive; it is the standard
library (``filelock`` wraps the same call on POSIX and would not tell the holder's pid).
The lock lives on a file beside the log, not on the log itself, because every save
replaces the log by a rename (a lock on the old file would not guard the new one).

Within one process a log is held once: asking again gives the same hold (a server
started twice in one test process, a command run twice by a test runner). Where
``fcntl`` does not exist (Windows) no lock is taken.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import time
from pathlib import Path

from scorepad.rules.common.errors import InputError

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

#: The logs this process holds: the lock file's real path → its open descriptor.
_HELD: dict[str, int] = {}


class Busy(InputError):
    """The log is held by another process (exit 2); ``pid`` is the holder's, if it said."""

    def __init__(self, name: str, pid: int | None) -> None:
        who = f" (pid {pid})" if pid else ""
        super().__init__(f"is being played by another scorepad{who}; wait for it to end, "
                         "or stop it", source=name)
        self.pid = pid


def lock_path(log: str | os.PathLike[str]) -> Path:
    """The lock file of ``log``: ``.NAME.lock`` beside the file the name leads to (two
    spellings of one log, or a link to it, share one lock)."""
    real = Path(os.path.realpath(log))
    return real.with_name(f".{real.name}.lock")


def hold(log: str | os.PathLike[str]) -> Path:
    """Hold ``log`` for this process until it ends (or :func:`release`); Busy when
    another process holds it. Returns the lock file's path."""
    path = lock_path(log)
    if fcntl is None or str(path) in _HELD:
        return path
    for _ in range(100):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError:
            return path  # a folder we cannot write a lock into: the log write says why
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pid = _pid_in(fd)
            for _ in range(50):  # a holder that has just taken it writes its pid next
                if pid is not None:
                    break
                time.sleep(0.002)
                pid = _pid_in(fd)
            os.close(fd)
            raise Busy(str(log), pid) from None
        # The holder before us may have removed the file between our open and our lock:
        # then we hold a name no one else sees, and take the one that is there now.
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except FileNotFoundError:
            same = False
        if not same:
            os.close(fd)
            continue
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        _HELD[str(path)] = fd
        return path
    raise Busy(str(log), None)  # pragma: no cover - the file kept changing under us


def release(log: str | os.PathLike[str]) -> None:
    """Let ``log`` go: its lock file removed (while still held, so no one takes a lock
    on a file about to vanish), then the lock dropped. Not held: nothing happens."""
    _drop(str(lock_path(log)))


def held() -> frozenset[str]:
    """The lock files this process holds now."""
    return frozenset(_HELD)


@atexit.register
def release_all(keep: frozenset[str] = frozenset()) -> None:
    """Let every held log go but those of ``keep`` (at the end of a command, what it took;
    at exit, all: no lock file is left behind; after ``kill -9`` the file stays, but its
    lock went with the process, so it blocks no one)."""
    for name in [n for n in _HELD if n not in keep]:
        _drop(name)


def _drop(name: str) -> None:
    """The held lock file ``name`` removed while still held (no one takes a lock on a
    file about to vanish), then its lock dropped; not held: nothing happens."""
    fd = _HELD.pop(name, None)
    if fd is None:
        return
    with contextlib.suppress(OSError):
        os.unlink(name)
    os.close(fd)


def _pid_in(fd: int) -> int | None:
    """The pid the holder wrote into its lock file (None while it has not yet)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
