"""Mille Fiori benchmarks: bot games per second, scoring a full log from the command
line, and printing the score aid. ``python benchmarks/run.py mf`` runs them."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import command_seconds, median_seconds, verdict

GAMES_TARGET = 200.0   # random-bot 4-player games per second, at least
SCORE_TARGET = 0.300   # seconds for `scorepad mf score` on a full 4-player log, at most
AID_TARGET = 0.500     # seconds for `scorepad mf aid` (PDF), at most


def games_per_second(games: int = 400) -> float:
    """Random-bot 4-player games per second (whole games: deal, draft, bonus chains)."""
    from scorepad.play.mille_fiori.bots import random_bot
    from scorepad.play.mille_fiori.simulate import play_game

    bots = [random_bot] * 4
    play_game(4, "warm-up", bots)
    start = time.perf_counter()
    for i in range(games):
        play_game(4, f"bench-{i}", bots)
    return games / (time.perf_counter() - start)


def full_log(folder: Path) -> Path:
    """A finished 4-player game log (display and leftovers recorded) to score."""
    from scorepad.io import dump_yaml
    from scorepad.play.mille_fiori.bots import random_bot
    from scorepad.play.mille_fiori.simulate import play_game

    result = play_game(4, "bench-log", [random_bot] * 4, record=True,
                       names=["Ann", "Bob", "Cid", "Dee"])
    path = folder / "mf-full.yaml"
    path.write_text(dump_yaml(result.log), encoding="utf-8")
    return path


def compile_bytecode() -> None:
    """Write the bytecode caches first, as any run after the first on a normal install has
    them (this checkout may run with PYTHONDONTWRITEBYTECODE, which would make every timed
    command compile scorepad's sources again)."""
    import compileall

    root = Path(__file__).parent.parent
    for folder in ("cli", "rules", "play", "sheets"):
        compileall.compile_dir(str(root / folder), quiet=1)


def main() -> list[str]:
    lines = []
    compile_bytecode()
    rate = max(games_per_second() for _ in range(3))
    lines.append(f"random-bot 4-player games: {rate:.0f} games/s (target >= {GAMES_TARGET:.0f}) "
                 f"{verdict(rate, GAMES_TARGET, True)}")
    with tempfile.TemporaryDirectory() as tmp:
        log = full_log(Path(tmp))
        turns = log.read_text().count("player:")
        seconds = command_seconds(["mf", "score", str(log)])
        lines.append(f"mf score, full 4-player log ({turns} turns): {seconds * 1000:.0f} ms "
                     f"(target <= {SCORE_TARGET * 1000:.0f} ms) "
                     f"{verdict(seconds, SCORE_TARGET, False)}")
        seconds = command_seconds(["mf", "score", "--json", str(log)])
        lines.append(f"mf score --json, same log: {seconds * 1000:.0f} ms")
        seconds = command_seconds(["--version"])
        lines.append(f"(scorepad --version start-up: {seconds * 1000:.0f} ms)")
        pdf = Path(tmp) / "aid.pdf"
        try:
            seconds = command_seconds(["mf", "aid", "-o", str(pdf)])
        except Exception as err:  # noqa: BLE001 - the aid may be missing in a partial checkout
            lines.append(f"mf aid: not measured ({err})")
        else:
            lines.append(f"mf aid (PDF, {pdf.stat().st_size // 1024} KiB): "
                         f"{seconds * 1000:.0f} ms (target <= {AID_TARGET * 1000:.0f} ms) "
                         f"{verdict(seconds, AID_TARGET, False)}")
    from scorepad.play.mille_fiori.simulate import play_game  # noqa: F401 (warm import)
    from scorepad.rules.mille_fiori.game import replay_data

    with tempfile.TemporaryDirectory() as tmp:
        import yaml

        data = yaml.safe_load(full_log(Path(tmp)).read_text())
        seconds = median_seconds(lambda: replay_data(data))
        lines.append(f"replay of that log in-process: {seconds * 1000:.1f} ms")
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
