"""``scorepad vv scan``: score paper sheets from phone photos.

Each photo is read by ``sheets.voll_verplant.scan_photo`` (markers, QR code, every cell),
made legal by ``rules.voll_verplant.scan_reading.nearest_legal`` (only uncertain cells
change), optionally reviewed at the terminal, written as a ``scorepad/vv-sheet@1`` file and
scored with the other photos as one game — as ``vv score`` scores typed-in sheets.
Reading one photo (:func:`scorepad.app.photo_scan.scan_one`) is the application layer's, which
the browser's "photograph my sheet" calls too.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from scorepad.app.photo_scan import MAX_PHOTO_BYTES, ScannedSheet, require_opencv, scan_one
from scorepad.options import rules_option
from scorepad.rules.common.errors import ContentError, InputError, ScorepadError
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from scorepad.sheets.voll_verplant.scan_reading import Cell

def check_errors(scanned: ScannedSheet) -> list[ScorepadError]:
    """One line (exit 2) per cell to check, at most ``MAX_CHECK``, least sure first: the
    reading broke a rule that these cells may have been misread into, or its total is not
    sure enough to print (``unsure``: the reading is in doubt, not the sheet)."""
    from scorepad.sheets.voll_verplant.scan_reading import MAX_CHECK

    why = (f"the reading is not sure enough to print a total (right with about "
           f"{scanned.confidence:.0%})" if scanned.unsure else "the sheet as read breaks a rule")
    out: list[ScorepadError] = []
    for name in scanned.check[:MAX_CHECK]:
        cell = scanned.cells[name]
        read = (f"read as {cell.value}" if cell.seen is None else
                f"seen as {cell.seen}, taken as {cell.value} by the rules")
        out.append(InputError(f"check {name} on the paper ({read}, "
                              f"{cell.confidence:.0%} sure): {why}; "
                              "scan again with --review to answer"))
    return out


def uncertain_rows(cells: dict[str, Cell], player: str) -> list[dict[str, Any]]:
    """The uncertain cells as the JSON's ``uncertain`` items."""
    rows = []
    for cell in cells.values():
        if cell.uncertain:
            row = {"player": player, "cell": cell.name, "read": cell.value,
                   "confidence": round(cell.confidence, 3)}
            if cell.seen is not None:
                row["seen"] = cell.seen
            rows.append(row)
    return rows


def _review(cells: dict[str, Cell], name: str) -> dict[str, Cell]:
    """Ask about each uncertain cell at the terminal; Enter keeps what was read."""
    from dataclasses import replace

    out = dict(cells)
    for cell in cells.values():
        if not cell.uncertain:
            continue
        choices = list(cell.probabilities)
        answer = click.prompt(f"{name}: {cell.name} reads as {cell.value} "
                              f"({cell.confidence:.0%} sure)", default=cell.value,
                              type=click.Choice(choices, case_sensitive=False),
                              err=True)  # stdout keeps only the result (--json parses)
        if answer != cell.value:
            out[cell.name] = replace(cell, value=answer, seen=cell.seen or cell.value)
    return out


def _player_names(photos: Sequence[str], players: Sequence[str]) -> list[str]:
    if players and len(players) != len(photos):
        raise InputError(f"{len(players)} --player names for {len(photos)} photos: give one "
                         "name per photo, in their order", where=("--player",))
    if players:
        return [p.strip() for p in players]
    return [Path(p).stem[:40] or f"Player {i}" for i, p in enumerate(photos, start=1)]


@click.command(name="scan")
@click.argument("photos", nargs=-1, required=True, metavar="PHOTO...")
@click.option("--map", "map_ref", metavar="MAP", shell_complete=complete_map,
              help="The map file the sheets were printed from (a bundled map is found from "
                   "the QR code).")
@click.option("--player", "players", multiple=True, metavar="NAME",
              help="The player of each photo, in order (default: the photo's file name).")
@click.option("-o", "--output", metavar="FILE", type=click.Path(),
              help="Where to write the sheet read (one photo; default: output/<player>.yaml).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the score as `vv score --json` does, plus the uncertain cells.")
@click.option("--review", is_flag=True, help="Ask about each uncertain cell at the terminal.")
@rules_option()
def scan_cmd(photos: tuple[str, ...], map_ref: str | None, players: tuple[str, ...],
             output: str | None, as_json: bool, review: bool, rules_file: str | None) -> None:
    """Score paper sheets from photos: each player photographs their finished sheet.

    Reads the sheet's corner markers and QR code (printed by `vv sheet` and `vv render`),
    every station (empty, crossed, or holding a transfer number), the bonus ticks and the
    wagon windows; writes the sheet as a `scorepad/vv-sheet@1` file (as `vv enter` does)
    and prints the score as `vv score` does. A total is printed only when it is right with
    at least 90 % (--json: "confidence"); else its least sure cells are to be checked (exit
    2, nothing written; --review asks them). "Review advised" is printed for a total with
    cells in doubt; --review asks about each. A reading the rules find impossible doubts
    the reading first: when one possible reading is clearly the likeliest it is taken and
    the change shown; else the cells the broken rule names are to be checked (exit 2, no
    total; --review asks them). Exit 1 only when every such cell was read for sure.
    Several photos score together as one game.

    \b
    Example:
      scorepad vv scan ann.jpg bob.jpg
      scorepad vv scan IMG_0412.jpg --player Ann -o ann.yaml --review
      scorepad vv scan sheet.jpg --map my-city.yaml --json
    """
    require_opencv()
    from scorepad.app.vv_files import (
        Document,
        load_paper_games,
        load_rules,
        map_entry,
        unused_output_path,
    )
    from scorepad.io import (
        atomic_write,
        display_name,
        dump_yaml,
        emit_json,
        expect_new,
        read_bytes,
    )
    from scorepad.sheets.voll_verplant.scan_reading import ADVISED, sheet_data, values_of

    from .game import format_game

    if output and len(photos) > 1:
        raise InputError("-o names one sheet file: give it with one photo only, or leave it "
                         "out (each sheet goes to output/<player>.yaml)", where=("-o",))
    if output:  # new now: refused if another process makes it while the photo is read
        expect_new(output)
    names = _player_names(photos, players)
    if len({n.casefold() for n in names}) < len(names):
        raise InputError("two photos have the same player name: give --player for each",
                         where=("--player",))
    rules = load_rules(rules_file)
    # every photo is read before anything is written: one bad photo writes no sheet
    scans: list[tuple[str, ScannedSheet]] = []
    errors: list[ScorepadError] = []
    for photo in photos:
        shown = display_name(photo)
        try:
            scanned = scan_one(read_bytes(photo, MAX_PHOTO_BYTES), map_ref, rules)
        except ScorepadError as err:
            errors.append(err.in_file(shown))
            continue
        if scanned.check and not review:  # no total: the reading, not the sheet, is in doubt
            errors += [err.in_file(shown) for err in check_errors(scanned)]
        scans.append((shown, scanned))
    if errors:
        for problem in errors[:-1]:
            click.echo(str(problem), err=True)
        raise errors[-1]
    docs: list[Document] = []
    uncertain: list[dict[str, Any]] = []
    confidence = 1.0
    for (shown, scanned), player in zip(scans, names, strict=True):
        for change in scanned.changed:
            click.echo(f"{shown}: {change} (the sheet as read is impossible)", err=True)
        cells = _review(scanned.cells, shown) if review else scanned.cells
        confidence *= 1.0 if review else scanned.confidence
        if review:
            from scorepad.sheets.voll_verplant.scan_reading import problems

            found = problems(scanned.network, rules, values_of(cells))
            if found:
                raise ContentError("; ".join(str(p) for p in found), source=shown)
        uncertain += [] if review else uncertain_rows(cells, player)
        target = Path(output) if output else unused_output_path(player, "sheet")
        ref = map_entry(map_ref, target) if map_ref else scanned.network.id
        data = sheet_data(scanned.network, values_of(cells), ref or scanned.network.id, player)
        path = atomic_write(target, dump_yaml(data))
        click.echo(f"{shown}: {player}'s sheet written to {path}", err=True)
        docs.append(Document(str(path), data, path.parent))
    [game] = load_paper_games(docs, rules_file)
    for warning in game.warnings:
        click.echo(f"{game.source}: warning: {warning}", err=True)
    if as_json:
        result = game.score()  # GAME.score of the sheets' log document, as `vv score` prints
        result["uncertain"] = uncertain
        result["confidence"] = round(confidence, 3)
        click.echo(emit_json(result))
        return
    click.echo(format_game(game))
    if confidence < ADVISED or uncertain:
        click.echo(f"\nReview advised: the total is right with about {confidence:.1%} "
                   "certainty (scan again with --review, or check the cells below).")
    if uncertain:
        click.echo(f"\n{len(uncertain)} cell{'s' if len(uncertain) > 1 else ''} in doubt "
                   "(check them on the paper, or scan again with --review):")
        for row in uncertain:
            click.echo(f"  {row['player']}: {row['cell']} read as {row['read']} "
                       f"({row['confidence']:.0%} sure)")
