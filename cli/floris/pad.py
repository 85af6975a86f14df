"""``scorepad floris pad``: the printable score pad (PDF or SVG)."""

from __future__ import annotations

from pathlib import Path

import click

from scorepad.floris.common import rules_option

DEFAULT_OUTPUT = "output/floris-pad"


@click.command(name="pad")
@click.option("-o", "--output", metavar="PATH",
              help="Where to write (default output/floris-pad.pdf or .svg).")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"]),
              help="pdf or svg (default: from the -o suffix, else pdf).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--lang", type=click.Choice(["en", "de", "fr"]), default="en", show_default=True)
@click.option("--players", type=click.IntRange(1, 4), default=4, show_default=True,
              help="Player columns.")
@rules_option
def pad_cmd(output: str | None, fmt: str | None, paper: str, lang: str, players: int,
            rules_file: str | None) -> None:
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
    from scorepad.io import atomic_write
    from scorepad.rules.common.errors import InputError
    from scorepad.sheets.floris import pad_page

    suffix = Path(output).suffix.lower().lstrip(".") if output else ""
    if fmt and suffix in ("pdf", "svg") and suffix != fmt:
        raise InputError(f"-o {output} ends in .{suffix} but --format is {fmt}")
    fmt = fmt or (suffix if suffix in ("pdf", "svg") else "pdf")
    target = output or f"{DEFAULT_OUTPUT}.{fmt}"
    rules = load_rules(rules_file)
    page = pad_page(rules, paper=paper, lang=lang, players=players)
    title = "Floris score pad"
    if fmt == "pdf":
        from scorepad.sheets.pdf import render_pdf

        data: bytes | str = render_pdf([page], title=title, subject=f"ruleset {rules.ruleset}")
    else:
        from scorepad.sheets.svg import render_svg

        data = render_svg(page, title=title)
    atomic_write(target, data)
    click.echo(f"wrote {target}")
