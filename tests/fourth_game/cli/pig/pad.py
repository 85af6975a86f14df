"""``scorepad pig pad``: the printable score pad (PDF or SVG)."""

from __future__ import annotations

import click

from scorepad.options import player_count_option
from scorepad.printing import format_option, lang_option, output_option, paper_option


@click.command(name="pad")
@output_option
@format_option
@paper_option
@lang_option
@player_count_option(2, 4, default=2, help="Player columns.")
def pad_cmd(output: str | None, fmt: str | None, paper: str, lang: str, players: int) -> None:
    """Write a printable Pig score pad: a column per player, a row per turn.

    \b
    Example:
      scorepad pig pad --players 3 -o pad.pdf
    """
    from scorepad.printing import output_target, write_pages
    from scorepad.rules.pig_dice.about import ABOUT
    from scorepad.sheets.pig_dice.pad import pad_page

    target, fmt = output_target(output, fmt, "pig-pad")
    page = pad_page(paper=paper, lang=lang, players=players)
    write_pages(target, fmt, [("pad", page)], title=ABOUT.names.get(lang, ABOUT.names["en"]))
    click.echo(f"wrote {target}")
