"""The fast Voll verplant simulator: self-play on ints and tables, for bots, search and
analysis.

The rules engine (:mod:`.engine`) is written to be read and is what the game protocol,
the table and every replay run. This module plays the *same games* for the same seeds —
``tests/test_vv_simulator.py`` holds its games and scores equal to the engine's on random
maps, every ruleset option and every bot — but on plain data: a player's marks are one
``int``, a line's windows a list of the entries written, a card a record of tables
(:class:`SimCard`), and a game is one flat loop over rounds and seats
(:func:`run_rounds`). Nothing here is checked: the simulator only plays steps it chose
itself from what the rules allow, or steps the engine already accepted (a log's moves).

Bots are policies of the loop (:data:`RANDOM`, :data:`GREEDY`, with exploration), drawing
chance from the game's ``random.Random`` exactly as :mod:`.bots` does, so a seeded game
takes the same steps here and in the engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain, islice
from math import ceil, floor

from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.voll_verplant.cards import (
    EXPRESS,
    FREE,
    NUMBER,
    TRANSFER,
    Card,
    _marked_deck,
    dealt,
    piles,
)
from scorepad.rules.voll_verplant.engine import CCW, CW, GameState, Move, Sheet, map_tables, walk
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.ruleset import VVRules
from scorepad.rules.voll_verplant.scoring import empty_penalty, whole

from .bots import kth_station

#: Card kinds as small ints (the loop compares them every step).
K_NUMBER, K_EXPRESS, K_TRANSFER, K_FREE = 0, 1, 2, 3
_KINDS = {NUMBER: K_NUMBER, EXPRESS: K_EXPRESS, TRANSFER: K_TRANSFER, FREE: K_FREE}

#: Policies: how the loop chooses a seat's steps.
RANDOM, GREEDY = 0, 1

MAX_ROUNDS = 400  # a guard, as in the engine's self-play: a game on a valid map ends long before

#: The most entries one of a map's pattern tables holds before it is emptied (results
#: never depend on them: memory stays flat however many games a process plays).
CACHE_LIMIT = 1 << 13


#: A card as the loop reads it, a plain tuple (unpacked in one instruction):
#: ``(kind, value, entry, reach, card)``: its kind (``K_*``), value, what it writes into a
#: wagon window, per line and direction (``line << 1 | ccw``) a table from the line's
#: marks to the masks of the first k stations it crosses (k = 0..the most; number and
#: express cards only), and the engine's card.
SimCard = tuple[int, int, str, list[dict[int, tuple[int, ...]]], Card]


class SimMap:
    """What the simulator needs of a map, made once per map and process (:func:`sim_map`)."""

    __slots__ = ("lines", "totals", "walked", "all_open", "windows", "masks", "ring", "paths",
                 "lines_through",
                 "station_lines", "first_points", "later_points", "special", "all_mask",
                 "total_windows", "open_lines", "touched", "cards", "decks", "moves", "rides",
                 "floats")

    def __init__(self, network: Network) -> None:
        lines = network.lines
        self.lines = len(lines)
        # (first, later bonus masks, empty stations, rounding) -> the bonuses less the
        # empty-station penalty (sheet_result; games reach few)
        self.totals: dict[tuple[int, int, int, str], float] = {}
        self.all_open = sum(1 << line.index for line in lines if line.windows)
        self.windows = [line.windows for line in lines]
        self.masks = [line.mask for line in lines]
        self.ring = [line.ring for line in lines]
        # [line << 1 | ccw]: the line's station bits in travel order (ccw: rings only)
        self.paths: list[tuple[int, ...]] = [
            tuple(1 << i for i in line.path(direction)) for line in lines
            for direction in (CW, CCW)]
        self.lines_through = [len(s.lines) for s in network.stations]
        self.station_lines = [sum(1 << i for i in s.lines) for s in network.stations]
        self.first_points = [line.first for line in lines]
        self.later_points = [line.later for line in lines]
        self.special = network.special_mask
        self.all_mask = network.all_mask
        self.total_windows = network.total_windows
        # open lines (mask) -> see open_list; stations (mask) -> the lines
        # through them as (line, mask) pairs; both filled as games meet the patterns
        self.open_lines: dict[int, tuple[tuple[tuple[int, int, bool], ...], float]] = {}
        self.touched: dict[int, tuple[tuple[int, int], ...]] = {}
        # whole numbers up to a line's stations as floats: ``random() * floats[n]`` is
        # the product ``random() * n`` (n converts exactly) without the mixed product's
        # slower path
        self.floats = tuple(float(n) for n in
                            range(max((len(line.order) for line in lines), default=0) + 2))
        self.cards: dict[Card, SimCard] = {}
        self.walked = 0  # entries in the cards' reach tables (see walk)
        self.decks: dict[int, tuple[VVRules, tuple[SimCard, ...], tuple[SimCard, ...]]] = {}
        # [line << 1 | ccw][k]: the engine's step crossing k stations there; rides[i]: the
        # free ride to station i (what the loop hands back as moves)
        self.moves = [tuple(Move(line.index, k, direction) for k in range(len(line.order) + 1))
                      for line in lines for direction in (CW, CCW)]
        self.rides = [Move(station=i) for i in range(len(network.stations))]

    def card(self, card: Card) -> SimCard:
        """The record of ``card`` on this map (made once)."""
        found = self.cards.get(card)
        if found is None:
            kind = _KINDS[card.kind]
            entry = "+" if kind == K_TRANSFER else str(card.code)
            reach: list[dict[int, tuple[int, ...]]] = (
                [{} for _ in self.paths] if kind <= K_EXPRESS else [])
            found = self.cards[card] = (kind, card.value, entry, reach, card)
        return found

    def deck(self, rules: VVRules) -> tuple[tuple[SimCard, ...], tuple[SimCard, ...]]:
        """The ruleset's deck and shuffle cards as records (equal cards one record), for
        :func:`.cards.piles` (kept per ruleset object: a game asks once)."""
        found = self.decks.get(id(rules))
        if found is None or found[0] is not rules:
            marked, triggers = _marked_deck(tuple(rules.deck), tuple(rules.shuffle_cards))
            found = self.decks[id(rules)] = (
                rules, tuple(self.card(card) for card, _ in marked),
                tuple(self.card(card) for card, _ in triggers))
        return found[1], found[2]

    def walk(self, card: SimCard, path: int, marks: int) -> tuple[int, ...]:
        """The masks of the first k stations ``card`` crosses on ``path`` (``line << 1 |
        ccw``) with the line's ``marks``, k = 0..the most: the engine's walk
        (:func:`.engine.walk`), kept in the card's table (all cards' tables together hold
        at most :data:`CACHE_LIMIT` entries)."""
        kind, value, _, reach, _ = card
        found = walk(self.paths[path], marks, kind == K_EXPRESS, value)
        self.walked += 1
        if self.walked > CACHE_LIMIT:  # all cards' tables together hold at most the limit
            for other in self.cards.values():
                for table in other[3]:
                    table.clear()
            self.walked = 1
        reach[path][marks] = found
        return found

    def open_list(self, open_: int) -> tuple[tuple[tuple[int, int, bool], ...], float]:
        """The lines in the ``open_`` mask, in line order, each as ``(line, its clockwise
        path, whether it is a ring)``, and how many, as a float (kept)."""
        lines = tuple((line, line << 1, self.ring[line]) for line in range(self.lines)
                      if open_ >> line & 1)
        found = (lines, float(len(lines)))  # a float: float * float is a specialised product
        if len(self.open_lines) >= CACHE_LIMIT:
            self.open_lines.clear()
        self.open_lines[open_] = found
        return found

    def through(self, stations: int) -> tuple[tuple[int, int], ...]:
        """The lines through any of ``stations`` (a mask), as ``(line, mask)`` pairs in
        line order (kept)."""
        lines, rest = 0, stations
        while rest:
            lines |= self.station_lines[(rest & -rest).bit_length() - 1]
            rest &= rest - 1
        found = tuple((line, mask) for line, mask in enumerate(self.masks)
                      if lines >> line & 1)
        if len(self.touched) >= CACHE_LIMIT:
            self.touched.clear()
        self.touched[stations] = found
        return found


def sim_map(network: Network) -> SimMap:
    """The simulator's tables of ``network``, made once per map and process (kept on the
    network beside the engine's: those come first, where the engine reads them)."""
    map_tables(network)
    for tables in network.tables:
        if isinstance(tables, SimMap):
            return tables
    made = SimMap(network)
    network.tables.append(made)
    return made


def deal(sm: SimMap, rules: VVRules, seed: object, rng: random.Random | None = None
         ) -> Iterator[SimCard]:
    """A seed's cards as records: the sequence of :func:`.cards.card_stream`."""
    deck, triggers = sm.deck(rules)
    return chain.from_iterable(piles(seed, deck, triggers, rng))


def records(sm: SimMap, cards: Iterable[Card]) -> Iterator[SimCard]:
    """Engine cards as records."""
    card = sm.card
    return (card(c) for c in cards)


# --- the game's state ----------------------------------------------------------------------

class SimState:
    """A game between rounds, mutable, per seat in parallel lists: marks (mask), the
    entries written on each line, transfer numbers (``(station, number)`` pairs), first
    and later bonuses (line masks), free windows and open lines (mask); and the lines
    whose first bonus is gone, the rounds played and whether the game is over."""

    __slots__ = ("marked", "entries", "transfers", "first", "later", "free", "open",
                 "first_taken", "rounds", "over")

    def __init__(self, sm: SimMap, players: int) -> None:
        self.marked = [0] * players
        lines = range(sm.lines)
        self.entries: list[list[list[str]]] = [[[] for _ in lines] for _ in range(players)]
        self.transfers: list[list[tuple[int, int]]] = [[] for _ in range(players)]
        self.first = [0] * players
        self.later = [0] * players
        self.free = [sm.total_windows] * players
        self.open = [sm.all_open] * players
        self.first_taken = 0
        self.rounds = 0
        self.over = False

    @classmethod
    def of(cls, sm: SimMap, state: GameState) -> SimState:
        """The simulator's copy of an engine state between rounds."""
        sim = cls.__new__(cls)
        sim.marked = [s.marked for s in state.sheets]
        sim.entries = [[list(e) for e in s.entries] for s in state.sheets]
        sim.transfers = [list(s.transfers) for s in state.sheets]
        sim.first = [s.first for s in state.sheets]
        sim.later = [s.later for s in state.sheets]
        sim.free = [s.free for s in state.sheets]
        sim.open = [s.open for s in state.sheets]
        sim.first_taken = state.first_taken
        sim.rounds = state.rounds
        sim.over = state.over
        return sim

    def sheet(self, p: int) -> Sheet:
        """Seat ``p``'s sheet as the engine's."""
        return Sheet(self.marked[p], tuple(map(tuple, self.entries[p])),
                     tuple(self.transfers[p]), self.first[p], self.later[p], self.free[p],
                     self.open[p])

    def game_state(self, network: Network, rules: VVRules, players: Sequence[str]
                   ) -> GameState:
        """The engine's state of this game between rounds (as :func:`.engine.end_round`
        leaves it)."""
        n = len(players)
        return GameState(network, rules, tuple(players),
                         tuple(self.sheet(p) for p in range(n)), None, (True,) * n,
                         self.first_taken, self.rounds, self.over, (), ((),) * n)

    def total(self, sm: SimMap, rules: VVRules, p: int) -> float:
        """Seat ``p``'s total (:func:`.engine.final_total`'s rule)."""
        return sheet_result(sm, rules.empty_rounding, self.marked[p], self.first[p],
                            self.later[p], self.transfers[p])[0]


def sheet_result(sm: SimMap, rounding: str, marked: int, first: int, later: int,
                 transfers: Sequence[tuple[int, int]]) -> tuple[float, int]:
    """A sheet's total and its empty stations: bonuses, twice the transfer numbers, less
    the empty-station penalty (whole totals ints, halves floats, as the engine's)."""
    empty = (sm.all_mask & ~marked).bit_count()
    key = (first, later, empty, rounding)
    try:
        total = sm.totals[key]
    except KeyError:
        points = 0
        while first:
            points += sm.first_points[(first & -first).bit_length() - 1]
            first &= first - 1
        while later:
            points += sm.later_points[(later & -later).bit_length() - 1]
            later &= later - 1
        total = whole(points - empty_penalty(empty, rounding))
        if len(sm.totals) >= CACHE_LIMIT:
            sm.totals.clear()
        sm.totals[key] = total
    if transfers:  # an int added: a whole total stays an int, a half stays a float
        total += 2 * sum(n for _, n in transfers)
    return total, empty


# --- steps -----------------------------------------------------------------------------------

def _mark_line(sm: SimMap, st: SimState, p: int, card: SimCard, path: int, k: int
               ) -> list[int]:
    """Seat ``p`` plays ``card`` on ``path`` (``line << 1 | ccw``) crossing ``k`` stations
    (a transfer: its number on the first free station): the window filled, the stations
    marked; the special stations it marked, in the order reached."""
    kind, _, entry, reach, _ = card
    line = path >> 1
    written = st.entries[p][line]
    written.append(entry)
    if len(written) == sm.windows[line]:
        st.open[p] ^= 1 << line
    st.free[p] -= 1
    marked = st.marked[p]
    if kind == K_TRANSFER:
        for bit in sm.paths[path]:
            if not marked & bit:
                st.marked[p] = marked | bit
                idx = bit.bit_length() - 1
                st.transfers[p].append((idx, sm.lines_through[idx]))
                return [idx] if sm.special & bit else []
        return []
    marks = marked & sm.masks[line]
    try:
        crossed = reach[path][marks][k]
    except KeyError:
        crossed = sm.walk(card, path, marks)[k]
    st.marked[p] = marked | crossed
    if not sm.special & crossed:
        return []
    return [bit.bit_length() - 1 for bit in sm.paths[path] if bit & crossed & sm.special]


def _ride(sm: SimMap, rules: VVRules, st: SimState, p: int, station: int) -> list[int]:
    """Seat ``p``'s free ride to ``station`` (-1: declined); the follow-up it triggers."""
    if station < 0:
        return []
    st.marked[p] |= 1 << station
    return ride_owes(sm, rules, station)


def ride_owes(sm: SimMap, rules: VVRules, station: int) -> list[int]:
    """The follow-up a free ride to ``station`` triggers (none, or the station)."""
    if rules.special_on_free_ride and sm.special >> station & 1:
        return [station]
    return []


def _apply(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard, move: Move
           ) -> list[int]:
    """One step the engine accepted (a log's), on seat ``p``; the special stations it
    marked."""
    kind, _, _, _, _ = card
    if kind == K_FREE:
        return _ride(sm, rules, st, p, move.station)
    if move.line < 0:
        return []
    path = move.line << 1 | (move.direction == CCW)
    k = move.crosses
    if k < 0 and kind != K_TRANSFER:
        k = len(_reach(sm, card, path, st.marked[p])) - 1
    return _mark_line(sm, st, p, card, path, k)


def _reach(sm: SimMap, card: SimCard, path: int, marked: int) -> tuple[int, ...]:
    marks = marked & sm.masks[path >> 1]
    try:
        return card[3][path][marks]
    except KeyError:
        return sm.walk(card, path, marks)


def _options(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard
             ) -> list[tuple[int, int]]:
    """Every step of a follow-up in the engine's order (:func:`.engine.legal_steps`):
    ``(path, crosses)`` for a line card, ``(-1, station)`` for a free ride (-1: decline)."""
    return steps_on(sm, rules, card, st.marked[p], st.open[p])


def steps_on(sm: SimMap, rules: VVRules, card: SimCard, marked: int, open_: int
             ) -> list[tuple[int, int]]:
    """:func:`_options` on a sheet given by its marks and its open lines (a bit a line)."""
    kind = card[0]
    if kind == K_FREE:
        free = sm.all_mask & ~marked
        out = [(-1, i) for i in range(free.bit_length()) if free >> i & 1]
        if rules.free_ride_may_decline or not out:
            out.append((-1, -1))
        return out
    out = []
    for line in range(sm.lines):
        if not open_ >> line & 1:
            continue
        for path in ((line << 1, line << 1 | 1) if sm.ring[line] else (line << 1,)):
            count = 1 if kind == K_TRANSFER else len(_reach(sm, card, path, marked))
            out.extend((path, k) for k in range(count))
    return out


def _gain(sm: SimMap, st: SimState, p: int, new: int, transfer: int, first_taken: int) -> float:
    """The greedy bot's worth of a step that marks ``new`` (and writes the transfer number
    ``transfer``) on seat ``p``'s sheet: the engine bot's :func:`.bots._gain`."""
    gain = 0.5 * new.bit_count() + 2 * transfer
    if not new:
        return gain
    for line in _completed(sm, st.marked[p] | new, new, st.first[p] | st.later[p]):
        gain += sm.later_points[line] if first_taken >> line & 1 else sm.first_points[line]
    return gain


def _completed(sm: SimMap, marked: int, new: int, scored: int) -> list[int]:
    """The lines through the ``new`` stations that are complete on ``marked`` and not among
    the ``scored`` ones (line masks)."""
    try:
        pairs = sm.touched[new]
    except KeyError:
        pairs = sm.through(new)
    return [line for line, mask in pairs if marked & mask == mask and not scored >> line & 1]


def _greedy(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard, first_taken: int,
            follow_up: bool, rng: random.Random) -> tuple[int, int]:
    """The greedy bot's step (:func:`.bots.greedy_bot`): ``(path, crosses)``, ``(-1,
    station)`` for a free ride, ``(-1, -1)`` for declining it or no window (the empty
    step)."""
    marked = st.marked[p]
    best: list[tuple[int, int]] = []
    best_key = (-1.0, 0)
    kind, value = card[0], card[1]
    special = sm.special
    if kind == K_FREE:
        free = sm.all_mask & ~marked
        chains = rules.special_on_free_ride
        for i in range(free.bit_length()):
            if free >> i & 1:
                bit = 1 << i
                key = (_gain(sm, st, p, bit, 0, first_taken)
                       + (1.0 if chains and special & bit else 0.0), 0)
                if key > best_key:
                    best, best_key = [(-1, i)], key
                elif key == best_key:
                    best.append((-1, i))
        if rules.free_ride_may_decline or not free:
            if best_key < (0.0, 0):
                best, best_key = [(-1, -1)], (0.0, 0)
            elif best_key == (0.0, 0):
                best.append((-1, -1))
    else:
        open_ = st.open[p]
        if not open_:  # the empty step, the only one (follow-ups lapse before this)
            rng.random()  # drawn as the engine bot draws among its one step
            return -1, -1
        try:
            lines = sm.open_lines[open_][0]
        except KeyError:
            lines = sm.open_list(open_)[0]
        for _, cw, is_ring in lines:
            for path in ((cw, cw | 1) if is_ring else (cw,)):
                if kind == K_TRANSFER:
                    key = (0.0, 0)
                    for bit in sm.paths[path]:
                        if not marked & bit:
                            idx = bit.bit_length() - 1
                            key = (_gain(sm, st, p, bit, sm.lines_through[idx], first_taken)
                                   + (1.0 if special & bit else 0.0), 0)
                            break
                    if key > best_key:
                        best, best_key = [(path, 0)], key
                    elif key == best_key:
                        best.append((path, 0))
                    continue
                masks = _reach(sm, card, path, marked)
                for k in range(0 if follow_up else len(masks) - 1, len(masks)):
                    crossed = masks[k]
                    key = (_gain(sm, st, p, crossed, 0, first_taken)
                           + 1.0 * (special & crossed).bit_count(), k - value)
                    if key > best_key:
                        best, best_key = [(path, k)], key
                    elif key == best_key:
                        best.append((path, k))
    return best[floor(rng.random() * len(best))]  # a draw even for one: as the engine bot


def _wide(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard, follow_up: bool,
          rng: random.Random) -> tuple[int, int]:
    """An exploring step of the search's rollouts: half the time one of the greedy bot's
    candidates (a line card's most crosses on each open line and direction) drawn
    uniformly, otherwise (and for a free ride or a follow-up) the random bot's step."""
    kind = card[0]
    open_ = st.open[p]
    if follow_up or kind == K_FREE or not open_ or rng.random() < 0.5:
        return _random(sm, rules, st, p, card, follow_up, rng)
    try:
        lines = sm.open_lines[open_][0]
    except KeyError:
        lines = sm.open_list(open_)[0]
    paths = [path for _, cw, is_ring in lines for path in ((cw, cw | 1) if is_ring else (cw,))]
    path = paths[floor(rng.random() * len(paths))]
    if kind == K_TRANSFER:
        return path, 0
    return path, len(_reach(sm, card, path, st.marked[p])) - 1


def _random(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard, follow_up: bool,
            rng: random.Random) -> tuple[int, int]:
    """The random bot's step (:func:`.bots.random_bot`), in its draws from ``rng``."""
    if follow_up:
        options = _options(sm, rules, st, p, card)
        return options[floor(rng.random() * len(options))]
    marked = st.marked[p]
    kind = card[0]
    if kind == K_FREE:
        free = sm.all_mask & ~marked
        stations = free.bit_count()
        k = floor(rng.random() * (stations + (1 if rules.free_ride_may_decline or not free
                                              else 0)))
        if k >= stations:
            return -1, -1
        return -1, kth_station(free, k)
    open_ = st.open[p]
    if not open_:
        return -1, -1
    try:
        lines, count = sm.open_lines[open_]
    except KeyError:
        lines, count = sm.open_list(open_)
    _, path, is_ring = lines[floor(rng.random() * count)]
    if is_ring and rng.random() >= 0.5:
        path += 1  # counter-clockwise
    if kind == K_TRANSFER:
        return path, 0
    return path, floor(rng.random() * len(_reach(sm, card, path, marked)))


# --- rounds ----------------------------------------------------------------------------------

#: Moves fixed in advance: ``fixed[round][seat]`` is that seat's whole engine move in that
#: round (0-based), None where the policy decides.
Fixed = Sequence[Sequence[Move | None]]
#: A seat's step as recorded: ``(round index, engine card, engine step)``.
Made = tuple[int, Card, Move]


def _step_move(sm: SimMap, choice: tuple[int, int]) -> Move:
    path, k = choice
    if path < 0:
        return sm.rides[k] if k >= 0 else Move()
    return sm.moves[path][k]


def _choose(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard, first_taken: int,
            follow_up: bool, rng: random.Random, policy: int, explore: float
            ) -> tuple[int, int]:
    """Seat ``p``'s step by ``policy`` (greedy: another step at rate ``explore``)."""
    if policy == RANDOM:
        return _random(sm, rules, st, p, card, follow_up, rng)
    if explore and rng.random() < explore:
        return _wide(sm, rules, st, p, card, follow_up, rng)
    return _greedy(sm, rules, st, p, card, first_taken, follow_up, rng)


def play_move(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard, move: Move
              ) -> None:
    """Seat ``p``'s whole engine move (a logged one the engine accepted), follow-ups
    included."""
    _apply(sm, rules, st, p, card, move)
    for then in move.then:
        _apply(sm, rules, st, p, card, then)


def play_seat(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard,
              first_taken: int, rng: random.Random, policy: int, explore: float = 0.0,
              made: list[Made] | None = None) -> None:
    """Seat ``p``'s whole move chosen by ``policy`` (a random step at rate ``explore``):
    the first step, then a follow-up for every special station it marks while a window
    is free. With ``made``, each step is appended to it."""
    choice = _choose(sm, rules, st, p, card, first_taken, False, rng, policy, explore)
    if made is not None:
        made.append((st.rounds, card[4], _step_move(sm, choice)))
    path, k = choice
    if path >= 0:
        queue = _mark_line(sm, st, p, card, path, k)
    elif card[0] == K_FREE:
        queue = _ride(sm, rules, st, p, k)
    else:
        return  # no free window: nothing to play
    if queue:  # special stations' follow-ups
        _follow_ups(sm, rules, st, p, card, queue, rng, policy, explore, first_taken, made,
                    st.rounds)


def run_rounds(sm: SimMap, rules: VVRules, st: SimState, cards: Iterable[SimCard],
               rng: random.Random, policy: int = RANDOM, *, explore: float = 0.0,
               fixed: Fixed = (), me: int = -1, made: list[Made] | None = None,
               limit: int = MAX_ROUNDS) -> SimState:
    """Play whole rounds on ``st`` (in place) until the game is over or ``limit`` rounds
    were played: a card from ``cards``, every seat's whole move in seat order (the
    ``fixed`` moves of every seat but ``me``; otherwise the ``policy``, a random step at
    rate ``explore``), then the round's end (completions, bonuses, the game end). With
    ``made``, the steps of seat ``me`` are appended to it. Returns ``st``."""
    n = len(st.marked)
    marked = st.marked
    all_full = rules.game_end == "all_full"
    start = list(marked)
    seats = range(n)
    if st.over:
        return st
    for card in islice(cards, limit):
        first_taken = st.first_taken
        row = fixed[st.rounds] if st.rounds < len(fixed) else None
        start[:] = marked
        for p in seats:
            move = row[p] if row is not None and p != me else None
            if move is not None:  # a logged move, with its follow-ups
                play_move(sm, rules, st, p, card, move)
            else:
                play_seat(sm, rules, st, p, card, first_taken, rng, policy, explore,
                          made if p == me else None)
        close_round(sm, st, start, all_full)
        if st.over:
            break
    return st


def random_solo_games(sm: SimMap, rules: VVRules, st: SimState,
                      games: Iterable[tuple[Iterable[SimCard], random.Random]]
                      ) -> Iterator[SimState]:
    """:func:`run_rounds` for one seat and the random policy, as one flat loop on locals
    (random solo self-play is what ``vv simulate``'s figures and benchmarks play most): for
    each game's cards and generator, a fresh game on ``st`` (emptied: a new state's lists
    cost more), yielded when it is over (``st`` itself: read it before the next). The same
    draws, steps and round ends as the general loop; free rides and special stations'
    follow-ups, a card in seven and rare, go through the general steps (:func:`_random`).

    Alone at the table a player takes the first bonus of every line she completes, in the
    round she completes it, and no later bonus: so the completions are read once, from the
    final marks, and the random steps (which never ask about bonuses) run without them."""
    entries, transfers = st.entries[0], st.transfers[0]
    windows, masks, paths, special = sm.windows, sm.masks, sm.paths, sm.special
    open_lines, lines_through, floats = sm.open_lines, sm.lines_through, sm.floats
    lines_by_bit = [(1 << line, mask) for line, mask in enumerate(masks)]
    for cards, rng in games:
        draw = rng.random  # bound once a game: a method looked up costs ~0.2k a call
        marked = rounds = 0
        opened = sm.all_open
        for written in entries:
            written.clear()
        transfers.clear()
        st.over = False
        for card in islice(cards, MAX_ROUNDS):
            kind, _, entry, reach, _ = card
            if kind == K_FREE or not opened:
                if kind == K_FREE:  # the general step, on the state written back
                    st.marked[0] = marked
                    path, k = _random(sm, rules, st, 0, card, False, rng)
                    if _ride(sm, rules, st, 0, k):
                        st.open[0], st.free[0] = opened, _free(sm, entries)
                        _follow_ups(sm, rules, st, 0, card, [k], rng, RANDOM, 0.0, 0, None,
                                    rounds)
                        opened = st.open[0]
                    marked = st.marked[0]
            else:
                try:
                    lines, count = open_lines[opened]
                except KeyError:
                    lines, count = sm.open_list(opened)
                line, path, is_ring = lines[floor(draw() * count)]
                if is_ring and draw() >= 0.5:
                    path += 1  # counter-clockwise
                written = entries[line]
                written.append(entry)
                if len(written) == windows[line]:
                    opened ^= 1 << line
                if kind == K_TRANSFER:
                    new = 0
                    for bit in paths[path]:
                        if not marked & bit:
                            new = bit
                            idx = bit.bit_length() - 1
                            transfers.append((idx, lines_through[idx]))
                            break
                else:
                    marks = marked & masks[line]
                    try:
                        travel = reach[path][marks]
                    except KeyError:
                        travel = sm.walk(card, path, marks)
                    new = travel[floor(draw() * floats[len(travel)])]
                marked |= new
                if special and special & new:  # follow-ups: the general steps, on the state
                    # written back (the first test spares most maps an int operation)
                    st.marked[0], st.open[0], st.free[0] = marked, opened, _free(sm, entries)
                    queue = [bit.bit_length() - 1 for bit in paths[path] if bit & new & special]
                    _follow_ups(sm, rules, st, 0, card, queue, rng, RANDOM, 0.0, 0, None, rounds)
                    marked, opened = st.marked[0], st.open[0]
            rounds += 1
            if not opened:
                st.over = True
                break
        first = 0
        for bit, mask in lines_by_bit:
            if marked & mask == mask:
                first |= bit
        st.marked[0], st.open[0], st.first[0], st.later[0] = marked, opened, first, 0
        st.free[0] = _free(sm, entries)
        st.first_taken, st.rounds = first, rounds
        yield st


def _free(sm: SimMap, entries: list[list[str]]) -> int:
    """The wagon windows still free on a sheet with these entries."""
    return sm.total_windows - sum(map(len, entries))


def _follow_ups(sm: SimMap, rules: VVRules, st: SimState, p: int, card: SimCard,
                queue: list[int], rng: random.Random, policy: int, explore: float,
                first_taken: int, made: list[Made] | None, rounds: int) -> None:
    """Seat ``p``'s follow-ups for the special stations in ``queue`` (in the order reached;
    a line card's lapse while no window is free), each chosen by ``policy``; with
    ``made``, each step is appended to it."""
    chains = rules.special_chains
    line_card = card[0] != K_FREE
    while queue:
        if line_card and not st.free[p]:
            break
        choice = _choose(sm, rules, st, p, card, first_taken, True, rng, policy, explore)
        if made is not None:
            made.append((rounds, card[4], _step_move(sm, choice)))
        path, k = choice
        more = _ride(sm, rules, st, p, k) if path < 0 else _mark_line(sm, st, p, card, path, k)
        queue = queue[1:] + more if chains else queue[1:]


def close_round(sm: SimMap, st: SimState, start: Sequence[int], all_full: bool) -> None:
    """The end of a round that turned the ``start`` marks into ``st``'s: completions (the
    first to complete a line take its first bonus, together in one round; later ones the
    later bonus), the rounds counted, and whether the game is over."""
    done: dict[int, list[int]] = {}
    full = 0
    for p, marked in enumerate(st.marked):
        if not st.open[p]:
            full += 1
        new = marked ^ start[p]
        if not new:
            continue
        for line in _completed(sm, marked, new, st.first[p] | st.later[p]):
            done.setdefault(line, []).append(p)
    for line in sorted(done):
        bit = 1 << line
        scores = st.first if not st.first_taken & bit else st.later
        for p in done[line]:
            scores[p] |= bit
        st.first_taken |= bit
    st.rounds += 1
    st.over = full > 0 and (full == len(st.marked) if all_full else True)


#: The engine bots (:data:`.bots.BOTS`) the loop plays as policies.
POLICIES = {"random": RANDOM, "greedy": GREEDY}


def play_seeded(network: Network, rules: VVRules, players: Sequence[str], policy: int,
                seed: str, generators: tuple[random.Random, random.Random] | None = None
                ) -> SimState:
    """A whole seeded self-play game (the cards from ``seed``, the bots' chance from
    ``<seed>/bot``, as :func:`.simulate.play_game`), every seat playing ``policy``.
    ``generators`` (cards', bots') are seeded again for this game instead of two new ones
    made."""
    cards_rng, bot_rng = generators or (None, None)
    sm = sim_map(network)
    rng = seeded_rng(f"{seed}/bot", bot_rng)
    state = SimState(sm, len(players))
    cards = deal(sm, rules, seed, cards_rng)
    if policy == RANDOM and len(players) == 1:
        return next(random_solo_games(sm, rules, state, [(cards, rng)]))
    return run_rounds(sm, rules, state, cards, rng, policy)


def rollout(state: GameState, player: int, cards: Iterable[Card], rng: random.Random, *,
            explore: float = 0.0, fixed: Fixed = (), made: list[Made] | None = None) -> float:
    """Play the engine's game ``state`` (between rounds or in one) out here, greedily (a
    random step at rate ``explore``) for every step not ``fixed``, the cards coming from
    ``cards``; ``player``'s final total. With ``made``, the player's steps are appended
    to it. The search's rollouts (:mod:`.search`): the engine's own greedy play, faster."""
    rules = state.rules
    sm = sim_map(state.network)
    st = SimState.of(sm, state)
    if state.card is not None:  # the round in progress: every step still owed, its end
        card = sm.card(state.card)
        row = fixed[state.rounds] if state.rounds < len(fixed) else None
        for p, moved in enumerate(state.moved):
            mine = made if p == player else None
            if not moved:
                move = row[p] if row is not None and p != player else None
                if move is not None:
                    play_move(sm, rules, st, p, card, move)
                else:
                    play_seat(sm, rules, st, p, card, state.first_taken, rng, GREEDY, explore,
                              mine)
            elif state.owed[p]:
                _follow_ups(sm, rules, st, p, card, list(state.owed[p]), rng, GREEDY, explore,
                            state.first_taken, mine, state.rounds)
        close_round(sm, st, [sheet.marked for sheet in state.start],
                    rules.game_end == "all_full")
    run_rounds(sm, rules, st, records(sm, cards), rng, GREEDY, explore=explore, fixed=fixed,
               me=player, made=made)
    return st.total(sm, rules, player)


def piles_ahead(sm: SimMap, deck: Sequence[SimCard], triggers: Sequence[SimCard]) -> int:
    """How many piles to shuffle ahead for a solo game (:func:`.cards.dealt`): half as
    many again as a game needs on average — the map's windows, a card each, and the free
    rides drawn on the way, in piles of the deck's mean length up to a shuffle card. A
    game that outlasts them costs a second seeding, one that ends sooner the piles it did
    not use (Berlin: 6; 3 % of its games go on)."""
    n = len(deck)
    frees = sum(1 for card in deck if card[0] == K_FREE)
    cards = sm.total_windows * n / max(n - frees, 1)
    if not triggers:
        return max(1, ceil(int(cards) / n) + 1)
    mean = (n + 1) / (sum(1 for card in deck if card in triggers) + 1)
    return max(1, ceil(1.5 * cards / mean))


def random_solo_results(network: Network, rules: VVRules, seeds: Iterable[str],
                        generators: tuple[random.Random, random.Random]
                        ) -> Iterator[tuple[float, int, int]]:
    """Each seed's random solo game (:func:`play_seeded`'s) as its total, empty stations
    and rounds, played on one state emptied between games (``vv simulate``'s loop: a
    fresh state's lists cost more than emptying them)."""
    cards_rng, bot_rng = generators
    sm = sim_map(network)
    rounding = rules.empty_rounding
    deck, triggers = sm.deck(rules)
    games = ((cards, seeded_rng(f"{seed}/bot", bot_rng))
             for seed, cards in dealt(seeds, deck, triggers, piles_ahead(sm, deck, triggers),
                                      cards_rng))
    for st in random_solo_games(sm, rules, SimState(sm, 1), games):
        total, empty = sheet_result(sm, rounding, st.marked[0], st.first[0], st.later[0],
                                    st.transfers[0])
        yield total, empty, st.rounds
