"""``scorepad floris pad``: the printable score pad (PDF or SVG)."""

from __future__ import annotations

import click

from scorepad.floris.common import rules_option
from scorepad.options import player_count_option
from scorepad.printing import (
    font_option,
    format_option,
    lang_option,
    output_option,
    output_target,
    paper_option,
    use_font,
    write_pages,
)


@click.command(name="pad")
@output_option
@format_option
@paper_option
@lang_option
@player_count_option(1, 5, default=4, help="Player columns.")
@rules_option
@font_option
def pad_cmd(output: str | None, fmt: str | None, paper: str, lang: str, players: int,
            rules_file: str | None, font: str | None) -> None:
    """Write a printable Floris score pad.

    A column per player and a row per bouquet, then the final bouquet, penalties and
    total; below, the bouquet rules and the bonus table as a reminder (taken from the
    ruleset, so --rules changes what is printed).

    \b
    Examples:
      scorepad floris pad
      scorepad floris pad -o pad.svg --lang de --paper letter --players 3
    """
    from scorepad.floris.common import load_rules
    from scorepad.sheets.floris import pad_page
    from scorepad.sheets.labels import label

    target, fmt = output_target(output, fmt, "floris-pad")
    use_font(font)
    rules = load_rules(rules_file)
    page = pad_page(rules, paper=paper, lang=lang, players=players)
    write_pages(target, fmt, [("pad", page)], title=label("floris.title", lang),
                subject=f"ruleset {rules.ruleset}")
    click.echo(f"wrote {target}")
