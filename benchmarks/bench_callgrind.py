"""Instructions per game under callgrind (repeatable on a noisy machine, where seconds are
not): the difference between two runs of ``simulate`` with different game counts, so the
start-up (imports, the map, the process) cancels out.

Needs ``valgrind`` on the PATH (``apt-get install valgrind``); without it the lines say so.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile

from timing import SCOREPAD, verdict

#: (what, command without --games, fewer games, more games, target per game, goal)
RUNS = [
    ("vv random solo game on berlin",
     ["vv", "simulate", "berlin", "--players", "1", "--bot", "random", "--jobs", "1", "--json"],
     100, 600, 450_000),  # issue 27 (goal 0.4M); the numpy import varies by ~±1.5M a run
    ("mf random 4-player game",
     ["mf", "simulate", "--players", "4", "--bot", "random", "--jobs", "1", "--json"],
     20, 120, 4_650_000),  # half of the 9.3M (this count gave main 12.85M)
]


#: The numpy batch of random solo games (``batch.random_games``) on Berlin: ``{games}`` games
#: in one process (the map's tables and the imports cancel out like a command's start-up).
BATCH = ("from scorepad.play.voll_verplant.batch import random_games\n"
         "from scorepad.rules.voll_verplant.maps import bundled_map\n"
         "from scorepad.rules.voll_verplant.ruleset import default_rules\n"
         "random_games(bundled_map('berlin'), default_rules(), {games}, 'bench')\n")
BATCH_GAMES, BATCH_TARGET = (10, 10_000), 60_000


def instructions(args: list[str], program: str = SCOREPAD) -> int:
    """Instructions (``Ir``) callgrind counts for one ``scorepad`` run (or ``program``'s)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([program, *args], check=True, stdout=subprocess.DEVNULL, env=env)  # bytecode
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(["valgrind", "--tool=callgrind",
                               f"--callgrind-out-file={tmp}/out", program, *args],
                              check=True, capture_output=True, text=True, env=env)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in callgrind's output: {done.stderr[-300:]}")
    return int(found.group(1))


def per_game(args: list[str], few: int, many: int) -> float:
    """Instructions of one game: (run of ``many`` − run of ``few``) / (many − few)."""
    low = instructions([*args, "--games", str(few)])
    high = instructions([*args, "--games", str(many)])
    return (high - low) / (many - few)


def main() -> list[str]:
    if shutil.which("valgrind") is None:
        return ["callgrind: valgrind is not installed (apt-get install valgrind)"]
    lines = []
    for what, args, few, many, target in RUNS:
        cost = per_game(args, few, many)
        lines.append(f"{what}: {cost / 1e6:.2f}M instructions a game (callgrind, {many} − {few}"
                     f" games; target ≤ {target / 1e6:.2f}M) {verdict(cost, target, False)}")
    few, many = BATCH_GAMES
    low, high = (instructions(["-c", BATCH.format(games=n)], sys.executable) for n in (few, many))
    cost = (high - low) / (many - few)
    lines.append(f"vv numpy batch of random solo games on berlin: {cost / 1e3:.0f}k instructions"
                 f" a game (callgrind, {many} − {few} games; target ≤ {BATCH_TARGET / 1e3:.0f}k)"
                 f" {verdict(cost, BATCH_TARGET, False)}")
    return lines


if __name__ == "__main__":
    for line in main():
        print(line)
