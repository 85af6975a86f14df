"""``mf aid``: the printable score aids (player aid, scoring table, trackers)."""

from __future__ import annotations

import click

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

from .common import rules_option


@click.command(name="aid")
@output_option
@format_option
@paper_option
@lang_option
@player_count_option(0, 4, default=4,
                     help="Tracker pages, one per player; 2-4 also size each tracker's row of "
                          "rounds to that game (10, 7 or 5 rounds with the default rules).")
@rules_option
@font_option
def aid_cmd(output: str | None, fmt: str | None, paper: str, lang: str, players: int,
            rules_file: str | None, font: str | None) -> None:
    """Write the printable Mille Fiori score aids.

    A player aid (per area: where you may place, how it scores with a worked example,
    what gives a bonus card, the 20/15/10/5 condition; the ship track), a scoring table
    (trade, harbor rows, pyramid values, workshop groups, the houses, the ship track,
    the fields) and a tracker page per player. A PDF holds every page; SVG writes one
    file per page (PATH-player.svg, PATH-table.svg, PATH-tracker-1.svg ...).

    \b
    Examples:
      scorepad mf aid
      scorepad mf aid -o aid.pdf --lang de --paper letter --players 3
    """
    from scorepad.sheets.labels import label
    from scorepad.sheets.mille_fiori import aid_pages

    from .common import load_rules

    target, fmt = output_target(output, fmt, "mille-fiori-aid")
    use_font(font)
    options = load_rules(rules_file)
    pages = aid_pages(options, paper=paper, lang=lang, players=players)
    written = write_pages(target, fmt, pages, title=label("mf.title_aid", lang),
                          subject=f"ruleset {options.ruleset}")
    if fmt == "pdf":
        click.echo(f"wrote {target} ({len(pages)} pages)")
    else:
        for path in written:
            click.echo(f"wrote {path}")
