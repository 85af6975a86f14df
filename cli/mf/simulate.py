"""``mf simulate``: bot games for statistics, benchmarks and property tests."""

from __future__ import annotations

import click

from .common import rules_option


def _bots(text: str) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    from scorepad.rules.mille_fiori.bots import BOTS

    for name in names:
        if name not in BOTS:
            raise click.BadParameter(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    return names or ["random"]


@click.command(name="simulate")
@click.option("--players", "-p", type=click.IntRange(2, 4), default=4, show_default=True,
              help="Players per game.")
@click.option("--games", "-n", type=click.IntRange(1, 1_000_000), default=100,
              show_default=True, help="Number of games.")
@click.option("--seed", "-s", default="0", show_default=True,
              help="Seed; game i uses SEED-i, so runs are reproducible.")
@click.option("--bot", "bot_text", default="random", show_default=True,
              help="random or greedy, or one per seat separated by commas (greedy,random).")
@click.option("--logs", "logs_dir", type=click.Path(file_okay=False), default=None,
              help="Write each game's log to this folder (game-1.yaml, ...).")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@rules_option
def simulate_cmd(players: int, games: int, seed: str, bot_text: str, logs_dir: str | None,
                 as_json: bool, rules_file: str | None) -> None:
    """Play whole games between bots and report the scores.

    Each game is dealt from its own seed, drafted (pick a card, pass the hand to the
    left, resolve in turn order) and played to its end, bonus chains included. Prints
    the mean, median, 10th and 90th percentile of all players' scores, the mean points
    per area and how the games ended.

    \b
    Example:
      scorepad mf simulate --players 3 --games 500 --seed 7
    """
    import statistics
    import time
    from pathlib import Path

    from scorepad.io import atomic_write, dump_yaml, emit_json
    from scorepad.rules.mille_fiori.board import AREAS
    from scorepad.rules.mille_fiori.bots import make_bot
    from scorepad.rules.mille_fiori.scoring import breakdown
    from scorepad.rules.mille_fiori.simulate import play_game

    from .common import load_rules

    rules = load_rules(rules_file)
    names = _bots(bot_text)
    bots = [make_bot(names[i % len(names)]) for i in range(players)]
    totals: list[int] = []
    per_area = dict.fromkeys((*AREAS, "ship", "bonus_fields", "empty_display"), 0)
    ended = {"deck": 0, "diamonds": 0}
    wins = [0.0] * players
    started = time.perf_counter()
    for i in range(1, games + 1):
        result = play_game(players, f"{seed}-{i}", bots, rules, record=logs_dir is not None)
        scores = breakdown(result.state)
        ended[result.state.end_reason or "deck"] += 1
        firsts = [s for s in scores if s.rank == 1]
        for s in scores:
            totals.append(s.total)
            for area in AREAS:
                per_area[area] += s.areas[area]
            per_area["ship"] += s.ship
            per_area["bonus_fields"] += s.bonus_fields
            per_area["empty_display"] += s.empty_display
        for seat, s in enumerate(scores):
            if s.rank == 1:
                wins[seat] += 1 / len(firsts)
        if logs_dir is not None and result.log is not None:
            atomic_write(Path(logs_dir) / f"game-{i}.yaml", dump_yaml(result.log))
    elapsed = time.perf_counter() - started
    count = len(totals)
    deciles = statistics.quantiles(totals, n=10, method="inclusive") if count > 1 else [
        totals[0]] * 9
    areas = {k: round(v / count, 2) for k, v in per_area.items()}
    win_share = [round(w / games, 3) for w in wins]
    data = {
        "players": players, "games": games, "seed": seed,
        "bot": ",".join(names[i % len(names)] for i in range(players)),
        "mean": round(statistics.fmean(totals), 2), "median": statistics.median(totals),
        "p10": deciles[0], "p90": deciles[-1], "min": min(totals), "max": max(totals),
        "areas": areas, "ended_by": ended, "win_share": win_share,
    }
    if as_json:
        click.echo(emit_json(data))
        return
    click.echo(f"{games} games, {players} players, bots {data['bot']}, seed {seed} "
               f"({games / elapsed:.0f} games/s)")
    click.echo(f"scores: mean {data['mean']}, median {data['median']}, p10 {data['p10']}, "
               f"p90 {data['p90']}, range {data['min']}-{data['max']}")
    click.echo("mean points per player: " + ", ".join(
        f"{k} {v}" for k, v in areas.items()))
    click.echo(f"games ended by the deck: {ended['deck']}, by a last diamond: {ended['diamonds']}")
    click.echo("win share by seat: " + ", ".join(
        f"{i + 1}: {w}" for i, w in enumerate(win_share)))
