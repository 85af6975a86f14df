"""``scorepad floris check`` and ``floris score``: validate and score Floris game files."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import click

from scorepad.floris.common import rules_option
from scorepad.options import complete_file, score_format_options

if TYPE_CHECKING:
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.floris.engine import FlorisState
    from scorepad.rules.floris.log import FlorisLog
    from scorepad.rules.floris.ruleset import FlorisRules


class GameDoc(NamedTuple):
    """A Floris game as a log document, with the ruleset its ``rules:`` change."""

    data: dict[str, Any]
    rules: FlorisRules


FILES = click.argument("files", nargs=-1, required=True, metavar="FILE...",
                       shell_complete=complete_file)


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
    from scorepad.io import display_name
    from scorepad.rules.common.errors import ScorepadError

    worst = 0
    for path in files:
        name = display_name(path)
        try:
            state = _replayed(read_game_doc(path, rules_file))
        except ScorepadError as err:
            for problem in _each(err):
                click.echo(str(problem.in_file(name)), err=True)
                worst = max(worst, problem.exit_code)
            continue
        count = sum(len(seat.bouquets) + bool(seat.end and seat.end.final)
                    for seat in state.seats)
        done = "finished" if state.phase == "over" else "unfinished"
        click.echo(f"{name}: ok, {len(state.seats)} players, {count} bouquets ({done})")
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
    from scorepad.rules.common.errors import RuleViolation, ScorepadError
    from scorepad.rules.floris.game import GAME

    doc, owner, first = _merged_game(files, rules_file)
    try:
        state = _replayed(doc)
    except ScorepadError as err:
        problems = _each(err)
        if not all(isinstance(p, RuleViolation) for p in problems):
            raise err.in_file(first) from None
        for problem in problems:
            # a problem's first place is its player: name the file that player came from
            source = owner.get(problem.where[0]) if problem.where else None
            click.echo(str(problem.in_file(source or first)), err=True)
        ctx.exit(max(p.exit_code for p in problems))
    result = GAME.score(state)
    if fmt != "text":
        from scorepad.app.export import exported

        click.echo(exported(GAME.id, [result], fmt))
    else:
        from scorepad.terminal import terminal_width

        click.echo(result_table(result, terminal_width()))


def read_game_doc(path: str, rules_file: str | None) -> GameDoc:
    """A game file read as a log document with the ruleset ``--rules FILE`` makes for it
    (the file's own ``rules:`` on top); shape and option errors name the file."""
    from scorepad.floris.common import read_game
    from scorepad.io import display_name

    return _game_doc(read_game(path), rules_file, display_name(path))


def _game_doc(log: FlorisLog, rules_file: str | None, name: str) -> GameDoc:
    from scorepad.floris.common import load_rules

    load_rules(rules_file, log.rules, name)  # the options' problems, named as they are
    return GameDoc(log.model_dump(), load_rules(rules_file))


def _replayed(doc: GameDoc) -> FlorisState:
    """The game a log document leads to (``GAME.from_log``: every refusal reported)."""
    from scorepad.rules.floris.game import GAME

    return GAME.from_log(doc.data, rules=doc.rules)


def _each(err: ScorepadError) -> list[ScorepadError]:
    from scorepad.rules.common.errors import Problems

    return list(err.errors) if isinstance(err, Problems) else [err]


def _merged_game(files: tuple[str, ...], rules_file: str | None
                 ) -> tuple[GameDoc, dict[str, str], str]:
    """One game's log document from one or more files (a reader: each file holds some of
    the players), which file each player came from, and the first file's name."""
    from scorepad.floris.common import read_game
    from scorepad.io import display_name
    from scorepad.rules.common.errors import ContentError
    from scorepad.rules.floris.game import entered
    from scorepad.rules.floris.log import FlorisLog

    games = [(display_name(path), read_game(path)) for path in files]
    first_name, first = games[0]
    if len(games) == 1:
        return _game_doc(first, rules_file, first_name), dict.fromkeys(first.players,
                                                                        first_name), first_name
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
    finished = all(g.finished for _, g in games)
    # each part's end-of-game entries carry over (a finished part's players are all in)
    final_round = None if finished else [n for _, g in games for n in entered(g)]
    merged = FlorisLog(format=first.format, rules=first.rules, finished=finished,
                       final_round=final_round, players=players)
    return _game_doc(merged, rules_file, first_name), owner, first_name


def result_table(result: dict[str, Any], width: int | None = None) -> str:
    """The scores (the ``score --json`` object) as a small text table, then the winners.

    With ``width`` (a terminal's columns) a table too wide gets short headings and
    single spaces, then names cut to fit, so no row is ever broken."""
    from scorepad.terminal import cut

    players = sorted(result["players"], key=lambda p: p["rank"])   # stable: ties keep order
    cells = [(str(p["rank"]), p["name"], str(len(p["bouquets"])), str(p["bouquet_points"]),
              str(p["final_points"]), f"-{p['penalties']}" if p["penalties"] else "0",
              str(p["total"])) for p in players]
    layouts = [(("Rank", "Player", "Bouquets", "Points", "Final", "Penalty", "Total"), "  "),
               (("#", "Player", "Bq", "Pts", "Fin", "Pen", "Tot"), " ")]
    for head, gap in layouts:
        rows: list[tuple[str, ...]] = [head, *cells]
        widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
        room = width - sum(widths) + widths[1] - len(gap) * (len(head) - 1) if width else None
        if room is None or room >= widths[1]:
            break
    if room is not None and room < widths[1]:      # even the short table is too wide
        widths[1] = max(room, 4)
        rows = [tuple(cut(c, widths[1]) if i == 1 else c for i, c in enumerate(row))
                for row in rows]
    lines = [f"Floris, {'finished' if result['finished'] else 'unfinished'} "
             f"(ruleset {result['ruleset']})"]
    for row in rows:
        lines.append(gap.join(c.ljust(w) if i == 1 else c.rjust(w)
                              for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip())
    winners = result["winners"]
    label = "Winner" if len(winners) == 1 else "Winners (shared)"
    if not result["finished"]:  # nobody has won yet
        label = "Leading" if len(winners) == 1 else "Leading (shared)"
    lines.append(f"{label}: {', '.join(winners)}")
    return "\n".join(lines)
