"""The Mille Fiori rules engine: an immutable game state and ``apply(state, action) -> state``.

A game is a fold over actions:

* :class:`Play` — a player plays a card: a diamond on a board space, or ``SHIP`` to move
  the ship. Played from the hand when it is the player's turn, from the display when the
  player owes a bonus card.
* :class:`EmptyDisplay` — an owed bonus card cannot be taken because the display is empty
  (only needed when the display is not tracked: a tracked empty display pays at once).
* :class:`EndRound` — the round's leftover cards go to the display; the next round starts.

``apply`` either returns the next state, whose ``events`` say who scored how many points
and why, or raises a :class:`RuleViolation` naming the rule. The state is a NamedTuple
that no one changes: each step of an action (a diamond placed, points scored, a field
claimed) returns a new state, and the events of the action gather in its ``events``.

This engine is written to be read: it is what the game protocol, the table, every replay
and every check run. Bot games for ``mf simulate`` are played by the simulator
(:mod:`.simulator`), which plays the same games on packed data and is held equal to this
engine by ``tests/test_mf_simulator.py``.

The "Order and edge cases" of the rules are implemented as written there; the [default]
ones follow the ruleset options (``harbor_order``, ``landing_bonus``, ``field_timing``,
``field_marker_diamond``, ``field_without_diamond``, ``last_diamond_end``,
``reserve_diamonds``, ``townspeople_top``), read from ``Config.rules`` where they apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol, cast

from scorepad.rules.common.errors import ContentError, RuleViolation, Term

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
from .ruleset import PLAYER_COUNTS, MFRules, default_rules
from .words import reason

SHIP = -1  # the space of a ship move
CATEGORIES = (*AREAS, "ship", "bonus_fields", "empty_display")
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
    """Everything fixed for one game: board, rules, players and the sizes they give."""

    board: Board
    rules: MFRules
    names: tuple[str, ...]
    diamonds: int          # each player's supply at the start
    hand: int              # cards dealt to each player a round
    display_size: int      # cards of the setup display
    plays: int             # cards each player plays in a round
    turns_per_round: int
    rounds: int            # rounds the deck can deal
    empty_points: int      # for an owed bonus card the empty display cannot give

    @property
    def players(self) -> int:
        return len(self.names)


class _Moment(Protocol):
    """What :class:`Views` reads of a state (the engine's and the simulator's have it)."""

    @property
    def cfg(self) -> Config: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def phase(self) -> str: ...
    @property
    def pending(self) -> int: ...
    @property
    def start(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def ending(self) -> bool: ...
    @property
    def end_reason(self) -> str | None: ...
    @property
    def players(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    @property
    def round_start(self) -> int: ...


class Views:
    """What a state says beyond its fields: whose move it is, whether and how the game
    ended, the scores. Shared by the engine's :class:`State` and the simulator's state."""

    __slots__ = ()

    @property
    def players(self: _Moment) -> int:
        return len(self.cfg.names)

    @property
    def to_move(self: _Moment) -> int:
        """Who acts next: the bonus owner, or the player whose hand turn it is (-1: nobody)."""
        if self.phase == BONUS:
            return self.pending
        if self.phase == PLAY:
            return (self.start + self.turn) % self.players
        if self.phase == ROUND_END and not self.finished:
            return self.round_start
        return -1

    @property
    def round_start(self: _Moment) -> int:
        """The start player of the round being played, or at a round's end of the next:
        the start player passes to the left each round."""
        return (self.start + 1) % self.players if self.phase == ROUND_END else self.start

    @property
    def finished(self: _Moment) -> bool:
        """The game is over (only the last round's leftovers may still be recorded)."""
        if self.phase == OVER:
            return True
        return self.phase == ROUND_END and (self.ending or self.round + 1 >= self.cfg.rounds)

    @property
    def ended_by(self: _Moment) -> str | None:
        """``deck`` or ``diamonds`` once the game is finished, else None."""
        if not self.finished:
            return None
        return self.end_reason or ("diamonds" if self.ending else "deck")

    @property
    def rounds_played(self: _Moment) -> int:
        """Rounds begun so far."""
        return self.round + (1 if self.turn > 0 else 0)

    def total(self: _Moment, player: int) -> int:
        """A player's score: the plain sum of every category (laps are only for display)."""
        return sum(self.points[player * NCAT:(player + 1) * NCAT])

    def category(self: _Moment, player: int, name: str) -> int:
        """A player's points in one category (``trade``, ``ship``, ``bonus_fields`` ...)."""
        return self.points[player * NCAT + CATEGORIES.index(name)]


class _StateFields(NamedTuple):
    """The fields of :class:`State`."""

    cfg: Config
    owner: tuple[int, ...]        # per space: the player whose diamond is on it, -1 free
    points: tuple[int, ...]       # player * NCAT + category
    diamonds: tuple[int, ...]     # left in each player's supply
    ship: tuple[int, ...]         # ship positions, 0 = start, 20 = end of the track
    claimed: tuple[int, ...]      # per player: bit mask of the areas whose field they took
    field_taken: tuple[int, ...]  # per area: how many field values are taken
    display: tuple[int, ...] | None  # sorted card kinds on display; None = not tracked
    seen: tuple[int, ...]         # per card kind: copies seen so far (played, on the
                                  # display or left over): the deck limit
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
    deferred: int = -1            # a harbor space whose diamond waits for the landing's
                                  # bonus card (landing_bonus: at_landing), or -1


class State(_StateFields, Views):
    """One moment of a game. Immutable: ``apply`` builds the next one."""

    __slots__ = ()

    @property
    def mine(self) -> tuple[int, ...]:
        """Per player: the spaces holding their diamonds, as a bit mask (bit i: space i)."""
        return tuple(sum(1 << space for space, who in enumerate(self.owner) if who == player)
                     for player in range(self.players))

    @property
    def taken(self) -> int:
        """The spaces holding a diamond (anyone's), as a bit mask."""
        return sum(1 << space for space, who in enumerate(self.owner) if who >= 0)


# ---------------------------------------------------------------------------- set-up
def make_config(players: int | Sequence[str], rules: MFRules | None = None,
                game_board: Board | None = None) -> Config:
    """The fixed part of a game for a number of players or their names (default rules:
    the bundled ``mf-1``)."""
    b = game_board or board()
    r = default_rules() if rules is None else rules
    names = (tuple(f"P{i + 1}" for i in range(players)) if isinstance(players, int)
             else tuple(players))
    if len(names) not in PLAYER_COUNTS:
        raise ContentError(f"Mille Fiori is played by 2 to 4 players, not {len(names)}")
    n = cast(Literal[2, 3, 4], len(names))
    size = r.display_size[n]
    return Config(board=b, rules=r, names=names, diamonds=r.diamonds, hand=r.hand_size,
                  display_size=size, plays=r.plays_per_round[n],
                  turns_per_round=r.plays_per_round[n] * n,
                  rounds=max(0, (len(b.deck) - size) // (r.hand_size * n)),
                  empty_points=r.empty_display_points)


def setup(players: int | Sequence[str], rules: MFRules | None = None, *,
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
    seen = (0,) * len(b.cards)
    shown: tuple[int, ...] | None = None
    if display is not None:
        if len(display) != cfg.display_size:
            raise RuleViolation(f"the setup display holds {cfg.display_size} cards with {n} "
                                f"players, not {len(display)}", rule="display-size")
        seen = _see(cfg, seen, display)
        shown = tuple(sorted(display))
    return State(
        cfg=cfg, owner=(-1,) * b.spaces, points=(0,) * (n * NCAT),
        diamonds=(cfg.diamonds,) * n, ship=(0,) * n, claimed=(0,) * n,
        field_taken=(0,) * len(AREAS), display=shown, seen=seen, pool=(0,) * len(b.cards),
        hidden=0, round=0, start=start, turn=0, turns=0, phase=PLAY, pending=-1,
        pending_why="", ending=False, end_reason=None, leftover_done=False,
        bonus_cards=(0,) * n, events=(),
    )


def _see(cfg: Config, seen: tuple[int, ...], kinds: Sequence[int]) -> tuple[int, ...]:
    """``seen`` after one more copy of each card kind is seen; refuse a copy the deck lacks."""
    b = cfg.board
    counts = list(seen)
    for kind in kinds:
        if not 0 <= kind < len(b.cards):
            raise ContentError(f"unknown card kind {kind}")
        held = b.card_count[kind]
        if counts[kind] >= held:
            raise RuleViolation(f"{b.cards[kind].id}: the deck holds {held} such card"
                                f"{'s' if held > 1 else ''}, this is copy {held + 1}",
                                rule="deck-limit")
        counts[kind] += 1
    return tuple(counts)


def _changed(values: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``values[i] + delta`` at ``i``."""
    return (*values[:i], values[i] + delta, *values[i + 1:])


# ------------------------------------------------------------------ legal placements
def check_place(state: State, player: int, card: int, space: int) -> None:
    """Raise a RuleViolation naming the rule unless ``player`` may place ``card`` on ``space``."""
    refusal = _placement_refusal(state, player, card, space)
    if refusal is not None:
        raise refusal


def _placement_refusal(s: State, player: int, card: int, space: int) -> RuleViolation | None:
    """Why ``player`` may not place ``card`` on ``space`` now, or None."""
    cfg = s.cfg
    b = cfg.board
    c = b.cards[card]
    if not 0 <= space < b.spaces:
        raise ContentError(f"unknown space index {space}")
    sid = b.space_ids[space]
    area = b.space_area[space]
    if s.diamonds[player] <= 0:
        return RuleViolation.of("mf.no-diamond", player=cfg.names[player], rule="no-diamond")
    if area != c.area:
        return RuleViolation.of("mf.wrong-area", space=sid, rule="wrong-area",
                                area=Term.of(AREAS[c.area], f"rules.mf.{AREAS[c.area]}"))
    if s.owner[space] >= 0:
        return RuleViolation.of("mf.space-taken", space=sid, owner=cfg.names[s.owner[space]],
                                rule="space-taken")
    if space == s.deferred:
        return RuleViolation.of("mf.space-waiting", space=sid, rule="space-taken")
    loc = b.space_local[space]
    if area in (WORKSHOPS, TRADE):
        if b.space_symbol[space] != c.symbol:
            what = "material" if area == WORKSHOPS else "good"
            has, needs = b.symbols[area][b.space_symbol[space]], b.symbols[area][c.symbol]
            return RuleViolation.of(f"mf.symbol-{what}", space=sid,
                                    has=Term.of(has, f"rules.mf.name.{has}"),
                                    card=Term.of(needs, f"rules.mf.name.{needs}"),
                                    rule=f"{AREAS[area]}-symbol")
    elif area == RESIDENCES:
        next_house = _next_house(s)
        if loc != next_house:
            if next_house < b.area_size[area]:
                return RuleViolation.of("mf.house-next", space=sid, next=next_house,
                                        rule="residences-order")
            return RuleViolation.of("mf.house-none", space=sid, rule="residences-order")
    elif area in (NOBILI, POPULI):
        base = b.area_start[area]
        if any(s.owner[base + below] < 0 for below in _support(cfg, loc)):
            if b.tp_level[loc] == "top" and cfg.rules.townspeople_top == "middle_row":
                return RuleViolation.of("mf.middle-row", space=sid, rule="townspeople-support")
            lower = "middle" if b.tp_level[loc] == "top" else "bottom"
            return RuleViolation.of("mf.support", space=sid, rule="townspeople-support",
                                    lower=Term.of(lower, f"rules.mf.name.{lower}"))
    return None


def _next_house(s: State) -> int:
    """The next free house (houses are filled in line order)."""
    b = s.cfg.board
    r0 = b.area_start[RESIDENCES]
    return sum(1 for i in range(b.area_size[RESIDENCES]) if s.owner[r0 + i] >= 0)


def _support(cfg: Config, loc: int) -> tuple[int, ...]:
    """The townspeople spaces (local ids) that must be filled before ``loc``: a bottom
    none, a middle its two bottoms, a top its two middles or, with townspeople_top:
    middle_row, the whole middle row."""
    b = cfg.board
    if loc in b.tp_tops and cfg.rules.townspeople_top == "middle_row":
        return b.tp_middles
    return b.tp_rests_on[loc]


def _spaces_for(b: Board, card: int) -> Sequence[int]:
    """The spaces a card may ever go to: its material's, its good's, or its area's."""
    c = b.cards[card]
    if c.area == WORKSHOPS:
        return b.ws_by_material[c.symbol]
    if c.area == TRADE:
        return b.trade_column[c.symbol]
    return range(b.area_start[c.area], b.area_start[c.area] + b.area_size[c.area])


def legal_spaces(state: State, player: int, card: int) -> tuple[int, ...]:
    """Every free space ``player`` may place ``card`` on now (the ship move is always legal)."""
    return tuple(space for space in _spaces_for(state.cfg.board, card)
                 if _placement_refusal(state, player, card, space) is None)


def placement_choices(state: State, player: int, card: int) -> tuple[int, ...]:
    """Like :func:`legal_spaces`, but the interchangeable ship spaces of one harbor row are
    given once (its first free space): the choices a player really has."""
    b = state.cfg.board

    def blocked(space: int) -> bool:
        return state.owner[space] >= 0 or space == state.deferred

    def first_free_of_its_row(space: int) -> bool:
        if b.space_area[space] != HARBOR:
            return True
        row = b.harbor_row[(space - b.area_start[HARBOR]) // len(b.harbor_row[0])]
        return all(blocked(before) for before in row[:row.index(space)])

    return tuple(space for space in legal_spaces(state, player, card)
                 if first_free_of_its_row(space))


# ---------------------------------------------------------------------------- apply
def apply(s: State, action: Action) -> State:
    """The state after ``action``, or a RuleViolation naming the rule it breaks."""
    if isinstance(action, Play):
        return _play(s, action.player, action.card, action.space)
    if isinstance(action, EmptyDisplay):
        return _empty_display(s, action.player)
    if isinstance(action, EndRound):
        return _end_round(s, action.leftover)
    raise TypeError(f"not an action: {action!r}")


def _play(s: State, player: int, card: int, space: int) -> State:
    """A card played: from the hand on the player's turn, from the display for an owed
    bonus card; its action carried out, then the turn settled."""
    if s.phase == ROUND_END:  # untracked: the next round's first card closes the round
        s = _end_round(s, None)
    cfg = s.cfg
    names = cfg.names
    if not 0 <= player < cfg.players:
        raise ContentError(f"no player {player + 1}")
    if not 0 <= card < len(cfg.board.cards):
        raise ContentError(f"unknown card kind {card}")
    if s.phase == PLAY:
        expected = (s.start + s.turn) % cfg.players
        if player != expected:
            raise RuleViolation.of("mf.turn", expected=names[expected], player=names[player],
                                   rule="turn-order")
        s = s._replace(seen=_see(cfg, s.seen, (card,)), turn=s.turn + 1, turns=s.turns + 1)
    elif s.phase == BONUS:
        if player != s.pending:
            raise RuleViolation.of("mf.owes-bonus", pending=names[s.pending],
                                   player=names[player], rule="turn-order")
        s = _take_from_display(s, card)
        s = s._replace(bonus_cards=_changed(s.bonus_cards, player, 1))
    else:
        raise _over_refusal(s)
    s, bonus_why = _resolve(s._replace(events=()), player, card, space)
    return _after_action(s, player, bonus_why)


def _over_refusal(s: State) -> RuleViolation:
    if s.end_reason == "diamonds":
        return RuleViolation.of("mf.over-diamonds", rule="game-over")
    return RuleViolation.of("mf.over-deck", round=s.round + 2, rule="game-over")


def _take_from_display(s: State, card: int) -> State:
    """Take an owed bonus card from the display (tracked), or account for it (untracked)."""
    cfg = s.cfg
    b = cfg.board
    if s.display is not None:
        if card not in s.display:
            shown = ", ".join(b.cards[k].id for k in s.display) or "nothing"
            raise RuleViolation.of("mf.not-on-display", card=b.cards[card].id, shown=shown,
                                   rule="not-on-display")
        rest = list(s.display)
        rest.remove(card)
        return s._replace(display=tuple(rest))
    # Untracked display: the card is one of the round leftovers seen so far if possible,
    # otherwise one of the setup display's cards (which the deck limit then counts).
    if s.pool[card] > 0:
        return s._replace(pool=_changed(s.pool, card, -1))
    seen = _see(cfg, s.seen, (card,))
    if s.hidden >= cfg.display_size:
        raise RuleViolation(f"more bonus cards than the setup display ({cfg.display_size} "
                            "cards) and the leftovers could have held", rule="not-on-display")
    return s._replace(seen=seen, hidden=s.hidden + 1)


# The steps of an action: each takes the state and returns the next one, the events of
# the action gathering in its ``events`` (points are added as they are scored).
def _gain(s: State, player: int, points: int, category: str, why: str) -> State:
    """``player`` gains ``points`` in ``category`` (an area, ``ship``, ``bonus_fields``,
    ``empty_display``) because ``why``."""
    slot = player * NCAT + CATEGORIES.index(category)
    return s._replace(points=_changed(s.points, slot, points),
                      events=(*s.events, Event(player, points, category, why)))


def _note(s: State, player: int, kind: str, why: str) -> State:
    """A 0-point notice (``bonus``, ``field``, ``end``)."""
    return s._replace(events=(*s.events, Event(player, 0, kind, why)))


def _resolve(s: State, player: int, card: int, space: int) -> tuple[State, str]:
    """Carry out one card's action: the state after it and why a bonus card was earned
    ("" if none)."""
    cfg = s.cfg
    b = cfg.board
    number = b.cards[card].number
    if space == SHIP:
        return _move_ship(s, player, number)
    check_place(s, player, card, space)
    area = b.space_area[space]
    ship_first = cfg.rules.harbor_order == "ship_first"
    bonus = ""
    if area == HARBOR and ship_first:  # the ship moves and scores first (harbor_order)
        s, bonus = _move_ship(s, player, number)
        if bonus and cfg.rules.landing_bonus == "at_landing":
            # the diamond (taken from the supply) waits until the landing's bonus card has
            # been played (_land_deferred)
            if s.deferred >= 0:  # this card is an earlier landing's bonus: that one's
                s = _land_deferred(s, player)  # diamond goes in before this one waits
            return s._replace(diamonds=_changed(s.diamonds, player, -1), deferred=space), bonus
    s = s._replace(owner=(*s.owner[:space], player, *s.owner[space + 1:]),
                   diamonds=_changed(s.diamonds, player, -1))
    if area == WORKSHOPS:
        s, bonus = _workshops(s, player, space)
    elif area == TRADE:
        s, bonus = _trade(s, player, space)
    elif area == RESIDENCES:
        s, bonus = _residences(s, player, space)
    elif area == HARBOR:
        s = _harbor(s, space)
        if not ship_first:
            s, bonus = _move_ship(s, player, number)
    else:
        s, bonus = _townspeople(s, player, card, space)
    if cfg.rules.field_timing == "action" and area in b.field_areas:
        s = _check_field(s, player, area)
    if s.diamonds[player] == 0 and not s.ending:
        s = _last_diamond(s, player)
    return s, bonus


def _land_deferred(s: State, player: int) -> State:
    """Put down a harbor diamond that waited for its landing's bonus card; a full row pays."""
    space = s.deferred
    s = s._replace(owner=(*s.owner[:space], player, *s.owner[space + 1:]), deferred=-1)
    s = _harbor(s, space)
    if s.diamonds[player] == 0 and not s.ending:
        s = _last_diamond(s, player)
    return s


def _last_diamond(s: State, player: int) -> State:
    """A player's supply is empty: the game will end; the reserve (an option) comes out."""
    rules = s.cfg.rules
    s = _note(s, player, "end", reason("last-diamond", when=rules.last_diamond_end))
    if rules.reserve_diamonds:
        s = s._replace(diamonds=tuple(d + rules.reserve_diamonds for d in s.diamonds))
        s = _note(s, -1, "end", reason("reserve", reserve=rules.reserve_diamonds))
    return s._replace(ending=True)


def _move_ship(s: State, player: int, number: int) -> tuple[State, str]:
    """``player``'s ship moves ``number`` spaces and scores where it stops; why a bonus card
    was earned by the landing ("" if none)."""
    b = s.cfg.board
    start = s.ship[player]
    if start >= SHIP_TRACK_LENGTH:
        return _note(s, player, "ship", reason("ship-end", end=SHIP_TRACK_LENGTH)), ""
    end = min(start + number, SHIP_TRACK_LENGTH)
    s = _gain(s, player, b.ship_points[end], "ship", reason("ship", start=start, end=end))
    s = s._replace(ship=_changed(s.ship, player, end - start))
    return s, (reason("ship-lands", end=end) if b.ship_bonus[end] else "")


def _workshops(s: State, player: int, space: int) -> tuple[State, str]:
    """A workshop diamond scores the player's group through it (doubled on the double
    material); a filled triangle earns a bonus card."""
    b = s.cfg.board
    group, frontier = {space}, [space]
    while frontier:
        here = frontier.pop()
        for neighbour in b.ws_neighbours[b.space_local[here]]:
            if s.owner[neighbour] == player and neighbour not in group:
                group.add(neighbour)
                frontier.append(neighbour)
    material = b.space_symbol[space]
    size = len(group)
    if material == b.ws_double:
        why = reason("group-double", size=size, symbol=b.symbols[WORKSHOPS][material])
        s = _gain(s, player, 2 * size, "workshops", why)
    else:
        s = _gain(s, player, size, "workshops", reason("group", size=size))
    triangle = b.ws_triangle[b.space_local[space]]
    if all(s.owner[corner] >= 0 for corner in triangle):
        return s, reason("triangle", spaces="-".join(str(b.space_local[t]) for t in triangle))
    return s, ""


def _trade(s: State, player: int, space: int) -> tuple[State, str]:
    """A trade diamond pays every holder on its good's column (their diamonds there × all
    diamonds there, holders in the order of their first space); a bonus card when another
    holder has more there than the player."""
    b = s.cfg.board
    good = b.space_symbol[space]
    holders: dict[int, int] = {}  # in the order of their first space on the column
    for sp in sorted(b.trade_column[good]):
        if s.owner[sp] >= 0:
            holders[s.owner[sp]] = holders.get(s.owner[sp], 0) + 1
    on_column = sum(holders.values())
    name = b.goods[good]
    for holder, count in holders.items():
        s = _gain(s, holder, count * on_column, "trade",
                  reason("trade-n" if count > 1 else "trade-1", count=count,
                         on_column=on_column, good=name))
    most_of_others = max((k for p, k in holders.items() if p != player), default=0)
    return s, (reason("trade-more", good=name) if most_of_others > holders[player] else "")


def _house_values(s: State, player: int) -> set[int]:
    """The different house values ``player``'s diamonds cover."""
    b = s.cfg.board
    r0 = b.area_start[RESIDENCES]
    return {b.res_values[i] for i in range(b.area_size[RESIDENCES]) if s.owner[r0 + i] == player}


def _residences(s: State, player: int, space: int) -> tuple[State, str]:
    """A house scores its value plus the values of the player's houses right before it; a
    bonus card when the player's different house values reach a bonus count."""
    b = s.cfg.board
    r0 = b.area_start[RESIDENCES]
    loc = space - r0
    values = b.res_values
    back = 0  # the player's houses right before this one
    while loc - back - 1 >= 0 and s.owner[r0 + loc - back - 1] == player:
        back += 1
    total = sum(values[loc - back:loc + 1])
    why = reason("house-n" if back > 1 else "house-1" if back else "house", value=values[loc],
                 back=back)
    s = _gain(s, player, total, "residences", why)
    covered = _house_values(s, player)
    new_value = all(values[i] != values[loc] for i in range(b.area_size[RESIDENCES])
                    if i != loc and s.owner[r0 + i] == player)
    if new_value and len(covered) in b.res_bonus_at:
        return s, reason("house-values", count=len(covered))
    return s, ""


def _townspeople(s: State, player: int, card: int, space: int) -> tuple[State, str]:
    """A townspeople diamond scores its level (doubled on its own symbol) and pays the
    holders of the spaces it rests on; a top space earns a bonus card."""
    b = s.cfg.board
    area = b.space_area[space]
    base = b.area_start[area]
    loc = space - base
    symbol = b.space_symbol[space]
    if symbol == b.cards[card].symbol:
        why = reason("townspeople-double", level=b.tp_level[loc], symbol=b.symbols[area][symbol])
        s = _gain(s, player, 2 * b.tp_points[loc], AREAS[area], why)
    else:
        s = _gain(s, player, b.tp_points[loc], AREAS[area],
                  reason("townspeople", level=b.tp_level[loc]))
    sid = b.space_ids[space]
    for below, paid in b.tp_pays[loc]:
        holder = s.owner[base + below]
        if holder >= 0:
            s = _gain(s, holder, paid, AREAS[area],
                      reason("supports", support=f"{AREAS[area]}/{below}", space=sid))
    return s, (reason("top-space", space=sid) if loc in b.tp_tops else "")


def _harbor(s: State, space: int) -> State:
    """A harbor row whose ship spaces are all filled pays each of them by the goods in
    its trade row."""
    b = s.cfg.board
    row = (space - b.area_start[HARBOR]) // len(b.harbor_row[0])
    if any(s.owner[sp] < 0 for sp in b.harbor_row[row]):
        return s
    goods = sum(1 for sp in b.trade_row[row] if s.owner[sp] >= 0)
    for sp in b.harbor_row[row]:
        s = _gain(s, s.owner[sp], b.harbor_payout[goods], "harbor",
                  reason("harbor-1" if goods == 1 else "harbor-n", row=row, goods=goods))
    return s


def _covers_field(s: State, player: int, area: int) -> bool:
    """``player`` covers what ``area``'s field needs: every symbol of the area, or houses
    of ``res_field_at`` different values."""
    b = s.cfg.board
    if area == RESIDENCES:
        return len(_house_values(s, player)) >= b.res_field_at
    start = b.area_start[area]
    symbols = {b.space_symbol[sp] for sp in range(start, start + b.area_size[area])
               if s.owner[sp] == player} if area != HARBOR else set()
    return len(symbols) >= len(b.symbols[area])


def _check_field(s: State, player: int, area: int) -> State:
    """Claim ``area``'s 20/15/10/5 field if ``player`` first meets its condition now."""
    cfg = s.cfg
    values = cfg.board.field_values
    taken = s.field_taken[area]
    if s.claimed[player] >> area & 1 or not _covers_field(s, player, area) or \
            taken >= len(values):
        return s
    if cfg.rules.field_marker_diamond:
        if s.diamonds[player] > 0:
            s = s._replace(diamonds=_changed(s.diamonds, player, -1))
        elif not cfg.rules.field_without_diamond:
            return _note(s, player, "field", reason("field-missed", area=AREAS[area]))
    s = _gain(s, player, values[taken], "bonus_fields", reason("field", area=AREAS[area]))
    return s._replace(claimed=_changed(s.claimed, player, 1 << area),
                      field_taken=_changed(s.field_taken, area, 1))


def _after_action(s: State, player: int, bonus_why: str) -> State:
    """Settle what follows an action: the owed bonus card, the turn's end, the game's end."""
    if s.ending and s.cfg.rules.last_diamond_end == "action":
        if bonus_why:
            s = _note(s, player, "bonus", reason("bonus-lost", trigger=bonus_why))
        return _finish_turn(s, player)
    if bonus_why:
        s = _note(s, player, "bonus", reason("bonus-earned", trigger=bonus_why))
        if s.display is None or s.display:
            return s._replace(pending=player, pending_why=bonus_why, phase=BONUS)
        s = _gain(s, player, s.cfg.empty_points, "empty_display", reason("display-empty"))
    return _finish_turn(s, player)


def _empty_display(s: State, player: int) -> State:
    """``player`` is paid for an owed bonus card the empty display cannot give."""
    if s.phase != BONUS or player != s.pending:
        raise RuleViolation.of("mf.owes-none", player=s.cfg.names[player], rule="no-bonus-owed")
    if s.display:
        raise RuleViolation.of("mf.display-holds", cards=len(s.display), rule="bonus-owed")
    s = _gain(s._replace(events=()), player, s.cfg.empty_points, "empty_display",
              reason("display-empty"))
    return _finish_turn(s, player)


def _finish_turn(s: State, player: int) -> State:
    """The turn is over: a waiting harbor diamond goes in, fields are checked at the turn's
    end (field_timing), then the game, the round or the next turn goes on."""
    cfg = s.cfg
    if s.deferred >= 0:
        s = _land_deferred(s, player)
    if cfg.rules.field_timing == "turn_end":
        for area in range(len(AREAS)):
            if area in cfg.board.field_areas:
                s = _check_field(s, player, area)
        if s.diamonds[player] == 0 and not s.ending:
            s = _last_diamond(s, player)
    s = s._replace(pending=-1, pending_why="")
    if s.ending and cfg.rules.last_diamond_end in ("turn", "action"):
        s = _note(s, -1, "end", reason("over-diamonds"))
        return s._replace(phase=OVER, end_reason="diamonds")
    if s.turn >= cfg.turns_per_round:
        if s.ending or s.round + 1 >= cfg.rounds:
            s = _note(s, -1, "end",
                      reason("over-round-diamonds" if s.ending else "over-round-deck"))
        return s._replace(phase=ROUND_END)
    return s._replace(phase=PLAY)


def start_refusal(s: State, start: int) -> RuleViolation | None:
    """Why seat ``start`` cannot start the next round (the start player passes to the left
    each round), or None."""
    expected = s.round_start
    if start == expected:
        return None
    names = s.cfg.names
    return RuleViolation(f"round {s.round + 2 if s.phase == ROUND_END else s.round + 1} "
                         f"starts with {names[expected]} (the start player passes to the left "
                         f"each round), not {names[start]}", rule="start-player")


def round_full(s: State) -> RuleViolation:
    """A hand card played in a round that has all its turns."""
    cfg = s.cfg
    return RuleViolation(f"round {s.round + 1} already has its {cfg.turns_per_round} turns "
                         f"({cfg.players} players × {cfg.plays} cards)", rule="round-length")


def round_short(s: State) -> RuleViolation:
    """A round closed before all its turns were played."""
    cfg = s.cfg
    return RuleViolation(f"round {s.round + 1} has {s.turn} turns; a round has "
                         f"{cfg.turns_per_round} ({cfg.players} players × {cfg.plays} cards)",
                         rule="round-length")


def _end_round(s: State, leftover: tuple[int, ...] | None) -> State:
    """The round is over: its leftovers (if recorded) go to the display, the next round
    begins or the game is over."""
    cfg = s.cfg
    if s.phase in (PLAY, BONUS):
        raise RuleViolation(f"round {s.round + 1} is not over: {s.turn} of "
                            f"{cfg.turns_per_round} turns played", rule="round-length")
    s = s._replace(events=())
    if leftover is not None:
        if s.leftover_done:
            raise RuleViolation("this round's leftovers are recorded already", rule="leftover")
        expected = cfg.hand * cfg.players - s.turn
        if len(leftover) != expected:
            raise RuleViolation(f"{len(leftover)} leftover cards; {cfg.players} hands of "
                                f"{cfg.hand} after {s.turn} turns leave {expected}",
                                rule="leftover")
        s = s._replace(seen=_see(cfg, s.seen, leftover), leftover_done=True)
        if s.display is not None:
            s = s._replace(display=tuple(sorted((*s.display, *leftover))))
        else:
            s = s._replace(pool=tuple(count + leftover.count(kind)
                                      for kind, count in enumerate(s.pool)))
    if s.phase == OVER:
        return s
    if s.ending or s.round + 1 >= cfg.rounds:
        return s._replace(phase=OVER, end_reason="diamonds" if s.ending else "deck")
    return s._replace(round=s.round + 1, start=s.round_start, turn=0, leftover_done=False,
                      phase=PLAY)


def preview(state: State, player: int, card: int, space: int) -> tuple[tuple[Event, ...], str]:
    """What ``player`` playing ``card`` on ``space`` (or ``SHIP``) would score right now.

    Returns the events and why a bonus card would be earned ("" if none), without
    changing ``state`` and without checking whose turn it is. Illegal placements raise
    the RuleViolation ``apply`` would.
    """
    after, bonus = _resolve(state._replace(events=()), player, card, space)
    return after.events, bonus


def arrange(state: State, owners: dict[int, int] | None = None, *,
            ships: Sequence[int] | None = None, diamonds: Sequence[int] | None = None,
            to_move: int | None = None) -> State:
    """A position for worked examples, tests and printed aids: diamonds put on spaces
    (``{space: player}``) without scoring, each taken from its owner's supply; optionally
    ship positions, supplies, and who plays next. Houses must be filled from the first.
    """
    b = state.cfg.board
    owner, supply = list(state.owner), list(state.diamonds)
    for space, player in (owners or {}).items():
        if owner[space] >= 0:
            raise ValueError(f"{b.space_ids[space]} is taken")
        owner[space] = player
        supply[player] -= 1
    r0 = b.area_start[RESIDENCES]
    houses = [i for i in range(b.area_size[RESIDENCES]) if owner[r0 + i] >= 0]
    if houses != list(range(len(houses))):
        raise ValueError("houses are filled in line order, from residences/0")
    start = state.start if to_move is None else (to_move - state.turn) % state.cfg.players
    return state._replace(
        owner=tuple(owner), diamonds=tuple(supply if diamonds is None else diamonds),
        ship=state.ship if ships is None else tuple(ships), start=start, events=())
