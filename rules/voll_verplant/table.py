"""The digital table's words: what ``vv play`` understands and shows, without any I/O.

* The compact move syntax, read for a given card and sheet into engine moves:
  ``A 3`` (line A, 3 crosses), ``A`` (the most crosses), ``A 0`` (fill the window, cross
  nothing), ``K ccw 4`` (a ring and its direction), ``17`` (free ride to station 17), ``-``
  (decline the free ride); and the words ``?`` (list the legal options), ``help``,
  ``sheet``, ``undo`` and ``quit``. An empty answer takes the suggested default.
* The legal options in that syntax, and the default suggestion (an explicit legal move).
* A player's move is made step by step on the engine's state (:func:`.engine.play_step`:
  the engine knows which follow-ups are owed and which lapse); this module only words it.
* Compact text views (at most about 60 columns): a sheet per line, the running score,
  and what a round's end brought (completions, first bonuses).

Everything here returns values or text lines; the command line prints them.
"""

from __future__ import annotations

import re
import textwrap
from typing import NamedTuple

from scorepad.rules.common.errors import InputError, RuleViolation

from .cards import EXPRESS, FREE, NUMBER, TRANSFER, Card
from .engine import CCW, CW, Move, RoundReport, Sheet, apply_step, legal_steps
from .maps import Network
from .replay import step_from_data
from .ruleset import VVRules
from .view import MarkedSheet

WIDTH = 60  # a phone-sized terminal

# Words an answer may be instead of a move (never a line letter: those are one letter).
OPTIONS, HELP, SHEET, UNDO, QUIT = "options", "help", "sheet", "undo", "quit"
WORDS = {"?": OPTIONS, "options": OPTIONS, "help": HELP, "sheet": SHEET, "undo": UNDO,
         "quit": QUIT, "exit": QUIT}

SYNTAX_HELP = """\
Type a move, or Enter for the suggestion in [ ]:
  A 3      line A, 3 crosses (fewer is allowed)
  A        line A, the most crosses the card allows
  A 0      fill a window of A, cross nothing
  K ccw 4  a ring line: cw or ccw (default cw)
  A        with a transfer card: + on line A
  17       free ride: cross station 17
  -        decline the free ride
  ?        list the legal moves
  sheet    show your sheet
  undo     take back the last move of this round
  quit     stop (finished rounds are saved)"""

_LINE_TOKEN = re.compile(r"^([A-Za-z])(\d*)$")


# --- reading an answer ----------------------------------------------------------------

def parse_answer(text: str, network: Network, rules: VVRules, sheet: Sheet, card: Card,
                 *, follow_up: bool = False) -> Move | str:
    """Read one answer for ``card`` on ``sheet``: an engine step, or one of :data:`WORDS`.

    An empty answer is :func:`default_step`. A returned step is legal and explicit (a
    number or express card's crosses are counted, never "the most"); it has no
    follow-ups (each is asked as a step of its own). Raises InputError for text that is not a move,
    ContentError for an unknown line or station, RuleViolation with the rule's reason for
    an illegal move.
    """
    raw = text.strip()
    word = WORDS.get(raw.lower())
    if word is not None:
        return word
    if not raw:
        return default_step(network, rules, sheet, card, follow_up=follow_up)
    data = _read_free_ride(raw) if card.kind == FREE else _read_line_move(raw, card)
    # The notation edge reads it and the engine gives the rule's reason for anything
    # illegal (a field the card does not use, no window, too many crosses, not a ring).
    move = step_from_data(network, card, data)
    after, _ = apply_step(network, rules, sheet, card, move)
    if card.kind in (NUMBER, EXPRESS) and move.crosses < 0:
        move = move._replace(crosses=(after.marked & ~sheet.marked).bit_count())
    return move


def _read_free_ride(raw: str) -> dict[str, int | None]:
    if raw == "-":
        return {"station": None}
    if not raw.isdigit():
        raise InputError(f"cannot read {raw!r}: a free ride crosses one station; "
                         "type its number (e.g. 17), or - to decline")
    return {"station": int(raw)}


def _read_line_move(raw: str, card: Card) -> dict[str, str | int]:
    what = card.a()
    if raw == "-":
        raise RuleViolation(f"{what} card fills a wagon window: choose a line "
                            "(A 0 crosses nothing)", rule="must-fill-window")
    if raw.isdigit():
        raise InputError(f"cannot read {raw!r}: {what} card is played on a line; "
                         "type its letter first (e.g. A 3)")
    tokens = raw.split()
    head = _LINE_TOKEN.match(tokens[0])
    if head is None:
        raise InputError(f"cannot read {raw!r}: type a line letter, e.g. A 3 (? lists "
                         "the legal moves)")
    rest = ([head.group(2)] if head.group(2) else []) + [t.lower() for t in tokens[1:]]
    data: dict[str, str | int] = {"line": head.group(1).upper()}
    for token in rest:
        if token in (CW, CCW) and "direction" not in data:
            data["direction"] = token
        elif token.isdigit() and "crosses" not in data and len(token) <= 2:
            data["crosses"] = int(token)
        else:
            raise InputError(f"cannot read {token!r} in {raw!r}: after the line come "
                             "the crosses (a number) and, on a ring, cw or ccw")
    return data


# --- the moves in the table's words -----------------------------------------------------

def step_text(network: Network, card: Card, move: Move) -> str:
    """A step in the compact syntax (what a player would type): ``A 3``, ``K cw 4``,
    ``B`` (transfer), ``17``, ``-``; ``{}`` for the empty move of a full sheet."""
    if card.kind == FREE:
        return str(network.stations[move.station].id) if move.station >= 0 else "-"
    if move.line < 0:
        return "{}"
    line = network.lines[move.line]
    parts = [line.id]
    if line.ring:
        parts.append(move.direction)
    if card.kind != TRANSFER:
        parts.append(str(move.crosses))
    return " ".join(parts)


def step_effect(network: Network, rules: VVRules, sheet: Sheet, card: Card, move: Move
                ) -> str:
    """What a legal step does on ``sheet``, in words: ``crosses 1 2 3``, ``writes 2 at
    station 5``, ``declines``, with the special stations it reaches."""
    after, triggered = apply_step(network, rules, sheet, card, move)
    new = after.marked & ~sheet.marked
    if card.kind == FREE:
        text = f"crosses {network.stations[move.station].id}" if move.station >= 0 else "declines"
    elif move.line < 0:
        text = "no free window: nothing to write"
    elif card.kind == TRANSFER:
        if after.transfers == sheet.transfers:
            text = "+ in a window; no free station left on the line"
        else:
            idx, number = after.transfers[-1]
            text = f"writes {number} at station {network.stations[idx].id}"
    else:
        path = network.lines[move.line].path(move.direction)
        crossed = [network.stations[i].id for i in path if new >> i & 1]
        text = (f"crosses {' '.join(map(str, crossed))}" if crossed
                else "fills a window, crosses nothing")
    if triggered:
        ids = " ".join(str(network.stations[i].id) for i in triggered)
        text += f"; special {ids}"
    return text


def default_step(network: Network, rules: VVRules, sheet: Sheet, card: Card, *,
                 follow_up: bool = False) -> Move:
    """The suggestion an empty answer takes: always an explicit legal step.

    Number/express: the most crosses (ties: the first line in map order, ``cw`` first).
    Transfer: the line whose first free station gets the highest number. Free ride: the
    free station on the line nearest completion (ties: on more lines, then the lower
    number); declining when no station is free.
    """
    steps = _choices(network, rules, sheet, card, follow_up)
    if card.kind == FREE:
        stations = [m for m in steps if m.station >= 0]
        if not stations:
            return steps[0]
        return min(stations, key=lambda m: _free_ride_key(network, sheet, m.station))
    if card.kind == TRANSFER:
        def number(move: Move) -> int:
            after, _ = apply_step(network, rules, sheet, card, move)
            return after.transfers[-1][1] if after.transfers != sheet.transfers else 0
        return max(steps, key=number)  # max keeps the first of equals: map order
    return max(steps, key=lambda m: m.crosses)


def _free_ride_key(network: Network, sheet: Sheet, station: int) -> tuple[int, int, int]:
    """Sort key of a free-ride station: fewest free stations left on one of its lines,
    then most lines through it, then the lowest printed number."""
    info = network.stations[station]
    left = min((network.lines[i].mask & ~sheet.marked).bit_count() for i in info.lines)
    return (left, -len(info.lines), info.id)


def _choices(network: Network, rules: VVRules, sheet: Sheet, card: Card, follow_up: bool
             ) -> list[Move]:
    """The legal steps (the engine's: a follow-up of a line card must fill a window)."""
    return legal_steps(network, sheet, card, rules, follow_up=follow_up)


class Option(NamedTuple):
    """One entry of the options list: what to type, and what it does."""

    text: str
    effect: str


def options(network: Network, rules: VVRules, sheet: Sheet, card: Card, *,
            follow_up: bool = False) -> list[Option]:
    """The legal moves grouped as a player types them.

    Number/express: one entry per line (and ring direction) with the range of crosses
    (``A 0-3``) and the stations the most crosses reach; transfer: one per line with the
    number it writes; free ride: one per free station, then ``-`` when declining is allowed.
    """
    steps = _choices(network, rules, sheet, card, follow_up)
    if card.kind == FREE:
        return [Option(step_text(network, card, m), step_effect(network, rules, sheet, card, m))
                for m in steps]
    if card.kind == TRANSFER or steps == [Move()]:
        return [Option(step_text(network, card, m), step_effect(network, rules, sheet, card, m))
                for m in steps]
    most: dict[tuple[int, str], Move] = {}
    for m in steps:
        key = (m.line, m.direction)
        if key not in most or m.crosses > most[key].crosses:
            most[key] = m
    out = []
    for move in most.values():
        text = step_text(network, card, move)
        if move.crosses > 0:
            text = f"{text.rsplit(' ', 1)[0]} 0-{move.crosses}"
        out.append(Option(text, step_effect(network, rules, sheet, card, move)))
    return out


def options_text(network: Network, rules: VVRules, sheet: Sheet, card: Card, *,
                 follow_up: bool = False, width: int = WIDTH) -> list[str]:
    """The options list as lines of at most ``width`` columns (free rides as one
    wrapped list of station numbers)."""
    opts = options(network, rules, sheet, card, follow_up=follow_up)
    if card.kind == FREE:
        ids = [o.text for o in opts if o.text != "-"]
        lines = textwrap.wrap("free stations: " + " ".join(ids), width,
                              subsequent_indent="  ") if ids else ["no free station left"]
        if any(o.text == "-" for o in opts):
            lines.append("-  decline the free ride")
        return lines
    pad = max(len(o.text) for o in opts)
    return [_clip(f"{o.text:<{pad}}  {o.effect}", width) for o in opts]


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


# --- views ------------------------------------------------------------------------------

def number_text(value: float) -> str:
    """``7.5`` → ``7.5``, ``3.0`` → ``3``."""
    return f"{value:g}"


def score_line(sheet: MarkedSheet) -> str:
    """The running score with its breakdown: ``lines 5 + transfers 2x2 - 3 empty / 2``."""
    score = sheet.score
    assert score is not None, "the sheet must be scored"
    return (f"lines {score.line_points} + transfers {score.transfer_sum}x2 "
            f"- {score.empty_stations} empty/2 = {number_text(score.total)}")


def sheet_view(network: Network, sheet: MarkedSheet, width: int = WIDTH) -> list[str]:
    """A player's sheet in a few lines: the score, then per line its letter, the wagon
    windows (what is written, ``_`` free), stations marked of all, and either the bonus
    scored or the empty stations in travel order (``first gone`` when another player took
    the first bonus)."""
    score = sheet.score
    assert score is not None, "the sheet must be scored"
    free = sum(line.windows - len(sheet.windows.get(line.id, ())) for line in network.lines)
    windows = network.total_windows
    head = (f"{sheet.player}: {number_text(score.total)} points, "
            f"{free} of {windows} window{'s' if windows != 1 else ''} free")
    out = [_clip(head, width), _clip("  " + score_line(sheet), width)]
    boxes = {}
    for line in network.lines:
        written = list(sheet.windows.get(line.id, ()))
        boxes[line.id] = "[" + " ".join(written + ["_"] * (line.windows - len(written))) + "]"
    box_pad = max(len(b) for b in boxes.values())
    count_pad = max(len(f"{len(line.order)}/{len(line.order)}") for line in network.lines)
    for line in network.lines:
        empty = [network.stations[i].id for i in line.order
                 if network.stations[i].id not in sheet.marked]
        count = f"{len(line.order) - len(empty)}/{len(line.order)}"
        start = f"  {line.id} {boxes[line.id]:<{box_pad}} {count:<{count_pad}} "
        bonus = sheet.bonuses.get(line.id)
        if bonus:
            points = line.first if bonus == "first" else line.later
            out.append(f"{start}done, {bonus} +{points}")
            continue
        tail = ", first gone" if line.id in sheet.struck else ""
        out.append(start + _station_list("empty", empty, width - len(start) - len(tail)) + tail)
    return out


def _station_list(label: str, ids: list[int], room: int) -> str:
    """``empty 3 4 9`` cut to ``room`` columns (``... +5`` for the rest)."""
    text = label
    for n, sid in enumerate(ids):
        more = len(ids) - n
        if len(text) + len(f" {sid}") > room or (
                more > 1 and len(text) + len(f" {sid} ... +{more - 1}") > room):
            return f"{text} ... +{more}"
        text += f" {sid}"
    return text


def round_lines(network: Network, players: tuple[str, ...] | list[str], report: RoundReport,
                width: int = WIDTH) -> list[str]:
    """What the end of a round brought: each completed line, who completed it and which
    bonus they took (the first bonus is then struck for everyone else)."""
    out = []
    for line_index, who, first in report.completions:
        line = network.lines[line_index]
        names = ", ".join(players[p] for p in who)
        points = line.first if first else line.later
        each = " each" if len(who) > 1 else ""
        kind = "first bonus" if first else "later bonus"
        out.extend(textwrap.wrap(f"Line {line.id} complete: {names} ({kind} +{points}{each})",
                                 width, subsequent_indent="  "))
    return out or ["No line completed this round."]


def station_name(network: Network, index: int) -> str:
    """``station 8`` (with its name when the map gives one)."""
    station = network.stations[index]
    return f"station {station.id}" + (f" ({station.name})" if station.name else "")

