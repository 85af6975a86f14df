"""``vv analyse``: how well a game was played, against a search on the same cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorepad.options import (
    complete_file,
    json_option,
    rollouts_option,
    search_budget_option,
    seed_option,
)
from scorepad.rules.common.errors import ContentError, InputError
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from pathlib import Path

    from scorepad.app.vv_files import LoadedGame
    from scorepad.play.voll_verplant.optimum import Proof
    from scorepad.rules.voll_verplant.cards import Card
    from scorepad.rules.voll_verplant.engine import Move
    from scorepad.rules.voll_verplant.maps import Network


def _fmt(value: float) -> str:
    return f"{value:g}".replace("-", "−")


def _signed(value: float) -> str:
    return ("+" if value >= 0 else "−") + f"{abs(value):g}"


def report_text(data: dict[str, Any], source: str, network: Network) -> str:
    """The human report: the score beside the best found, then the costliest steps."""
    who = data["player"]
    lines = [f"{source} — {network.name}" + (f", {who}" if who else "")]
    if data["score"] is None:
        lines.append(f"The best the search found for these cards: {_fmt(data['best'])} points.")
    else:
        lines.append(f"You scored {_fmt(data['score'])}; the search found {_fmt(data['best'])} "
                     f"on the same cards ({_signed(data['gain'])}).")
    if data.get("points"):
        lines += ["", "Where your points came from:"]
        lines += [f"  round {e['round']}: {e['why']}" for e in data["points"]]
    if data["costliest"]:
        lines += ["", "Where it cost most:"]
        for d in data["costliest"]:
            where = f"round {d['round']}" + (f", follow-up {d['follow_up']}" if d["follow_up"]
                                              else "")
            lines.append(f"  {where} (card {d['card']}): you played {d['played_text']}; "
                         f"{d['best_text']} would have given ~{_signed(d['cost'])}")
    elif data["judged"]:
        lines += ["", "No step of yours cost points against the search's best continuation."]
    elif data["score"] is not None:
        lines.append("(A paper sheet does not say in which order it was marked: no step is "
                     "judged.)")
    lines += _optimum_text(data, network)
    lines.append(f"({data['rollouts']} rollouts a step; the same budget gives the same answer.)")
    return "\n".join(lines)


def _optimum_text(data: dict[str, Any], network: Network) -> list[str]:
    """The solver's part of the report: the best possible score (proven, or the best
    plan and the bound), then the plays of that plan; or why there is none."""
    from scorepad.play.voll_verplant.analysis import play_text

    solver = data.get("solver")
    if solver == "missing":
        return ["(Install the solve extra, pip install 'scorepad[solve]', for the best "
                "possible score, proven.)"]
    if solver is None or data["optimum"] is None:
        return [f"(No proof: {solver}.)"] if solver else []
    if data["proven"]:
        head = f"Best possible: {_fmt(data['optimum'])} (proven)."
    elif data["bound"] is not None:
        head = (f"Best possible: at most {_fmt(data['bound'])}; the best plan found scores "
                f"{_fmt(data['optimum'])} (the solver stopped at its budget).")
    else:
        head = (f"The best plan found scores {_fmt(data['optimum'])} (the solver proved no "
                "bound within its budget).")
    lines = ["", head, "The plays of that plan:"]
    lines += [f"  round {p['round']} (card {p['card']}): "
              f"{play_text(network, p['card'], p['move'])}" for p in data["optimum_play"]]
    return lines


@click.command(name="analyse")
@click.argument("file", required=False, metavar="[FILE]", shell_complete=complete_file)
@click.option("--player", metavar="NAME", help="The player to analyse (needed when a log "
              "has several; matched like every name: case and unique prefix).")
@click.option("--sheet", "sheet_path", metavar="FILE", type=click.Path(dir_okay=False),
              help="With a flipper's log as FILE: the player's typed-in paper sheet "
                   "(scorepad/vv-sheet@1) of that game.")
@seed_option("Without FILE: analyse the cards this seed gives.")
@click.option("--map", "map_ref", metavar="MAP", shell_complete=complete_map,
              help="The map for --seed, or for a flipper's log that names none.")
@rollouts_option(8, "Rollouts for every candidate step (more: a better search, slower).")
@search_budget_option("Stop searching widely after this long (the search's answer then "
                      "depends on the machine), and give the solver that many seconds of "
                      "CPU (default: 20; it stops sooner once it proves the best).")
@json_option("Print the analysis as JSON.")
@click.option("--log", "log_path", metavar="FILE", type=click.Path(dir_okay=False),
              help="Write the best plan found as a game log (scorepad/vv-game@1) that "
                   "vv check accepts and vv score scores.")
def analyse_cmd(file: str | None, player: str | None, sheet_path: str | None,
                seed: str | None, map_ref: str | None, rollouts: int, budget: float | None,
                as_json: bool, log_path: str | None) -> None:
    """Compare a game with the best a search finds on the same cards.

    FILE is a game log (vv play, or typed in): the player's score beside the best
    total the search finds on the game's cards, and the steps where the player's
    choice cost most against the search's best continuation, with the better step.
    The other players repeat their logged moves. A flipper's log (vv flip) with
    --sheet: the paper sheet's score beside the best for those cards (a sheet has no
    order of moves, so no steps are judged). A flipper's log alone, or --seed with
    --map and no FILE: the best score for those cards, a target for a solo game or a
    table sharing a seed. The search knows the cards here, unlike `--bot search`.
    With the solve extra, a solver then looks for the best plan the cards allow and
    proves how far any plan can go: the best possible score (proven, or at most a
    bound), and the plays of that plan; --log writes it as a game log.

    \b
    Example:
      scorepad vv analyse game.yaml --player Ann
      scorepad vv analyse flip.yaml --sheet ann.yaml
      scorepad vv analyse --seed table-42 --map berlin --json
      scorepad vv analyse --seed an-1 --map berlin --budget 30 --log best.yaml
    """
    import time

    from scorepad.app.vv_files import load_network, load_rules
    from scorepad.io import emit_json
    from scorepad.options import match_name
    from scorepad.parallel import progress_bar
    from scorepad.play.voll_verplant.analysis import analyse, logged_moves, points_data

    if file is None and seed is None:
        raise click.UsageError("give a game log FILE, or --seed S with --map MAP")
    if file is not None and seed is not None:
        raise click.UsageError("--seed is for analysing a seed's cards without a FILE; a log "
                               "carries its own seed")
    deadline = time.perf_counter() + budget if budget else None
    own_total = None
    moves: list[list[Move | None]] = []
    players: list[str] = []
    name = None
    if file is None:
        if map_ref is None:
            raise click.UsageError("--seed needs --map MAP")
        if player is not None or sheet_path is not None:
            raise click.UsageError("--player and --sheet need a game log FILE")
        network, rules = load_network(map_ref), load_rules(None)
        cards: list[Card] = []
        game_seed: str | int | None = seed
        source = f"seed {seed!r}"
    else:
        game = _load(file)
        source = game.source
        assert game.state is not None
        cards, game_seed = list(game.state.cards), game.state.seed
        if game.network is None:  # a flipper's log: cards only
            network, rules, name, own_total = _flip_setup(game, file, sheet_path, map_ref,
                                                          player)
            players = [name] if name else []
        else:
            if sheet_path is not None or map_ref is not None:
                raise click.UsageError(f"--{'sheet' if sheet_path else 'map'} goes with a "
                                       f"flipper's log (cards only); {source} records its map "
                                       "and every move already")
            network, rules = game.network, game.rules
            players = list(game.state.players)
            if player is None and len(players) > 1:
                raise click.UsageError(f"{source} has players {', '.join(players)}: choose "
                                       "one with --player")
            name = match_name(player, players, what="player") if player else players[0]
            moves = logged_moves(network, cards, game.state.steps)
            cards = cards[:len(moves)]
    # how a written log names the map: as the command line or the log named it
    log_map = map_ref if file is None else (game.state.map or map_ref)
    # a tick a round: the log's rounds (judged, then the best line), or about the rounds a
    # map's windows take (one in 14 cards, the free ride, fills none)
    rounds = len(cards) or round(network.total_windows * 14 / 13)
    length = rounds * (2 if moves else 1)
    with progress_bar(length, f"{network.name}: searching", quiet=as_json) as bar:
        done = [0]

        def tick() -> None:
            if done[0] < length - 1:
                done[0] += 1
                bar.update(1)

        proof: list[Proof] = []
        data = analyse(network, rules, players, name, cards, game_seed, rollouts, moves=moves,
                       own_total=own_total, tick=tick, deadline=deadline,
                       solve_seconds=budget if budget else SOLVE_SECONDS,
                       map_ref=log_map, proof=proof)
        bar.update(length - done[0])
    if log_path is not None:
        _write_log(log_path, proof)
    if moves and name is not None:  # a played game: its events say where the points came from
        data["points"] = points_data(game.state, name)
    if as_json:
        click.echo(emit_json(data))
    else:
        click.echo(report_text(data, source, network))


#: The solver's time limit when --budget does not give one (seconds).
SOLVE_SECONDS = 20.0


def _write_log(path: str, proof: list[Proof]) -> None:
    """The best plan's game, replayed by the engine, as a game log: the solver's plan, or
    without the solver the search's best game."""
    from scorepad.io import atomic_write, dump_yaml
    from scorepad.rules.voll_verplant.game import GAME

    atomic_write(path, dump_yaml(GAME.to_log(proof[0].state)))


def _load(file: str) -> LoadedGame:
    """A game log (or a flipper's log); anything else is exit 2 with a hint."""
    from scorepad.app.vv_files import load_game_log, read_doc

    doc = read_doc(file)
    fmt = doc.data.get("format")
    if fmt == "scorepad/vv-sheet@1":
        raise InputError("a paper sheet has no cards: give the flipper's log of the game as "
                         f"FILE and this sheet with --sheet {file}", source=doc.name)
    if fmt == "scorepad/vv-map@1":
        raise InputError("this is a map, not a game log: for a seed's best score use "
                         "--seed S --map MAP", source=doc.name)
    return load_game_log(doc)


def _flip_setup(game: LoadedGame, file: str, sheet_path: str | None, map_ref: str | None,
                player: str | None) -> tuple[Network, Any, str | None, float | None]:
    """Map, rules, player and their total for a flipper's log (with a paper sheet)."""
    from scorepad.app.vv_files import load_network, read_doc

    assert game.state is not None
    log_map = game.state.map
    if sheet_path is None:
        if player is not None:
            raise click.UsageError("a flipper's log has no players: give the player's paper "
                                   "sheet with --sheet FILE")
        ref = map_ref or log_map
        if ref is None:
            raise click.UsageError(f"{game.source} names no map: give --map MAP")
        return load_network(ref, _base(file) if ref == log_map else None), game.rules, None, None
    from scorepad.app.vv_files import load_paper_games

    paper = load_paper_games([read_doc(sheet_path)], None)[0]
    assert paper.network is not None
    sheet = paper.sheets[0]
    if player is not None and player.strip().lower() != sheet.player.lower():
        from scorepad.options import match_name

        match_name(player, [sheet.player], what="player")
    if log_map is not None and map_ref is None:
        flip_net = load_network(log_map, _base(file))
        if flip_net.id != paper.network.id:
            raise ContentError(f"the flipper's log is on map {flip_net.id!r}, the sheet on "
                               f"{paper.network.id!r}", source=game.source)
    assert sheet.score is not None
    return paper.network, paper.rules, sheet.player, float(sheet.score.total)


def _base(file: str) -> Path:
    from pathlib import Path

    return Path(file).parent
