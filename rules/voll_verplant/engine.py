"""The Voll verplant rules engine.

State is immutable (named tuples of ints and tuples): :func:`apply` returns a new
state or raises a :class:`RuleViolation` naming the rule. A round is
``reveal(card)`` → every player's move (simultaneous; each touches only the mover's
sheet) → :func:`end_round` (completions, first/later bonuses, game end).

A move is one or more *steps*: the first step, then one follow-up for every special
station a step marks (in the order reached). What a player still owes is part of the
state (``owed``), so :func:`play_step` takes one step at a time (the table, the bots and
the game protocol) and :func:`apply` takes a whole move with its ``then`` list (a replay):
both play each step through the same function (:func:`_step`), and :func:`play_turn`
plays a whole move by asking for one step after another. Self-play, bots' rollouts and
search run in the simulator (:mod:`.simulator`), which plays the same games on plain
data and is held equal to this engine by ``tests/test_vv_simulator.py``.

The engine works on bit masks over station indices: a player's marked stations are
one ``int``. Ids from files (line letters, station numbers) are translated to indices
at the edge (see :mod:`.replay`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple, TypeVar

from scorepad.rules.common.errors import RuleViolation

from .cards import EXPRESS, FREE, NUMBER, TRANSFER, Card
from .maps import Network
from .ruleset import VVRules
from .scoring import empty_penalty, whole

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
    """One player's sheet: marked stations (bit mask), the entries written in each line's
    wagon windows, transfer numbers as ``(station index, number)`` pairs, bonuses as line
    bit masks, ``free``: wagon windows left and ``open``: the lines with a free window (bit
    mask), both kept so that no step needs to count them. ``used`` (windows used per line)
    is read from the entries, not stored: a step then rebuilds one tuple of lines, not two.
    """

    marked: int
    entries: tuple[tuple[str, ...], ...]
    transfers: tuple[tuple[int, int], ...]
    first: int
    later: int
    free: int
    open: int

    @property
    def used(self) -> tuple[int, ...]:
        """The wagon windows used on each line (by line index)."""
        return tuple(map(len, self.entries))


class GameState(NamedTuple):
    """A whole game between rounds or during one.

    ``card`` is the revealed card of the round in progress (None between rounds);
    ``moved`` who has made the first step of their move this round; ``first_taken`` the
    lines (bit mask) whose first bonus is gone; ``rounds`` the number of finished rounds;
    ``over`` set by end_round; ``start`` the sheets as they were when the card was
    revealed (end_round looks at what was marked since);
    ``owed`` per player the special stations whose follow-up is still owed (the first is
    asked now).
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
    start: tuple[Sheet, ...] = ()
    owed: tuple[tuple[int, ...], ...] = ()


class RoundReport(NamedTuple):
    """What end_round found: per line index, the players (indices) who completed it this
    round, and whether they took the first bonus."""

    round: int
    completions: tuple[tuple[int, tuple[int, ...], bool], ...]
    over: bool


class MapTables:
    """What the engine reads of a map, computed once per map (see :func:`map_tables`),
    and the map's caches. Stations and lines are indices; station sets are bit masks."""

    __slots__ = ("cw", "ccw", "ring", "windows", "lines_through", "masks", "station_lines",
                 "first_points", "later_points", "special", "total_windows", "blank", "reach",
                 "totals", "open_lines")

    def __init__(self, network: Network) -> None:
        lines = network.lines
        # each line's stations in travel order, as their bits in the station masks
        self.cw: tuple[tuple[int, ...], ...] = tuple(tuple(1 << i for i in line.path(CW))
                                                     for line in lines)
        self.ccw: tuple[tuple[int, ...], ...] = tuple(tuple(1 << i for i in line.path(CCW))
                                                      for line in lines)
        self.ring: tuple[bool, ...] = tuple(line.ring for line in lines)
        self.windows: tuple[int, ...] = tuple(line.windows for line in lines)
        self.lines_through: tuple[int, ...] = tuple(len(s.lines) for s in network.stations)
        self.masks: tuple[int, ...] = tuple(line.mask for line in lines)
        # bit mask of the lines through each station
        self.station_lines: tuple[int, ...] = tuple(sum(1 << i for i in s.lines)
                                                    for s in network.stations)
        self.first_points: tuple[int, ...] = tuple(line.first for line in lines)
        self.later_points: tuple[int, ...] = tuple(line.later for line in lines)
        self.special: int = network.special_mask
        self.total_windows: int = network.total_windows
        self.blank = Sheet(marked=0, entries=((),) * len(lines), transfers=(), first=0,
                           later=0, free=self.total_windows,
                           open=sum(1 << line.index for line in lines if line.windows))
        # The caches, each read through one function and bounded (see _remember):
        # (first, later bonus line masks, empty stations, rounding) -> the points of those
        # bonuses less the empty-station penalty (final_result)
        self.totals: dict[tuple[int, int, int, str], float] = {}
        # (card, line, counter-clockwise, marked & line mask) -> masks of the first k
        # reachable stations (reach_masks)
        self.reach: dict[tuple[Card, int, bool, int], tuple[int, ...]] = {}
        # a sheet's open lines (mask) -> their indices in line order (open_lines)
        self.open_lines: dict[int, tuple[int, ...]] = {}


#: The most entries a map's caches hold. A full cache is emptied and fills again with
#: what games use now: results never depend on it, only the time to compute them, and
#: a process that plays a million games keeps the memory it had after a thousand.
CACHE_LIMIT = 1 << 13

T = TypeVar("T")


def _remember(cache: dict[Any, Any], key: object, value: object) -> None:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def map_tables(network: Network) -> MapTables:
    """Per-line travel orders and counts, computed once per map (kept on the network)."""
    cached: list[MapTables] = network.tables
    if cached:
        return cached[0]
    tables = MapTables(network)
    cached.append(tables)
    return tables


def open_lines(paths: MapTables, sheet: Sheet) -> tuple[int, ...]:
    """The lines with a free wagon window on ``sheet``, in line order (from the map's
    cache)."""
    mask = sheet.open
    found = paths.open_lines.get(mask)
    if found is None:
        found = tuple(line for line in range(len(paths.windows)) if mask >> line & 1)
        _remember(paths.open_lines, mask, found)
    return found


# --- refusals of the turn structure (each rule's words once; the game protocol asks these) --

def game_over(rounds: int) -> RuleViolation:
    """No card after the end (``rounds``: the rounds played)."""
    return RuleViolation.of("vv.game-ended", rounds=rounds, rule="game-over",
                            where=(f"round {rounds + 1}",))


def no_card() -> RuleViolation:
    """A step before the round's card is revealed."""
    return RuleViolation.of("vv.card-first", rule="card-first")


def already_moved() -> RuleViolation:
    """A second move in one round (and no follow-up owed)."""
    return RuleViolation.of("vv.moved", rule="one-move-per-round")


def turn_refusal(state: GameState, player: int) -> RuleViolation | None:
    """Why ``player`` may not take a step now (the game is over, no card is revealed, the
    move is made and nothing owed), with round and player; None when a step is due."""
    if state.over:
        refusal = RuleViolation.of("vv.game-over", rule="game-over")
    elif state.card is None:
        refusal = no_card()
    elif not owes(state, player):
        refusal = already_moved()
    else:
        return None
    return refusal.at(*_place(state, player))


def round_refusal(state: GameState) -> RuleViolation | None:
    """Why the round in progress cannot end yet (a player's move or an owed follow-up is
    missing), with its place; None when it can (or no round is in progress)."""
    if state.card is None:
        return None
    where = f"round {state.rounds + 1}"
    for p, name in enumerate(state.players):
        if not state.moved[p]:
            return RuleViolation(f"no move for {name} (write {{}} for a player who cannot "
                                 "move)", rule="every-player-moves", where=(where,))
        if state.owed[p]:
            return follow_up_missing(state.network, state.owed[p][0]).at(where, name)
    return None


def new_game(network: Network, rules: VVRules, players: Sequence[str]) -> GameState:
    """A fresh game: empty sheets, no card revealed."""
    blank = map_tables(network).blank
    names = tuple(players)
    return GameState(network, rules, names, sheets=(blank,) * len(names), card=None,
                     moved=(False,) * len(names), first_taken=0, rounds=0, over=False,
                     start=(), owed=((),) * len(names))


def reveal(state: GameState, card: Card) -> GameState:
    """Start a round with ``card``; refused while a round is in progress or after the end."""
    if state.over:
        raise game_over(state.rounds)
    if state.card is not None:
        raise RuleViolation.of("vv.one-card", rule="one-card-per-round",
                               where=(f"round {state.rounds + 1}",))
    return state._replace(card=card, moved=(False,) * len(state.players), over=False,
                          start=state.sheets)


# --- single steps -------------------------------------------------------------------

def walk(path: Sequence[int], marked: int, express: bool, value: int) -> tuple[int, ...]:
    """Masks of the first k stations a card of ``value`` crosses along ``path`` (station
    bits in travel order) with the ``marked`` stations, k = 0..the most: a number card from
    the first free station on, free stations in a row (a marked station or the end stops
    it); an express the first free stations, jumping marked ones."""
    masks = [0]
    mask = 0
    left = value  # stations the card may still cross
    for bit in path:
        if marked & bit:
            if mask and not express:
                break
            continue
        mask |= bit
        masks.append(mask)
        left -= 1
        if left <= 0:
            break
    return tuple(masks)


def reach_masks(paths: MapTables, marked: int, line: int, direction: str, card: Card
                ) -> tuple[int, ...]:
    """Masks of the first k stations a card can cross on a line (k = 0..the most).

    Number card: from the first free station on, free stations in a row (a marked
    station or the end stops it). Express: the first free stations along the line,
    jumping marked ones.

    From the map's cache (:func:`map_tables`). Its key is everything the reachable
    stations depend on: the card, the line, the direction (counter-clockwise or not) and
    the line's marks. No ruleset option changes how a card travels (the options are about
    free rides, follow-ups, the end and rounding), so none is part of the key; an option
    that did would join it here.
    """
    ccw = direction == CCW
    line_marks = marked & paths.masks[line]  # all the walk reads of the marks
    key = (card, line, ccw, line_marks)
    found = paths.reach.get(key)
    if found is None:
        found = walk(paths.ccw[line] if ccw else paths.cw[line], line_marks,
                     card.kind == EXPRESS, card.value)
        _remember(paths.reach, key, found)
    return found


def reach_stations(paths: MapTables, marked: int, line: int, direction: str, card: Card
                   ) -> tuple[int, ...]:
    """The stations a card can cross on a line, in order: the most it allows (see
    :func:`reach_masks`)."""
    masks = reach_masks(paths, marked, line, direction, card)
    return tuple((masks[k] ^ masks[k - 1]).bit_length() - 1 for k in range(1, len(masks)))


@cache  # a handful of cards in any game
def _entry(card: Card) -> tuple[str]:
    """What a card writes into a wagon window, ``4``, ``E2``, ``+``, as a one-entry tuple
    to add to a line's entries."""
    return ("+" if card.kind == TRANSFER else str(card.code),)


def _first_free(paths: MapTables, marked: int, line: int, direction: str) -> int:
    for bit in paths.ccw[line] if direction == CCW else paths.cw[line]:
        if not marked & bit:
            return bit.bit_length() - 1
    return -1


def apply_step(network: Network, rules: VVRules, sheet: Sheet, card: Card, move: Move
               ) -> tuple[Sheet, tuple[int, ...]]:
    """Carry out one step (a move without its follow-ups) on one sheet.

    Returns the new sheet and the special stations it newly marked, in the order
    reached. Raises RuleViolation (without place; the caller adds round and player).
    """
    if card.kind == FREE:
        return _free_ride(network, rules, sheet, move)
    line, direction = move.line, move.direction
    if move.station != -1:
        raise RuleViolation.of("vv.line-card", card=card.a(), code=card.code,
                               rule="line-card")
    if line < 0:
        if line != -1:
            raise RuleViolation.of("vv.unknown-line", rule="unknown-line")
        if sheet.free:
            many = sheet.free > 1
            raise RuleViolation.of("vv.must-fill-window", free=sheet.free,
                                   g_are="s are" if many else " is",
                                   g_ist="sind" if many else "ist", s="s" if many else "",
                                   rule="must-fill-window")
        return sheet, ()
    paths = map_tables(network)
    if not sheet.open >> line & 1:
        if line >= len(paths.windows):
            raise RuleViolation.of("vv.unknown-line", rule="unknown-line")
        raise RuleViolation.of("vv.no-free-window", line=network.lines[line].id,
                               used=len(sheet.entries[line]), windows=paths.windows[line],
                               rule="no-free-window")
    if direction == CCW and not paths.ring[line]:
        raise RuleViolation.of("vv.ring-direction", line=network.lines[line].id,
                               rule="ring-direction")
    # the card is written into the line's next wagon window; its last closes the line
    written = sheet.entries[line] + _entry(card)
    entries = sheet.entries[:line] + (written,) + sheet.entries[line + 1:]
    open_ = sheet.open ^ (1 << line) if len(written) == paths.windows[line] else sheet.open
    sheet = sheet._replace(entries=entries, free=sheet.free - 1, open=open_)
    if card.kind == TRANSFER:
        if move.crosses not in (0, 1):
            raise RuleViolation.of("vv.transfer-one-station", rule="transfer-one-station")
        idx = _first_free(paths, sheet.marked, line, direction)
        if idx == -1:
            return sheet, ()
        sheet = sheet._replace(marked=sheet.marked | 1 << idx,
                               transfers=sheet.transfers + ((idx, paths.lines_through[idx]),))
        return sheet, ((idx,) if paths.special >> idx & 1 else ())

    # number or express card
    reach = reach_stations(paths, sheet.marked, line, direction, card)
    crosses = len(reach) if move.crosses < 0 else move.crosses  # -1: the most it allows
    if crosses > len(reach):
        raise _too_many(network, card, reach, crosses, line)
    crossed = reach[:crosses]
    sheet = sheet._replace(marked=sheet.marked | sum(1 << idx for idx in crossed))
    return sheet, _specials(paths, crossed)


def _specials(paths: MapTables, stations: tuple[int, ...]) -> tuple[int, ...]:
    """The special ones of ``stations``, in their order."""
    special = paths.special
    return tuple(idx for idx in stations if special >> idx & 1)


def _free_ride(network: Network, rules: VVRules, sheet: Sheet, move: Move
               ) -> tuple[Sheet, tuple[int, ...]]:
    """A free ride's step (see :func:`apply_step`): one free station anywhere, no window."""
    if move.line != -1:
        raise RuleViolation.of("vv.free-ride-station", rule="free-ride-station")
    if move.station == -1:
        if not rules.free_ride_may_decline and network.all_mask & ~sheet.marked:
            raise RuleViolation.of("vv.free-ride-decline", rule="free-ride-decline")
        return sheet, ()
    if not 0 <= move.station < len(network.stations):
        raise RuleViolation.of("vv.unknown-station", rule="unknown-station")
    if sheet.marked >> move.station & 1:
        sid = network.stations[move.station].id
        raise RuleViolation.of("vv.station-marked", station=sid, rule="free-ride-free-station")
    triggered: tuple[int, ...] = ()
    if rules.special_on_free_ride and network.special_mask >> move.station & 1:
        triggered = (move.station,)
    return sheet._replace(marked=sheet.marked | 1 << move.station), triggered


def _too_many(network: Network, card: Card, reach: tuple[int, ...], crosses: int, line: int
              ) -> RuleViolation:
    """The refusal of more crosses than the card allows on the line, saying why."""
    if not reach:
        why = "none"
    elif len(reach) < card.value:
        why = "stopped" if card.kind == NUMBER else "no-more"
    else:
        why = "allows"
    many = len(reach) != 1
    return RuleViolation.of(f"vv.crosses-{why}", line=network.lines[line].id, most=len(reach),
                            value=card.value, crosses=crosses, es="es" if many else "",
                            e="e" if many else "", s="s" if many else "", rule="crosses")


def line_options(network: Network, sheet: Sheet, card: Card
                 ) -> list[tuple[int, str, int]]:
    """For a line card: ``(line, direction, options)`` for every line with a free window
    and each direction (rings have two); ``options`` is 1 for a transfer and
    ``most + 1`` crosses counts (0..most) for a number or express card."""
    paths = map_tables(network)
    marked = sheet.marked
    out = []
    transfer = card.kind == TRANSFER
    open_ = sheet.open
    for line in range(len(paths.windows)):
        if not open_ >> line & 1:  # no free window
            continue
        for direction in ((CW, CCW) if paths.ring[line] else (CW,)):
            count = 1 if transfer else len(reach_masks(paths, marked, line, direction, card))
            out.append((line, direction, count))
    return out


def legal_steps(network: Network, sheet: Sheet, card: Card, rules: VVRules, *,
                follow_up: bool = False) -> list[Move]:
    """Every single step a player may make with ``card`` (follow-ups not included).

    Number/express: every line with a free window, 0 up to the most crosses possible,
    both directions on rings; transfer: every line with a free window (both ring
    directions); free ride: every free station, and declining if allowed. A player
    with no free window has exactly one step for a line card: the empty move. A
    ``follow_up`` of a line card must fill a window, so it never is the empty move.
    """
    if card.kind == FREE:
        marked = sheet.marked
        steps = [Move(station=i) for i in range(len(network.stations)) if not marked >> i & 1]
        if rules.free_ride_may_decline or not steps:
            steps.append(Move())
        return steps
    steps = [Move(line=line, crosses=k, direction=direction)
             for line, direction, count in line_options(network, sheet, card)
             for k in range(count)]
    return steps or ([] if follow_up else [Move()])


def most_crosses(steps: Sequence[Move]) -> list[Move]:
    """Of a number or express card's steps, the one with the most crosses per line (and
    ring direction), in the order the lines first appear: more crosses never lower a
    sheet's worth, so choosers (the greedy bot, the table's choices list) offer only these
    (fewer are typed as such)."""
    most: dict[tuple[int, str], Move] = {}
    for step in steps:
        key = (step.line, step.direction)
        if key not in most or step.crosses > most[key].crosses:
            most[key] = step
    return list(most.values())


# --- whole moves and rounds ---------------------------------------------------------

def _lapse(card: Card, sheet: Sheet, queue: tuple[int, ...]
           ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(owed, lapsed)``: a line card's follow-ups lapse while no wagon window is free
    (free windows only ever decrease, so then every owed one lapses)."""
    if queue and card.kind != FREE and not sheet.free:
        return (), queue
    return queue, ()


def _follow(network: Network, rules: VVRules, sheet: Sheet, card: Card,
            queue: tuple[int, ...], step: Move
            ) -> tuple[Sheet, tuple[int, ...], tuple[int, ...]]:
    """Carry out the follow-up owed for ``queue[0]``: the sheet and the queue after it
    (the step's own special stations join the end when the ruleset chains them), and the
    special stations the step marked."""
    if step.then:
        raise RuleViolation("follow-ups are listed flat in the move's `then`, not nested",
                            rule="special-follow-up")
    if card.kind != FREE and step.line == -1:
        sid = network.stations[queue[0]].id
        raise RuleViolation.of("vv.follow-up-line", station=sid, rule="special-follow-up")
    sheet, more = apply_step(network, rules, sheet, card, step)
    return sheet, queue[1:] + more if rules.special_chains else queue[1:], more


def follow_ups_too_many(used: int, extra: int) -> RuleViolation:
    """The refusal of ``extra`` follow-ups after the ``used`` ones the move owed."""
    triggered = f"only {used}" if used else "none"
    return RuleViolation(f"{extra} follow-up{'s' if extra > 1 else ''} too many: "
                         f"{triggered} of the special stations this move marked "
                         "called for one", rule="special-follow-up")


def follow_up_missing(network: Network, station: int) -> RuleViolation:
    """The refusal of a move (or round) that leaves the follow-up of ``station`` owed."""
    return RuleViolation(f"special station {network.stations[station].id} was marked: its "
                         "follow-up is missing (add it to `then`)", rule="special-follow-up")


def _place(state: GameState, player: int) -> tuple[str, str]:
    return f"round {state.rounds + 1}", state.players[player]


def _with_sheet(state: GameState, player: int, sheet: Sheet, owed: tuple[int, ...]
                ) -> GameState:
    """The state with one player's sheet and owed follow-ups replaced, marked as moved."""
    def put(items: tuple[T, ...], item: T) -> tuple[T, ...]:
        return items[:player] + (item,) + items[player + 1:]

    return state._replace(sheets=put(state.sheets, sheet), moved=put(state.moved, True),
                          over=False, owed=put(state.owed, owed))


def apply(state: GameState, player: int, move: Move) -> GameState:
    """Apply one player's whole move for the revealed card: its first step, then each
    follow-up of its ``then`` in turn (the steps :func:`play_step` takes one by one)."""
    try:
        if state.card is None:
            raise no_card()
        if state.moved[player]:
            raise already_moved()
        state = _step(state, player, move._replace(then=())).state
        for used, follow_up in enumerate(move.then):
            if not state.owed[player]:
                raise follow_ups_too_many(used, len(move.then) - used)
            try:
                state = _step(state, player, follow_up).state
            except RuleViolation as err:
                raise err.at(f"follow-up {used + 1}") from None
        if state.owed[player]:
            raise follow_up_missing(state.network, state.owed[player][0])
    except RuleViolation as err:
        raise err.at(*_place(state, player)) from None
    return state


def owes(state: GameState, player: int) -> bool:
    """Whether ``player`` has a step to make now: the move, or a follow-up still owed."""
    return state.card is not None and (not state.moved[player] or bool(state.owed[player]))


def asking(state: GameState, player: int) -> int | None:
    """The special station (index) whose follow-up ``player`` owes now; None when the
    first step is due or nothing is owed."""
    owed = state.owed[player] if state.moved[player] else ()
    return owed[0] if owed else None


def round_done(state: GameState) -> bool:
    """Whether a card is revealed and nobody owes a step: the round can end."""
    return state.card is not None and all(state.moved) and not any(state.owed)


def legal_next(state: GameState, player: int) -> list[Move]:
    """Every step ``player`` may take now (:func:`legal_steps`: the first step of the move
    or the follow-up owed). Empty when nothing is owed."""
    if not owes(state, player):
        return []
    card = state.card
    assert card is not None
    return legal_steps(state.network, state.sheets[player], card, state.rules,
                       follow_up=state.moved[player])


def play_turn(state: GameState, player: int, choose: Callable[[GameState], Move]
              ) -> tuple[GameState, Move]:
    """Play ``player``'s whole move, asking ``choose`` for each step (the first, then every
    follow-up owed); the state after it and the move with its ``then`` (for a log)."""
    steps = []
    while owes(state, player):
        step = choose(state)
        state = play_step(state, player, step).state
        steps.append(step)
    if not steps:
        return state, Move()
    return state, steps[0]._replace(then=tuple(steps[1:]))


def seat(bot: Callable[..., Move], player: int, rng: random.Random | None
         ) -> Callable[[GameState], Move]:
    """A bot ``(state, player, rng) -> Move`` as ``player``'s chooser ``choose(state)``
    (what :func:`play_turn` asks), drawing from ``rng``."""
    return lambda state: bot(state, player, rng)


class Step(NamedTuple):
    """What :func:`play_step` did: the new state, the special stations the step marked
    and the owed follow-ups that lapsed for want of a free window."""

    state: GameState
    triggered: tuple[int, ...]
    lapsed: tuple[int, ...]


def play_step(state: GameState, player: int, move: Move) -> Step:
    """One step of ``player``: the first step of the move, or the follow-up owed now."""
    try:
        return _step(state, player, move)
    except RuleViolation as err:
        raise err.at(*_place(state, player)) from None


def _step(state: GameState, player: int, move: Move) -> Step:
    """:func:`play_step` without the place on its refusals (:func:`apply` adds the
    follow-up's number first)."""
    card = state.card
    if card is None:
        raise no_card()
    network, rules, sheet = state.network, state.rules, state.sheets[player]
    if not state.moved[player]:
        if move.then:
            raise RuleViolation("a step has no `then`: each follow-up is a step of its own",
                                rule="special-follow-up")
        sheet, triggered = apply_step(network, rules, sheet, card, move)
        queue = triggered
    elif state.owed[player]:
        sheet, queue, triggered = _follow(network, rules, sheet, card, state.owed[player], move)
    else:
        raise already_moved()
    owed, lapsed = _lapse(card, sheet, queue)
    return Step(_with_sheet(state, player, sheet, owed), triggered, lapsed)


def end_round(state: GameState) -> tuple[GameState, RoundReport]:
    """Close the round: completions, first/later bonuses, and whether the game is over."""
    if state.card is None:
        raise no_card().at(f"round {state.rounds + 1}")
    refusal = round_refusal(state)
    if refusal is not None:
        raise refusal
    sheets, first_taken, over, completions = _close(map_tables(state.network), state.rules,
                                                    state.start, state.sheets,
                                                    state.first_taken)
    rounds = state.rounds + 1
    result = state._replace(sheets=sheets, card=None, first_taken=first_taken, rounds=rounds,
                            over=over, start=())
    return result, RoundReport(rounds, completions, over)


def _close(paths: MapTables, rules: VVRules, start: tuple[Sheet, ...],
           sheets: tuple[Sheet, ...], first_taken: int
           ) -> tuple[tuple[Sheet, ...], int, bool,
                      tuple[tuple[int, tuple[int, ...], bool], ...]]:
    """The end of a round whose moves turned the ``start`` sheets into ``sheets``: the
    sheets with this round's bonuses, the lines whose first bonus is gone, whether the
    game is over, and the completions (see :class:`RoundReport`)."""
    done: dict[int, list[int]] = {}  # line -> the players who completed it this round
    for player, (before, sheet) in enumerate(zip(start, sheets, strict=True)):
        new = sheet.marked ^ before.marked  # what the round marked (marks stay)
        _completed(paths, sheet, player, new, done)
    new_sheets = list(sheets)
    completions = []
    for line in sorted(done):
        bit = 1 << line
        first = not first_taken & bit
        for player in done[line]:
            sheet = new_sheets[player]
            new_sheets[player] = (sheet._replace(first=sheet.first | bit) if first
                                  else sheet._replace(later=sheet.later | bit))
        first_taken |= bit
        completions.append((line, tuple(done[line]), first))
    full = sum(1 for sheet in sheets if not sheet.open)  # no free window left
    over = full > 0 and (full == len(sheets) if rules.game_end == "all_full" else True)
    return tuple(new_sheets), first_taken, over, tuple(completions)


def _lines_through(paths: MapTables, stations: int) -> int:
    """The lines (bit mask) through any of the ``stations`` (a mask)."""
    lines, rest = 0, stations
    while rest:
        lines |= paths.station_lines[(rest & -rest).bit_length() - 1]
        rest &= rest - 1
    return lines


def _completed(paths: MapTables, sheet: Sheet, player: int, new: int,
               done: dict[int, list[int]]) -> None:
    """Add to ``done`` (line -> the players who completed it this round) the lines
    through the ``new`` stations (only they can become complete) that are complete on
    ``player``'s ``sheet`` and carry no bonus yet."""
    lines = _lines_through(paths, new) & ~(sheet.first | sheet.later)
    for line, mask in enumerate(paths.masks):
        if lines >> line & 1 and sheet.marked & mask == mask:
            done.setdefault(line, []).append(player)


# --- final scores -------------------------------------------------------------------

def final_total(network: Network, rules: VVRules, sheet: Sheet) -> float:
    """A sheet's total from the engine's own data: the bonuses it took, twice its transfer
    numbers, less the empty-station penalty. The same rule as the paper sheet's
    :func:`.scoring.score_sheet` (the tests hold them equal), without building its view."""
    return final_result(network, rules, sheet)[0]


def final_result(network: Network, rules: VVRules, sheet: Sheet) -> tuple[float, int]:
    """A sheet's total (:func:`final_total`) and its empty stations, counted once for both."""
    empty = (network.all_mask & ~sheet.marked).bit_count()
    total = _bonuses_less_penalty(map_tables(network), sheet.first, sheet.later, empty,
                                  rules.empty_rounding)
    if sheet.transfers:  # an int added: a whole total stays an int, a half stays a float
        total += 2 * sum(number for _, number in sheet.transfers)
    return total, empty


def _bonuses_less_penalty(paths: MapTables, first: int, later: int, empty: int,
                          rounding: str) -> float:
    """The points of the bonuses ``first`` and ``later`` (line masks) less the penalty for
    ``empty`` stations: whole numbers as ints, halves as floats (from the map's cache)."""
    key = (first, later, empty, rounding)
    total = paths.totals.get(key)
    if total is None:
        total = whole(_bonus_points(paths, first, later) - empty_penalty(empty, rounding))
        _remember(paths.totals, key, total)
    return total


def _bonus_points(paths: MapTables, first: int, later: int) -> int:
    """The points of the first bonuses of the lines in ``first`` and the later ones in
    ``later`` (line bit masks)."""
    points = 0
    while first:
        points += paths.first_points[(first & -first).bit_length() - 1]
        first &= first - 1
    while later:
        points += paths.later_points[(later & -later).bit_length() - 1]
        later &= later - 1
    return points


def final_totals(state: GameState) -> list[float]:
    """Every player's total (see :func:`final_total`), in seat order."""
    network, rules = state.network, state.rules
    return [final_total(network, rules, sheet) for sheet in state.sheets]
