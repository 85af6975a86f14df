"""``vv check`` and ``vv score``: validate and score game logs and paper sheets."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import click

from scorepad.app.vv_files import LoadedGame
from scorepad.options import complete_file, rules_option, score_format_options
from scorepad.rules.common.errors import InputError, ScorepadError


def _load_all(files: Sequence[str], rules_file: str | None
              ) -> tuple[list[LoadedGame], list[ScorepadError]]:
    """Load every file: game logs one by one, paper sheets together as one game."""
    from scorepad.app.vv_files import Document, load_game_log, read_doc

    games: list[LoadedGame] = []
    errors: list[ScorepadError] = []
    papers: list[Document] = []
    for path in files:
        try:
            doc = read_doc(path)
            fmt = doc.data.get("format")
            if fmt == "scorepad/vv-sheet@1":
                papers.append(doc)
                continue
            if fmt == "scorepad/vv-map@1":
                raise InputError("this is a map, not a game log or sheet: check it with "
                                 "`scorepad vv map check`", source=doc.name)
            games.append(load_game_log(doc, rules_file))
        except ScorepadError as err:
            errors.append(err)
    if papers:
        from scorepad.app.vv_files import load_paper_games

        try:
            games.extend(load_paper_games(papers, rules_file))
        except ScorepadError as err:
            errors.append(err)
    return games, errors


def _report_errors(errors: list[ScorepadError]) -> int:
    for err in errors:
        click.echo(str(err), err=True)
    return max((e.exit_code for e in errors), default=0)


def _summary(game: LoadedGame) -> str:
    state = "finished" if game.finished else "not finished"
    if game.network is None:
        return f"{game.source}: ok: a flipper's log, {game.rounds} cards, cards match the deck"
    players = len(game.sheets)
    rounds = f", {game.rounds} rounds" if game.rounds else ""
    return (f"{game.source}: ok: {game.network.name}, {players} player"
            f"{'s' if players != 1 else ''}{rounds}, {state}")


@click.command(name="check")
@click.argument("files", nargs=-1, required=True, shell_complete=complete_file)
@rules_option()
def check_cmd(files: tuple[str, ...], rules_file: str | None) -> None:
    """Validate game logs or paper sheets; score nothing.

    Every move is replayed through the rules engine; a flipper's log (cards only) is
    checked against the deck and its seed. Exit 0 when all files are valid, 1 when a
    file breaks the rules, 2 when a file cannot be read or lacks its format's shape.
    Several paper sheets are checked together as one game.

    \b
    Example:
      scorepad vv check game.yaml ann.yaml bob.yaml
    """
    games, errors = _load_all(files, rules_file)
    for game in games:
        click.echo(_summary(game))
        for warning in game.warnings:
            click.echo(f"{game.source}: warning: {warning}", err=True)
    code = _report_errors(errors)
    if code:
        sys.exit(code)


def _fmt(value: float) -> str:
    text = f"{value:g}"
    return text.replace("-", "−")


def format_game(game: LoadedGame) -> str:
    """The human score report: a block per player with the breakdown, then the ranking."""
    from scorepad.terminal import fit, terminal_width

    assert game.network is not None
    data = game.score()
    lines = [f"{game.source} — {game.network.name}"
             f"{'' if game.finished else ' (game not finished: scored as it stands)'}", ""]
    columns = terminal_width()
    detail_room = min(columns, 60) - 20  # 60 columns, or the terminal's when narrower

    def row(label: str, detail: str, value: str) -> str:
        return f"  {label:<10} {detail:<{detail_room}}{value:>7}"

    for player in data["players"]:
        lines.append(f"{player['name']}: {_fmt(player['total'])} points (rank {player['rank']})")
        done = [f"{k} {v['points']} ({v['bonus']})" for k, v in player["lines"].items()
                if v["complete"]]
        chunks: list[str] = []
        for item in done:  # as many completed lines a row as fit
            if chunks and len(chunks[-1]) + 2 + len(item) <= detail_room:
                chunks[-1] += "  " + item
            else:
                chunks.append(item)
        chunks = chunks or ["none complete"]
        lines.append(row("lines", chunks[0], str(player["line_points"])))
        lines.extend(f"  {'':<10} {chunk}" for chunk in chunks[1:])
        lines.append(row("transfers", f"{player['transfer_sum']} × 2",
                         str(player["transfer_points"])))
        penalty = player["empty_penalty"]
        lines.append(row("empty", f"{player['empty_stations']} ÷ 2",
                         _fmt(-penalty) if penalty else "0"))
        lines.append(row("total", "", _fmt(player["total"])))
        lines.append("")
    if len(data["players"]) > 1:
        lines.append("Rank  Player              Total  Empty")
        for player in sorted(data["players"], key=lambda p: p["rank"]):
            lines.append(f"{player['rank']:>4}  {player['name']:<18}{_fmt(player['total']):>7}"
                         f"{player['empty_stations']:>7}")
        lines.append("")
    winners = data["winners"]
    label = "Winner" if len(winners) == 1 else "Shared victory"
    lines.append(f"{label}: {', '.join(winners)}" if len(game.sheets) > 1 else
                 f"Score: {_fmt(data['players'][0]['total'])}")
    return "\n".join(fit(lines, columns))


def bgstats_record(game: LoadedGame, when: datetime) -> dict[str, Any]:
    """The play record BG Stats imports from other apps (the map is its board)."""
    from scorepad.bgstats import bgstats_record as record

    assert game.network is not None
    return record("voll-verplant", game.score(), when, board=game.network.name)


@click.command(name="score")
@click.argument("files", nargs=-1, required=True, shell_complete=complete_file)
@score_format_options
@rules_option()
def score_cmd(files: tuple[str, ...], fmt: str, rules_file: str | None) -> None:
    """Validate and score game logs or the paper sheets of one game.

    Shows each player's line bonuses, transfers ×2, empty stations ÷2 and total, the
    ranks (tie-break: fewer empty stations) and the winners. An unfinished log is
    scored as it stands. With several game logs, --json prints a list of objects.

    \b
    Example:
      scorepad vv score game.yaml --json
      scorepad vv score ann.yaml bob.yaml cid.yaml
    """
    from scorepad.io import emit_json

    games, errors = _load_all(files, rules_file)
    scored = [g for g in games if g.network is not None]
    for game in games:
        if game.network is None:
            errors.append(ScorepadError("a flipper's log has cards but no players to score",
                                        source=game.source))
        for warning in game.warnings:
            click.echo(f"{game.source}: warning: {warning}", err=True)
    if fmt == "json":
        objs = [g.score() for g in scored]
        if objs:
            click.echo(emit_json(objs[0] if len(objs) == 1 else objs))
    elif fmt == "bgstats":
        from scorepad.bgstats import now

        objs = [bgstats_record(g, now()) for g in scored]
        if objs:
            click.echo(emit_json(objs[0] if len(objs) == 1 else objs))
    elif scored:
        click.echo("\n\n".join(format_game(g) for g in scored))
    code = _report_errors(errors)
    if code:
        sys.exit(code)
