"""Paper sheets: ``vv enter`` (type one in, checked answer by answer) and ``vv template``
(a blank sheet file to fill in by hand). Reading sheet files is
:func:`scorepad.app.vv_files.load_paper_games`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from scorepad.app.vv_files import load_network, load_rules, map_entry, unused_output_path
from scorepad.options import output_option
from scorepad.rules.common.errors import InputError, ScorepadError
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from scorepad.rules.voll_verplant.maps import Network
    from scorepad.rules.voll_verplant.ruleset import VVRules
    from scorepad.table.console import Console

T = TypeVar("T")


def _map_ref_for(map_ref: str, output: str | None) -> str:
    """The map as the written file names it (relative to it; as given on standard output)."""

    written = None if not output or output == "-" else Path(output)
    return map_entry(map_ref, written) or map_ref


def template_text(network: Network, map_ref: str) -> str:
    """A commented blank sheet for ``network`` to fill in by hand (YAML text)."""
    import textwrap

    from scorepad.rules.voll_verplant.end_position import compress_ranges
    from scorepad.rules.voll_verplant.paper import SHEET_FORMAT

    def comment(text: str) -> str:
        return "\n".join(textwrap.wrap(text, width=92, initial_indent="# ",
                                        subsequent_indent="# ", break_on_hyphens=False))

    through = [f"{s.id}: {len(s.lines)}" for s in network.stations if len(s.lines) > 1]
    windows = ", ".join(f"{line.id} {line.windows}" for line in network.lines)
    quoted = map_ref if re.fullmatch(r"[A-Za-z0-9_./-]+", map_ref) else json.dumps(map_ref)
    rows = "\n".join(f"#   {line.id}: []" for line in network.lines)
    parts = [
        comment(f"Voll verplant paper sheet, {network.name}. Fill it in from your paper "
                "sheet, then run `scorepad vv score FILE` (several players' files of one game "
                "together rank them). Station numbers are the ones printed on the sheet: "
                f"{compress_ranges(network.station_index)}."),
        f"format: {SHEET_FORMAT}",
        f"map: {quoted}",
        'player: ""                 # your name',
        comment("The stations left EMPTY at the end: numbers and ranges, e.g. [12, 15-18, 40] "
                'or "12-15, 40". Or list the MARKED stations instead, as `marked: [...]` '
                "(not both)."),
        "empty: []",
        comment("The transfer numbers you wrote, station: number, e.g. {8: 3, 22: 4}. The "
                "number is how many lines pass through the station; on this map: "
                f"{', '.join(through) or 'no station has more than one line'}."),
        "transfers: {}",
        comment("The complete lines for which you scored the FIRST bonus, e.g. [A, C]; your "
                "other complete lines score the later bonus."),
        "first: []",
        comment("Optional: what is written in the wagon windows (a number; E2/E3 or just 2/3 "
                'for an express card; "+" for a transfer), e.g. A: [4, 5, "+"]. Windows per '
                f"line: {windows}."),
        "# windows:",
        rows,
    ]
    return "\n".join(parts) + "\n"


@click.command(name="template")
@click.argument("map_ref", metavar="MAP", shell_complete=complete_map)
@output_option("Write the template to FILE instead of standard output.")
def template_cmd(map_ref: str, output: str | None) -> None:
    """Print a commented blank paper sheet file for MAP, to fill in by hand.

    MAP is a bundled map id (amsterdam, berlin, paris, madrid) or a map file. Fill in
    the player, the empty stations, the transfer numbers and the lines you completed
    first, then score it with `scorepad vv score FILE`.

    \b
    Example:
      scorepad vv template berlin -o ann.yaml
    """
    from scorepad.io import atomic_write, expect_new

    if output and output != "-":
        expect_new(output)  # new now: refused if another process makes it meanwhile
    network = load_network(map_ref)
    text = template_text(network, _map_ref_for(map_ref, output))
    if output and output != "-":
        path = atomic_write(output, text)
        click.echo(f"Blank {network.name} sheet written to {path}", err=True)
    else:
        click.echo(text, nl=False)


# --- vv enter ---------------------------------------------------------------------------

def _reason(err: Exception) -> str:
    """An error as one short line for the dialogue (no file: nothing is written yet)."""
    from scorepad.rules.voll_verplant.paper import SheetErrors

    if isinstance(err, SheetErrors):
        return "; ".join(str(e) for e in err.errors)
    return str(err)


def _ask(console: Console, question: str, parse: Callable[[str], T], default: str = "") -> T:
    """Ask until ``parse`` accepts the answer (an empty one is ``default``); a refused
    answer is explained, then asked again. The question is printed fitted to the
    terminal, the answer typed at the table tools' prompt (``> ``, with line editing and
    history on a terminal); it works the same when standard input is not a terminal."""
    console.show(f"{question} [{default}]" if default else question)
    while True:
        text = console.ask("> ") or default
        try:
            return parse(text.strip())
        except (ValueError, ScorepadError) as err:
            console.show(f"  ✗ {_reason(err)}. Please try again.")


def _choice(*words: str) -> Callable[[str], str]:
    """A parser taking one of ``words`` or a unique start of one, in any case."""
    def parse(text: str) -> str:
        found = [w for w in words if w.startswith(text.lower())] if text else []
        if len(found) != 1:
            raise ValueError(f"answer {' or '.join(words)}")
        return found[0]
    return parse


def _checked(problems: list[ScorepadError]) -> None:
    from scorepad.rules.common.errors import raise_all

    raise_all(problems)


def _default_output(player: str) -> Path:
    """``output/<player>.yaml``; an existing file is never overwritten (``-2``, ``-3`` ...)."""

    return unused_output_path(player, "sheet")


def _dialogue(network: Network, rules: VVRules, console: Console) -> dict[str, Any]:
    """The questions, in the order of the file; returns the parts of the sheet."""
    from scorepad.rules.voll_verplant import end_position, paper

    def name(text: str) -> str:
        if not text:
            raise ValueError("a player name is needed")
        if len(text) > 40:
            raise ValueError("a player name has at most 40 characters")
        return text

    player = _ask(console, "Player name", name)
    kind = _ask(console, "List the empty or the marked stations? (empty, marked)",
                _choice("empty", "marked"), "empty")

    def stations(text: str) -> list[int]:
        if not text:  # a stray Enter must not record a perfect sheet
            raise ValueError("type the station numbers, or - for none")
        ids = paper.parse_station_list(text)
        _checked(end_position.station_problems(ids, network, kind))
        return ids

    what = "Empty" if kind == "empty" else "Marked"
    ids = _ask(console, f"{what} stations (e.g. 12-15, 40; - for none)", stations)
    listed = (kind, ids)

    def transfers(text: str) -> dict[int, int]:
        given = paper.parse_transfer_text(text)
        _checked(end_position.transfer_problems(given, network, ids if kind == "empty" else ()))
        return given

    written = _ask(console, "Transfer numbers written (station:number, e.g. 8:3 22:4; - for "
                   "none)", transfers)
    marked = end_position.marked_stations(network, listed, written)
    done = network.complete_lines(marked)
    first: list[str] = []
    if done:
        console.show(f"Complete lines on this sheet: {', '.join(done)}")

        def firsts(text: str) -> list[str]:
            letters = paper.parse_line_list(text)
            _checked(end_position.first_problems(letters, network, marked))
            return letters

        first = _ask(console, "Lines for which you scored the FIRST bonus (e.g. A C; - for "
                     "none)", firsts)
    else:
        console.show("No line is complete on this sheet.")
    windows = None
    if _ask(console, "Type in the wagon windows too? (y, n)", _choice("yes", "no"),
            "n") == "yes":
        windows = _ask_windows(network, rules, marked, written, console)
    return {"player": player, "listed": listed, "transfers": written, "first": first,
            "windows": windows}


def _ask_windows(network: Network, rules: VVRules, marked: frozenset[int],
                 transfers: dict[int, int], console: Console) -> dict[str, list[str]]:
    """Each line's windows, checked line by line, then the "+" against the transfers as
    a whole (asked again from the first line when that fails)."""
    from scorepad.rules.voll_verplant import end_position, paper

    while True:
        windows: dict[str, list[str]] = {}
        for line in network.lines:
            def entries(text: str, letter: str = line.id) -> list[str]:
                given = paper.parse_entries_text(text)
                _checked(end_position.line_window_problems(letter, given, network, rules))
                return given

            plural = "s" if line.windows > 1 else ""
            windows[line.id] = _ask(console, f"Line {line.id} ({line.windows} window{plural}; "
                                    "e.g. 4 E2 +; - for none)", entries)
        problems = end_position.plus_problems(windows, network, marked, transfers)
        if not problems:
            return {k: v for k, v in windows.items() if v}
        reason = _reason(problems[0] if len(problems) == 1 else paper.SheetErrors(problems))
        console.show(f"  ✗ {reason}"
                     ". Please type the windows again.")


@click.command(name="enter")
@click.argument("map_ref", metavar="MAP", shell_complete=complete_map)
@output_option("Where to write the sheet (default: output/<player>.yaml).")
def enter_cmd(map_ref: str, output: str | None) -> None:
    """Type in a finished paper sheet for MAP; every answer is checked at once.

    Asks for the player, the empty (or the marked) stations, the transfer numbers, the
    lines with the first bonus and, if you like, the wagon windows. A refused answer is
    explained and asked again. Station lists take ranges: 12-15, 40. The sheet is
    scored, then written (never over an existing file unless -o names it).

    \b
    Example:
      scorepad vv enter berlin -o ann.yaml
      scorepad vv score ann.yaml bob.yaml
    """
    from scorepad.io import atomic_write, dump_yaml, expect_new
    from scorepad.main import EXIT_INTERRUPTED
    from scorepad.rules.voll_verplant.end_position import compress_ranges
    from scorepad.rules.voll_verplant.paper import (
        PaperEntry,
        check_sheet,
        combine_sheets,
        parse_sheet,
        sheet_data,
    )
    from scorepad.table.console import Console

    if output:  # new now: refused if another process makes it while the sheet is typed
        expect_new(output)
    network = load_network(map_ref)
    rules = load_rules(None)
    console = Console()
    console.show(f"{network.name}: stations {compress_ranges(network.station_index)}, lines "
                 f"{', '.join(network.line_index)}. Ctrl-C stops without writing anything.")
    try:
        parts = _dialogue(network, rules, console)
    except KeyboardInterrupt:  # as at the table tools' prompts: 130, one line
        console.show(["", "Stopped; nothing was written."])
        raise click.exceptions.Exit(EXIT_INTERRUPTED) from None
    except EOFError:
        raise InputError("input ended before the sheet was complete; nothing was written"
                         ) from None
    target = Path(output) if output else _default_output(parts["player"])
    data = sheet_data(_map_ref_for(map_ref, str(target)), parts["player"], parts["listed"],
                      parts["transfers"], parts["first"], parts["windows"])
    # The same checks and the same way to the score as `vv score`, so a written sheet
    # always scores.
    sheet = check_sheet(parse_sheet(data), network, rules)
    game = combine_sheets([PaperEntry(str(target), network, rules, sheet, map_ref)])
    score = game.sheets[0].score
    assert score is not None
    path = atomic_write(target, dump_yaml(data))
    console.show(f"{parts['player']}: {score.total:g} points (lines {score.line_points}, "
                 f"transfers {score.transfer_points}, {score.empty_stations} empty "
                 f"−{score.empty_penalty:g})")
    console.show(f"Written to {path}")
