"""``vv simulate``: self-play with simple bots, for balancing maps and benchmarking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorepad.options import (
    cluster_option,
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
    from scorepad.play.voll_verplant.bots import Bot
    from scorepad.play.voll_verplant.simulate import Tally
    from scorepad.rules.voll_verplant.maps import Network
    from scorepad.rules.voll_verplant.ruleset import VVRules


@click.command(name="simulate")
@click.argument("map_ref", metavar="MAP", shell_complete=complete_map)
@player_count_option(1, 6, default=1, help="Players per game.")
@click.option("--games", "-n", type=click.IntRange(1, 1_000_000), default=100, show_default=True,
              help="Games to play.")
@click.option("--bot", type=click.Choice(["random", "greedy", "search"], case_sensitive=False),
              default="greedy",
              show_default=True, help="How every player chooses moves (search: Monte Carlo "
              "rollouts of greedy play over the cards a player can know; slow).")
@rollouts_option(16, "With --bot search: rollouts for each step still in the running at "
                 "the end of a decision (more: stronger and slower).")
@search_budget_option("With --bot search: at most this long a decision (the figures then "
                      "depend on the machine; --rollouts alone is repeatable).")
@seed_option("Base seed: game i uses seed '<seed>-<i>'.", default="sim")
@rules_option()
@click.option("--logs", "logs_dir", metavar="DIR", type=click.Path(file_okay=False),
              help="Write each game's log to this folder (game-<i>.yaml).")
@jobs_option
@cluster_option
@json_option("Print the figures as JSON.")
def simulate_cmd(map_ref: str, players: int, games: int, bot: str, rollouts: int,
                 budget: float | None, seed: str,
                 rules_file: str | None, logs_dir: str | None, jobs: int | None,
                 cluster: str | None, as_json: bool) -> None:
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
      scorepad vv simulate madrid --games 100000 --cluster tcp://10.0.0.5:8786
    """
    import time
    from pathlib import Path

    from scorepad.app.vv_files import load_network, load_rules, map_entry
    from scorepad.io import emit_json
    from scorepad.parallel import Interrupted, end_if_interrupted, run_games

    network = load_network(map_ref)
    # A map path in a log is relative to the log's folder.
    log_map = map_entry(map_ref, Path(logs_dir) / "game.yaml") if logs_dir else map_ref
    rules = load_rules(rules_file)
    names = [f"P{i + 1}" for i in range(players)]
    start = time.perf_counter()
    player: Any = bot  # a bot name, or the search bot with its budget
    if bot == "search":
        from scorepad.play.voll_verplant.search import Budget, SearchBot

        player = SearchBot(Budget(rollouts, budget))
    chunk = (CLUSTER_CHUNK if cluster else CHUNK)[bot]
    asked = games
    try:
        tally = run_games(play_chunk,
                          (network, rules, names, player, seed, bool(logs_dir), log_map),
                          games, jobs, label=f"{network.name}: {bot} bot", quiet=as_json,
                          chunk=max(1, chunk // players), cluster=cluster, logs_dir=logs_dir)
    except Interrupted as stop:  # Ctrl-C: the figures of the games played, then exit 130
        tally, games = stop.total, stop.games
    elapsed = time.perf_counter() - start
    stats = tally.stats()
    data = {"map": network.id, "players": players, "games": games, "bot": bot, "seed": seed,
            "mean": round(stats.mean, 3), "median": stats.median, "p10": round(stats.p10, 3),
            "p90": round(stats.p90, 3), "empty_stations": round(stats.empty_mean, 3),
            "rounds": round(stats.rounds_mean, 3),
            "games_per_second": round(games / elapsed, 1) if elapsed else None}
    if bot == "search":
        data["rollouts"] = rollouts
    if games < asked:
        data["interrupted"] = {"games": games, "of": asked}
    if as_json:
        click.echo(emit_json(data))
        end_if_interrupted(games, asked)
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
    end_if_interrupted(games, asked)


#: Games per chunk by bot, for worker processes here (about 0.1-0.5 s of work: a chunk's
#: round trip to a worker costs ~1 ms of the pool's CPU): a random game costs ~0.07 ms, a
#: greedy one ~1 ms, a search game ~0.4 s (solo; a chunk is divided by the players).
CHUNK = {"random": 2000, "greedy": 500, "search": 4}
#: Games per chunk on a cluster: about a second of a worker's time, so that a chunk's round
#: trip to the scheduler costs little beside it.
CLUSTER_CHUNK = {"random": 5000, "greedy": 1000, "search": 2}


def play_chunk(network: Network, rules: VVRules, names: list[str], bot: str | Bot, seed: str,
               logs: bool, log_map: str, indices: range) -> tuple[Tally, list[tuple[str, str]]]:
    """Play games ``indices`` (in a worker process, on a cluster's worker or here) and
    tally them; with ``logs`` each game's log as a file's name and text
    (``game-<i>.yaml``), for the caller to write."""
    from itertools import repeat

    from scorepad.io import dump_yaml
    from scorepad.play.voll_verplant.simulate import Tally, play_game, tally_games

    if not logs:  # game i's seed is "<seed>-<i>" (str.format in C: no call of ours a game)
        seeds = map("{}-{}".format, repeat(seed), indices)
        return tally_games(network, rules, names, bot, seeds), []
    tally = Tally()
    files = []
    for i in indices:
        game = play_game(network, rules, names, bot, f"{seed}-{i}", record=True)
        tally.add(game.state)
        if game.log is not None:
            log = game.log.model_copy(update={"map": log_map})
            files.append((f"game-{i}.yaml", dump_yaml(log.to_data())))
    return tally, files
