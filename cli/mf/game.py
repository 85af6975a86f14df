"""``mf check`` and ``mf score``: replay ``scorepad/mf-game@1`` logs, check and score them."""

from __future__ import annotations

from collections.abc import Sequence

import click

from scorepad.options import complete_file, score_format_options

from .common import LoadedLog, rules_option

FILES = click.argument("files", nargs=-1, required=True, metavar="FILE...",
                       shell_complete=complete_file)


def _load_all(files: Sequence[str], rules_file: str | None) -> tuple[list[LoadedLog], int]:
    """Load every file; errors are printed (one line each). Returns the logs and worst code."""
    from scorepad.rules.common.errors import ScorepadError

    from .common import load_log

    loaded, worst = [], 0
    for path in files:
        try:
            loaded.append(load_log(path, rules_file))
        except ScorepadError as err:
            click.echo(str(err), err=True)
            worst = max(worst, err.exit_code)
    return loaded, worst


def _status(game: LoadedLog) -> str:
    state = game.state
    cfg = state.cfg
    if state.finished:
        why = "a player placed their last diamond" if state.ending else "the deck ran out"
        return f"finished after round {state.round + 1} ({why})"
    if not state.turns:
        return "not started"
    return (f"unfinished: {state.turn} of {cfg.turns_per_round} turns of round "
            f"{state.round + 1} of {cfg.rounds}")


@click.command(name="check")
@FILES
@rules_option
@click.pass_context
def check_cmd(ctx: click.Context, files: tuple[str, ...], rules_file: str | None) -> None:
    """Check Mille Fiori game logs (scorepad/mf-game@1); score nothing.

    Every turn is replayed through the rules engine: turn order, each placement, each
    bonus card (from the display, when the log records it) and the deck (no card played
    more often than the deck holds). Exit 0 when all files are valid, 1 when a file
    breaks the rules, 2 when a file cannot be read or lacks the format's shape.

    \b
    Example:
      scorepad mf check game.yaml
    """
    games, worst = _load_all(files, rules_file)
    for game in games:
        state = game.state
        n = state.players
        click.echo(f"{game.source}: ok: {n} players, {state.turns} turns, {_status(game)}")
    if worst:
        ctx.exit(worst)


def format_scores(game: LoadedLog) -> str:
    """The score report of one game: status line, score table, changed rule options."""
    from scorepad.rules.mille_fiori.ruleset import default_rules
    from scorepad.terminal import fit, terminal_width

    from .common import score_table

    state = game.state
    columns = terminal_width()
    lines = [f"{game.source} — Mille Fiori, {_status(game)}", "",
             *score_table(state, columns)]
    changed = state.cfg.rules.changed_from(default_rules())
    if changed:
        lines.append("Rules changed from mf-1: "
                     + ", ".join(f"{k}={v}" for k, v in changed.items()))
    return "\n".join(fit(lines, columns))


@click.command(name="score")
@FILES
@score_format_options
@rules_option
@click.pass_context
def score_cmd(ctx: click.Context, files: tuple[str, ...], fmt: str,
              rules_file: str | None) -> None:
    """Check and score Mille Fiori game logs, with the points per area.

    Each FILE is one game. The points per area are what a player received there, from
    anyone's placement (trade columns, harbor rows and supporters pay other players);
    an unfinished game is scored as it stands.

    \b
    Examples:
      scorepad mf score game.yaml
      scorepad mf score game.yaml --json
      scorepad mf score game.yaml --format bgstats
    """
    from scorepad.io import emit_json
    from scorepad.rules.mille_fiori.game import GAME

    games, worst = _load_all(files, rules_file)
    if fmt in ("json", "bgstats"):
        if games:
            data = [GAME.score(g.game) for g in games]
            if fmt == "bgstats":
                from scorepad.bgstats import bgstats_record, now

                data = [bgstats_record("mille-fiori", d, now()) for d in data]
            click.echo(emit_json(data[0] if len(files) == 1 else data))
    elif games:
        click.echo("\n\n".join(format_scores(g) for g in games))
    if worst:
        ctx.exit(worst)
