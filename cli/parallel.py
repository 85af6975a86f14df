"""Running many seeded games in chunks, here (``--jobs N`` worker processes) or on a Dask
cluster (``--cluster ADDRESS``), with a progress bar.

Self-play is split into chunks of game indices; each chunk returns an accumulator
(histograms and sums that merge exactly) and the files it wrote as text (game logs), so
the figures are the same for every ``--jobs``, every chunk size and every cluster, and
the files are written here, by the process the user started. A progress bar with ETA
goes to stderr on a terminal only: piped output and ``--json`` get nothing extra.

What every chunk needs (the map, the rules, the bots) is sent once per worker, not with
each chunk: a worker process gets it when it starts (the pool's initializer), a cluster's
worker once (scattered to all of them), and keeps it warm — the map's tables and caches
fill once per worker.
"""

from __future__ import annotations

import gc
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

import click


class Mergeable(Protocol):
    def merge(self: T, other: T) -> T: ...


T = TypeVar("T", bound=Mergeable)

#: What a chunk's work returns: its accumulator and the files it made, ``(name, text)``.
Chunk = tuple[T, Sequence[tuple[str, str]]]

#: Games per chunk: large enough that sending a chunk costs little, small enough that the
#: progress bar moves and the two workers finish together.
CHUNK = 200

#: The collector's threshold (allocations) in worker processes, set when a worker starts
#: rather than inherited: the entry point's, since self-play makes no reference cycles (the
#: map's tables keep none: ``tests/test_simulate_streaming.py``) and what the worker was
#: given is frozen out of the collector's walks. Measured: 10,000 cost 5-13 % more CPU
#: over 100,000 random games with ``--jobs 2``, 100,000 within 1-5 % of ``--jobs 1``.
WORKER_GC_THRESHOLD = 100_000


def default_jobs() -> int:
    """The machine's cores (those this process may use)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def chunks(total: int, size: int = CHUNK) -> list[range]:
    """Game indices 0..total-1 in consecutive ranges of at most ``size``."""
    return [range(start, min(start + size, total)) for start in range(0, total, size)]


#: This worker process's work and its arguments (see :func:`_start_worker`).
_WORK: tuple[Callable[..., Any], tuple[Any, ...]] | None = None


def _start_worker(work: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """A worker process's start: keep ``work`` and ``args`` for every chunk it gets."""
    global _WORK
    _leave_ctrl_c()
    _WORK = (work, args)
    gc.set_threshold(WORKER_GC_THRESHOLD, *gc.get_threshold()[1:])
    gc.freeze()


def _worker_chunk(part: range) -> Any:
    """One chunk in a worker process, on the arguments it started with."""
    assert _WORK is not None
    work, args = _WORK
    return work(*args, part)


def cluster_chunk(work: Callable[..., Any], args: tuple[Any, ...], part: range) -> Any:
    """One chunk on a cluster's worker (``args`` arrive once per worker, scattered)."""
    return work(*args, part)


def _results(work: Callable[..., Chunk[T]], args: tuple[Any, ...], parts: list[range],
             jobs: int, cluster: str | None) -> Iterator[tuple[range, Chunk[T]]]:
    if cluster is not None:
        yield from _cluster_results(work, args, parts, cluster)
        return
    if jobs <= 1 or len(parts) <= 1:
        for part in parts:
            yield part, work(*args, part)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=min(jobs, len(parts)), initializer=_start_worker,
                               initargs=(work, args))
    try:
        futures = [pool.submit(_worker_chunk, part) for part in parts]
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


def _cluster_results(work: Callable[..., Chunk[T]], args: tuple[Any, ...], parts: list[range],
                     address: str) -> Iterator[tuple[range, Chunk[T]]]:
    """The chunks on the Dask scheduler at ``address``, in order."""
    from scorepad.rules.common.errors import InputError

    try:
        from distributed import Client
    except ImportError:
        raise InputError("--cluster needs Dask's distributed scheduler: pip install "
                         "'scorepad[cluster]'", where=("--cluster",)) from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as err:
        raise InputError(f"no Dask scheduler answers at {address!r} ({err})",
                         where=("--cluster",)) from None
    with client:
        [shared] = client.scatter([args], broadcast=True)  # once to every worker
        futures = [client.submit(cluster_chunk, work, shared, part, pure=False)
                   for part in parts]
        for part, future in zip(parts, futures, strict=True):
            yield part, future.result()


def run_games(work: Callable[..., Chunk[T]], args: tuple[Any, ...], games: int,
              jobs: int | None, *, label: str, quiet: bool = False, chunk: int = CHUNK,
              cluster: str | None = None, logs_dir: str | None = None) -> T:
    """``work(*args, indices)`` over every chunk of ``range(games)``; the chunks'
    accumulators (with ``merge``) are merged in order, and the files each made are
    written into ``logs_dir`` here (atomically) as they arrive.

    ``work`` must be a module-level function (it is sent to worker processes, or to the
    Dask scheduler at ``cluster``). The progress bar shows when stderr is a terminal and
    ``quiet`` is not set.

    Ctrl-C after some chunks raises :class:`Interrupted` with the accumulator of the games
    played so far (the first ones: chunks are merged in order).
    """
    parts = chunks(games, chunk)
    jobs = default_jobs() if jobs is None else jobs
    total: T | None = None
    done = 0
    try:
        with progress_bar(games, label, quiet=quiet) as bar:
            for part, (result, files) in _results(work, args, parts, jobs, cluster):
                if files:
                    _write(logs_dir, files)
                total = result if total is None else total.merge(result)
                done += len(part)
                bar.update(len(part))
    except KeyboardInterrupt:
        if total is None:
            raise
        raise Interrupted(total, done) from None
    assert total is not None
    return total


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_games` after some games: ``total`` is their accumulator
    and ``games`` how many they are (games 0 to ``games - 1``). A command that does not
    catch it stops as on any Ctrl-C."""

    def __init__(self, total: Any, games: int) -> None:
        super().__init__(f"interrupted after {games} games")
        self.total, self.games = total, games


def end_if_interrupted(played: int, asked: int) -> None:
    """After the figures of a self-play run: when Ctrl-C cut it short (fewer games played
    than asked), one line on stderr saying how many, and exit 130."""
    if played < asked:
        from scorepad.main import EXIT_INTERRUPTED

        click.echo(f"interrupted after {played:,} of {asked:,} games: the figures are those "
                   f"{played:,}", err=True)
        raise click.exceptions.Exit(EXIT_INTERRUPTED)


def _write(folder: str | None, files: Sequence[tuple[str, str]]) -> None:
    from pathlib import Path

    from scorepad.io import atomic_write

    assert folder is not None, "a chunk made files but no folder was given"
    for name, text in files:
        atomic_write(Path(folder) / name, text)


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
