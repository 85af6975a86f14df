"""``scorepad floris check`` and ``floris score``: validate and score Floris game files."""

from __future__ import annotations

from typing import Any

import click

from scorepad.floris.common import rules_option
from scorepad.options import score_format_options

FILES = click.argument("files", nargs=-1, required=True, metavar="FILE...")


@click.command(name="check")
@FILES
@rules_option
@click.pass_context
def check_cmd(ctx: click.Context, files: tuple[str, ...], rules_file: str | None) -> None:
    """Check Floris game files (scorepad/floris-game@1): every bouquet valid, nothing scored.

    Every problem is listed with its file, player and bouquet number; the exit status
    is 0 when all files are fine, 1 for an invalid bouquet, 2 for an unreadable file.

    \b
    Example:
      scorepad floris check game.yaml
    """
    from scorepad.floris.common import load_rules, read_game
    from scorepad.io import display_name
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.floris.scoring import score_game

    worst = 0
    for path in files:
        name = display_name(path)
        try:
            game = read_game(path)
            result = score_game(game, load_rules(rules_file, game.rules, name))
        except ScorepadError as err:
            click.echo(str(err), err=True)
            worst = max(worst, err.exit_code)
            continue
        for problem in result.problems:
            click.echo(str(problem.in_file(name)), err=True)
            worst = max(worst, problem.exit_code)
        if not result.problems:
            count = sum(len(p.bouquets) + (p.final is not None) for p in result.players)
            state = "finished" if result.finished else "unfinished"
            click.echo(f"{name}: ok, {len(result.players)} players, {count} bouquets ({state})")
    if worst:
        ctx.exit(worst)


@click.command(name="score")
@FILES
@score_format_options
@rules_option
@click.pass_context
def score_cmd(ctx: click.Context, files: tuple[str, ...], fmt: str,
              rules_file: str | None) -> None:
    """Validate and score a Floris game: totals, ranks and winners.

    Several FILEs are parts of one game (say, one file per player): their players are
    scored and ranked together. Score separate games one file at a time.

    \b
    Examples:
      scorepad floris score game.yaml
      scorepad floris score ann.yaml bob.yaml --json
      scorepad floris score game.yaml --format bgstats
    """
    from scorepad.io import emit_json
    from scorepad.rules.floris.scoring import score_game

    game, rules, owner = _merged_game(files, rules_file)
    result = score_game(game, rules)
    if result.problems:
        for problem in result.problems:
            # a problem's first place is its player: name the file that player came from
            source = owner.get(problem.where[0]) if problem.where else None
            click.echo(str(problem.in_file(source or owner[next(iter(owner))])), err=True)
        ctx.exit(max(p.exit_code for p in result.problems))
    if fmt == "json":
        click.echo(emit_json(result_json(result)))
    elif fmt == "bgstats":
        from scorepad.bgstats import bgstats_record, now

        click.echo(emit_json(bgstats_record("floris", result_json(result), now())))
    else:
        click.echo(result_table(result))


def _merged_game(files: tuple[str, ...], rules_file: str | None):
    """One game from one or more files, its ruleset, and which file each player came from."""
    from scorepad.floris.common import load_rules, read_game
    from scorepad.io import display_name
    from scorepad.rules.common.errors import ContentError
    from scorepad.rules.floris.log import FlorisGame

    games = [(display_name(path), read_game(path)) for path in files]
    first_name, first = games[0]
    players: dict[str, Any] = {}
    owner: dict[str, str] = {}
    for name, game in games:
        if game.rules != first.rules:
            raise ContentError(f"{first_name} and {name} name different rules: "
                               "score separate games one file at a time")
        for player, entry in game.players.items():
            if player in owner:
                raise ContentError(f"player {player!r} is in both {owner[player]} and {name}: "
                                   "score separate games one file at a time")
            owner[player] = name
            players[player] = entry
    merged = FlorisGame(format=first.format, rules=first.rules,
                        finished=all(g.finished for _, g in games), players=players)
    return merged, load_rules(rules_file, first.rules, first_name), owner


def _bouquet_json(bouquet) -> dict[str, Any]:
    verdict = bouquet.verdict
    return {"spec": bouquet.spec, "pattern": verdict.pattern, "flowers": verdict.flowers,
            "bonus": verdict.bonus, "points": verdict.points}


def result_json(result) -> dict[str, Any]:
    """The ``score --json`` object (see docs/floris.md)."""
    from scorepad.rules.floris.ruleset import default_rules

    players = []
    for p in result.players:
        players.append({
            "name": p.name,
            "total": p.total,
            "rank": p.rank,
            "bouquets": [_bouquet_json(b) for b in p.bouquets],
            "bouquet_points": p.bouquet_points,
            "final": _bouquet_json(p.final) if p.final else None,
            "final_points": p.final_points,
            "left_in_hand": p.left_in_hand,
            "discarded": p.discarded,
            "penalty_cards": p.penalty_cards,
            "penalties": p.penalties,
        })
    return {"game": "floris", "ruleset": result.rules.ruleset,
            "rules": result.rules.changed_from(default_rules()),
            "finished": result.finished, "players": players, "winners": list(result.winners)}


def result_table(result) -> str:
    """The scores as a small text table, then the winners."""
    head = ("Rank", "Player", "Bouquets", "Points", "Final", "Penalty", "Total")
    rows = [head]
    for p in sorted(result.players, key=lambda p: p.rank):   # stable: ties keep the file's order
        rows.append((str(p.rank), p.name, str(len(p.bouquets)), str(p.bouquet_points),
                     str(p.final_points), f"-{p.penalties}" if p.penalties else "0",
                     str(p.total)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [f"Floris, {'finished' if result.finished else 'unfinished'} "
             f"(ruleset {result.rules.ruleset})"]
    for row in rows:
        cells = [c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    label = "Winner" if len(result.winners) == 1 else "Winners (shared)"
    lines.append(f"{label}: {', '.join(result.winners)}")
    return "\n".join(lines)
