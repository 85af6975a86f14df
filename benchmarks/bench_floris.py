"""Floris figures: command latency, the smallest-fix search, game scoring, the pad."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import command_seconds, median_seconds, verdict


def main() -> list[str]:
    from scorepad.rules.floris.fix import smallest_fix
    from scorepad.rules.floris.game import GAME
    from scorepad.rules.floris.ruleset import default_rules
    from scorepad.sheets.floris import pad_page
    from scorepad.sheets.pdf import render_pdf

    rules = default_rules()
    free = rules.with_overrides({"run_starts_at_one": False})
    lines = []

    cmd = command_seconds(["floris", "bouquet", "d1 r2 l3"])
    lines.append(f"floris bouquet (process start to verdict): {cmd * 1000:.0f} ms "
                 f"(target <= 500 ms) {verdict(cmd, 0.5, False)}")

    typical = median_seconds(lambda: smallest_fix((1, 0, 2, 0, 4), rules), repeat=21)
    lines.append(f"smallest fix, typical hand: {typical * 1000:.2f} ms")
    worst = median_seconds(lambda: smallest_fix((99, 97, 95, 93, 91), free), repeat=5)
    lines.append(f"smallest fix, 99-count hand with free runs (worst case): {worst * 1000:.0f} ms "
                 f"(target <= 500 ms) {verdict(worst, 0.5, False)}")

    specs = ["rose:3 lily:3", "daisy:1 rose:2 lily:3", "sunflower:10", "d1 c1 r1 s1 l1"]
    doc = {"format": "scorepad/floris-game@1", "players": {
        name: {"bouquets": specs * 3, "final": "rose:5", "left_in_hand": 1, "discarded": 2}
        for name in ("Ann", "Bob", "Cid", "Dee")}}
    scoring = median_seconds(lambda: GAME.score(GAME.from_log(doc)), repeat=21)
    lines.append(f"replay and score a 4-player game of 48 bouquets: {scoring * 1000:.1f} ms "
                 f"(target <= 100 ms) {verdict(scoring, 0.1, False)}")

    pad = median_seconds(lambda: render_pdf([pad_page(rules)], title="pad"), repeat=7)
    lines.append(f"draw and render the A4 pad PDF: {pad * 1000:.0f} ms "
                 f"(target <= 1000 ms) {verdict(pad, 1.0, False)}")
    pad_cmd = command_seconds(["floris", "pad", "-o", "/tmp/scorepad-bench-floris-pad.pdf"], 5)
    lines.append(f"floris pad (whole command): {pad_cmd * 1000:.0f} ms "
                 f"(target <= 2000 ms) {verdict(pad_cmd, 2.0, False)}")
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
