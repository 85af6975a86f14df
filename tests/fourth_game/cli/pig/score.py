"""``scorepad pig score``: a saved Pig game replayed and scored."""

from __future__ import annotations

import click

from scorepad.options import complete_file, score_format_options


@click.command(name="score")
@click.argument("file", metavar="FILE", shell_complete=complete_file)
@score_format_options
def score_cmd(file: str, fmt: str) -> None:
    """Replay and score a Pig game log (scorepad/pig-game@1).

    \b
    Examples:
      scorepad pig score output/pig-2026-12-07-1.yaml
      scorepad pig score game.yaml --format bgstats
    """
    from scorepad.io import display_name, emit_json, read_mapping
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.pig_dice.game import GAME

    try:
        score = GAME.score(GAME.from_log(read_mapping(file)))
    except ScorepadError as err:
        raise err.in_file(display_name(file)) from None
    if fmt == "json":
        click.echo(emit_json(score))
    elif fmt == "bgstats":
        from scorepad.bgstats import bgstats_record, now

        click.echo(emit_json(bgstats_record(GAME.id, score, now())))
    else:
        for entry in score["players"]:
            click.echo(f"{entry['rank']}. {entry['name']} {entry['total']}")
