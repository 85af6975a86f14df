"""Running many seeded games in chunks over worker processes, with a progress bar.

Self-play is split into chunks of game indices; each chunk returns an accumulator
(histograms and sums that merge exactly), so the figures are the same for every
``--jobs`` and every chunk size. A progress bar with ETA goes to stderr on a terminal
only: piped output and ``--json`` get nothing extra.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

import click


class Mergeable(Protocol):
    def merge(self: T, other: T) -> T: ...


T = TypeVar("T", bound=Mergeable)

#: Games per chunk: large enough that sending a chunk costs little, small enough that the
#: progress bar moves and the two workers finish together.
CHUNK = 200


def default_jobs() -> int:
    """The machine's cores (those this process may use)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def chunks(total: int, size: int = CHUNK) -> list[range]:
    """Game indices 0..total-1 in consecutive ranges of at most ``size``."""
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


def _results(work: Callable[..., T], args: tuple[Any, ...], parts: list[range],
             jobs: int) -> Iterator[tuple[range, T]]:
    if jobs <= 1 or len(parts) <= 1:
        for part in parts:
            yield part, work(*args, part)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(parts)), initializer=_leave_ctrl_c)
    try:
        futures = [pool.submit(work, *args, part) for part in parts]
        for part, future in zip(parts, futures, strict=True):
            yield part, future.result()
    except BaseException:  # Ctrl-C, an error, or the caller stopped: stop at once
        _stop(pool)
        raise
    pool.shutdown()


def _leave_ctrl_c() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the command):
    the parent stops them all, so there is one message and no traceback from each."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: Any) -> None:
    """End the pool now: drop the chunks not started and end the workers mid-chunk
    (``shutdown`` alone waits for every chunk already queued)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(5)


def run_games(work: Callable[..., T], args: tuple[Any, ...], games: int, jobs: int | None,
              *, label: str, quiet: bool = False, chunk: int = CHUNK) -> T:
    """``work(*args, indices)`` over every chunk of ``range(games)``; the chunks' results
    (accumulators with ``merge``) are merged in order.

    ``work`` must be a module-level function (it is sent to worker processes). The
    progress bar shows when stderr is a terminal and ``quiet`` is not set.
    """
    parts = chunks(games, chunk)
    jobs = default_jobs() if jobs is None else jobs
    total: T | None = None
    with progress_bar(games, label, quiet=quiet) as bar:
        for part, result in _results(work, args, parts, jobs):
            total = result if total is None else total.merge(result)
            bar.update(len(part))
    assert total is not None
    return total


def progress_bar(length: int, label: str, *, quiet: bool = False) -> Any:
    """Click's progress bar with ETA on stderr when it is a terminal and not ``quiet``;
    otherwise a stand-in that shows nothing (pipes and ``--json`` get nothing extra)."""
    if quiet or not sys.stderr.isatty():
        return _NoBar()
    label, width = bar_fit(label, length, shutil.get_terminal_size((80, 24)).columns)
    return click.progressbar(length=length, label=label, file=sys.stderr, show_eta=True,
                             show_pos=True, width=width)


def bar_fit(label: str, length: int, columns: int) -> tuple[str, int]:
    """The label and bar width that keep the bar on one line of ``columns``: a line that
    reaches the edge wraps, and every update then starts a new line. The label is cut
    before the bar is made shorter than 8."""
    from scorepad.terminal import cut

    # "LABEL  [BAR]  N/LENGTH  ETA": the ETA may read "1d 02:03:04"; the last column is
    # left free (a full line wraps in many terminals)
    fixed = 2 + 2 + 2 + 2 * len(str(length)) + 1 + 2 + 11
    room = columns - 1 - fixed
    if room - len(label) < 8:
        label = cut(label, max(room - 8, 0)) if room > 9 else ""
    return label, max(room - len(label), 1)


class _NoBar:
    """What the progress bar offers, doing nothing (for pipes and ``--json``)."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, steps: int) -> None:
        """Nothing to show."""
