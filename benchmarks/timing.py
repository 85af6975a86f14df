"""Small timing helpers for the benchmark modules (medians of wall-clock runs)."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

SCOREPAD = str(Path(sys.executable).with_name("scorepad"))


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


def python_seconds(code: str, repeat: int = 11) -> float:
    """Median wall-clock seconds of ``python -c CODE`` in this interpreter's environment:
    the yardstick for commands (a command's time as a ratio to the libraries it imports)."""
    def run() -> None:
        subprocess.run([sys.executable, "-c", code], check=True, stdout=subprocess.DEVNULL)

    run()
    return median_seconds(run, repeat)


def ratio_line(what: str, seconds: float, base_code: str, base: float, target: float) -> str:
    """One benchmark line: a command's time as a ratio to ``python -c BASE_CODE``."""
    ratio = seconds / base
    return (f"{what}: {seconds * 1000:.0f} ms = {ratio:.2f}× `python -c \"{base_code}\"` "
            f"({base * 1000:.0f} ms; target ≤ {target}×) {verdict(ratio, target, False)}")


def verdict(value: float, target: float, higher_is_better: bool) -> str:
    """``ok`` or ``MISSED`` against a target."""
    ok = value >= target if higher_is_better else value <= target
    return "ok" if ok else "MISSED"
