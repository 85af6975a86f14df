"""Voll verplant as text at the table: what ``vv play`` reads and shows, without any I/O.

* The compact move syntax (:func:`read_move`): ``A 3`` (line A, 3 crosses), ``A`` (the
  most crosses), ``A 0`` (fill the window, cross nothing), ``J ccw 4`` (a ring and its
  direction), ``17`` (free ride to station 17), ``-`` (decline the free ride), read into
  the log's notation. It only reads: whether a move is legal is the engine's to say.
* :func:`explicit` writes a move as ``vv play`` logs it (crosses counted, a ring's
  direction named), asking the engine's legal steps how far "the most" goes.
* The suggestion (:func:`suggestion`), the choices ``?`` lists (:func:`options`) and
  what a step does in words (:func:`step_effect`), all from the engine's own steps.
* Compact text views: a sheet per line, the running score, a one-line summary per
  player and what a round's end brought (completions, first bonuses).

Everything here returns values or text lines; the command line prints them.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from scorepad.rules.common.errors import InputError
from scorepad.rules.voll_verplant import engine
from scorepad.rules.voll_verplant.cards import EXPRESS, FREE, NUMBER, TRANSFER, Card
from scorepad.rules.voll_verplant.engine import (
    CCW,
    CW,
    GameState,
    Move,
    RoundReport,
    Sheet,
    apply_step,
)
from scorepad.rules.voll_verplant.log import transfer_takes_no_crosses
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.replay import from_move, step_from_data
from scorepad.rules.voll_verplant.ruleset import VVRules
from scorepad.rules.voll_verplant.view import MarkedSheet

WIDTH = 60  # the widest a view is drawn unless told otherwise

SYNTAX_HELP = """A 3      line A, 3 crosses (fewer is allowed)
A        line A, the most crosses the card allows
A 0      fill a window of A, cross nothing
J ccw 4  a ring line (Berlin's J, Madrid's F): cw or ccw (default cw)
B        with a transfer card: + on line B
17       free ride: cross station 17
-        decline the free ride"""

_LINE_TOKEN = re.compile(r"^([A-Za-z])(\d*)$")


# --- reading an answer ----------------------------------------------------------------

def read_move(text: str, card: Card) -> dict[str, Any]:
    """One answer for ``card`` in the log's notation (``crosses`` left out for "the
    most"). Raises InputError for text that is not written as a move."""
    raw = text.strip()
    if card.kind == FREE:
        if raw == "-":
            return {"station": None}
        if not raw.isdigit():
            raise InputError(f"cannot read {raw!r}: a free ride crosses one station; "
                             "type its number (e.g. 17), or - to decline")
        return {"station": int(raw)}
    if raw == "-":
        return {}  # the engine says why a line card must fill a window
    if raw.isdigit():
        raise InputError(f"cannot read {raw!r}: {card.a()} card is played on a line; "
                         "type its letter first (e.g. A 3)")
    tokens = raw.split()
    head = _LINE_TOKEN.match(tokens[0]) if tokens else None
    if head is None:
        raise InputError(f"cannot read {raw!r}: type a line letter, e.g. A 3 (? lists "
                         "the legal moves)")
    rest = ([head.group(2)] if head.group(2) else []) + [t.lower() for t in tokens[1:]]
    data: dict[str, Any] = {"line": head.group(1).upper()}
    for token in rest:
        if token in (CW, CCW) and "direction" not in data:
            data["direction"] = token
        elif token.isdigit() and "crosses" not in data and len(token) <= 2:
            data["crosses"] = int(token)
        else:
            raise InputError(f"cannot read {token!r} in {raw!r}: after the line come "
                             "the crosses (a number) and, on a ring, cw or ccw")
    return data


def explicit(state: GameState, player: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` as ``vv play`` logs it: a number or express card's crosses counted
    ("the most" is the most among the engine's legal steps on that line), a ring's
    direction named. A move the engine would refuse is returned as it is, so the
    engine gives the reason; crosses typed on a transfer card are refused here, in the
    player's words (InputError). Ids are read by the notation edge (ContentError for an
    unknown line or station)."""
    card = state.card
    assert card is not None
    if card.kind == TRANSFER and "crosses" in data:
        line = str(data.get("line"))
        if line in state.network.line_index:
            raise InputError(transfer_takes_no_crosses(line, f"type {line}"))
        # a line the map lacks: the notation edge names the lines there are
        data = {key: value for key, value in data.items() if key != "crosses"}
    step = step_from_data(state.network, card, dict(data))
    if card.kind in (NUMBER, EXPRESS) and step.line >= 0 and step.crosses < 0:
        reach = [m.crosses for m in engine.legal_next(state, player)
                 if (m.line, m.direction) == (step.line, step.direction)]
        if not reach:
            return dict(data)
        step = step._replace(crosses=max(reach))
    return move_data(state.network, card, step)


def move_data(network: Network, card: Card, move: Move) -> dict[str, Any]:
    """One engine step in the log's explicit notation (what ``vv play`` writes)."""
    return from_move(network, card, move._replace(then=())).to_data()


# --- the moves in the table's words -----------------------------------------------------

def move_text(network: Network, card: Card, data: Mapping[str, Any]) -> str:
    """A step in the compact syntax (what a player would type): ``A 3``, ``J cw 4``,
    ``B`` (transfer), ``17``, ``-``; ``nothing`` for the empty move of a full sheet."""
    if card.kind == FREE:
        station = data.get("station")
        return "-" if station is None else str(station)
    if "line" not in data:
        return "nothing"
    parts = [str(data["line"])]
    line_index = network.line_index.get(str(data["line"]))
    if line_index is not None and network.lines[line_index].ring:
        parts.append(str(data.get("direction", CW)))
    if card.kind != TRANSFER and data.get("crosses") is not None:
        parts.append(str(data["crosses"]))
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


def suggestion(state: GameState, player: int) -> Move | None:
    """The step an empty answer takes, one of the engine's legal steps (None when
    nothing is owed).

    Number/express: the most crosses (ties: the first line in map order, ``cw`` first).
    Transfer: the line whose first free station gets the highest number. Free ride: the
    free station on the line nearest completion (ties: on more lines, then the lower
    number); declining when no station is free.
    """
    steps = engine.legal_next(state, player)
    if not steps:
        return None
    network, rules, sheet, card = state.network, state.rules, state.sheets[player], state.card
    assert card is not None
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


class Option(NamedTuple):
    """One entry of the choices list: the step, what to type, and what it does."""

    move: Move
    text: str
    effect: str


def options(state: GameState, player: int) -> list[Option]:
    """The legal steps as a player chooses among them: number/express, one per line (and
    ring direction) with the most crosses there (fewer are typed: ``A 0``); transfer, one
    per line with the number it writes; free ride, one per free station, then ``-``."""
    network, rules, sheet, card = state.network, state.rules, state.sheets[player], state.card
    assert card is not None
    steps = engine.legal_next(state, player)
    if card.kind in (NUMBER, EXPRESS):
        steps = engine.most_crosses(steps)
    return [Option(m, move_text(network, card, move_data(network, card, m)),
                   step_effect(network, rules, sheet, card, m)) for m in steps]


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
            points = line.bonus_points(bonus)
            out.append(f"{start}done, {bonus} +{points}")
            continue
        tail = ", first gone" if line.id in sheet.struck else ""
        out.append(start + _station_list("empty", empty, width - len(start) - len(tail)) + tail)
    return out


def _cut_name(name: str, room: int) -> str:
    return name if len(name) <= room else name[:room - 1] + "~"


def summary_line(network: Network, sheet: MarkedSheet, name_room: int, width: int,
                 cut: Callable[[str, int], str] = _cut_name) -> str:
    """One player in one row of at most ``width`` columns: the name (``cut`` to
    ``name_room``), the running score, the free wagon windows and the lines completed."""
    score = sheet.score
    assert score is not None, "the sheet must be scored"
    free = sum(line.windows - len(sheet.windows.get(line.id, ())) for line in network.lines)
    name = cut(sheet.player, name_room)
    done = "".join(line.id for line in network.lines if line.id in sheet.bonuses)
    row = f"{name:<{name_room}} {number_text(score.total):>5}  {free:>2} free"
    if done:
        row += f"  done {done}"
    return _clip(row, width)


def summary_lines(network: Network, sheets: Sequence[MarkedSheet], width: int,
                  cut: Callable[[str, int], str] = _cut_name) -> list[str]:
    """:func:`summary_line` for every player, the names in one column (``cut`` shortens
    a long name: the terminal's own marks it with an ellipsis)."""
    longest = max((len(s.player) for s in sheets), default=4)
    room = max(4, min(longest, width - 30))
    return [summary_line(network, s, room, width, cut) for s in sheets]


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
        points = line.bonus_points("first" if first else "later")
        each = " each" if len(who) > 1 else ""
        kind = "first bonus" if first else "later bonus"
        out.extend(textwrap.wrap(f"Line {line.id} complete: {names} ({kind} +{points}{each})",
                                 width, subsequent_indent="  "))
    return out or ["No line completed this round."]


def round_report(network: Network, players: Sequence[str], events: Sequence[Mapping[str, Any]]
                 ) -> RoundReport | None:
    """The end of the round a step's events tell of (``line``, ``round-end`` and
    ``game-over`` events of :meth:`.game.VollVerplant.events`), or None when the step did
    not close a round."""
    ended = [e for e in events if e["type"] == "round-end"]
    if not ended:
        return None
    done: dict[int, tuple[bool, list[int]]] = {}
    for e in events:
        if e["type"] == "line":
            line = network.line(e["line"]).index
            done.setdefault(line, (e["bonus"] == "first", []))[1].append(
                list(players).index(e["player"]))
    return RoundReport(ended[0]["round"],
                       tuple((line, tuple(who), first) for line, (first, who)
                             in sorted(done.items())),
                       any(e["type"] == "game-over" for e in events))


def station_name(network: Network, index: int) -> str:
    """``station 8`` (with its name when the map gives one)."""
    station = network.stations[index]
    return f"station {station.id}" + (f" ({station.name})" if station.name else "")

