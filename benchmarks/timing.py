"""Small timing helpers for the benchmark modules (medians of wall-clock and CPU runs).

Commands are measured as ratios to the libraries they import, run in turns in the same
run (:func:`interleaved`), so the machine's speed cancels. Each run is timed twice: on the
wall clock and as the CPU seconds (user + system) the process used, which other work on
this shared 2-core machine does not inflate; the ratios are of CPU seconds.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

SCOREPAD = str(Path(sys.executable).with_name("scorepad"))


def median_p95(values: Sequence[float]) -> str:
    """Seconds as the benchmarks print them: ``median 0.90 s, p95 1.31 s`` (n/a for none)."""
    if not values:
        return "n/a"
    ordered = sorted(values)
    return (f"median {statistics.median(ordered):.2f} s, "
            f"p95 {ordered[int(0.95 * (len(ordered) - 1))]:.2f} s")


def median_seconds(fn: Callable[[], object], repeat: int = 7) -> float:
    """Median wall-clock seconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def command_seconds(args: Sequence[str], repeat: int = 7) -> float:
    """Median wall-clock seconds of running the installed ``scorepad`` with ``args``.

    Runs as an installed package does, with compiled bytecode: the warm-up run writes it
    even where ``PYTHONDONTWRITEBYTECODE`` is set for development.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def run() -> None:
        subprocess.run([SCOREPAD, *args], check=True, stdout=subprocess.DEVNULL, env=env)

    run()  # warm the file cache, write the bytecode
    return median_seconds(run, repeat)


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def interleaved(commands: dict[str, Sequence[str]], repeat: int = 9
                ) -> dict[str, tuple[float, float]]:
    """``name -> (median wall seconds, median CPU seconds)`` of each command (an argv), run
    in turns: one round runs each once, the first round only warms the file cache and
    writes the bytecode."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for round_ in range(repeat + 1):
        for name, argv in commands.items():
            start, used = time.perf_counter(), _child_cpu()
            subprocess.run(list(argv), check=True, stdout=subprocess.DEVNULL, env=env)
            if round_:
                wall[name].append(time.perf_counter() - start)
                cpu[name].append(_child_cpu() - used)
    return {name: (statistics.median(wall[name]), statistics.median(cpu[name]))
            for name in commands}


def ratio_line(what: str, times: tuple[float, float], base_code: str,
               base: tuple[float, float], target: float) -> str:
    """One benchmark line: a command's CPU time as a ratio to ``python -c BASE_CODE``'s
    (both from :func:`interleaved`), with the wall-clock medians for scale."""
    ratio = times[1] / base[1]
    return (f"{what}: {ratio:.2f}× `python -c \"{base_code}\"` in CPU time "
            f"({times[1] * 1000:.0f} ms / {base[1] * 1000:.0f} ms; wall {times[0] * 1000:.0f} ms "
            f"/ {base[0] * 1000:.0f} ms; target ≤ {target}×) {verdict(ratio, target, False)}")


def verdict(value: float, target: float, higher_is_better: bool) -> str:
    """``ok`` or ``MISSED`` against a target."""
    ok = value >= target if higher_is_better else value <= target
    return "ok" if ok else "MISSED"
