"""``mf aid``: the printable score aids (player aid, scoring table, trackers)."""

from __future__ import annotations

import click

from scorepad.printing import (
    format_option,
    lang_option,
    output_option,
    output_target,
    paper_option,
)

from .common import rules_option


@click.command(name="aid")
@output_option
@format_option
@paper_option
@lang_option
@click.option("--players", type=click.IntRange(0, 4), default=4, show_default=True,
              help="Tracker pages, one per player.")
@rules_option
def aid_cmd(output: str | None, fmt: str | None, paper: str, lang: str, players: int,
            rules_file: str | None) -> None:
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
    from scorepad.io import atomic_write
    from scorepad.sheets.mille_fiori import aid_pages, word

    from .common import load_rules

    target, fmt = output_target(output, fmt, "mille-fiori-aid")
    options = load_rules(rules_file)
    pages = aid_pages(options, paper=paper, lang=lang, players=players)
    title = word("title_aid", lang)
    if fmt == "pdf":
        from scorepad.sheets.pdf import render_pdf

        data = render_pdf([page for _, page in pages], title=title,
                          subject=f"ruleset {options.ruleset}")
        atomic_write(target, data)
        click.echo(f"wrote {target} ({len(pages)} pages)")
        return
    from scorepad.sheets.svg import render_svg

    stem = target.with_suffix("") if target.suffix.lower() == ".svg" else target
    for name, page in pages:
        path = stem.parent / f"{stem.name}-{name}.svg"
        atomic_write(path, render_svg(page, title=f"{title} ({name})"))
        click.echo(f"wrote {path}")
