"""The Mille Fiori engine: an immutable game state and ``apply(state, action) -> state``.

A game is a fold over actions:

* :class:`Play` — a player plays a card: a diamond on a board space, or ``SHIP`` to move
  the ship. Played from the hand when it is the player's turn, from the display when the
  player owes a bonus card.
* :class:`EmptyDisplay` — an owed bonus card cannot be taken because the display is empty
  (only needed when the display is not tracked: a tracked empty display pays at once).
* :class:`EndRound` — the round's leftover cards go to the display; the next round starts.

``apply`` either returns the next state, whose ``events`` say who scored how many points
and why, or raises a :class:`RuleViolation` naming the rule. The state is a NamedTuple of
ints and tuples (no pydantic) so bots can play hundreds of games a second; all rule
options are read once into a :class:`Config`.

The "Order and edge cases" of the rules are implemented as written there; the [default]
ones follow the ruleset options (``harbor_order``, ``field_timing``,
``field_marker_diamond``, ``field_without_diamond``, ``last_diamond_end``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorepad.rules.common.errors import ContentError, RuleViolation

from .board import (
    AREAS,
    HARBOR,
    NOBILI,
    POPULI,
    RESIDENCES,
    SHIP_TRACK_LENGTH,
    TRADE,
    WORKSHOPS,
    Board,
    board,
)
from .options import PLAYER_COUNTS, Options, default_options

SHIP = -1  # the space of a ship move
CATEGORIES = (*AREAS, "ship", "bonus_fields", "empty_display")
SHIP_CAT, FIELD_CAT, EMPTY_CAT = 6, 7, 8
NCAT = len(CATEGORIES)

# Phases: waiting for a hand play, for an owed bonus card, for the round's leftovers; over.
PLAY, BONUS, ROUND_END, OVER = "play", "bonus", "round_end", "over"


class Play(NamedTuple):
    """``player`` plays card kind ``card`` onto ``space`` (a board index, or ``SHIP``)."""

    player: int
    card: int
    space: int


class EmptyDisplay(NamedTuple):
    """``player`` owes a bonus card but the (untracked) display is empty: 5 points instead."""

    player: int


class EndRound(NamedTuple):
    """The round is over; ``leftover`` (card kinds, or None when not recorded) go to the display."""

    leftover: tuple[int, ...] | None = None


Action = Play | EmptyDisplay | EndRound


class Event(NamedTuple):
    """Something that happened: ``player`` (-1: nobody) got ``points`` in ``kind`` because ``why``.

    ``kind`` is a scoring category (an area, ``ship``, ``bonus_fields``, ``empty_display``)
    or a 0-point notice: ``bonus`` (a bonus card is owed), ``field`` (a field was missed),
    ``end`` (the game ends).
    """

    player: int
    points: int
    kind: str
    why: str


@dataclass(frozen=True)
class Config:
    """Everything fixed for one game: board, rules, players and the option values."""

    board: Board
    rules: Options
    names: tuple[str, ...]
    diamonds: int
    hand: int
    display_size: int
    plays: int             # cards each player plays in a round
    turns_per_round: int
    rounds: int            # rounds the deck can deal
    empty_points: int
    ship_first: bool
    fields_at_action: bool
    marker_diamond: bool
    field_without_diamond: bool
    last_end: str
    full_mask: tuple[int, ...]  # per area: the mask meaning "all symbols"
    has_field: tuple[bool, ...]

    @property
    def players(self) -> int:
        return len(self.names)


class State(NamedTuple):
    """One moment of a game. Treat as immutable; ``apply`` builds the next one."""

    cfg: Config
    owner: tuple[int, ...]        # per space: the player whose diamond is on it, -1 free
    points: tuple[int, ...]       # player * NCAT + category
    diamonds: tuple[int, ...]     # left in each player's supply
    ship: tuple[int, ...]         # ship positions, 0 = start, 20 = end of the track
    have: tuple[int, ...]         # player * 6 + area: mask of symbols/values covered
    claimed: tuple[int, ...]      # per player: mask of areas whose field they took
    field_taken: tuple[int, ...]  # per area: how many field values are taken
    res_next: int                 # the next free house
    display: tuple[int, ...] | None  # sorted card kinds on display; None = not tracked
    seen: tuple[int, ...]         # per card kind: copies seen so far (the deck limit)
    pool: tuple[int, ...]         # untracked display: leftover kinds a bonus may come from
    hidden: int                   # untracked display: bonus cards from the setup display
    round: int                    # 0-based
    start: int                    # the round's start player
    turn: int                     # hand turns begun in this round
    turns: int                    # hand turns begun in the game
    phase: str
    pending: int                  # the player owing a bonus card, or -1
    pending_why: str
    ending: bool                  # someone placed their last diamond
    end_reason: str | None        # "deck" or "diamonds" once over
    leftover_done: bool           # this round's leftovers were recorded
    bonus_cards: tuple[int, ...]  # per player: bonus cards taken
    events: tuple[Event, ...]     # what the last action did

    # -- derived views -------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.cfg.names)

    @property
    def to_move(self) -> int:
        """Who acts next: the bonus owner, or the player whose hand turn it is (-1: nobody)."""
        if self.phase == BONUS:
            return self.pending
        if self.phase == PLAY:
            return (self.start + self.turn) % self.players
        if self.phase == ROUND_END and not self.finished:
            return (self.start + 1) % self.players
        return -1

    @property
    def finished(self) -> bool:
        """The game is over (only the last round's leftovers may still be recorded)."""
        if self.phase == OVER:
            return True
        return self.phase == ROUND_END and (self.ending or self.round + 1 >= self.cfg.rounds)

    @property
    def ended_by(self) -> str | None:
        """``deck`` or ``diamonds`` once the game is finished, else None."""
        if not self.finished:
            return None
        return self.end_reason or ("diamonds" if self.ending else "deck")

    @property
    def rounds_played(self) -> int:
        """Rounds begun so far."""
        return self.round + (1 if self.turn > 0 else 0)

    def total(self, player: int) -> int:
        """A player's score: the plain sum of every category (laps are only for display)."""
        return sum(self.points[player * NCAT:(player + 1) * NCAT])

    def category(self, player: int, name: str) -> int:
        """A player's points in one category (``trade``, ``ship``, ``bonus_fields`` ...)."""
        return self.points[player * NCAT + CATEGORIES.index(name)]


# ---------------------------------------------------------------------------- set-up
def make_config(players: int | Sequence[str], rules: Options | Any = None,
                game_board: Board | None = None) -> Config:
    """The fixed part of a game for a number of players or their names.

    ``rules`` are :class:`Options` or a validated ruleset model (default: ``mf-1``).
    """
    b = game_board or board()
    r = default_options() if rules is None else Options.of(rules)
    names = tuple(f"P{i + 1}" for i in range(players)) if isinstance(players, int) else tuple(players)
    n = len(names)
    if n not in PLAYER_COUNTS:
        raise ContentError(f"Mille Fiori is played by 2 to 4 players, not {n}")
    size = r.display_size[n]
    full = tuple((1 << len(b.symbols[a])) - 1 for a in range(len(AREAS)))
    return Config(
        board=b, rules=r, names=names, diamonds=r.diamonds, hand=r.hand_size,
        display_size=size, plays=r.plays_per_round[n],
        turns_per_round=r.plays_per_round[n] * n,
        rounds=max(0, (len(b.deck) - size) // (r.hand_size * n)),
        empty_points=r.empty_display_points, ship_first=r.harbor_order == "ship_first",
        fields_at_action=r.field_timing == "action", marker_diamond=r.field_marker_diamond,
        field_without_diamond=r.field_without_diamond, last_end=r.last_diamond_end,
        full_mask=full, has_field=tuple(a in b.field_areas for a in range(len(AREAS))),
    )


def setup(players: int | Sequence[str], rules: Options | Any = None, *,
          display: Sequence[int] | None = None, start: int = 0,
          game_board: Board | None = None) -> State:
    """The state before the first card: empty board, full supplies, ships at the start.

    ``display`` is the setup display as card kinds (None: not tracked); ``start`` the
    first round's start player.
    """
    cfg = make_config(players, rules, game_board)
    b, n = cfg.board, cfg.players
    if not 0 <= start < n:
        raise ContentError(f"no player {start + 1} to start")
    seen = [0] * len(b.cards)
    shown: tuple[int, ...] | None = None
    if display is not None:
        if len(display) != cfg.display_size:
            raise RuleViolation(f"the setup display holds {cfg.display_size} cards with {n} "
                                f"players, not {len(display)}", rule="display-size")
        for k in display:
            _see(seen, b, k)
        shown = tuple(sorted(display))
    return State(
        cfg=cfg, owner=(-1,) * b.spaces, points=(0,) * (n * NCAT), diamonds=(cfg.diamonds,) * n,
        ship=(0,) * n, have=(0,) * (n * len(AREAS)), claimed=(0,) * n,
        field_taken=(0,) * len(AREAS), res_next=0, display=shown, seen=tuple(seen),
        pool=(0,) * len(b.cards), hidden=0, round=0, start=start, turn=0, turns=0, phase=PLAY,
        pending=-1, pending_why="", ending=False, end_reason=None, leftover_done=False,
        bonus_cards=(0,) * n, events=(),
    )


def _see(seen: list[int], b: Board, kind: int) -> None:
    """Count one more copy of a card kind; refuse a copy the deck does not hold."""
    if not 0 <= kind < len(b.cards):
        raise ContentError(f"unknown card kind {kind}")
    seen[kind] += 1
    if seen[kind] > b.card_count[kind]:
        held = b.card_count[kind]
        raise RuleViolation(f"{b.cards[kind].id}: the deck holds {held} such card"
                            f"{'s' if held > 1 else ''}, this is copy {seen[kind]}",
                            rule="deck-limit")


# ------------------------------------------------------------------ legal placements
def check_place(state: State, player: int, card: int, space: int) -> None:
    """Raise a RuleViolation naming the rule unless ``player`` may place ``card`` on ``space``."""
    _check_place(state.cfg, state.owner, state.diamonds, state.res_next, player, card, space)


def _check_place(cfg: Config, owner: Sequence[int], diamonds: Sequence[int], res_next: int,
                 player: int, card: int, space: int) -> None:
    b = cfg.board
    c = b.cards[card]
    name = cfg.names[player]
    if not 0 <= space < b.spaces:
        raise ContentError(f"unknown space index {space}")
    sid = b.space_ids[space]
    area = b.space_area[space]
    if diamonds[player] <= 0:
        raise RuleViolation(f"{name} has no diamond left: only a ship move is possible",
                            rule="no-diamond")
    if area != c.area:
        raise RuleViolation(f"a {AREAS[c.area]} card cannot place on {sid} "
                            f"(it places in the {AREAS[c.area]} area)", rule="wrong-area")
    holder = owner[space]
    if holder >= 0:
        raise RuleViolation(f"{sid} is taken ({cfg.names[holder]}'s diamond)", rule="space-taken")
    loc = b.space_local[space]
    if area in (WORKSHOPS, TRADE):
        if b.space_symbol[space] != c.symbol:
            what = "material" if area == WORKSHOPS else "good"
            raise RuleViolation(f"{sid} is {b.symbols[area][b.space_symbol[space]]}; a "
                                f"{b.symbols[area][c.symbol]} card needs a space of its {what}",
                                rule=f"{AREAS[area]}-symbol")
    elif area == RESIDENCES:
        if loc != res_next:
            free = f"residences/{res_next} is" if res_next < b.area_size[area] else "all are taken"
            raise RuleViolation(f"{sid} is not the next free house ({free})",
                                rule="residences-order")
    elif area in (NOBILI, POPULI):
        base = b.area_start[area]
        rests = b.tp_rests_on[loc]
        if any(owner[base + i] < 0 for i in rests):
            lower = "middle" if b.tp_level[loc] == "top" else "bottom"
            raise RuleViolation(f"{sid} needs both {lower} spaces below it filled",
                                rule="townspeople-support")


def legal_spaces(state: State, player: int, card: int) -> tuple[int, ...]:
    """Every free space ``player`` may place ``card`` on now (the ship move is always legal)."""
    if state.diamonds[player] <= 0:
        return ()
    b = state.cfg.board
    c = b.cards[card]
    owner = state.owner
    area = c.area
    if area == WORKSHOPS:
        return tuple(s for s in b.ws_by_material[c.symbol] if owner[s] < 0)
    if area == TRADE:
        return tuple(s for s in b.trade_column[c.symbol] if owner[s] < 0)
    if area == RESIDENCES:
        return (b.area_start[RESIDENCES] + state.res_next,) if state.res_next < b.area_size[
            RESIDENCES] else ()
    if area == HARBOR:
        return tuple(s for row in b.harbor_row for s in row if owner[s] < 0)
    base = b.area_start[area]
    rests = b.tp_rests_on
    return tuple(base + i for i in range(b.area_size[area])
                 if owner[base + i] < 0 and all(owner[base + j] >= 0 for j in rests[i]))


def placement_choices(state: State, player: int, card: int) -> tuple[int, ...]:
    """Like :func:`legal_spaces`, but the interchangeable ship spaces of one harbor row are
    given once (its first free space): the choices a player really has."""
    spaces = legal_spaces(state, player, card)
    b = state.cfg.board
    if not spaces or b.cards[card].area != HARBOR:
        return spaces
    ships = len(b.harbor_row[0])
    h0 = b.area_start[HARBOR]
    out: list[int] = []
    rows_seen: set[int] = set()
    for s in spaces:
        row = (s - h0) // ships
        if row not in rows_seen:
            rows_seen.add(row)
            out.append(s)
    return tuple(out)


# ---------------------------------------------------------------------------- apply
class _Work:
    """The mutable scratch copy of a state that one ``apply`` call works on."""

    __slots__ = ("cfg", "b", "owner", "points", "diamonds", "ship", "have", "claimed",
                 "field_taken", "res_next", "display", "seen", "pool", "hidden", "round",
                 "start", "turn", "turns", "phase", "pending", "pending_why", "ending",
                 "end_reason", "leftover_done", "bonus_cards", "events")

    def __init__(self, s: State) -> None:
        self.cfg = s.cfg
        self.b = s.cfg.board
        self.owner = list(s.owner)
        self.points = list(s.points)
        self.diamonds = list(s.diamonds)
        self.ship = list(s.ship)
        self.have = list(s.have)
        self.claimed = list(s.claimed)
        self.field_taken = s.field_taken
        self.res_next = s.res_next
        self.display = s.display
        self.seen = s.seen
        self.pool = s.pool
        self.hidden = s.hidden
        self.round = s.round
        self.start = s.start
        self.turn = s.turn
        self.turns = s.turns
        self.phase = s.phase
        self.pending = s.pending
        self.pending_why = s.pending_why
        self.ending = s.ending
        self.end_reason = s.end_reason
        self.leftover_done = s.leftover_done
        self.bonus_cards = s.bonus_cards
        self.events: list[Event] = []

    def freeze(self) -> State:
        return State(self.cfg, tuple(self.owner), tuple(self.points), tuple(self.diamonds),
                     tuple(self.ship), tuple(self.have), tuple(self.claimed), self.field_taken,
                     self.res_next, self.display, self.seen, self.pool, self.hidden, self.round,
                     self.start, self.turn, self.turns, self.phase, self.pending,
                     self.pending_why, self.ending, self.end_reason, self.leftover_done,
                     self.bonus_cards, tuple(self.events))

    def gain(self, player: int, points: int, cat: int, why: str) -> None:
        self.points[player * NCAT + cat] += points
        self.events.append(Event(player, points, CATEGORIES[cat], why))

    def note(self, player: int, kind: str, why: str) -> None:
        self.events.append(Event(player, 0, kind, why))


def apply(state: State, action: Action) -> State:
    """The state after ``action``, or a RuleViolation naming the rule it breaks."""
    if isinstance(action, Play):
        if state.phase == ROUND_END:
            state = apply(state, EndRound(None))
        w = _Work(state)
        _play(w, action)
        return w.freeze()
    if isinstance(action, EmptyDisplay):
        w = _Work(state)
        _empty_display(w, action.player)
        return w.freeze()
    if isinstance(action, EndRound):
        w = _Work(state)
        _end_round(w, action.leftover)
        return w.freeze()
    raise TypeError(f"not an action: {action!r}")


def _over_message(w: _Work) -> str:
    if w.end_reason == "diamonds":
        return "the game is over (a player placed their last diamond)"
    return f"the game is over (the deck cannot deal a round {w.round + 2})"


def _play(w: _Work, action: Play) -> None:
    cfg, b = w.cfg, w.b
    player, card, space = action
    n = cfg.players
    if not 0 <= player < n:
        raise ContentError(f"no player {player + 1}")
    if not 0 <= card < len(b.cards):
        raise ContentError(f"unknown card kind {card}")
    if w.phase == OVER:
        raise RuleViolation(_over_message(w), rule="game-over")
    name = cfg.names[player]
    if w.phase == BONUS:
        if player != w.pending:
            raise RuleViolation(f"{cfg.names[w.pending]} owes a bonus card; {name} cannot play "
                                "now", rule="turn-order")
        _take_from_display(w, card)
        w.bonus_cards = _bump(w.bonus_cards, player)
        w.pending = -1
    else:
        expected = (w.start + w.turn) % n
        if player != expected:
            raise RuleViolation(f"it is {cfg.names[expected]}'s turn, not {name}'s (play goes "
                                "round the table from the start player)", rule="turn-order")
        seen = list(w.seen)
        _see(seen, b, card)
        w.seen = tuple(seen)
        w.turn += 1
        w.turns += 1
    bonus_why = _resolve(w, player, card, space)
    _after_action(w, player, bonus_why)


def _bump(values: tuple[int, ...], i: int) -> tuple[int, ...]:
    out = list(values)
    out[i] += 1
    return tuple(out)


def _take_from_display(w: _Work, card: int) -> None:
    """Remove an owed bonus card from the display (tracked), or account for it (untracked)."""
    b = w.b
    if w.display is not None:
        if card not in w.display:
            shown = ", ".join(b.cards[k].id for k in w.display) or "nothing"
            raise RuleViolation(f"{b.cards[card].id} is not on the display (it holds: {shown})",
                                rule="not-on-display")
        rest = list(w.display)
        rest.remove(card)
        w.display = tuple(rest)
        return
    # Untracked display: the card is one of the round leftovers seen so far if possible,
    # otherwise one of the setup display's cards (which the deck limit then counts).
    if w.pool[card] > 0:
        pool = list(w.pool)
        pool[card] -= 1
        w.pool = tuple(pool)
        return
    seen = list(w.seen)
    _see(seen, b, card)
    w.seen = tuple(seen)
    w.hidden += 1
    if w.hidden > w.cfg.display_size:
        raise RuleViolation(f"more bonus cards than the setup display ({w.cfg.display_size} "
                            "cards) and the leftovers could have held", rule="not-on-display")


def _resolve(w: _Work, player: int, card: int, space: int) -> str:
    """Carry out one card's action; returns why a bonus card was earned ("" if none)."""
    b = w.b
    c = b.cards[card]
    if space == SHIP:
        return _ship(w, player, c.number)
    _check_place(w.cfg, w.owner, w.diamonds, w.res_next, player, card, space)
    area = b.space_area[space]
    bonus = ""
    if area == HARBOR and w.cfg.ship_first:
        bonus = _ship(w, player, c.number)
    w.owner[space] = player
    w.diamonds[player] -= 1
    if area == WORKSHOPS:
        bonus = _workshops(w, player, space)
    elif area == RESIDENCES:
        bonus = _residences(w, player, space)
    elif area in (NOBILI, POPULI):
        bonus = _townspeople(w, player, card, space)
    elif area == TRADE:
        bonus = _trade(w, player, space)
    else:
        _harbor(w, player, space)
        if not w.cfg.ship_first:
            bonus = _ship(w, player, c.number)
    if w.cfg.fields_at_action and w.cfg.has_field[area]:
        _check_field(w, player, area)
    if w.diamonds[player] == 0 and not w.ending:
        _last_diamond(w, player)
    return bonus


def _last_diamond(w: _Work, player: int) -> None:
    w.ending = True
    when = {"turn": "after this turn", "round": "at the end of this round",
            "action": "now"}[w.cfg.last_end]
    w.note(player, "end", f"last diamond placed: the game ends {when}")


def _ship(w: _Work, player: int, number: int) -> str:
    start = w.ship[player]
    if start >= SHIP_TRACK_LENGTH:
        w.note(player, "ship", f"ship already on {SHIP_TRACK_LENGTH}: it scores nothing")
        return ""
    end = min(start + number, SHIP_TRACK_LENGTH)
    w.ship[player] = end
    w.gain(player, w.b.ship_points[end], SHIP_CAT, f"ship {start}→{end}")
    return f"ship lands on {end}" if w.b.ship_bonus[end] else ""


def _workshops(w: _Work, player: int, space: int) -> str:
    b, owner = w.b, w.owner
    group = {space}
    stack = [space]
    neighbours = b.ws_neighbours
    while stack:
        for nb in neighbours[stack.pop()]:
            if owner[nb] == player and nb not in group:
                group.add(nb)
                stack.append(nb)
    material = b.space_symbol[space]
    double = material == b.ws_double
    size = len(group)
    why = f"group of {size}" + (f", ×2 on {b.symbols[WORKSHOPS][material]}" if double else "")
    w.gain(player, size * (2 if double else 1), WORKSHOPS, why)
    w.have[player * 6 + WORKSHOPS] |= 1 << material
    tri = b.ws_triangle[space]
    if all(owner[t] >= 0 for t in tri):
        return "bonus triangle " + "-".join(str(b.space_local[t]) for t in tri) + " complete"
    return ""


def _residences(w: _Work, player: int, space: int) -> str:
    b, owner = w.b, w.owner
    r0 = b.area_start[RESIDENCES]
    loc = space - r0
    values = b.res_values
    total = values[loc]
    j = loc - 1
    while j >= 0 and owner[r0 + j] == player:
        total += values[j]
        j -= 1
    back = loc - 1 - j
    why = f"house of value {values[loc]}" + (f" + {back} own house{'s' if back > 1 else ''} "
                                             "before it" if back else "")
    w.gain(player, total, RESIDENCES, why)
    w.res_next = loc + 1
    slot = player * 6 + RESIDENCES
    before = w.have[slot].bit_count()
    w.have[slot] |= b.res_value_bit[loc]
    after = w.have[slot].bit_count()
    if after != before and after in b.res_bonus_at:
        return f"houses of {after} different values"
    return ""


def _townspeople(w: _Work, player: int, card: int, space: int) -> str:
    b, owner = w.b, w.owner
    area = b.space_area[space]
    base = b.area_start[area]
    loc = space - base
    symbol = b.space_symbol[space]
    match = symbol == b.cards[card].symbol
    pts = b.tp_points[loc]
    level = b.tp_level[loc]
    w.gain(player, pts * (2 if match else 1), area,
           f"{level} space" + (f", ×2 {b.symbols[area][symbol]}" if match else ""))
    sid = b.space_ids[space]
    for sup, paid in b.tp_pays[loc]:
        holder = owner[base + sup]
        if holder >= 0:
            w.gain(holder, paid, area, f"{AREAS[area]}/{sup} supports {sid}")
    w.have[player * 6 + area] |= 1 << symbol
    return f"top space {sid}" if loc in b.tp_tops else ""


def _trade(w: _Work, player: int, space: int) -> str:
    b, owner = w.b, w.owner
    good = b.space_symbol[space]
    counts: dict[int, int] = {}
    for s in b.trade_column[good]:
        holder = owner[s]
        if holder >= 0:
            counts[holder] = counts.get(holder, 0) + 1
    on_column = sum(counts.values())
    name = b.goods[good]
    for holder, k in counts.items():
        w.gain(holder, k * on_column, TRADE,
               f"{k} diamond{'s' if k > 1 else ''} × {on_column} on {name}")
    w.have[player * 6 + TRADE] |= 1 << good
    mine = counts.get(player, 0)
    if any(k > mine for holder, k in counts.items() if holder != player):
        return f"{name} scoring gave another player more points"
    return ""


def _harbor(w: _Work, player: int, space: int) -> None:
    b, owner = w.b, w.owner
    ships = len(b.harbor_row[0])
    row = (space - b.area_start[HARBOR]) // ships
    spaces = b.harbor_row[row]
    if any(owner[s] < 0 for s in spaces):
        return
    goods = sum(1 for s in b.trade_row[row] if owner[s] >= 0)
    pay = b.harbor_payout[goods]
    for s in spaces:
        w.gain(owner[s], pay, HARBOR, f"harbor row {row} full, {goods} trade "
               f"good{'s' if goods != 1 else ''} beside it")


def _meets(w: _Work, player: int, area: int) -> bool:
    mask = w.have[player * 6 + area]
    if area == RESIDENCES:
        return mask.bit_count() >= w.b.res_field_at
    return mask == w.cfg.full_mask[area]


def _check_field(w: _Work, player: int, area: int) -> None:
    """Claim ``area``'s 20/15/10/5 field if ``player`` first meets its condition now."""
    bit = 1 << area
    if w.claimed[player] & bit or not _meets(w, player, area):
        return
    taken = w.field_taken[area]
    values = w.b.field_values
    if taken >= len(values):
        return
    cfg = w.cfg
    if cfg.marker_diamond:
        if w.diamonds[player] > 0:
            w.diamonds[player] -= 1
        elif not cfg.field_without_diamond:
            w.note(player, "field", f"{AREAS[area]} field not claimed: no diamond left")
            return
    w.claimed[player] |= bit
    w.field_taken = w.field_taken[:area] + (taken + 1,) + w.field_taken[area + 1:]
    w.gain(player, values[taken], FIELD_CAT, f"{AREAS[area]} field")


def _after_action(w: _Work, player: int, bonus_why: str) -> None:
    """Settle what follows an action: the owed bonus card, the turn's end, the game's end."""
    cfg = w.cfg
    if w.ending and cfg.last_end == "action":
        if bonus_why:
            w.note(player, "bonus", f"{bonus_why}: no bonus card, the game is over")
        _finish_turn(w, player)
        return
    if bonus_why:
        if w.display is not None and not w.display:
            w.note(player, "bonus", f"{bonus_why}: bonus card earned")
            w.gain(player, cfg.empty_points, EMPTY_CAT, "the display is empty")
        else:
            w.note(player, "bonus", f"{bonus_why}: bonus card earned")
            w.pending = player
            w.pending_why = bonus_why
            w.phase = BONUS
            return
    _finish_turn(w, player)


def _empty_display(w: _Work, player: int) -> None:
    if w.phase != BONUS or player != w.pending:
        raise RuleViolation(f"{w.cfg.names[player]} owes no bonus card", rule="no-bonus-owed")
    if w.display:
        raise RuleViolation(f"the display holds {len(w.display)} cards: the owed bonus card "
                            "must be taken from it", rule="bonus-owed")
    w.gain(player, w.cfg.empty_points, EMPTY_CAT, "the display is empty")
    _finish_turn(w, player)


def _finish_turn(w: _Work, player: int) -> None:
    cfg = w.cfg
    w.pending = -1
    w.pending_why = ""
    if not cfg.fields_at_action:
        for area in range(len(AREAS)):
            if cfg.has_field[area]:
                _check_field(w, player, area)
        if w.diamonds[player] == 0 and not w.ending:
            _last_diamond(w, player)
    if w.ending and cfg.last_end in ("turn", "action"):
        w.phase = OVER
        w.end_reason = "diamonds"
        w.note(-1, "end", "game over: a player has placed their last diamond")
    elif w.turn >= cfg.turns_per_round:
        w.phase = ROUND_END
        if w.ending or w.round + 1 >= cfg.rounds:
            why = ("a player has placed their last diamond" if w.ending
                   else "the deck cannot deal another round")
            w.note(-1, "end", f"game over after this round: {why}")
    else:
        w.phase = PLAY


def _end_round(w: _Work, leftover: tuple[int, ...] | None) -> None:
    cfg, b = w.cfg, w.b
    if w.phase in (PLAY, BONUS):
        raise RuleViolation(f"round {w.round + 1} is not over: {w.turn} of "
                            f"{cfg.turns_per_round} turns played", rule="round-length")
    if leftover is not None:
        if w.leftover_done:
            raise RuleViolation("this round's leftovers are recorded already", rule="leftover")
        expected = cfg.hand * cfg.players - w.turn
        if len(leftover) != expected:
            raise RuleViolation(f"{len(leftover)} leftover cards; {cfg.players} hands of "
                                f"{cfg.hand} after {w.turn} turns leave {expected}",
                                rule="leftover")
        seen = list(w.seen)
        for k in leftover:
            _see(seen, b, k)
        w.seen = tuple(seen)
        if w.display is not None:
            w.display = tuple(sorted((*w.display, *leftover)))
        else:
            pool = list(w.pool)
            for k in leftover:
                pool[k] += 1
            w.pool = tuple(pool)
        w.leftover_done = True
    if w.phase == OVER:
        return
    if w.ending or w.round + 1 >= cfg.rounds:
        w.phase = OVER
        w.end_reason = "diamonds" if w.ending else "deck"
        return
    w.round += 1
    w.start = (w.start + 1) % cfg.players
    w.turn = 0
    w.leftover_done = False
    w.phase = PLAY


def preview(state: State, player: int, card: int, space: int) -> tuple[tuple[Event, ...], str]:
    """What ``player`` playing ``card`` on ``space`` (or ``SHIP``) would score right now.

    Returns the events and why a bonus card would be earned ("" if none), without
    changing ``state`` and without checking whose turn it is. Illegal placements raise
    the RuleViolation ``apply`` would.
    """
    w = _Work(state)
    bonus = _resolve(w, player, card, space)
    return tuple(w.events), bonus


def arrange(state: State, owners: dict[int, int] | None = None, *,
            ships: Sequence[int] | None = None, diamonds: Sequence[int] | None = None,
            to_move: int | None = None) -> State:
    """A position for worked examples, tests and printed aids: diamonds put on spaces
    (``{space: player}``) without scoring, each taken from its owner's supply; optionally
    ship positions, supplies, and who plays next. Houses must be filled from the first.
    """
    w = _Work(state)
    b = w.b
    for space, player in (owners or {}).items():
        if w.owner[space] >= 0:
            raise ValueError(f"{b.space_ids[space]} is taken")
        w.owner[space] = player
        w.diamonds[player] -= 1
        area = b.space_area[space]
        if area == RESIDENCES:
            w.have[player * 6 + area] |= b.res_value_bit[b.space_local[space]]
        elif area != HARBOR:
            w.have[player * 6 + area] |= 1 << b.space_symbol[space]
    r0 = b.area_start[RESIDENCES]
    houses = [i for i in range(b.area_size[RESIDENCES]) if w.owner[r0 + i] >= 0]
    if houses != list(range(len(houses))):
        raise ValueError("houses are filled in line order, from residences/0")
    w.res_next = len(houses)
    if ships is not None:
        w.ship = list(ships)
    if diamonds is not None:
        w.diamonds = list(diamonds)
    if to_move is not None:
        w.start = (to_move - w.turn) % w.cfg.players
    w.events = []
    return w.freeze()
