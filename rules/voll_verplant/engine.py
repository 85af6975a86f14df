"""The Voll verplant rules engine.

State is immutable (named tuples of ints and tuples): :func:`apply` returns a new
state or raises a :class:`RuleViolation` naming the rule. A round is
``reveal(card)`` → one :func:`apply` per player (moves are simultaneous and touch only
the mover's sheet) → :func:`end_round` (completions, first/later bonuses, game end).

The hot path works on bit masks over station indices: a player's marked stations are
one ``int``. Ids from files (line letters, station numbers) are translated to indices
at the edge (see :mod:`.replay`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from scorepad.rules.common.errors import RuleViolation

from .cards import EXPRESS, FREE, NUMBER, TRANSFER, Card
from .maps import Network
from .ruleset import VVRules

CW, CCW = "cw", "ccw"


class Move(NamedTuple):
    """One player's move for the revealed card.

    ``line`` is a line index (-1: none — a free ride, or a player with no free window);
    ``crosses`` the stations actually crossed (-1: the most the card allows there);
    ``direction`` ``cw``/``ccw`` for rings;
    ``station`` the free ride's station index (-1: declined); ``then`` the special-station
    follow-ups in the order they were triggered.
    """

    line: int = -1
    crosses: int = 0
    direction: str = CW
    station: int = -1
    then: tuple[Move, ...] = ()


class Sheet(NamedTuple):
    """One player's sheet: marked stations (bit mask), windows used and written per line,
    transfer numbers as ``(station index, number)`` pairs, bonuses as line bit masks."""

    marked: int
    used: tuple[int, ...]
    entries: tuple[tuple[str, ...], ...]
    transfers: tuple[tuple[int, int], ...]
    first: int
    later: int


class GameState(NamedTuple):
    """A whole game between rounds or during one.

    ``card`` is the revealed card of the round in progress (None between rounds);
    ``moved`` who has moved this round; ``first_taken`` the lines (bit mask) whose first
    bonus is gone; ``rounds`` the number of finished rounds; ``over`` set by end_round.
    """

    network: Network
    rules: VVRules
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    card: Card | None
    moved: tuple[bool, ...]
    first_taken: int
    rounds: int
    over: bool


class RoundReport(NamedTuple):
    """What end_round found: per line index, the players (indices) who completed it this
    round, and whether they took the first bonus."""

    round: int
    completions: tuple[tuple[int, tuple[int, ...], bool], ...]
    over: bool


class _Paths(NamedTuple):
    cw: tuple[tuple[int, ...], ...]
    ccw: tuple[tuple[int, ...], ...]
    ring: tuple[bool, ...]
    windows: tuple[int, ...]
    lines_through: tuple[int, ...]
    masks: tuple[int, ...]


@lru_cache(maxsize=64)
def _paths(network: Network) -> _Paths:
    """Per-line travel orders and counts, computed once per map."""
    return _Paths(
        cw=tuple(line.path(CW) for line in network.lines),
        ccw=tuple(line.path(CCW) for line in network.lines),
        ring=tuple(line.ring for line in network.lines),
        windows=tuple(line.windows for line in network.lines),
        lines_through=tuple(len(s.lines) for s in network.stations),
        masks=tuple(line.mask for line in network.lines),
    )


def new_game(network: Network, rules: VVRules, players: tuple[str, ...] | list[str]) -> GameState:
    """A fresh game: empty sheets, no card revealed."""
    n_lines = len(network.lines)
    blank = Sheet(0, (0,) * n_lines, ((),) * n_lines, (), 0, 0)
    names = tuple(players)
    return GameState(network, rules, names, (blank,) * len(names), None,
                     (False,) * len(names), 0, 0, False)


def free_windows(state: GameState, player: int) -> int:
    """How many wagon windows a player has left."""
    windows = _paths(state.network).windows
    return sum(w - u for w, u in zip(windows, state.sheets[player].used, strict=True))


def reveal(state: GameState, card: Card) -> GameState:
    """Start a round with ``card``; refused while a round is in progress or after the end."""
    if state.over:
        raise RuleViolation(f"the game ended after round {state.rounds}", rule="game-over",
                            where=(f"round {state.rounds + 1}",))
    if state.card is not None:
        raise RuleViolation("a card is already revealed", rule="one-card-per-round",
                            where=(f"round {state.rounds + 1}",))
    return state._replace(card=card, moved=(False,) * len(state.players))


# --- single steps -------------------------------------------------------------------

def _reach(paths: _Paths, marked: int, line: int, direction: str, card: Card) -> list[int]:
    """The stations a card can cross on a line, in order: the most it allows."""
    path = paths.ccw[line] if direction == CCW else paths.cw[line]
    out: list[int] = []
    if card.kind == EXPRESS:
        for idx in path:
            if not marked >> idx & 1:
                out.append(idx)
                if len(out) == card.value:
                    break
        return out
    started = False
    for idx in path:
        if marked >> idx & 1:
            if started:
                break
            continue
        started = True
        out.append(idx)
        if len(out) == card.value:
            break
    return out


def _first_free(paths: _Paths, marked: int, line: int, direction: str) -> int:
    path = paths.ccw[line] if direction == CCW else paths.cw[line]
    for idx in path:
        if not marked >> idx & 1:
            return idx
    return -1


def _violation(message: str, rule: str) -> RuleViolation:
    return RuleViolation(message, rule=rule)


def apply_step(network: Network, rules: VVRules, sheet: Sheet, card: Card, move: Move
               ) -> tuple[Sheet, tuple[int, ...]]:
    """Carry out one step (a move without its follow-ups) on one sheet.

    Returns the new sheet and the special stations it newly marked, in the order
    reached. Raises RuleViolation (without place; the caller adds round and player).
    """
    paths = _paths(network)
    kind = card.kind
    if kind == FREE:
        if move.line != -1:
            raise _violation("a free ride crosses one station anywhere and fills no window; "
                             "give a station, not a line", "free-ride-station")
        if move.station == -1:
            if not rules.free_ride_may_decline:
                raise _violation("the free ride must be taken (this ruleset does not allow "
                                 "declining)", "free-ride-decline")
            return sheet, ()
        if not 0 <= move.station < len(network.stations):
            raise _violation("no such station", "unknown-station")
        if sheet.marked >> move.station & 1:
            sid = network.stations[move.station].id
            raise _violation(f"station {sid} is already marked", "free-ride-free-station")
        marked = sheet.marked | 1 << move.station
        triggered = ()
        if rules.special_on_free_ride and network.special_mask >> move.station & 1:
            triggered = (move.station,)
        return sheet._replace(marked=marked), triggered

    if move.station != -1:
        raise _violation(f"a {card.describe()} card is played on a line, not on a station",
                         "line-card")
    line = move.line
    free = sum(w - u for w, u in zip(paths.windows, sheet.used, strict=True))
    if line == -1:
        if free:
            raise _violation(f"a line must be chosen: {free} wagon window"
                             f"{'s are' if free > 1 else ' is'} still free", "must-fill-window")
        return sheet, ()
    if not 0 <= line < len(network.lines):
        raise _violation("no such line", "unknown-line")
    letter = network.lines[line].id
    used = sheet.used[line]
    if used >= paths.windows[line]:
        raise _violation(f"line {letter} has no free wagon window ({used} of "
                         f"{paths.windows[line]} used)", "no-free-window")
    direction = move.direction
    if direction == CCW and not paths.ring[line]:
        raise _violation(f"line {letter} is not a ring: it has no direction to choose",
                         "ring-direction")
    entries = sheet.entries[line] + (str(card.code) if kind != TRANSFER else "+",)
    new_used = sheet.used[:line] + (used + 1,) + sheet.used[line + 1:]
    new_entries = sheet.entries[:line] + (entries,) + sheet.entries[line + 1:]
    marked = sheet.marked
    if kind == TRANSFER:
        if move.crosses not in (0, 1):
            raise _violation("a transfer card marks one station (the first free one)",
                             "transfer-one-station")
        idx = _first_free(paths, marked, line, direction)
        if idx == -1:
            return sheet._replace(used=new_used, entries=new_entries), ()
        number = paths.lines_through[idx]
        new = sheet._replace(marked=marked | 1 << idx, used=new_used, entries=new_entries,
                             transfers=sheet.transfers + ((idx, number),))
        return new, ((idx,) if network.special_mask >> idx & 1 else ())

    # number or express card
    reach = _reach(paths, marked, line, direction, card)
    crosses = len(reach) if move.crosses < 0 else move.crosses
    if crosses > len(reach):
        if not reach:
            why = "it has no free station left"
        elif len(reach) < card.value:
            why = ("a marked station or the end of the line stops the crosses" if kind == NUMBER
                   else "it has no more free stations")
        else:
            why = f"the card allows {card.value}"
        raise _violation(f"line {letter}: at most {len(reach)} cross"
                         f"{'es' if len(reach) != 1 else ''} possible ({why}), "
                         f"not {crosses}", "crosses")
    crossed = reach[:crosses]
    for idx in crossed:
        marked |= 1 << idx
    triggered = tuple(idx for idx in crossed if network.special_mask >> idx & 1)
    return sheet._replace(marked=marked, used=new_used, entries=new_entries), triggered


def legal_steps(network: Network, sheet: Sheet, card: Card, rules: VVRules) -> list[Move]:
    """Every single step a player may make with ``card`` (follow-ups not included).

    Number/express: every line with a free window, 0 up to the most crosses possible,
    both directions on rings; transfer: every line with a free window (both ring
    directions); free ride: every free station, and declining if allowed. A player
    with no free window has exactly one step for a line card: the empty move.
    """
    paths = _paths(network)
    marked = sheet.marked
    if card.kind == FREE:
        steps = [Move(station=i) for i in range(len(network.stations)) if not marked >> i & 1]
        if rules.free_ride_may_decline or not steps:
            steps.append(Move())
        return steps
    steps = []
    for line in range(len(network.lines)):
        if sheet.used[line] >= paths.windows[line]:
            continue
        for direction in ((CW, CCW) if paths.ring[line] else (CW,)):
            if card.kind == TRANSFER:
                steps.append(Move(line=line, direction=direction))
                continue
            most = len(_reach(paths, marked, line, direction, card))
            steps.extend(Move(line=line, crosses=k, direction=direction) for k in range(most + 1))
    return steps or [Move()]


# --- whole moves and rounds ---------------------------------------------------------

def _apply_move(network: Network, rules: VVRules, sheet: Sheet, card: Card, move: Move
                ) -> Sheet:
    """A step plus its special-station follow-ups, checked against ``move.then``."""
    sheet, queue = apply_step(network, rules, sheet, card, move)
    if not queue and not move.then:
        return sheet
    follow = list(move.then)
    pending = list(queue)
    used_then = 0
    paths = _paths(network)
    while pending:
        station = pending.pop(0)
        sid = network.stations[station].id
        if card.kind == FREE:
            has_window = True
        else:
            has_window = any(u < w for u, w in zip(sheet.used, paths.windows, strict=True))
        if not has_window:
            continue  # the follow-up lapses: no free window left
        if used_then >= len(follow):
            raise RuleViolation(f"special station {sid} was marked: its follow-up is missing "
                                "(add it to `then`)", rule="special-follow-up")
        step = follow[used_then]
        used_then += 1
        if step.then:
            raise RuleViolation("follow-ups are listed flat in the move's `then`, not nested",
                                rule="special-follow-up")
        if card.kind != FREE and step.line == -1:
            raise RuleViolation(f"the follow-up of special station {sid} must fill a wagon "
                                "window: give a line", rule="special-follow-up")
        try:
            sheet, more = apply_step(network, rules, sheet, card, step)
        except RuleViolation as err:
            raise err.at(f"follow-up {used_then}") from None
        if rules.special_chains:
            pending.extend(more)
    if used_then < len(follow):
        extra = len(follow) - used_then
        triggered = f"only {used_then}" if used_then else "none"
        raise RuleViolation(f"{extra} follow-up{'s' if extra > 1 else ''} too many: "
                            f"{triggered} of the special stations this move marked "
                            "called for one", rule="special-follow-up")
    return sheet


def apply(state: GameState, player: int, move: Move) -> GameState:
    """Apply one player's whole move (with follow-ups) for the revealed card."""
    where = (f"round {state.rounds + 1}", state.players[player])
    if state.card is None:
        raise RuleViolation("no card is revealed", rule="card-first", where=where)
    if state.moved[player]:
        raise RuleViolation("has already moved this round", rule="one-move-per-round",
                            where=where)
    try:
        sheet = _apply_move(state.network, state.rules, state.sheets[player], state.card, move)
    except RuleViolation as err:
        raise err.at(*where) from None
    sheets = state.sheets[:player] + (sheet,) + state.sheets[player + 1:]
    moved = state.moved[:player] + (True,) + state.moved[player + 1:]
    return state._replace(sheets=sheets, moved=moved)


def end_round(state: GameState) -> tuple[GameState, RoundReport]:
    """Close the round: completions, first/later bonuses, and whether the game is over."""
    if state.card is None:
        raise RuleViolation("no round in progress", rule="card-first",
                            where=(f"round {state.rounds + 1}",))
    missing = [name for name, done in zip(state.players, state.moved, strict=True) if not done]
    if missing:
        raise RuleViolation(f"no move for {', '.join(missing)}", rule="every-player-moves",
                            where=(f"round {state.rounds + 1}",))
    paths = _paths(state.network)
    sheets = list(state.sheets)
    first_taken = state.first_taken
    completions = []
    for line, mask in enumerate(paths.masks):
        bit = 1 << line
        done = [p for p, s in enumerate(sheets)
                if s.marked & mask == mask and not (s.first | s.later) & bit]
        if not done:
            continue
        first = not first_taken & bit
        for p in done:
            s = sheets[p]
            sheets[p] = s._replace(first=s.first | bit) if first else s._replace(later=s.later | bit)
        first_taken |= bit
        completions.append((line, tuple(done), first))
    new = state._replace(sheets=tuple(sheets), card=None, first_taken=first_taken,
                         rounds=state.rounds + 1)
    over = _game_over(new)
    new = new._replace(over=over)
    return new, RoundReport(new.rounds, tuple(completions), over)


def _game_over(state: GameState) -> bool:
    windows = _paths(state.network).windows
    full = [all(u >= w for u, w in zip(s.used, windows, strict=True)) for s in state.sheets]
    if not full:
        return False
    return all(full) if state.rules.game_end == "all_full" else any(full)
