"""``scorepad vv sheet`` (a blank printable sheet or pad) and ``vv render`` (a marked sheet)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import click

from scorepad.options import complete_file
from scorepad.printing import (
    PAPERS,
    font_option,
    format_option,
    lang_option,
    output_option,
    output_target,
    render_pdf,
    render_svg,
    scan_marks_option,
    use_font,
    write_pages,
)
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:  # the sheets layer is imported when a sheet is drawn
    from scorepad.sheets.voll_verplant import SheetLayout

MAX_PAGES = 500


def _slug(text: str) -> str:
    """A player's name made safe for a file name."""
    return re.sub(r"[^\w-]+", "-", text, flags=re.UNICODE).strip("-") or "player"


_paper_option = click.option(
    "--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4",
    show_default=True, help="Paper size; the page turns with the map's shape.")


@click.command(name="sheet")
@click.argument("map_ref", metavar="MAP", shell_complete=complete_map)
@output_option
@format_option
@click.option("--pages", type=click.IntRange(1, MAX_PAGES), default=1, show_default=True,
              help="A pad of N identical pages (PDF only).")
@_paper_option
@lang_option
@click.option("--no-numbers", is_flag=True,
              help="Leave out the small station numbers beside the circles.")
@scan_marks_option
@font_option
def sheet_cmd(map_ref: str, output: str | None, fmt: str | None, pages: int, paper: str,
              lang: str, no_numbers: bool, no_scan_marks: bool, font: str | None) -> None:
    """Draw a printable Voll verplant sheet of MAP, as PDF or SVG.

    MAP is a bundled map (amsterdam, berlin, paris, madrid) or a map file. The sheet shows
    the lines with their letters, the stations (numbered, so a finished sheet can be typed
    in with `vv enter`), every line's wagon windows and bonuses, the final-score box and a
    legend, and in the corners the markers and QR code that `vv scan` reads from a photo
    (--no-scan-marks leaves them off). An SVG holds one page; use PDF for a pad.

    \b
    Example:
      scorepad vv sheet berlin                      # output/berlin.pdf
      scorepad vv sheet paris --lang fr --pages 20 -o pad.pdf
      scorepad vv sheet amsterdam -o amsterdam.svg --paper letter
      scorepad vv sheet madrid --lang de --font DejaVuSans.ttf
    """
    from scorepad.app.vv_files import load_network
    from scorepad.io import display_name
    from scorepad.rules.common.errors import InputError, ScorepadError

    network = load_network(map_ref)
    path, fmt = output_target(output, fmt, network.id)
    if fmt == "svg" and pages > 1:
        raise InputError("an SVG holds one page: use --format pdf for a pad of "
                         f"{pages} pages", where=("--pages",))
    use_font(font)
    from scorepad.sheets.voll_verplant import draw_sheet, sheet_layout, sheet_title

    paper, lang = paper.lower(), lang.lower()
    try:
        page = draw_sheet(network, paper=paper, lang=lang, numbers=not no_numbers,
                          scan_marks=not no_scan_marks)
        layout = sheet_layout(network, paper, lang, not no_numbers)
    except ScorepadError as err:  # a map too dense to print: named as vv map check names it
        raise err.in_file(display_name(map_ref)) from None
    _warn(map_ref, layout)
    # The same page object on every page: the PDF draws the sheet once and reuses it.
    write_pages(path, fmt, [(str(n), page) for n in range(1, pages + 1)],
                title=sheet_title(network), source=map_ref)
    shape = "landscape" if page.width > page.height else "portrait"
    count = f"{pages} pages" if pages > 1 else "1 page"
    click.echo(f"wrote {path} ({count}, {paper.upper() if paper == 'a4' else 'Letter'} {shape})")


def _warn(source: str, layout: SheetLayout) -> None:
    """What a crowded custom map's sheet lacks, on stderr: each label that touches
    something, and one line listing the names left out (a bundled map has neither)."""
    for problem in layout.problems:
        click.echo(f"warning: {source}: {problem}", err=True)
    if layout.unnamed:
        left = ", ".join(f"{sid} ({name})" for sid, name in layout.unnamed.items())
        click.echo(f"warning: {source}: no room for the names of stations {left}", err=True)


@click.command(name="render")
@click.argument("file", metavar="FILE", shell_complete=complete_file)
@output_option
@format_option
@click.option("--player", help="Draw only this player's sheet.")
@_paper_option
@lang_option
@scan_marks_option
@font_option
def render_cmd(file: str, output: str | None, fmt: str | None, player: str | None, paper: str,
               lang: str, no_scan_marks: bool, font: str | None) -> None:
    """Draw the marked sheet(s) of a game log or typed-in paper sheet.

    A digital copy of what each player has on paper: crosses, transfer numbers, window
    entries, ticked and struck bonuses and the final score, in a pen-blue over the sheet.
    A PDF gets one page per player; an SVG holds one player (several players give one file
    each, named <name>-<player>.svg), or pick one with --player. FILE may be - for stdin.

    \b
    Example:
      scorepad vv render game.yaml -o game.pdf
      scorepad vv render game.yaml --player Ann -o ann.svg
    """
    from scorepad.app.vv_files import load_marked_sheets
    from scorepad.io import atomic_write, display_name
    from scorepad.rules.common.errors import ContentError, InputError, ScorepadError

    name = display_name(file)
    try:
        network, sheets = load_marked_sheets(file)
    except ScorepadError as err:
        raise err.in_file(name) from None
    if player is not None:
        from scorepad.options import match_name

        names = [s.player for s in sheets]
        try:  # ann, Ann, an: the one player meant, in any case or by a unique start
            player = match_name(player, names, what="player")
        except ScorepadError as err:
            message = err.message if names else f"no player {player!r} (players: none)"
            raise InputError(message, where=("--player",), source=name) from None
        sheets = [s for s in sheets if s.player == player]
    if not sheets:
        raise ContentError("no player sheets to draw (the log records cards only)", source=name)
    stem = "render" if file == "-" else Path(file).stem

    def svg_files(path: Path) -> list[Path]:  # several players' SVGs: a file each
        return [path.with_name(f"{path.stem}-{_slug(s.player)}{path.suffix}") for s in sheets]

    several = len(sheets) > 1 and (fmt or "").lower() == "svg"
    path, fmt = output_target(output, fmt, stem, svg_files if several else lambda p: [p])
    use_font(font)
    from scorepad.sheets.voll_verplant import draw_marked, sheet_layout, sheet_title

    paper, lang = paper.lower(), lang.lower()
    try:
        pages = [draw_marked(network, s, paper=paper, lang=lang, scan_marks=not no_scan_marks)
                 for s in sheets]
    except ScorepadError as err:
        raise err.in_file(name) from None
    _warn(name, sheet_layout(network, paper, lang, True))
    if fmt == "pdf":
        who = sheets[0].player if len(sheets) == 1 else None
        atomic_write(path, render_pdf(pages, title=sheet_title(network, who), source=name))
        click.echo(f"wrote {path} ({len(pages)} page{'s' if len(pages) > 1 else ''})")
        return
    if len(pages) == 1:
        atomic_write(path, render_svg(pages[0], title=sheet_title(network, sheets[0].player),
                                      source=name))
        click.echo(f"wrote {path}")
        return
    targets = svg_files(path)
    if len(set(targets)) < len(targets):
        raise InputError("two players' names give the same file name; use --player",
                         source=name)
    for target, page, sheet in zip(targets, pages, sheets, strict=True):
        atomic_write(target, render_svg(page, title=sheet_title(network, sheet.player),
                                        source=name))
        click.echo(f"wrote {target}")
