"""``mf simulate``: bot games for statistics, benchmarks and property tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from scorepad.options import (
    cluster_option,
    jobs_option,
    json_option,
    player_count_option,
    seed_option,
)

from .common import rules_option

if TYPE_CHECKING:
    from scorepad.play.mille_fiori.simulate import Tally
    from scorepad.rules.mille_fiori.ruleset import MFRules


def _bots(text: str) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    from scorepad.options import match_name
    from scorepad.play.mille_fiori.bots import BOTS
    from scorepad.rules.common.errors import ScorepadError

    try:  # Greedy, g: a bot's name in any case, or its unique start
        names = [match_name(name, list(BOTS), what="bot") for name in names]
    except ScorepadError as err:
        raise click.BadParameter(err.message, param_hint="--bot") from None
    return names or ["random"]


@click.command(name="simulate")
@player_count_option(2, 4, default=4, help="Players per game.")
@click.option("--games", "-n", type=click.IntRange(1, 1_000_000), default=100,
              show_default=True, help="Number of games.")
@seed_option("Seed; game i uses SEED-i, so runs are reproducible.", default="0")
@click.option("--bot", "bot_text", default="random", show_default=True,
              help="random or greedy, or one per seat separated by commas (greedy,random).")
@click.option("--logs", "logs_dir", metavar="DIR", type=click.Path(file_okay=False),
              help="Write each game's log to this folder (game-1.yaml, ...).")
@json_option("Print the statistics as JSON.")
@rules_option
@jobs_option
@cluster_option
def simulate_cmd(players: int, games: int, seed: str, bot_text: str, logs_dir: str | None,
                 as_json: bool, rules_file: str | None, jobs: int | None,
                 cluster: str | None) -> None:
    """Play whole games between bots and report the scores.

    Each game is dealt from its own seed, drafted (pick a card, pass the hand to the
    left, resolve in turn order) and played to its end, bonus chains included. Prints
    the mean, median, 10th and 90th percentile of all players' scores, the mean points
    per area and how the games ended. The figures are the same whatever --jobs is;
    games are counted as they end (flat memory); a progress bar shows on a terminal.

    \b
    Example:
      scorepad mf simulate --players 3 --games 500 --seed 7
      scorepad mf simulate --games 100000 --cluster tcp://10.0.0.5:8786
    """
    import time

    from scorepad.io import emit_json
    from scorepad.parallel import Interrupted, end_if_interrupted, run_games

    from .common import load_rules

    rules = load_rules(rules_file)
    names = _bots(bot_text)
    seats = [names[i % len(names)] for i in range(players)]
    started = time.perf_counter()
    asked = games
    try:
        tally = run_games(play_chunk, (players, seed, seats, rules, logs_dir is not None),
                          games, jobs, label=f"Mille Fiori: {players} players", quiet=as_json,
                          chunk=CLUSTER_CHUNK if cluster else CHUNK, cluster=cluster,
                          logs_dir=logs_dir)
    except Interrupted as stop:  # Ctrl-C: the figures of the games played, then exit 130
        tally, games = stop.total, stop.games
    elapsed = time.perf_counter() - started
    data = {"players": players, "games": games, "bot": ",".join(seats), "seed": seed,
            **tally.figures()}
    if games < asked:
        data["interrupted"] = {"games": games, "of": asked}
    ended = data["ended_by"]
    if as_json:
        click.echo(emit_json(data))
        end_if_interrupted(games, asked)
        return
    click.echo(f"{games} games, {players} players, bots {data['bot']}, seed {seed} "
               f"({games / elapsed:.0f} games/s)")
    click.echo(f"scores: mean {data['mean']}, median {data['median']}, p10 {data['p10']}, "
               f"p90 {data['p90']}, range {data['min']}-{data['max']}")
    click.echo("mean points per player: " + ", ".join(
        f"{k} {v}" for k, v in data["areas"].items()))
    click.echo(f"games ended by the deck: {ended['deck']}, by a last diamond: {ended['diamonds']}")
    click.echo("win share by seat: " + ", ".join(
        f"{i + 1}: {w}" for i, w in enumerate(data["win_share"])))
    end_if_interrupted(games, asked)


#: Games per chunk: here, and on a cluster (about a second of a worker's time).
CHUNK, CLUSTER_CHUNK = 200, 1000


def play_chunk(players: int, seed: str, seats: list[str], rules: MFRules, logs: bool,
               indices: range) -> tuple[Tally, list[tuple[str, str]]]:
    """Play games ``indices`` (game i uses seed ``SEED-(i+1)``) and tally them; with
    ``logs`` each game's log as a file's name and text (``game-<i+1>.yaml``), for the
    caller to write."""
    from scorepad.io import dump_yaml
    from scorepad.play.mille_fiori.bots import make_bot
    from scorepad.play.mille_fiori.simulate import Tally, play_game

    bots = [make_bot(name) for name in seats]
    tally = Tally(players)
    files = []
    for i in indices:
        result = play_game(players, f"{seed}-{i + 1}", bots, rules, record=logs)
        tally.add(result.state)
        if logs and result.log is not None:
            files.append((f"game-{i + 1}.yaml", dump_yaml(result.log)))
    return tally, files
