"""What every printing command shares: its options, and choosing the file and format."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from scorepad.sheets.draw import Page

FORMATS = ("pdf", "svg")
PAPERS = ("a4", "letter")
LANGS = ("en", "de", "fr")  # as sheets.labels.LANGS; kept here so --help needs no import


def output_target(output: str | None, fmt: str | None, stem: str,
                  files: Callable[[Path], list[Path]] = lambda path: [path]
                  ) -> tuple[Path, str]:
    """The file to write and its format: from ``-o``'s extension, ``--format``, or the default
    ``output/<stem>.<format>`` (PDF unless told otherwise). A clash is an InputError (exit 2).

    A default name never replaces a file (as the game logs behave): ``<stem>-2``, ``-3``
    ... is taken instead, so that none of ``files(path)`` (the files a command writes from
    the name, the name itself by default) exists yet; the names are claimed exclusively
    (:func:`scorepad.io.claim_name`), so a second command at the same moment takes the next
    one and says so. ``-o`` names the file to write; one that does not exist now and is
    made by another process before this one writes it is refused (exit 2), not replaced.
    """
    import os

    from scorepad.io import claim_name, expect_new, unclaim
    from scorepad.rules.common.errors import InputError

    fmt = fmt.lower() if fmt else None
    if not output:
        fmt = fmt or "pdf"
        for number in range(1, 100_000):
            path = Path("output") / (f"{stem}.{fmt}" if number == 1 else f"{stem}-{number}.{fmt}")
            names = files(path)
            if any(os.path.lexists(f) for f in names):
                continue
            # every name claimed at once (O_EXCL): a command run beside this one takes the next
            got = [f for f in names if claim_name(f)]
            if len(got) == len(names):
                return path, fmt
            for f in got:
                unclaim(f)
            # a note on stderr (the output goes on)
            print(f"note: {path} was just taken by another process; "  # noqa: T201
                  "writing the next free name", file=sys.stderr)
        raise InputError("no free file name", source=f"output/{stem}.{fmt}")
    path = Path(output)
    if path.is_dir():
        raise InputError("is a directory, not a file", source=output)
    ext = path.suffix.lower().lstrip(".")
    if fmt is None:
        if ext not in FORMATS:
            raise InputError("cannot tell the format from the file name: end it in .pdf or "
                             ".svg, or give --format", source=output)
        fmt = ext
    elif ext in FORMATS and ext != fmt:
        raise InputError(f"the name ends in .{ext} but --format is {fmt}", source=output)
    for name in files(path):  # new now: refused if another process makes it meanwhile
        expect_new(name)
    return path, fmt


output_option = click.option(
    "-o", "--output", metavar="FILE", type=click.Path(),
    help="File to write; its extension (.pdf/.svg) sets the format. "
         "Default: output/<name>.<format>, never replacing a file (<name>-2 ...).")
format_option = click.option(
    "--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False),
    help="pdf or svg (default: from -o's extension, else pdf).")
paper_option = click.option(
    "--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4",
    show_default=True, help="Paper size.")
lang_option = click.option(
    "--lang", type=click.Choice(LANGS, case_sensitive=False), default="en", show_default=True,
    help="Language of the printed words.")
scan_marks_option = click.option(
    "--no-scan-marks", "no_scan_marks", is_flag=True,
    help="Leave out the four corner markers and the QR code that `vv scan` reads.")
font_option = click.option(
    "--font", type=click.Path(dir_okay=False), metavar="FILE",
    help="A TrueType or OpenType font file (.ttf, .ttc, .otf) to print with, e.g. a CJK "
         "font; what it lacks comes from the bundled Liberation Sans (Latin, Greek, "
         "Cyrillic).")


def use_font(font: str | None) -> None:
    """Print with ``--font``'s file (None: the bundled font) until the command ends. Call it
    before drawing: the layout measures text in this font. A file that is no usable font is
    exit 2."""
    from scorepad.rules.common.errors import InputError
    from scorepad.sheets.fonts import FontError, font_in_use

    try:
        # Scoped to the command, so a caller running several in one process (tests, a
        # server) gets back the font it had.
        click.get_current_context().with_resource(font_in_use(font))
    except FontError as err:
        raise InputError(str(err), where=("--font",), source=err.path) from None


def render_pdf(pages: Sequence[Page], *, title: str, subject: str | None = None,
               source: str | None = None) -> bytes:
    """The PDF of ``pages``; text the font cannot draw is exit 1, naming ``source`` (the
    file the text came from), the station or field and the character."""
    from scorepad.sheets.fonts import MissingGlyph
    from scorepad.sheets.pdf import render_pdf as render

    try:
        return render(pages, title=title, subject=subject)
    except MissingGlyph as err:
        raise _glyph_error(err, source) from None


def render_svg(page: Page, *, title: str, source: str | None = None) -> str:
    """The SVG file of ``page``, its font embedded as a subset (it travels to machines
    without it); text the font cannot draw is exit 1, as for :func:`render_pdf`."""
    from scorepad.sheets.fonts import MissingGlyph
    from scorepad.sheets.svg import render_svg as render

    try:
        return render(page, title=title, embed_fonts=True)
    except MissingGlyph as err:
        raise _glyph_error(err, source) from None


def _glyph_error(err: Exception, source: str | None) -> Exception:
    from scorepad.rules.common.errors import ContentError

    return ContentError(str(err), source=source)


def write_pages(path: Path, fmt: str, pages: Sequence[tuple[str, Page]], *, title: str,
                subject: str | None = None, source: str | None = None) -> list[Path]:
    """Write named pages atomically and return the files written.

    PDF: every page in ``path`` (a page object repeated is drawn once and reused). SVG holds
    one page: a single page goes to ``path``; several go to ``<path stem>-<name>.svg`` each,
    titled ``title (name)``. ``source`` names the file the printed text came from, for errors.
    """
    from scorepad.io import atomic_write

    if fmt == "pdf":
        atomic_write(path, render_pdf([page for _, page in pages], title=title,
                                      subject=subject, source=source))
        return [path]
    if len(pages) == 1:
        atomic_write(path, render_svg(pages[0][1], title=title, source=source))
        return [path]
    stem = path.with_suffix("") if path.suffix.lower() == ".svg" else path
    written = []
    for name, page in pages:
        target = stem.parent / f"{stem.name}-{name}.svg"
        atomic_write(target, render_svg(page, title=f"{title} ({name})", source=source))
        written.append(target)
    return written
