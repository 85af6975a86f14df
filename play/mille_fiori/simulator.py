"""The fast Mille Fiori simulator: bot games on ints and tables, for ``mf simulate`` and
the bots.

The rules engine (:mod:`.engine`) is written to be read and is what the game protocol,
the table, every replay and every check run. This module plays the *same games* — the
same states step by step, the same events, the same scores; ``tests/test_mf_simulator.py``
holds it equal to the engine with every ruleset option, player count and bot — but for
speed: an action copies the state's fields into a list once, works on it by index and
builds one new :class:`SimState`; the placement rules are tables keyed by bit masks of the
taken spaces (:class:`SimConfig`); the deck limit is one packed int; and bot games
(``explain=False``) leave no events.

The simulator makes no rule judgements of its own: a step it cannot play is handed to
the engine (:func:`_refusal`), which names the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from scorepad.rules.common.errors import ContentError, RuleViolation
from scorepad.rules.mille_fiori import engine
from scorepad.rules.mille_fiori.board import (
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
from scorepad.rules.mille_fiori.engine import (
    BONUS,
    CATEGORIES,
    NCAT,
    OVER,
    PLAY,
    ROUND_END,
    SHIP,
    Action,
    EmptyDisplay,
    EndRound,
    Event,
    Play,
)
from scorepad.rules.mille_fiori.ruleset import MFRules, default_rules
from scorepad.rules.mille_fiori.words import reason

SHIP_CAT, FIELD_CAT, EMPTY_CAT = (CATEGORIES.index(c) for c in ("ship", "bonus_fields",
                                                                  "empty_display"))
#: why a bonus card is owed in an unexplained game (``SimConfig.explain`` False: a bot game):
#: only *that* it is owed (``SimState.pending_why``, ``preview``'s bonus), as nobody reads
#: why; building the reason's words cost ~0.45M instructions a random 4-player game
OWED = "bonus card owed"

@dataclass(frozen=True)
class SimConfig(engine.Config):
    """The engine's :class:`~.engine.Config` and, for speed, the option values read once
    and the tables of legal spaces."""

    ship_first: bool
    fields_at_action: bool
    marker_diamond: bool
    field_without_diamond: bool
    last_end: str
    landing_first: bool    # a harbor card's landing bonus is played before its diamond goes in
    reserve: int           # reserve diamonds each player takes once the game is ending
    top_needs_row: bool    # a top space needs the whole middle row (else its two middles)
    tp_needs: tuple[tuple[int, ...], ...]  # per townspeople space: the spaces it needs filled
    field_count: tuple[int, ...]  # per area: symbols (house values) its field needs
    has_field: tuple[bool, ...]
    triangle_mask: tuple[int, ...]  # per workshop space: the spaces of its bonus triangle
    column_mask: tuple[int, ...]    # per trade good: the spaces of its column
    trade_row_mask: tuple[int, ...]  # per trade row: its spaces
    harbor_mask: tuple[int, ...]    # per harbor row: its ship spaces
    neighbour_mask: tuple[int, ...]  # per workshop space (as Board.ws_neighbours): its
                                     # neighbours
    kinds: int                      # card kinds
    unseen_width: int               # bits per card kind in ``SimState.unseen``
    unseen_all: int                 # ``SimState.unseen`` before any card is seen
    unseen_one: tuple[int, ...]     # per card kind: one copy in ``SimState.unseen``
    unseen_field: tuple[int, ...]   # per card kind: its bits in ``SimState.unseen``
    field_now: tuple[bool, ...]     # per area: its field is checked at once (field_timing)
    explain: bool = True   # actions leave events saying why (False: ``SimState.events`` is
                           # always (), ``preview``'s events carry no why, a bonus card's
                           # why is :data:`OWED`, no reason is built: bot games)
    # per card kind: the spaces whose occupancy decides where it may go (its area, or its
    # material / good), and the table from that occupancy (a mask of ``SimState.taken``) to
    # its legal spaces and to its placement choices; kinds of one area and symbol share
    # the tables, which fill as patterns are met (at most 2**15 a table: bounded) from the
    # kind's candidate spaces, each space's support (the spaces it needs taken first: a
    # townspeople space's) and its harbor row's spaces before it (a row's first free one
    # is its choice)
    legal_mask: tuple[int, ...] = ()
    candidates: tuple[tuple[int, ...], ...] = ()
    support_mask: tuple[int, ...] = ()
    row_before: tuple[int, ...] = ()
    legal_table: tuple[dict[int, tuple[int, ...]], ...] = field(
        default=(), compare=False, repr=False)
    choice_table: tuple[dict[int, tuple[int, ...]], ...] = field(
        default=(), compare=False, repr=False)


class _SimFields(NamedTuple):
    """The fields of :class:`SimState`: those of the engine's :class:`~.engine.State`
    (the same names, the same meaning) but for the ones packed for speed."""

    cfg: SimConfig
    mine: tuple[int, ...]         # per player: bit i set, their diamond is on space i
    points: tuple[int, ...]
    diamonds: tuple[int, ...]
    ship: tuple[int, ...]
    have: tuple[int, ...]         # player * 6 + area: mask of symbols/values covered
    claimed: tuple[int, ...]
    field_taken: tuple[int, ...]
    res_next: int                 # the next free house
    display: tuple[int, ...] | None
    unseen: int                   # per card kind k: copies the deck holds not seen yet
                                  # (the deck limit), in bits k*w.. of width
                                  # w = SimConfig.unseen_width (the counts: ``seen``)
    pool: tuple[int, ...]
    hidden: int
    round: int
    start: int
    turn: int
    turns: int
    phase: str
    pending: int
    pending_why: str
    ending: bool
    end_reason: str | None
    leftover_done: bool
    bonus_cards: tuple[int, ...]
    events: tuple[Event, ...]
    deferred: int = -1
    taken: int = 0                # bit i set: space i holds a diamond (anyone's)


class SimState(_SimFields, engine.Views):
    """One moment of a game. Treat as immutable; ``apply`` builds the next one."""

    __slots__ = ()

    @property
    def seen(self) -> tuple[int, ...]:
        """Per card kind: copies seen so far (played, on the display or left over)."""
        width = self.cfg.unseen_width
        packed, field = self.unseen, (1 << width) - 1
        return tuple(count - (packed >> (k * width) & field)
                     for k, count in enumerate(self.cfg.board.card_count))

    @property
    def owner(self) -> tuple[int, ...]:
        """Per space: the player whose diamond is on it, -1 free."""
        owner = [-1] * self.cfg.board.spaces
        for player, mask in enumerate(self.mine):
            while mask:
                low = mask & -mask
                owner[low.bit_length() - 1] = player
                mask ^= low
        return tuple(owner)


# ---------------------------------------------------------------------------- set-up
def sim_config(players: int | Sequence[str], rules: MFRules | None = None,
                game_board: Board | None = None, *, explain: bool = True) -> SimConfig:
    """The fixed part of a game for a number of players or their names (default rules:
    the bundled ``mf-1``); ``explain=False``: actions leave no events and ``preview``'s
    carry no ``why`` (bot games, where nobody reads them)."""
    b = game_board or board()
    r = default_rules() if rules is None else rules
    names = (tuple(f"P{i + 1}" for i in range(players)) if isinstance(players, int)
             else tuple(players))
    key = (names, id(r), id(b), explain)
    known = _CONFIGS.get(key)
    if known is not None and known.rules is r and known.board is b:
        return known
    if len(_CONFIGS) >= 64:  # keep the cache bounded
        _CONFIGS.clear()
    cfg = _CONFIGS[key] = _make_config(names, r, b, explain)
    return cfg


#: configs made so far, by names and the identity of rules and board (a bot game's
#: deal and setup, and every game of a simulation, share one)
_CONFIGS: dict[tuple[tuple[str, ...], int, int, bool], SimConfig] = {}


def _make_config(names: tuple[str, ...], r: MFRules, b: Board, explain: bool) -> SimConfig:
    base = engine.make_config(names, r, b)  # the sizes (and the player-count rule)
    # a field needs every symbol of its area (a player's mask only holds the area's
    # symbols, so counting its bits is enough), or houses of res_field_at values
    needed = tuple(b.res_field_at if a == RESIDENCES else len(b.symbols[a])
                   for a in range(len(AREAS)))
    # The support rule of townspeople: a bottom always; a middle on its two bottoms; a top
    # on its two middles or, with townspeople_top: middle_row, on the whole middle row.
    row = r.townspeople_top == "middle_row"
    masks, legal, choice, candidates, support, before = _tables(b, row)
    width = max(b.card_count).bit_length()  # bits a count up to the deck's copies needs
    return SimConfig(
        **{f.name: getattr(base, f.name) for f in fields(engine.Config)},
        ship_first=r.harbor_order == "ship_first",
        fields_at_action=r.field_timing == "action", marker_diamond=r.field_marker_diamond,
        field_without_diamond=r.field_without_diamond, last_end=r.last_diamond_end,
        landing_first=r.landing_bonus == "at_landing",
        reserve=r.reserve_diamonds, top_needs_row=row,
        tp_needs=tuple(b.tp_middles if row and loc in b.tp_tops else rests
                       for loc, rests in enumerate(b.tp_rests_on)),
        field_count=needed, has_field=tuple(a in b.field_areas for a in range(len(AREAS))),
        triangle_mask=tuple(_mask(t) for t in b.ws_triangle),
        column_mask=tuple(_mask(c) for c in b.trade_column),
        trade_row_mask=tuple(_mask(r) for r in b.trade_row),
        harbor_mask=tuple(_mask(r) for r in b.harbor_row),
        neighbour_mask=tuple(_mask(nbs) for nbs in b.ws_neighbours),
        kinds=len(b.cards), unseen_width=width,
        unseen_all=sum(count << (k * width) for k, count in enumerate(b.card_count)),
        unseen_one=tuple(1 << (k * width) for k in range(len(b.cards))),
        unseen_field=tuple(((1 << width) - 1) << (k * width) for k in range(len(b.cards))),
        field_now=tuple(r.field_timing == "action" and a in b.field_areas
                        for a in range(len(AREAS))),
        explain=explain, legal_mask=masks, legal_table=legal, choice_table=choice,
        candidates=candidates, support_mask=support, row_before=before,
    )


def _mask(spaces: Sequence[int]) -> int:
    """The bit mask of ``spaces``."""
    return sum(1 << sp for sp in spaces)


_Table = tuple[dict[int, tuple[int, ...]], ...]
_Ints = tuple[int, ...]
_Entry = tuple[_Ints, _Table, _Table, tuple[_Ints, ...], _Ints, _Ints]
_TABLES: dict[tuple[int, bool], tuple[Board, _Entry]] = {}


def _tables(b: Board, row: bool) -> _Entry:
    """Per card kind: the mask of the spaces that decide where it may go, its (shared,
    filling) tables of legal spaces and choices and its candidate spaces; per space, its
    support and the spaces before it in its harbor row (see :class:`SimConfig`). Kept per
    board and townspeople rule, so every game on the board fills the same tables."""
    known = _TABLES.get((id(b), row))
    if known is not None and known[0] is b:
        return known[1]
    if len(_TABLES) >= 8:  # custom boards in tests: keep the cache bounded
        _TABLES.clear()
    masks: list[int] = []
    legal: list[dict[int, tuple[int, ...]]] = []
    choice: list[dict[int, tuple[int, ...]]] = []
    candidates: list[tuple[int, ...]] = []
    shared: dict[tuple[int, int], int] = {}
    for c in b.cards:
        spaces = (b.ws_by_material[c.symbol] if c.area == WORKSHOPS
                  else b.trade_column[c.symbol] if c.area == TRADE
                  else range(b.area_start[c.area], b.area_start[c.area] + b.area_size[c.area]))
        masks.append(_mask(spaces))
        candidates.append(tuple(spaces))
        # a class of kinds that go to the same spaces shares the tables: an area and symbol
        # (a material, a good), a townspeople area whatever the symbol
        key = (c.area, -1 if c.area in (NOBILI, POPULI) else c.symbol)
        first = shared.setdefault(key, len(legal))  # its class's first kind
        legal.append({} if first == len(legal) else legal[first])
        choice.append({} if first == len(choice) else choice[first])
    support = [0] * b.spaces
    for area in (NOBILI, POPULI):
        base = b.area_start[area]
        for loc, rests in enumerate(b.tp_rests_on):
            needs = b.tp_middles if row and loc in b.tp_tops else rests
            support[base + loc] = _mask([base + j for j in needs])
    before = [0] * b.spaces
    for spaces in b.harbor_row:
        for k, sp in enumerate(spaces):
            before[sp] = _mask(spaces[:k])
    entry = (tuple(masks), tuple(legal), tuple(choice), tuple(candidates), tuple(support),
             tuple(before))
    _TABLES[(id(b), row)] = (b, entry)
    return entry


def setup(players: int | Sequence[str], rules: MFRules | None = None, *,
          display: Sequence[int] | None = None, start: int = 0,
          game_board: Board | None = None, explain: bool = True) -> SimState:
    """The state before the first card: empty board, full supplies, ships at the start.

    ``display`` is the setup display as card kinds (None: not tracked); ``start`` the
    first round's start player; ``explain=False``: actions leave no events (bot games).
    """
    cfg = sim_config(players, rules, game_board, explain=explain)
    b, n = cfg.board, cfg.players
    seen = cfg.unseen_all
    shown: tuple[int, ...] | None = None
    if display is not None:
        seen = _see(seen, cfg, display)
        shown = tuple(sorted(display))
    if not 0 <= start < n or seen < 0 or (display is not None and len(display) != cfg.display_size):
        engine.setup(players, rules, display=display, start=start, game_board=game_board)
        raise AssertionError("the engine sets up a game the simulator refused")
    return SimState(
        cfg=cfg, mine=(0,) * n, points=(0,) * (n * NCAT), diamonds=(cfg.diamonds,) * n,
        ship=(0,) * n, have=(0,) * (n * len(AREAS)), claimed=(0,) * n,
        field_taken=(0,) * len(AREAS), res_next=0, display=shown, unseen=seen,
        pool=(0,) * len(b.cards), hidden=0, round=0, start=start, turn=0, turns=0, phase=PLAY,
        pending=-1, pending_why="", ending=False, end_reason=None, leftover_done=False,
        bonus_cards=(0,) * n, events=(),
    )


def _see(unseen: int, cfg: SimConfig, kinds: Sequence[int]) -> int:
    """``unseen`` (``SimState.unseen``) after one more copy of each card kind is seen, or -1
    if the deck lacks a copy (or a kind is unknown): the caller asks the engine why."""
    for kind in kinds:
        if not (0 <= kind < cfg.kinds and unseen & cfg.unseen_field[kind]):
            return -1
        unseen -= cfg.unseen_one[kind]
    return unseen


def _refusal(s: SimState, action: Action) -> Exception:
    """Why ``action`` cannot be played on ``s``, in the engine's words: the simulator makes
    no rule judgements of its own (a RuleViolation or ContentError naming the rule)."""
    try:
        engine.apply(to_engine(s), action)
    except (RuleViolation, ContentError) as err:
        return err
    return AssertionError(f"the engine plays {action!r}, which the simulator refused")


# ------------------------------------------------------------------ legal placements
def legal_spaces(state: SimState, player: int, card: int) -> tuple[int, ...]:
    """Every free space ``player`` may place ``card`` on now (the ship move is always legal)."""
    if state.diamonds[player] <= 0:
        return ()
    cfg = state.cfg
    pattern = _pattern(state, card)
    found = cfg.legal_table[card].get(pattern)
    return _miss(cfg, card, pattern)[0] if found is None else found


def _pattern(state: SimState, card: int) -> int:
    """The taken spaces that decide where ``card`` may go (the key of its tables)."""
    blocked = state.taken if state.deferred < 0 else state.taken | (1 << state.deferred)
    return blocked & state.cfg.legal_mask[card]


_FILLED = -1  # a key no pattern has: the class's tables hold every pattern play reaches
_PREFILL = 2048  # patterns a class's first miss fills at most (the bundled board: <= 1,024)


def _miss(cfg: SimConfig, card: int, pattern: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The legal spaces and choices of ``card`` for a ``pattern`` its tables lack.

    A class's first miss fills its tables for every pattern that placements on its
    choices reach from the empty board (all patterns of a material's or good's spaces,
    the supported ones of a townspeople area, the houses in order, harbor rows filled
    from their first space: at most 1,024 a class, a few milliseconds once), so a
    simulation's games meet filled tables; others (a scorekeeper's free choice of a ship
    space, a deferred harbor diamond) are filled when met."""
    table = cfg.legal_table[card]
    if _FILLED not in table:
        table[_FILLED] = ()
        stack = [0]
        budget = _PREFILL  # a custom board's larger areas: the rest is filled when met
        while stack and budget:
            reached = stack.pop()
            if reached not in table:
                stack.extend([reached | 1 << sp for sp in _fill(cfg, card, reached)[1]])
                budget -= 1
        if pattern in table:
            return table[pattern], cfg.choice_table[card][pattern]
    return _fill(cfg, card, pattern)


def _fill(cfg: SimConfig, card: int, blocked: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Enter (and return) the legal spaces and the choices of ``card`` when the spaces of
    ``blocked`` (a bit mask) are taken into its tables."""
    support = cfg.support_mask
    # free, and (townspeople) the spaces below it taken
    legal = tuple([sp for sp in cfg.candidates[card]
                   if not blocked >> sp & 1 and blocked & support[sp] == support[sp]])
    if cfg.board.cards[card].area == RESIDENCES:  # the next free house (in line order)
        legal = legal[:1]
    before = cfg.row_before
    # a harbor row's ship spaces are interchangeable: its first free one is the choice
    choices = tuple([sp for sp in legal if blocked & before[sp] == before[sp]])
    if choices == legal:
        choices = legal
    cfg.legal_table[card][blocked] = legal
    cfg.choice_table[card][blocked] = choices
    return legal, choices


def placement_choices(state: SimState, player: int, card: int) -> tuple[int, ...]:
    """Like :func:`legal_spaces`, but the interchangeable ship spaces of one harbor row are
    given once (its first free space): the choices a player really has."""
    if state.diamonds[player] <= 0:
        return ()
    cfg = state.cfg
    blocked = state.taken if state.deferred < 0 else state.taken | (1 << state.deferred)
    pattern = blocked & cfg.legal_mask[card]  # _pattern, inline: the bots' hot path
    found = cfg.choice_table[card].get(pattern)
    return _miss(cfg, card, pattern)[1] if found is None else found


# ---------------------------------------------------------------------------- apply
# One shape: the SimState above. An action reads the state it is applied to, writes the
# fields it changes into ``v`` (a list of the state's fields, local to the action) and
# appends its events to ``ev``; the points of those events are added to ``points`` once,
# when the action is settled (at the end of ``apply``), which builds the one new SimState. Only the
# tuples an action changes are rebuilt (one player's diamonds and supply ...);
# the states before and after stay immutable.
_FIELD = {name: i for i, name in enumerate(SimState._fields)}
_new_state = tuple.__new__


def _with(s: SimState, **changes: Any) -> SimState:
    """``s`` with some fields changed: ``NamedTuple._replace`` at half its cost (it is
    called a few times per action on the bots' hot path)."""
    return _changed(s, changes)


def _changed(s: SimState, changes: dict[str, Any]) -> SimState:
    """``s`` with the fields named in ``changes`` changed."""
    values = list(s)
    for name, value in changes.items():
        values[_FIELD[name]] = value
    return _new_state(SimState, values)


def _tick(values: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """``values`` with ``values[i] + delta`` at ``i``."""
    changed = list(values)  # a list and back: half the cost of slicing and joining
    changed[i] += delta
    return tuple(changed)


# While an action runs, its events are plain tuples (player, points, kind index into
# KINDS, why): the points are added up from them once (when apply settles), and they become Events
# only where someone reads them (explained games, preview).
KINDS = (*CATEGORIES, "bonus", "field", "end")
_KIND_INDEX = {name: i for i, name in enumerate(KINDS)}
_Raw = tuple[int, int, int, str]


def _gain(ev: list[_Raw], player: int, points: int, cat: int, why: str) -> None:
    """``player`` gains ``points`` in category ``cat`` (the hot scorers append inline)."""
    ev.append((player, points, cat, why))


def _note(ev: list[_Raw], player: int, kind: str, why: str) -> None:
    ev.append((player, 0, _KIND_INDEX[kind], why))


def _events(ev: list[_Raw]) -> tuple[Event, ...]:
    """The action's events as :class:`Event`."""
    return tuple([_new_state(Event, (player, points, KINDS[kind], why))
                  for player, points, kind, why in ev])


def _apply_other(s: SimState, action: Action) -> SimState:
    """:func:`apply` for the actions other than :class:`Play` and :class:`EmptyDisplay`."""
    if isinstance(action, EndRound):
        leftover, cfg = action.leftover, s.cfg
        if s.phase in (PLAY, BONUS) or (leftover is not None and (
                s.leftover_done or len(leftover) != cfg.hand * cfg.players - s.turn
                or _see(s.unseen, cfg, leftover) < 0)):
            raise _refusal(s, action)  # the round is not over, the leftovers are wrong
        return _end_round(s, leftover)
    raise TypeError(f"not an action: {action!r}")


# Field positions of SimState, for the action's mutable copy ``v`` (a list of the fields):
# an action copies the state once, changes the fields it touches and builds one SimState.
(_MINE, _POINTS, _DIAMONDS, _SHIPS, _HAVE, _CLAIMED, _FIELD_TAKEN, _RES_NEXT, _DISPLAY,
 _UNSEEN, _POOL, _HIDDEN, _ROUND, _START, _TURN, _TURNS, _PHASE, _PENDING, _PENDING_WHY,
 _ENDING, _END_REASON, _LEFTOVER_DONE, _BONUS_CARDS, _EVENTS, _DEFERRED,
 _TAKEN) = (_FIELD[f] for f in SimState._fields[1:])
_CFG = _FIELD["cfg"]


def apply(s: SimState, action: Action) -> SimState:
    """The state after ``action``, or a RuleViolation naming the rule it breaks."""
    # A Play is the hot path, carried out here (one Python call less an action); an
    # EmptyDisplay is settled here too (the one place an action's points are added up);
    # a round's end goes to _apply_other.
    ev: list[_Raw] = []
    if type(action) is not Play and not isinstance(action, Play):
        if not isinstance(action, EmptyDisplay):
            return _apply_other(s, action)
        cfg = s.cfg
        if s.phase != BONUS or action.player != s.pending or s.display:
            raise _refusal(s, action)  # no bonus card owed, or the display holds one
        v = _empty_display(s, action.player, ev)
    else:
        phase = s.phase
        before = s
        if phase == ROUND_END:
            s = _end_round(s, None)
            phase = s.phase
        # the fields, read by index from here on: a list's item is read at half the cost
        # of a named tuple's attribute
        v = list(s)
        cfg = v[_CFG]
        player, card, space = action
        n = len(cfg.names)
        if not (0 <= player < n and 0 <= card < cfg.kinds):
            raise _refusal(before, action)
        if phase == PLAY:
            turn = v[_TURN]
            unseen = v[_UNSEEN]
            if player != (v[_START] + turn) % n or not unseen & cfg.unseen_field[card]:
                raise _refusal(before, action)  # turn order, deck limit
            v[_UNSEEN] = unseen - cfg.unseen_one[card]
            v[_TURN] = turn + 1
            v[_TURNS] += 1
        elif phase == BONUS:
            # (pending is cleared when the turn is finished)
            if player != s.pending or not _take_from_display(s, card, v):
                raise _refusal(before, action)  # turn order, not on the display
            v[_BONUS_CARDS] = _tick(s.bonus_cards, player, 1)
        else:  # (apply ends a finished round first)
            raise _refusal(before, action)  # the game is over
        bonus_why = _resolve(s, v, player, card, space, ev)
        if bonus_why or v[_ENDING]:
            _after_action(cfg, v, player, bonus_why, ev)
        elif phase == BONUS or v[_TURN] >= cfg.turns_per_round or v[_DEFERRED] >= 0 or \
                not cfg.fields_at_action:
            _finish_turn(cfg, v, player, ev)
        # else the common case: a hand play that earns nothing, ends nothing, mid-round:
        # the turn is over and the next player's begins (phase PLAY, nothing pending)
    # settled: the points of the action's events added to the players' once, the events
    # made Events only in explained games (nobody reads a bot game's), one new SimState
    if ev:
        points = list(v[_POINTS])
        for who, gained, cat, _ in ev:
            if gained:
                points[who * NCAT + cat] += gained
        v[_POINTS] = tuple(points)
    v[_EVENTS] = _events(ev) if cfg.explain else ()
    return _new_state(SimState, v)


def _take_from_display(s: SimState, card: int, v: list[Any]) -> bool:
    """Take an owed bonus card from the display (tracked), or account for it (untracked);
    False if it cannot come from there."""
    if s.display is not None:
        if card not in s.display:
            return False
        rest = list(s.display)
        rest.remove(card)
        v[_DISPLAY] = tuple(rest)
        return True
    # Untracked display: the card is one of the round leftovers seen so far if possible,
    # otherwise one of the setup display's cards (which the deck limit then counts).
    if s.pool[card] > 0:
        v[_POOL] = _tick(s.pool, card, -1)
        return True
    seen = _see(s.unseen, s.cfg, (card,))
    if seen < 0 or s.hidden >= s.cfg.display_size:
        return False
    v[_UNSEEN] = seen
    v[_HIDDEN] = s.hidden + 1
    return True


def _resolve(s: SimState, v: list[Any], player: int, card: int, space: int,
             ev: list[_Raw]) -> str:
    """Carry out one card's action on ``s`` into ``v`` (the state's fields, which the caller
    may have changed already: the card leaving the hand or the display); returns why a
    bonus card was earned (""). The fields it reads are read from ``v`` (a list's item
    costs half a named tuple's attribute): the caller changes none of them."""
    cfg = v[_CFG]
    b = cfg.board
    if space == SHIP:
        v[_SHIPS], bonus = _ship(b, v[_SHIPS], player, b.cards[card].number, ev, cfg.explain)
        return bonus
    taken = v[_TAKEN]
    deferred = v[_DEFERRED]
    blocked = taken if deferred < 0 else taken | (1 << deferred)  # _pattern, inline
    legal = cfg.legal_table[card].get(blocked & cfg.legal_mask[card])  # legal_spaces, inline
    diamonds = v[_DIAMONDS]
    if (legal is None or space not in legal or diamonds[player] <= 0) and \
            space not in legal_spaces(s, player, card):  # the tables know what is legal
        engine.check_place(to_engine(s), player, card, space)  # names the rule broken
        raise AssertionError(f"{b.space_ids[space]} is legal but not listed")
    area = b.space_area[space]
    bonus = ""
    if area == HARBOR and cfg.ship_first:  # the ship moves and scores first (harbor_order)
        v[_SHIPS], bonus = _ship(b, v[_SHIPS], player, b.cards[card].number, ev, cfg.explain)
        if bonus and cfg.landing_first:
            # landing_bonus: at_landing: the diamond (taken from the supply) waits until
            # the landing's bonus card has been played (_land_deferred)
            if v[_DEFERRED] >= 0:  # this card is an earlier landing's bonus: that one's
                _land_deferred(cfg, v, player, ev)  # diamond goes in before this one waits
            supply = list(v[_DIAMONDS])
            supply[player] -= 1
            v[_DIAMONDS] = tuple(supply)
            v[_DEFERRED] = space
            return bonus
    # each changed tuple is copied to a list and back: half the cost of slicing and joining
    owned = list(v[_MINE])
    own = owned[player] = owned[player] | 1 << space
    v[_MINE] = tuple(owned)
    taken = v[_TAKEN] = taken | 1 << space

    supply = list(diamonds)
    supply[player] -= 1
    v[_DIAMONDS] = tuple(supply)
    have = v[_HAVE]
    slot = player * 6 + area  # 6 areas
    bit = 0
    if area == WORKSHOPS:
        bonus, bit = _workshops(cfg, own, taken, player, space, ev)
    elif area == TRADE:
        bonus, bit = _trade(cfg, v[_MINE], taken, player, space, ev)
    elif area == RESIDENCES:
        bonus, bit = _residences(b, own, player, space, have[slot], ev, cfg.explain)
        v[_RES_NEXT] = b.space_local[space] + 1
    elif area == HARBOR:
        _harbor(cfg, v[_MINE], taken, space, ev)
        if not cfg.ship_first:
            v[_SHIPS], bonus = _ship(b, v[_SHIPS], player, b.cards[card].number, ev,
                                     cfg.explain)
    else:
        bonus, bit = _townspeople(b, v[_MINE], taken, player, card, space, ev, cfg.explain)
    got = have[slot] | bit
    if got != have[slot]:
        changed = list(have)
        changed[slot] = got
        v[_HAVE] = tuple(changed)
    if cfg.field_now[area] and got.bit_count() >= cfg.field_count[area] and \
            not v[_CLAIMED][player] >> area & 1:  # _meets, inline: met and not claimed
        _check_field(cfg, v, player, area, ev)
    if v[_DIAMONDS][player] == 0 and not v[_ENDING]:
        _last_diamond(cfg, v, player, ev)
    return bonus


def _land_deferred(cfg: SimConfig, v: list[Any], player: int, ev: list[_Raw]) -> None:
    """Put down a harbor diamond that waited for its landing's bonus card; a full row pays."""
    space = v[_DEFERRED]
    if space < 0:
        return
    mine = v[_MINE]
    changed = list(mine)
    changed[player] |= 1 << space
    v[_MINE] = mine = tuple(changed)
    v[_TAKEN] |= 1 << space
    _harbor(cfg, mine, v[_TAKEN], space, ev)
    v[_DEFERRED] = -1
    if v[_DIAMONDS][player] == 0 and not v[_ENDING]:
        _last_diamond(cfg, v, player, ev)


def _last_diamond(cfg: SimConfig, v: list[Any], player: int, ev: list[_Raw]) -> None:
    """A player's supply is empty: the game will end; the reserve (an option) comes out."""
    if cfg.explain:
        _note(ev, player, "end", reason("last-diamond", when=cfg.last_end))
    if cfg.reserve:
        v[_DIAMONDS] = tuple(d + cfg.reserve for d in v[_DIAMONDS])
        if cfg.explain:
            _note(ev, -1, "end", reason("reserve", reserve=cfg.reserve))
    v[_ENDING] = True


def _ship(b: Board, ship: tuple[int, ...], player: int, number: int,
          ev: list[_Raw], explain: bool) -> tuple[tuple[int, ...], str]:
    """The ship positions after ``player``'s ship moves ``number`` spaces, and why a bonus
    card was earned by the landing ("" if none; :data:`OWED` unexplained)."""
    start = ship[player]
    if start >= SHIP_TRACK_LENGTH:
        if explain:
            _note(ev, player, "ship", reason("ship-end", end=SHIP_TRACK_LENGTH))
        return ship, ""
    end = min(start + number, SHIP_TRACK_LENGTH)
    ev.append((player, b.ship_points[end], SHIP_CAT,  # _gain, inline
               reason("ship", start=start, end=end) if explain else ""))
    moved = list(ship)
    moved[player] = end
    return tuple(moved), ((reason("ship-lands", end=end) if explain else OWED)
                          if b.ship_bonus[end] else "")


def _holder(mine: tuple[int, ...], space: int) -> int:
    """The player whose diamond is on ``space`` (-1: free)."""
    for player, mask in enumerate(mine):
        if mask >> space & 1:
            return player
    return -1


def _workshops(cfg: SimConfig, own: int, taken: int, player: int, space: int,
               ev: list[_Raw]) -> tuple[str, int]:
    b = cfg.board
    # the player's group through ``space``: a flood fill over bit masks
    neighbours = cfg.neighbour_mask
    group = frontier = 1 << space
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        new = neighbours[low.bit_length() - 1] & own & ~group
        group |= new
        frontier |= new
    material = b.space_symbol[space]
    double = material == b.ws_double
    size = group.bit_count()
    why = ((reason("group-double", size=size, symbol=b.symbols[WORKSHOPS][material]) if double
            else reason("group", size=size)) if cfg.explain else "")
    ev.append((player, size * (2 if double else 1), WORKSHOPS, why))  # _gain, inline
    tri = cfg.triangle_mask[space]
    bonus = ""
    if taken & tri == tri:
        bonus = (reason("triangle",
                        spaces="-".join(str(b.space_local[t]) for t in b.ws_triangle[space]))
                 if cfg.explain else OWED)
    return bonus, 1 << material


def _residences(b: Board, own: int, player: int, space: int, mask: int,
                ev: list[_Raw], explain: bool) -> tuple[str, int]:
    r0 = b.area_start[RESIDENCES]
    loc = space - r0
    values = b.res_values
    total = values[loc]
    j = loc - 1
    while j >= 0 and own >> (r0 + j) & 1:
        total += values[j]
        j -= 1
    back = loc - 1 - j
    why = (reason("house-n" if back > 1 else "house-1" if back else "house", value=values[loc],
                  back=back) if explain else "")
    ev.append((player, total, RESIDENCES, why))  # _gain, inline
    bit = b.res_value_bit[loc]
    before, after = mask.bit_count(), (mask | bit).bit_count()
    if after != before and after in b.res_bonus_at:
        return (reason("house-values", count=after) if explain else OWED), bit
    return "", bit


def _townspeople(b: Board, mine: tuple[int, ...], taken: int, player: int, card: int,
                 space: int, ev: list[_Raw], explain: bool) -> tuple[str, int]:
    area = b.space_area[space]
    base = b.area_start[area]
    loc = space - base
    symbol = b.space_symbol[space]
    match = symbol == b.cards[card].symbol
    ev.append((player, b.tp_points[loc] * (2 if match else 1), area,  # _gain, inline
               (reason("townspeople-double", level=b.tp_level[loc], symbol=b.symbols[area][symbol])
                if match else reason("townspeople", level=b.tp_level[loc])) if explain else ""))
    sid = b.space_ids[space]
    for sup, paid in b.tp_pays[loc]:
        if taken >> (base + sup) & 1:
            ev.append((_holder(mine, base + sup), paid, area,  # _gain, inline
                       reason("supports", support=f"{AREAS[area]}/{sup}", space=sid)
                       if explain else ""))
    if loc in b.tp_tops:
        return (reason("top-space", space=sid) if explain else OWED), 1 << symbol
    return "", 1 << symbol


def _trade(cfg: SimConfig, mine: tuple[int, ...], taken: int, player: int, space: int,
           ev: list[_Raw]) -> tuple[str, int]:
    b = cfg.board
    good = b.space_symbol[space]
    column = cfg.column_mask[good]
    mine_k = most = 0  # the player's diamonds there, and the most another holder has
    if not cfg.explain:
        # a bot game: the gains in seat order (nobody reads the events' order)
        on_column = (taken & column).bit_count()
        for p, m in enumerate(mine):
            k = (m & column).bit_count()
            if k:
                ev.append((p, k * on_column, TRADE, ""))  # _gain, inline
                if p == player:
                    mine_k = k
                elif k > most:
                    most = k
        return (OWED if most > mine_k else ""), 1 << good
    # each holder's diamonds on the column, holders in the order of their first space
    counts = []
    on_column = 0
    for p, m in enumerate(mine):
        m &= column
        if m:
            k = m.bit_count()
            counts.append((m & -m, p, k))
            on_column += k
    counts.sort()
    name = b.goods[good]
    for _, holder, k in counts:
        ev.append((holder, k * on_column, TRADE,  # _gain, inline
                   reason("trade-n" if k > 1 else "trade-1", count=k, on_column=on_column,
                          good=name)))
        if holder == player:
            mine_k = k
        elif k > most:
            most = k
    if most > mine_k:
        return reason("trade-more", good=name), 1 << good
    return "", 1 << good


def _harbor(cfg: SimConfig, mine: tuple[int, ...], taken: int, space: int,
            ev: list[_Raw]) -> None:
    b = cfg.board
    ships = len(b.harbor_row[0])
    row = (space - b.area_start[HARBOR]) // ships
    full = cfg.harbor_mask[row]
    if taken & full != full:
        return
    goods = (taken & cfg.trade_row_mask[row]).bit_count()
    pay = b.harbor_payout[goods]
    why = (reason("harbor-1" if goods == 1 else "harbor-n", row=row, goods=goods)
           if cfg.explain else "")
    for s in b.harbor_row[row]:
        _gain(ev, _holder(mine, s), pay, HARBOR, why)


def _meets(cfg: SimConfig, v: list[Any], player: int, area: int) -> bool:
    have: int = v[_HAVE][player * len(AREAS) + area]
    return have.bit_count() >= cfg.field_count[area]


def _check_field(cfg: SimConfig, v: list[Any], player: int, area: int, ev: list[_Raw]) -> None:
    """Claim ``area``'s 20/15/10/5 field if ``player`` first meets its condition now."""
    bit = 1 << area
    claimed = v[_CLAIMED]
    if claimed[player] & bit or not _meets(cfg, v, player, area):
        return
    taken = v[_FIELD_TAKEN][area]
    values = cfg.board.field_values
    if taken >= len(values):
        return
    diamonds = v[_DIAMONDS]
    if cfg.marker_diamond:
        if diamonds[player] > 0:
            diamonds = _tick(diamonds, player, -1)
        elif not cfg.field_without_diamond:
            if cfg.explain:
                _note(ev, player, "field", reason("field-missed", area=AREAS[area]))
            return
    _gain(ev, player, values[taken], FIELD_CAT,
          reason("field", area=AREAS[area]) if cfg.explain else "")
    v[_DIAMONDS] = diamonds
    changed = list(claimed)
    changed[player] |= bit
    v[_CLAIMED] = tuple(changed)
    v[_FIELD_TAKEN] = _tick(v[_FIELD_TAKEN], area, 1)


def _after_action(cfg: SimConfig, v: list[Any], player: int, bonus_why: str,
                  ev: list[_Raw]) -> None:
    """Settle what follows an action: the owed bonus card, the turn's end, the game's end."""
    if v[_ENDING] and cfg.last_end == "action":
        if bonus_why and cfg.explain:
            _note(ev, player, "bonus", reason("bonus-lost", trigger=bonus_why))
        _finish_turn(cfg, v, player, ev)
        return
    if bonus_why:
        if cfg.explain:  # a 0-point note: only an explained game's events show it
            _note(ev, player, "bonus", reason("bonus-earned", trigger=bonus_why))
        display = v[_DISPLAY]
        if display is not None and not display:
            _gain(ev, player, cfg.empty_points, EMPTY_CAT,
                  reason("display-empty") if cfg.explain else "")
        else:
            v[_PENDING] = player
            v[_PENDING_WHY] = bonus_why
            v[_PHASE] = BONUS
            return
    _finish_turn(cfg, v, player, ev)


def _empty_display(s: SimState, player: int, ev: list[_Raw]) -> list[Any]:
    """The fields after ``player`` is paid for an owed bonus card the empty display cannot
    give (``apply`` has checked that it is owed and settles them)."""
    _gain(ev, player, s.cfg.empty_points, EMPTY_CAT,
          reason("display-empty") if s.cfg.explain else "")
    v: list[Any] = list(s)
    _finish_turn(s.cfg, v, player, ev)
    return v


def _finish_turn(cfg: SimConfig, v: list[Any], player: int, ev: list[_Raw]) -> None:
    if v[_DEFERRED] >= 0:
        _land_deferred(cfg, v, player, ev)
    if not cfg.fields_at_action:
        for area in range(len(AREAS)):
            if cfg.has_field[area]:
                _check_field(cfg, v, player, area, ev)
        if v[_DIAMONDS][player] == 0 and not v[_ENDING]:
            _last_diamond(cfg, v, player, ev)
    v[_PENDING] = -1
    v[_PENDING_WHY] = ""
    ending = v[_ENDING]
    if ending and cfg.last_end in ("turn", "action"):
        if cfg.explain:
            _note(ev, -1, "end", reason("over-diamonds"))
        v[_PHASE] = OVER
        v[_END_REASON] = "diamonds"
    elif v[_TURN] >= cfg.turns_per_round:
        if cfg.explain and (ending or v[_ROUND] + 1 >= cfg.rounds):
            _note(ev, -1, "end", reason("over-round-diamonds" if ending else "over-round-deck"))
        v[_PHASE] = ROUND_END
    else:
        v[_PHASE] = PLAY


def _end_round(s: SimState, leftover: tuple[int, ...] | None) -> SimState:
    """The round is closed (``apply`` has checked that it may be, and its ``leftover``)."""
    cfg = s.cfg
    if leftover is not None:
        # the changes are gathered and made at once (one copy of the state)
        changes: dict[str, Any] = {"unseen": _see(s.unseen, cfg, leftover),
                                   "leftover_done": True}
        if s.display is not None:
            changes["display"] = tuple(sorted((*s.display, *leftover)))
        else:
            pool = list(s.pool)
            for k in leftover:
                pool[k] += 1
            changes["pool"] = tuple(pool)
    else:
        changes = {}
    changes["events"] = ()
    if s.phase == OVER:
        return _changed(s, changes)
    if s.ending or s.round + 1 >= cfg.rounds:
        changes.update(phase=OVER, end_reason="diamonds" if s.ending else "deck")
    else:
        changes.update(round=s.round + 1, start=s.round_start, turn=0,
                       leftover_done=False, phase=PLAY)
    return _changed(s, changes)


def preview(state: SimState, player: int, card: int, space: int) -> tuple[tuple[Event, ...], str]:
    """What ``player`` playing ``card`` on ``space`` (or ``SHIP``) would score right now.

    Returns the events and why a bonus card would be earned ("" if none), without
    changing ``state`` and without checking whose turn it is. Illegal placements raise
    the RuleViolation ``apply`` would.
    """
    ev: list[_Raw] = []
    bonus = _resolve(state, list(state), player, card, space, ev)
    return _events(ev), bonus


# ------------------------------------------------------------------- the engine's state
#: a game state the bots play on and the scores read: the engine's or the simulator's
AnyState = engine.State | SimState


def to_engine(s: SimState) -> engine.State:
    """The engine's state of the moment ``s`` is (for the engine to judge a step)."""
    cfg = s.cfg
    return engine.State(
        cfg=engine.make_config(cfg.names, cfg.rules, cfg.board), owner=s.owner,
        points=s.points, diamonds=s.diamonds, ship=s.ship, claimed=s.claimed,
        field_taken=s.field_taken, display=s.display, seen=s.seen, pool=s.pool,
        hidden=s.hidden, round=s.round, start=s.start, turn=s.turn, turns=s.turns,
        phase=s.phase, pending=s.pending, pending_why=s.pending_why, ending=s.ending,
        end_reason=s.end_reason, leftover_done=s.leftover_done, bonus_cards=s.bonus_cards,
        events=s.events, deferred=s.deferred)


def from_engine(state: engine.State, *, explain: bool = True) -> SimState:
    """The simulator's state of the moment ``state`` is."""
    cfg = sim_config(state.cfg.names, state.cfg.rules, state.cfg.board, explain=explain)
    b = cfg.board
    have = [0] * (cfg.players * len(AREAS))
    for space, player in enumerate(state.owner):
        area = b.space_area[space]
        if player >= 0 and area != HARBOR:
            have[player * len(AREAS) + area] |= (
                b.res_value_bit[b.space_local[space]] if area == RESIDENCES
                else 1 << b.space_symbol[space])
    r0 = b.area_start[RESIDENCES]
    return SimState(
        cfg=cfg, mine=state.mine, points=state.points, diamonds=state.diamonds,
        ship=state.ship, have=tuple(have), claimed=state.claimed,
        field_taken=state.field_taken,
        res_next=sum(1 for i in range(b.area_size[RESIDENCES]) if state.owner[r0 + i] >= 0),
        display=state.display,
        unseen=cfg.unseen_all - sum(count * cfg.unseen_one[k]
                                    for k, count in enumerate(state.seen)),
        pool=state.pool, hidden=state.hidden, round=state.round, start=state.start,
        turn=state.turn, turns=state.turns, phase=state.phase, pending=state.pending,
        pending_why=state.pending_why, ending=state.ending, end_reason=state.end_reason,
        leftover_done=state.leftover_done, bonus_cards=state.bonus_cards,
        events=state.events, deferred=state.deferred, taken=state.taken)
