"""``vv simulate``: self-play with simple bots, for balancing maps and benchmarking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorepad.options import (
    jobs_option,
    json_option,
    player_count_option,
    rollouts_option,
    rules_option,
    search_budget_option,
    seed_option,
)
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from scorepad.rules.voll_verplant.bots import Bot
    from scorepad.rules.voll_verplant.maps import Network
    from scorepad.rules.voll_verplant.ruleset import VVRules
    from scorepad.rules.voll_verplant.simulate import Tally


@click.command(name="simulate")
@click.argument("map_ref", metavar="MAP", shell_complete=complete_map)
@player_count_option(1, 6, default=1, help="Players per game.")
@click.option("--games", "-n", type=click.IntRange(1, 1_000_000), default=100, show_default=True,
              help="Games to play.")
@click.option("--bot", type=click.Choice(["random", "greedy", "search"], case_sensitive=False),
              default="greedy",
              show_default=True, help="How every player chooses moves (search: Monte Carlo "
              "rollouts of greedy play over the cards a player can know; slow).")
@rollouts_option(4, "With --bot search: rollouts for each step still in the running at "
                 "the end of a decision (more: stronger and slower).")
@search_budget_option("With --bot search: at most this long a decision (the figures then "
                      "depend on the machine; --rollouts alone is repeatable).")
@seed_option("Base seed: game i uses seed '<seed>-<i>'.", default="sim")
@rules_option()
@click.option("--logs", "logs_dir", metavar="DIR", type=click.Path(file_okay=False),
              help="Write each game's log to this folder (game-<i>.yaml).")
@jobs_option
@json_option("Print the figures as JSON.")
def simulate_cmd(map_ref: str, players: int, games: int, bot: str, rollouts: int,
                 budget: float | None, seed: str,
                 rules_file: str | None, logs_dir: str | None, jobs: int | None,
                 as_json: bool) -> None:
    """Play seeded games between bots and print score figures.

    Prints the mean, median, 10th and 90th percentile of all players' scores, the
    mean number of empty stations and of rounds, and games per second. The same
    arguments always give the same games and figures, whatever --jobs is; games
    are counted as they end, so a million games need no more memory than a thousand.
    A progress bar shows on a terminal.

    \b
    Example:
      scorepad vv simulate berlin --games 1000 --bot greedy --json
      scorepad vv simulate paris --games 100 --bot search --rollouts 8
    """
    import time
    from pathlib import Path

    from scorepad.io import emit_json
    from scorepad.parallel import CHUNK, run_games

    from .common import load_network, load_rules, map_entry

    network = load_network(map_ref)
    # A map path in a log is relative to the log's folder.
    log_map = map_entry(map_ref, Path(logs_dir) / "game.yaml") if logs_dir else map_ref
    rules = load_rules(rules_file)
    names = [f"P{i + 1}" for i in range(players)]
    start = time.perf_counter()
    player: Any = bot  # a bot name, or the search bot with its budget
    if bot == "search":
        from scorepad.rules.voll_verplant.search import Budget, SearchBot

        player = SearchBot(Budget(rollouts, budget))
    tally = run_games(play_chunk, (network, rules, names, player, seed, logs_dir, log_map),
                      games, jobs, label=f"{network.name}: {bot} bot", quiet=as_json,
                      chunk=SEARCH_CHUNK if bot == "search" else CHUNK)
    elapsed = time.perf_counter() - start
    stats = tally.stats()
    data = {"map": network.id, "players": players, "games": games, "bot": bot, "seed": seed,
            "mean": round(stats.mean, 3), "median": stats.median, "p10": round(stats.p10, 3),
            "p90": round(stats.p90, 3), "empty_stations": round(stats.empty_mean, 3),
            "rounds": round(stats.rounds_mean, 3),
            "games_per_second": round(games / elapsed, 1) if elapsed else None}
    if bot == "search":
        data["rollouts"] = rollouts
    if as_json:
        click.echo(emit_json(data))
        return
    spent = f" ({rollouts} rollouts)" if bot == "search" else ""
    click.echo(f"{network.name}: {games} game{'s' if games != 1 else ''}, {players} player"
               f"{'s' if players != 1 else ''}, {bot} bot{spent}, seed {seed!r}")
    click.echo(f"  score   mean {stats.mean:.2f}   median {stats.median:g}   "
               f"p10 {stats.p10:g}   p90 {stats.p90:g}")
    click.echo(f"  empty stations (mean) {stats.empty_mean:.2f}   rounds (mean) "
               f"{stats.rounds_mean:.2f}")
    click.echo(f"  {games / elapsed:.{0 if games / elapsed >= 10 else 2}f} games/s"
               if elapsed else "")
    if logs_dir:
        click.echo(f"  logs written to {logs_dir}/")


#: A search game costs a second or more: small chunks keep the bar moving and the jobs even.
SEARCH_CHUNK = 4


def play_chunk(network: Network, rules: VVRules, names: list[str], bot: str | Bot, seed: str,
               logs_dir: str | None, log_map: str, indices: range) -> Tally:
    """Play games ``indices`` (in a worker process or here) and tally them; with
    ``logs_dir`` each game's log is written as ``game-<i>.yaml``."""
    from itertools import repeat
    from pathlib import Path

    from scorepad.io import atomic_write, dump_yaml
    from scorepad.rules.voll_verplant.simulate import Tally, play_game, tally_games

    if not logs_dir:  # game i's seed is "<seed>-<i>" (str.format in C: no call of ours a game)
        return tally_games(network, rules, names, bot, map("{}-{}".format, repeat(seed), indices))
    tally = Tally()
    for i in indices:
        game = play_game(network, rules, names, bot, f"{seed}-{i}", record=True)
        tally.add(game.state)
        if game.log is not None:
            log = game.log.model_copy(update={"map": log_map})
            atomic_write(Path(logs_dir) / f"game-{i}.yaml", dump_yaml(log.to_data()))
    return tally
