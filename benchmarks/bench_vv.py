"""Voll verplant engine and scoring benchmarks (targets from the engine issue)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from timing import SCOREPAD, interleaved, ratio_line, verdict

from scorepad.io import atomic_write, dump_yaml
from scorepad.play.voll_verplant.bots import random_bot
from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.voll_verplant.cards import card_stream
from scorepad.rules.voll_verplant.engine import apply, end_round, new_game, reveal
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules

MAP = "berlin"


def _best_rate(count: int, run, repeat: int = 5) -> float:
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return max(rates)


def games_per_second(games: int = 2000) -> float:
    """Random-bot solo games on the map, whole games (cards, bot, engine), best of 5."""
    network, rules = bundled_map(MAP), default_rules()
    return _best_rate(games, lambda: [play_game(network, rules, ["solo"], "random", str(i))
                                      for i in range(games)])


def moves_per_second(games: int = 300) -> float:
    """``apply`` alone: moves recorded from random games are applied again, round by round;
    only the time inside ``apply`` counts (revealing and closing rounds is not applying)."""
    network, rules = bundled_map(MAP), default_rules()
    recorded = []
    for i in range(games):
        stream = card_stream(str(i), rules.deck, rules.shuffle_cards)
        rng = seeded_rng(i)
        state = new_game(network, rules, ["solo"])
        rounds = []
        while not state.over:
            card, _ = next(stream)
            state = reveal(state, card)
            move = random_bot(state, 0, rng)
            state = apply(state, 0, move)
            state, _ = end_round(state)
            rounds.append((card, move))
        recorded.append(rounds)
    total = sum(len(r) for r in recorded)
    start_state = new_game(network, rules, ["solo"])
    clock = time.perf_counter

    def run() -> float:
        """Seconds spent inside ``apply`` (the rounds around it are set up untimed)."""
        spent = 0.0
        for rounds in recorded:
            state = start_state
            for card, move in rounds:
                revealed = reveal(state, card)
                begin = clock()
                state = apply(revealed, 0, move)
                spent += clock() - begin
                state, _ = end_round(state)
        return spent

    return max(total / run() for _ in range(5))


def six_player_log(folder: Path) -> Path:
    """A full 6-player greedy game on the map, written as a log file."""
    game = play_game(bundled_map(MAP), default_rules(), [f"P{i}" for i in range(1, 7)],
                     "greedy", "bench-6", record=True)
    assert game.log is not None
    return atomic_write(folder / "six.yaml", dump_yaml(game.log.to_data()))


def main() -> list[str]:
    lines = []
    rate = games_per_second()
    lines.append(f"random-bot solo games on {MAP}: {rate:,.0f} games/s (target ≥ 2,000) "
                 f"{verdict(rate, 2000, True)}")
    rate = moves_per_second()
    lines.append(f"applied moves on {MAP}: {rate:,.0f} moves/s (target ≥ 100,000) "
                 f"{verdict(rate, 100_000, True)}")
    # Commands are measured as ratios to the libraries they import, in turns in one run.
    click_only = "import click"
    libraries = "import click, pydantic, yaml"
    with tempfile.TemporaryDirectory() as tmp:
        log = six_player_log(Path(tmp))
        t = interleaved({
            "click": [sys.executable, "-c", click_only],
            "libraries": [sys.executable, "-c", libraries],
            "version": [SCOREPAD, "--version"],
            "score": [SCOREPAD, "vv", "score", str(log)],
        }, repeat=11)
    lines.append(ratio_line("scorepad --version", t["version"], click_only, t["click"], 1.2))
    lines.append(ratio_line(f"vv score, 6-player full log ({MAP})", t["score"], libraries,
                            t["libraries"], 2.0))
    for map_id, mean in difficulty().items():
        lines.append(f"greedy-bot solo mean score on {map_id} (1,000 games): {mean:.2f}")
    return lines


def difficulty(games: int = 1000) -> dict[str, float]:
    """The greedy bot's mean solo score per bundled map: it falls from Amsterdam to Madrid."""
    from scorepad.play.voll_verplant.simulate import summarize
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS

    out = {}
    for map_id in BUNDLED_MAPS:
        network = bundled_map(map_id)
        states = [play_game(network, default_rules(), ["solo"], "greedy", f"sim-{i}").state
                  for i in range(games)]
        out[map_id] = summarize(states).mean
    return out


if __name__ == "__main__":
    for line in main():
        print(line)
