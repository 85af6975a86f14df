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
    from scorepad.io import display_name, read_mapping
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.pig_dice.game import GAME

    try:
        score = GAME.score(GAME.from_log(read_mapping(file)))
    except ScorepadError as err:
        raise err.in_file(display_name(file)) from None
    if fmt != "text":  # the score object, or BG Stats' play record
        from scorepad.app.export import exported

        click.echo(exported(GAME.id, [score], fmt))
    else:
        for entry in score["players"]:
            click.echo(f"{entry['rank']}. {entry['name']} {entry['total']}")
