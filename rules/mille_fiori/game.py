"""Mille Fiori in the game protocol (:mod:`scorepad.rules.game`): ``GAME``, and the replay
of a ``scorepad/mf-game@1`` log as a fold of its steps.

Moves are plain data in the log's notation:

* a hand card, and each bonus card from the display, as its own step:
  ``{"card": "workshops/quartz/3", "action": {"place": "workshops/17"}}`` or
  ``{"card": ..., "action": {"ship": true}}`` — the state knows which one is owed;
* ``{"empty_display": true}``: an owed bonus card cannot be taken because the (untracked)
  display is empty (5 points); the log writes it as a turn without that bonus entry;
* chance steps (``player=None``): ``{"deal": [[card, ...], ...]}`` (the round's hands by
  seat, seeded games only) and ``{"leftover": [card, ...]}`` (the round's leftover hand
  cards go to the display).

**Seeded games** (``new(..., seed=S)``) are dealt as ``mf deal`` deals: the setup display
is the seed's, each round starts with the deal (a chance step with one outcome), a player
plays a card of their hand (hands pass to the left after every player has played one),
and the round ends with the leftovers (again one outcome). The draft's secret pick is
folded into the play: a player chooses the card when it is resolved.

**Unseeded games** are the table-side scorekeeper's: the hands are unknown, so
``legal_moves`` lists every card kind the deck can still hold × its legal spaces (and the
ship move). The display is tracked only when ``new(..., display=[...])`` names it; then
each round's leftovers are a chance step whose outcomes are not listed (``[]``: the
table says which cards they were). Untracked, a round ends by itself when the next round's
first card is played.

``score(s)`` is :func:`.scoring.score_json` of the engine state, which ``mf score --json``
prints for ``to_log(s)`` (the command replays the log with :func:`replay`, as
``from_log`` does).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, cast

from typing_extensions import Unpack

from scorepad.rules.common.errors import ContentError, RuleViolation, ScorepadError, refused
from scorepad.rules.common.ruleset import options_info
from scorepad.rules.game import NO_EVENTS, Game, GameInfo, SetupChoice, StepEvents, event

from . import engine as E
from . import words
from .about import ABOUT
from .board import AREAS, Board, board
from .deal import Deal, check_leftover, deal, pass_left, played_from_hand
from .log import GAME_FORMAT, GameLog, Turn, parse_game_log, read_play
from .ruleset import PLAYER_COUNTS, MFRules, default_rules
from .schema import MFEvent, MFEventFields, MFView
from .scoring import score_json

Step = tuple[str | None, Any]
EMPTY_DISPLAY = {"empty_display": True}


class TurnRec(NamedTuple):
    """A turn as the log records it: seat, card kind, space (or SHIP), its bonus cards."""

    player: int
    card: int
    space: int
    bonus: tuple[tuple[int, int], ...] = ()


class RoundRec(NamedTuple):
    """A round as the log records it."""

    start: int
    hands: tuple[tuple[int, ...], ...] | None
    leftover: tuple[int, ...] | None
    turns: tuple[TurnRec, ...]


@dataclass(frozen=True)
class MFState:
    """A protocol state: the engine state plus the deal and the log record. Immutable."""

    g: E.State
    seed: str | None
    dealt: Deal | None                              # the seed's whole deal
    hands: tuple[tuple[int, ...], ...] | None       # seeded, once dealt: hands by seat
    display: tuple[int, ...] | None                 # the setup display (tracked games)
    rounds: tuple[RoundRec, ...]
    display_owed: bool = False                      # tracked: the set-up display comes next
    #: what the last step did (events): a record, not in the equality
    last: StepEvents[MFEvent] = field(default=NO_EVENTS, compare=False)


# ----------------------------------------------------------------------- moves in and out
def _action(b: Board, space: int) -> dict[str, Any]:
    return {"ship": True} if space == E.SHIP else {"place": b.space_ids[space]}


def _move(b: Board, card: int, space: int) -> dict[str, Any]:
    return {"card": b.cards[card].id, "action": _action(b, space)}


def _read_play(b: Board, move: Any) -> tuple[int, int]:
    """(card kind, space) of a ``{card, action}`` move, read by the log's :class:`.log.Play`
    (ContentError naming the problem, or an unknown card or space)."""
    play = read_play(move)
    kind = b.card(play.card)
    return kind, E.SHIP if play.action.ship else b.space(str(play.action.place))


def _read_cards(b: Board, cards: Any, what: str) -> tuple[int, ...]:
    if not isinstance(cards, (list, tuple)):
        raise ContentError(f"{what} is a list of card ids")
    out = []
    for i, text in enumerate(cards, start=1):
        if not isinstance(text, str):
            raise ContentError(f"{what} {i}: a card id, not {text!r}"[:100])
        try:
            out.append(b.card(text))
        except ScorepadError as err:
            raise err.at(f"card {i}") from None
    return tuple(out)


def _ids(b: Board, kinds: Sequence[int]) -> list[str]:
    return [b.cards[k].id for k in kinds]


def _seat(g: E.State, name: Any) -> int:
    names = g.cfg.names
    if isinstance(name, str) and name in names:
        return names.index(name)
    raise refused(ContentError(f"unknown player {name!r} (players: {', '.join(names)})"[:200]),
                  "unknown-player")


# --------------------------------------------------------------------------- the rules
def _new(names: Sequence[str], rules: MFRules, seed: str | None, start: int,
         display: Sequence[int] | None, track_display: bool = False) -> MFState:
    b = board()
    dealt = None
    if seed is not None:
        if len(names) not in PLAYER_COUNTS:
            E.make_config(names, rules, b)  # names the player-count rule
        dealt = deal(len(names), seed, rules, b)
        if display is not None and sorted(display) != sorted(dealt.display):
            raise RuleViolation(f"the display is not the one seed {seed!r} deals",
                                rule="seeded-display")
        display = dealt.display
    g = E.setup(names, rules, display=display, start=start, game_board=b)
    return MFState(g, seed, dealt, None, None if display is None else tuple(display),
                   (RoundRec(start, None, None, ()),),
                   display_owed=track_display and display is None)


def _tracked(s: MFState) -> bool:
    return s.g.display is not None


def _needs_deal(s: MFState) -> bool:
    g = s.g
    return s.dealt is not None and s.hands is None and g.phase == E.PLAY and g.turn == 0


def _needs_leftover(s: MFState) -> bool:
    g = s.g
    if g.leftover_done or not _tracked(s):
        return False
    return g.phase == E.ROUND_END or g.phase == E.OVER


def is_over(s: MFState) -> bool:
    """The game has ended (and, tracking the display, its last leftovers are recorded)."""
    return s.g.finished and not _needs_leftover(s)


def to_move(s: MFState) -> list[str]:
    """Who owes a decision: the bonus owner or the player whose turn it is; [] at chance."""
    if s.display_owed or is_over(s) or _needs_deal(s) or _needs_leftover(s):
        return []
    seat = s.g.to_move
    return [s.g.cfg.names[seat]] if seat >= 0 else []


def _leftover_now(s: MFState) -> tuple[int, ...] | None:
    """The seeded round's leftovers: what is still in the hands, in seat order."""
    if s.hands is None:
        return None
    return tuple(k for hand in s.hands for k in hand)


def legal_moves(s: MFState, player: str | None) -> list[Any]:
    """``player``'s legal steps now (see the module notes); ``None``: the chance outcomes."""
    b = s.g.cfg.board
    if player is None:
        if s.display_owed or is_over(s) or to_move(s):
            return []  # (the set-up display, as the leftovers, is what the table says)
        if _needs_deal(s):
            assert s.dealt is not None
            return [{"deal": [_ids(b, h) for h in s.dealt.rounds[s.g.round]]}]
        left = _leftover_now(s)
        return [] if left is None else [{"leftover": _ids(b, left)}]
    if player not in to_move(s):
        return []
    g = s.g
    p = g.cfg.names.index(player)
    if g.phase == E.BONUS:
        if g.display is not None:
            kinds: Sequence[int] = sorted(set(g.display))
        else:
            spare = g.hidden < g.cfg.display_size
            seen = g.seen  # (a view the engine makes from its packed counts: once)
            kinds = [k for k in range(len(b.cards))
                     if g.pool[k] > 0 or (spare and seen[k] < b.card_count[k])]
    elif s.hands is not None:
        kinds = sorted(set(s.hands[p]))
    else:
        seen = g.seen
        kinds = [k for k in range(len(b.cards)) if seen[k] < b.card_count[k]]
    moves = [_move(b, k, space) for k in kinds
             for space in (*E.legal_spaces(g, p, k), E.SHIP)]
    if g.phase == E.BONUS and g.display is None:
        moves.append(dict(EMPTY_DISPLAY))
    return moves


def apply(s: MFState, player: str | None, move: Any) -> MFState:
    """The state after ``player``'s ``move`` (``None``: a chance step) with its events;
    a RuleViolation naming what is wrong (a card or space the game does not know too),
    ``s`` unchanged."""
    try:
        after = _apply(s, player, move)
    except ContentError as err:
        raise refused(err) from None
    return replace(after, last=StepEvents(_events(s, after, player, move)))


def _event(kind: str, player: str | None, points: float | None = None, why: str = "",
           **fields: Unpack[MFEventFields]) -> MFEvent:
    """An event of this game; mypy holds ``fields`` to its type (:class:`.schema.MFEvent`)."""
    return cast(MFEvent, event(kind, player, points, why, **fields))


def _engine_event(names: Sequence[str], e: E.Event) -> MFEvent:
    """An engine event in the protocol's shape: its reason as data (``explain`` words it
    in every language), its English words as ``why``."""
    who = names[e.player] if e.player >= 0 else None
    more: MFEventFields = {"reason": e.why.data()} if isinstance(e.why, words.Reason) else {}
    if e.kind in E.CATEGORIES:
        return _event(e.kind, who, e.points, str(e.why) or words.say_area(e.kind), **more)
    return _event(e.kind, who, why=str(e.why), **more)


def _events(before: MFState, after: MFState, player: str | None, move: Any) -> list[MFEvent]:
    """What the step from ``before`` to ``after`` did: the step itself, then the engine's
    events of it (points with their why, bonus cards owed, fields, the end)."""
    names = after.g.cfg.names
    if player is None:
        if "deal" in move:   # the hands are the players' own: the event names no card
            return [_event("deal", None, round=after.g.round + 1)]
        if "display" in move:   # the set-up display, face up
            return [_event("display", None, cards=list(move["display"]))]
        out = [_event("leftover", None, cards=list(move["leftover"]))]
    else:
        kind = "empty-display" if dict(move) == EMPTY_DISPLAY else \
            "bonus-play" if before.g.phase == E.BONUS else "play"
        out = [_event(kind, player, move=dict(move))] if kind != "empty-display" else []
    return out + [_engine_event(names, e) for e in after.g.events]


def _apply(s: MFState, player: str | None, move: Any) -> MFState:
    g = s.g
    if player is None:
        return _chance(s, move)
    p = _seat(g, player)
    if is_over(s):
        raise _over_refusal(g)
    if s.display_owed or _needs_deal(s) or _needs_leftover(s):
        what = "display" if s.display_owed else "deal" if _needs_deal(s) else "leftover"
        raise RuleViolation.of(f"mf.waits-{what}", player=player, rule="turn-order")
    b = g.cfg.board
    rounds = list(s.rounds)
    if g.phase == E.BONUS:
        if p != g.pending:  # raises the engine's turn-order violation
            E.apply(g, E.Play(p, 0, E.SHIP))
        if isinstance(move, Mapping) and dict(move) == EMPTY_DISPLAY:
            new = E.apply(g, E.EmptyDisplay(p))
        else:
            card, space = _read_play(b, move)
            new = E.apply(g, E.Play(p, card, space))
            last = rounds[-1]
            t = last.turns[-1]
            rounds[-1] = last._replace(turns=(*last.turns[:-1],
                                              t._replace(bonus=(*t.bonus, (card, space)))))
        return _after_turn(s, new, tuple(rounds), p)
    card, space = _read_play(b, move)
    new = E.apply(g, E.Play(p, card, space))  # turn order, placement, deck limit
    hands = s.hands
    if hands is not None:
        hands = played_from_hand(hands, p, card, b, player)
    if len(rounds) <= new.round:  # the engine closed an untracked round by itself
        rounds.append(RoundRec(new.start, None, None, ()))
    last = rounds[-1]
    rounds[-1] = last._replace(turns=(*last.turns, TurnRec(p, card, space)))
    return _after_turn(replace(s, hands=hands), new, tuple(rounds), p)


def _after_turn(s: MFState, new: E.State, rounds: tuple[RoundRec, ...], p: int) -> MFState:
    """Record the step; once the turn is over and everyone has played a card, pass left."""
    hands = s.hands
    if hands is not None and new.phase != E.BONUS and new.turn % new.cfg.players == 0:
        hands = pass_left(hands)
    return replace(s, g=new, hands=hands, rounds=rounds)


def _chance(s: MFState, move: Any) -> MFState:
    g = s.g
    b = g.cfg.board
    if not isinstance(move, Mapping) or len(move) != 1 or \
            not {"display", "deal", "leftover"} & set(move):
        raise ContentError("a chance step is {display: [CARD, ...]}, {deal: [[CARD, ...], "
                           f"...]}} or {{leftover: [CARD, ...]}}, not {str(move)[:60]}")
    if s.display_owed or "display" in move:
        if not s.display_owed or "display" not in move:
            raise RuleViolation("the set-up display comes first" if s.display_owed else
                                "the set-up display is laid out already", rule="display")
        kinds = _read_cards(b, move["display"], "display")
        new = E.setup(g.cfg.names, g.cfg.rules, display=kinds, start=g.start, game_board=b)
        return replace(s, g=new, display=kinds, display_owed=False)
    if "deal" in move:
        if not _needs_deal(s):
            why = "the game has no seed" if s.dealt is None else "the round is dealt already"
            raise RuleViolation(f"no hands to deal now ({why})", rule="deal")
        assert s.dealt is not None
        hands = move["deal"]
        want = s.dealt.rounds[g.round]
        if not isinstance(hands, (list, tuple)) or len(hands) != len(want) or tuple(
                _read_cards(b, h, "a hand") for h in hands) != want:
            raise RuleViolation(f"these are not the hands seed {s.seed!r} deals in round "
                                f"{g.round + 1}", rule="seeded-deal")
        rounds = list(s.rounds)
        if len(rounds) <= g.round:
            rounds.append(RoundRec(g.start, want, None, ()))
        else:
            rounds[-1] = rounds[-1]._replace(hands=want)
        return replace(s, hands=want, rounds=tuple(rounds))
    left = _read_cards(b, move["leftover"], "leftover")
    new = E.apply(g, E.EndRound(left))  # the count, the deck limit, the round's end
    if s.hands is not None:
        check_leftover(s.hands, left, b)
    rounds = list(s.rounds)
    rounds[-1] = rounds[-1]._replace(leftover=left)
    return replace(s, g=new, hands=None, rounds=tuple(rounds))


def _over_refusal(g: E.State) -> RuleViolation:
    if g.ending:
        return RuleViolation.of("mf.over-last-diamond", rule="game-over")
    return RuleViolation.of("mf.over-no-round", round=g.round + 2, rule="game-over")


# ------------------------------------------------------------------------- the log
def to_log(s: MFState) -> dict[str, Any]:
    """The ``scorepad/mf-game@1`` document of everything played (contract key order)."""
    g = s.g
    b = g.cfg.board
    names = g.cfg.names
    out: dict[str, Any] = {"format": GAME_FORMAT}
    changed = g.cfg.rules.changed_from(default_rules())
    if changed:
        out["rules"] = changed
    if s.seed is not None:
        out["seed"] = s.seed
    out["players"] = list(names)
    if s.display is not None:
        out["display"] = _ids(b, s.display)
    elif s.display_owed:   # tracked, the set-up display not laid out yet
        out["display"] = []
    rounds = []
    for rnd in s.rounds:
        entry: dict[str, Any] = {"start": names[rnd.start]}
        if rnd.hands is not None:
            entry["hands"] = [_ids(b, h) for h in rnd.hands]
        if rnd.leftover is not None:
            entry["leftover"] = _ids(b, rnd.leftover)
        turns = []
        for t in rnd.turns:
            turn: dict[str, Any] = {"player": names[t.player], **_move(b, t.card, t.space)}
            if t.bonus:
                turn["bonus"] = [_move(b, k, space) for k, space in t.bonus]
            turns.append(turn)
        entry["turns"] = turns
        rounds.append(entry)
    if g.phase == E.BONUS:
        rounds[-1]["turns"][-1]["bonus_owed"] = True
    out["rounds"] = rounds
    return out


@dataclass
class TurnRecord:
    """A replayed turn: its number in the game, who played, and every event of its chain."""

    number: int
    round: int
    player: int
    events: list[E.Event]
    state: E.State


@dataclass
class Replay:
    """A replayed log: the protocol state, the engine state, each turn's events, the steps."""

    log: GameLog
    game: MFState
    turns: list[TurnRecord] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    @property
    def state(self) -> E.State:
        """The engine state the log leads to."""
        return self.game.g


def _setup_of(log: GameLog, rules: MFRules) -> tuple[dict[str, Any], MFState]:
    b = board()
    names = list(log.players)
    display = None
    if log.display is not None:
        display = []
        for i, text in enumerate(log.display, start=1):
            try:
                display.append(b.card(text))
            except ScorepadError as err:
                raise err.at(f"display {i}") from None
    first = names[0]
    if log.rounds:
        first = log.rounds[0].start
        if first not in names:
            raise ContentError(f"unknown player {first!r} (players: {', '.join(names)})"
                               ).at("round 1", "start")
    # An unseeded game that tracks the display starts owing it: its first step is the
    # set-up display, a chance step (``display: []`` in a log: not laid out yet).
    track = log.seed is None and display is not None
    try:
        s = _new(names, rules, log.seed, names.index(first), None if track else display,
                 track_display=track)
    except ScorepadError as err:
        raise err.at("display" if display is not None and len(names) in PLAYER_COUNTS
                     else "players") from None
    keywords = {"players": names, "seed": log.seed,
                "rules": rules.changed_from(default_rules()), "start": first,
                "track_display": track}
    return keywords, s


def replay(log: GameLog, rules: MFRules | None = None) -> Replay:
    """Replay a read log as the fold of :func:`apply` over its steps, checking every card,
    space and rule; errors are placed (``turn 14, Bob, bonus 2``)."""
    rules = rules or default_rules()
    _, s = _setup_of(log, rules)
    result = Replay(log, s)
    for where, player, move in _walk(log, result):
        try:
            s = apply(s, player, move)
        except ScorepadError as err:
            raise err.at(*where) from None
        result.game = s
        result.steps.append((player, move))
    return result


def _walk(log: GameLog, result: Replay) -> Iterator[tuple[tuple[str, ...], str | None, Any]]:
    """The steps of a log with their places; checks what only the log can get wrong (round
    starts and lengths, missing bonus entries and leftovers) against ``result.game``."""
    names = list(log.players)
    number = 0
    closed = False
    last_round = len(log.rounds) - 1
    if result.game.display_owed and log.display:
        yield ("display",), None, {"display": list(log.display)}
    for r, rnd in enumerate(log.rounds):
        where = f"round {r + 1}"
        s = result.game
        g = s.g
        if r > 0:
            _check_round_closed(s, r, closed)
            if rnd.start not in names:
                raise ContentError(f"unknown player {rnd.start!r}").at(where, "start")
            refusal = E.start_refusal(g, names.index(rnd.start))
            if refusal is not None:
                raise refusal.at(where, "start")
        closed = False
        if s.dealt is not None and (rnd.hands is not None or rnd.turns or
                                    rnd.leftover is not None):
            hands = rnd.hands
            if hands is None and _needs_deal(s):
                hands = legal_moves(s, None)[0]["deal"]
            yield (where, "hands"), None, {"deal": hands}
        for t, turn in enumerate(rnd.turns):
            number += 1
            here = (f"turn {number}", turn.player)
            g = result.game.g
            if g.phase == E.ROUND_END and g.round == r and not g.finished:
                raise E.round_full(g).at(*here)
            if g.finished:
                raise _over_refusal(g).at(*here)
            # replay() applies each step before asking for the next, so result.game is
            # the state after the step just yielded
            yield here, turn.player, {"card": turn.card, "action": turn.action.to_data()}
            events = list(result.game.g.events)
            for i, bonus in enumerate(turn.bonus, start=1):
                if result.game.g.phase != E.BONUS:
                    raise RuleViolation("no bonus card is owed at this point of the turn",
                                        rule="no-bonus-owed").at(*here, f"bonus {i}")
                yield (*here, f"bonus {i}"), turn.player, {"card": bonus.card,
                                                            "action": bonus.action.to_data()}
                events.extend(result.game.g.events)
            g = result.game.g
            owed = g.phase == E.BONUS
            if turn.bonus_owed:
                if not owed or r != last_round or t != len(rnd.turns) - 1:
                    raise RuleViolation("bonus_owed marks the last turn of a game whose player "
                                        "still owes a bonus card", rule="no-bonus-owed").at(*here)
            elif owed:
                if g.display is not None:
                    held = len(g.display)
                    raise RuleViolation(f"a bonus card is owed ({g.pending_why}) but the log "
                                        f"lists none, and the display holds {held} "
                                        f"card{'s' if held != 1 else ''}",
                                        rule="bonus-owed").at(*here)
                yield here, turn.player, dict(EMPTY_DISPLAY)  # the display was empty
                events.extend(result.game.g.events)
            result.turns.append(TurnRecord(number, r, names.index(turn.player), events,
                                           result.game.g))
        if rnd.leftover is not None:
            if not rnd.turns and r > 0 and result.game.g.phase == E.ROUND_END and \
                    result.game.g.round < r:
                raise ContentError(f"round {r + 1} lists leftover cards but no turns").at(where)
            yield (where, "leftover"), None, {"leftover": list(rnd.leftover)}
            closed = True


def _check_round_closed(s: MFState, r: int, closed: bool) -> None:
    g = s.g
    where = f"round {r + 1}"
    if closed:  # the previous round's leftovers ended it already
        if g.phase == E.OVER:
            raise _over_refusal(g).at(where)
        return
    if g.phase in (E.PLAY, E.BONUS) and not _needs_deal(s):
        raise E.round_short(g).at(f"round {r}")
    if g.finished:
        raise _over_refusal(g).at(where)
    if g.display is not None:
        raise ContentError(f"round {r} records no leftover cards (a log that records the "
                           "display records each round's leftovers)").at(f"round {r}")


def replay_data(data: object, rules: MFRules | None = None) -> Replay:
    """Read and replay raw log data (a mapping read from YAML/JSON)."""
    log = parse_game_log(data)
    base = rules or default_rules()
    return replay(log, base.with_overrides(log.rules))


# ------------------------------------------------------------------------ the protocol
def view(s: MFState, viewer: str | None) -> MFView:
    """What ``viewer`` may see (:meth:`MilleFiori.view`): the board, the points, the open
    display and the viewer's own hand; never another hand, the deal to come or, while the
    game runs, the seed that makes it."""
    g = s.g
    b = g.cfg.board
    names = list(g.cfg.names)
    over = is_over(s)
    owner = g.owner
    out: MFView = {
        "game": GAME.id, "viewer": viewer, "players": names,
        "rules": g.cfg.rules.changed_from(default_rules()), "seeded": s.seed is not None,
        "round": g.round + 1, "rounds": g.cfg.rounds, "start": names[g.start],
        "phase": g.phase, "to_move": to_move(s), "over": over, "ended_by": g.ended_by,
        "bonus_owed": {"player": names[g.pending], "why": g.pending_why,
                       # the engine's keyed reason, for a page to word in its language
                       "reason": g.pending_why.data() if isinstance(g.pending_why, words.Reason)
                       else None}
        if g.phase == E.BONUS else None,
        "board": {b.space_ids[i]: names[p] for i, p in enumerate(owner) if p >= 0},
        "display": None if g.display is None else _ids(b, g.display),
        "scores": {name: {"total": g.total(p), "ship": g.ship[p], "diamonds": g.diamonds[p],
                          **{c: g.category(p, c) for c in E.CATEGORIES}}
                   for p, name in enumerate(names)},
        "hand_sizes": None if s.hands is None else {n: len(h) for n, h
                                                    in zip(names, s.hands, strict=True)},
        "hand": None, "events": list(s.last)}
    if s.hands is not None and viewer in names:
        out["hand"] = _ids(b, s.hands[names.index(viewer)])
    if over and s.seed is not None:
        out["seed"] = s.seed
    return out


class MilleFiori:
    """Mille Fiori in the game protocol (see the module notes for moves and chance)."""

    id = "mille-fiori"
    log_format = GAME_FORMAT
    min_players = min(PLAYER_COUNTS)
    max_players = max(PLAYER_COUNTS)
    example_setup: Mapping[str, Any] = {}
    info = GameInfo(id="mille-fiori", min_players=min(PLAYER_COUNTS),
                    max_players=max(PLAYER_COUNTS), simultaneous=False,
                    hidden_information=True, chance=True, hands=True,
                    # (no values listed: the browser offers neither; the start player is
                    # free, and the display is typed at the terminal's `mf play --display`)
                    setup=(SetupChoice("start"), SetupChoice("track_display", (), False)),
                    options=options_info(default_rules()), about=ABOUT)

    def events(self, state: MFState) -> list[MFEvent]:
        """What the last step did: ``play``/``bonus-play`` (the card and where), the
        engine's scoring events (type: the category, ``points``, ``why``), its notices
        (``bonus``, ``field``, ``end``), ``deal`` (no cards: hands are private) and
        ``leftover`` (the cards going to the open display)."""
        return [e.copy() for e in state.last]

    def view(self, state: MFState, viewer: str | None) -> MFView:
        """The board, points and display for everyone; a hand only for its player."""
        return view(state, viewer)

    def describe(self, move: Any, lang: str = "en") -> str:
        """A step in words."""
        return words.describe(move, lang)

    def explain(self, event: MFEvent, lang: str = "en") -> str:
        """An event of :meth:`events` in words."""
        return words.explain(event, lang)

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, start: str | None = None,
            display: Sequence[str] | None = None, track_display: bool = False,
            **setup: Any) -> MFState:
        """A fresh game; ``start`` names the first start player. ``track_display``: an
        unseeded game that tracks the display, whose first step is the set-up display (a
        chance step ``{"display": [CARD, ...]}``, as the table lays it out); ``display``
        gives it at once instead (card ids)."""
        if setup:
            raise ContentError(f"Mille Fiori has no set-up option {next(iter(setup))!r} "
                               "(it takes start, track_display and display)")
        names = list(players)
        opts = default_rules().with_overrides(rules)
        first = 0
        if start is not None:
            if start not in names:
                raise ContentError(f"start: {start!r} is not one of {', '.join(names)}")
            first = names.index(start)
        kinds = None if display is None else _read_cards(board(), display, "display")
        return _new(names, opts, None if seed is None else str(seed), first, kinds,
                    track_display=track_display and seed is None)

    def to_move(self, state: MFState) -> list[str]:
        return to_move(state)

    def legal_moves(self, state: MFState, player: str | None) -> list[Any]:
        return legal_moves(state, player)

    def apply(self, state: MFState, player: str | None, move: Any) -> MFState:
        return apply(state, player, move)

    def is_over(self, state: MFState) -> bool:
        return is_over(state)

    def score(self, state: MFState) -> dict[str, Any]:
        return score_json(state.g)

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        """areas + ship + bonus_fields + empty_display."""
        return float(sum(player_score["areas"][a] for a in AREAS) + player_score["ship"]
                     + player_score["bonus_fields"] + player_score["empty_display"])

    def to_log(self, state: MFState) -> dict[str, Any]:
        return to_log(state)

    def from_log(self, doc: Mapping[str, Any], *, rules: MFRules | None = None) -> MFState:
        """The replay of a log; ``rules``: the ruleset the log's ``rules:`` change (default:
        the bundled one; ``--rules FILE`` gives another)."""
        return replay_data(dict(doc), rules).game

    def log_steps(self, doc: Mapping[str, Any]) -> tuple[dict[str, Any], list[Step]]:
        log = parse_game_log(dict(doc))
        rules = default_rules().with_overrides(log.rules)
        keywords, _ = _setup_of(log, rules)
        return keywords, replay(log, rules).steps


#: Mille Fiori in :data:`scorepad.rules.game.GAMES`.
GAME = MilleFiori()
_PROTOCOL: Game[MFState, Any, MFView, MFEvent] = GAME  # mypy holds the class to the protocol

__all__ = ["GAME", "MFState", "Replay", "Turn", "TurnRecord", "replay", "replay_data"]
