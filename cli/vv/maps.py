"""``scorepad vv maps`` (the bundled maps and their figures) and ``vv map check`` (validate a
map file)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from scorepad.rules.voll_verplant.maps import Network

# Column heads of the `vv maps` table and the figure each shows, in order.
_COLUMNS = (("id", "id"), ("name", "name"), ("lines", "lines"), ("stations", "stations"),
            ("windows", "windows"), ("interchanges", "interchanges"), ("rings", "rings"),
            ("special", "special_stations"))


@click.command(name="maps")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON list of {id, name, lines, stations, windows, interchanges, "
                   "rings, special_stations}.")
def maps_cmd(as_json: bool) -> None:
    """List the bundled maps with their figures.

    Figures are counts: lines, stations, wagon windows (all lines together), interchanges
    (stations where two or more lines meet), ring lines and special stations. The maps are
    scorepad's own layouts modelled on each city's network, from the easiest (Amsterdam)
    to the hardest (Madrid).

    \b
    Example:
      scorepad vv maps
      scorepad vv maps --json
    """
    from scorepad.io import emit_json
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map

    figures = [bundled_map(map_id).figures() for map_id in BUNDLED_MAPS]
    if as_json:
        click.echo(emit_json(figures))
        return
    click.echo(format_table(figures))


def format_table(figures: list[dict[str, object]]) -> str:
    """A plain-text table of map figures: text columns left-aligned, counts right-aligned."""
    rows = [[head for head, _ in _COLUMNS]]
    rows += [[str(fig[key]) for _, key in _COLUMNS] for fig in figures]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    out = []
    for row in rows:
        cells = [cell.ljust(w) if i < 2 else cell.rjust(w)
                 for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


@click.group(name="map")
def map_group() -> None:
    """Work with map files (your own, or a transcribed published sheet).

    \b
    Example:
      scorepad vv map check my-city.yaml
    """


@map_group.command(name="check")
@click.argument("file", metavar="FILE", shell_complete=complete_map)
@click.option("--layout", is_flag=True,
              help="Also check the drawing conventions of the bundled maps (short "
                   "horizontal/vertical/diagonal segments, no line through a station it "
                   "does not serve, clockwise rings); any problem exits 1.")
def check_cmd(file: str, layout: bool) -> None:
    """Validate a Voll verplant map file and print its figures.

    FILE is a map file in YAML or JSON (format: scorepad/vv-map@1), `-` for standard input,
    or a bundled map id. Every problem is listed, one per line: a file that cannot be read
    or lacks the format's shape exits 2 (its shape problems); a map whose content breaks
    the rules (an unknown station on a line, a station on no line, a ring of fewer than 3
    stations, ...) exits 1. Every message names the place, e.g.
    `city.yaml: line C, station 99: no such station`.

    \b
    Example:
      scorepad vv map check city.yaml
      scorepad vv map check --layout city.yaml
    """
    from scorepad.rules.common.errors import ContentError
    from scorepad.rules.voll_verplant.maps import layout_problems

    name, network = _load(file)
    figures = network.figures()
    if layout:
        problems = layout_problems(network)
        for problem in problems:
            click.echo(f"{name}: {problem}", err=True)
        if problems:
            raise ContentError(f"{len(problems)} layout problem"
                               f"{'s' if len(problems) > 1 else ''}", source=name)
    click.echo(f"{name}: valid map {figures['id']} ({figures['name']}): "
               f"{_count(figures['lines'], 'line')}, {_count(figures['stations'], 'station')}, "
               f"{_count(figures['windows'], 'wagon window')}, "
               f"{_count(figures['interchanges'], 'interchange')}, "
               f"{_count(figures['rings'], 'ring')}, "
               f"{_count(figures['special_stations'], 'special station')}")
    unprintable = _unprintable(network)
    if unprintable:  # valid for play (flip, play, score), but vv sheet would refuse it
        click.echo(f"warning: {name}: vv sheet cannot print it: {unprintable}", err=True)


def _unprintable(network: Network) -> str | None:
    """Why ``vv sheet`` would refuse the map on A4 (None when it prints)."""
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.sheets.voll_verplant import sheet_layout

    try:
        sheet_layout(network, "a4", "en", True)
    except ScorepadError as err:
        return err.message
    return None


def _count(n: object, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _load(file: str) -> tuple[str, Network]:
    """The map a FILE argument names, and how messages name it; every problem of a map
    file is reported, one per line (shape problems first: content is checked on a map of
    the right shape).

    Standard input and a path that does not exist are handled here so that both read as
    files (a missing file exits 2); a bundled id is the bundled map.
    """
    from pathlib import Path

    from scorepad.app.vv_files import file_exists
    from scorepad.io import STDIN, display_name, read_mapping
    from scorepad.rules.common.errors import InputError, Problems, ScorepadError, raise_all
    from scorepad.rules.voll_verplant.maps import (
        BUNDLED_MAPS,
        bundled_map,
        load_map_data,
        map_problems,
    )

    if file in BUNDLED_MAPS:
        return file, bundled_map(file)
    if file != STDIN and not file_exists(Path(file)):
        raise InputError("no such file", source=file)
    name = display_name(file)
    data = read_mapping(file)
    try:
        raise_all(map_problems(data))
        return name, load_map_data(data)
    except (Problems, ScorepadError) as err:
        raise err.in_file(name) from None
