"""Streaming, parallel self-play (the simulation issue): memory flat in the number of
games, and the speed-up of ``--jobs 2`` over ``--jobs 1`` in the same run."""

from __future__ import annotations

import subprocess
import sys
import time

from timing import SCOREPAD

_RSS = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
        "stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def max_rss_kib(args: list[str]) -> int:
    """The largest resident set (KiB) of one ``scorepad`` run and the processes it waits for."""
    out = subprocess.run([sys.executable, "-c", _RSS, SCOREPAD, *args], check=True,
                         capture_output=True, text=True).stdout
    return int(out.split()[-1])


def seconds(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([SCOREPAD, *args], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> list[str]:
    base = ["vv", "simulate", "berlin", "--bot", "random", "--jobs", "1", "--json"]
    small = max_rss_kib([*base, "--games", "1000"])
    large = max_rss_kib([*base, "--games", "100000"])
    lines = [f"vv simulate max RSS: 1k games {small / 1024:.1f} MiB, 100k games "
             f"{large / 1024:.1f} MiB ({large / small:.2f}×, target ≤ 1.3×)"]
    runs = {"vv simulate greedy 6,000 games":
            ["vv", "simulate", "berlin", "--bot", "greedy", "--games", "6000", "--json"],
            "mf simulate 4 players 3,000 games":
            ["mf", "simulate", "--players", "4", "--games", "3000", "--json"]}
    for what, args in runs.items():
        one = min(seconds([*args, "--jobs", "1"]) for _ in range(2))
        two = min(seconds([*args, "--jobs", "2"]) for _ in range(2))
        lines.append(f"{what}: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s "
                     f"(speed-up {one / two:.2f}×)")
    return lines


if __name__ == "__main__":
    for line in main():
        print(line)
