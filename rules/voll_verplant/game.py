"""Voll verplant in the game protocol (:mod:`scorepad.rules.game`): ``GAME``.

A thin layer over the engine (:mod:`.engine`): it translates the log's notation at the
edge (:func:`.replay.step_from_data`), keeps what the log records (the cards revealed and
every step as written) and closes a round when nobody owes anything. No rule lives here.

* Moves are the log's notation: ``{"line": "A", "crosses": 3}``, ``{"line": "K",
  "direction": "ccw"}`` (transfer on a ring), ``{"station": 17}`` / ``{"station": None}``
  (free ride, declined), ``{}`` (a line card for a player with no free window). One step
  at a time: a special-station follow-up is a step of its own (the log writes it in the
  move's ``then`` list; :meth:`VollVerplant.log_steps` splits it out again).
* :meth:`~VollVerplant.legal_moves` lists each legal step with its crosses written out,
  plus, per line (and ring direction), the log's short form for "as far as the card
  goes" (``crosses`` left out); ``direction`` is written only for ``ccw`` (``cw`` is the
  default, and ``direction: cw`` is accepted as well).
* Simultaneous play: after a card every player who has not moved is to move (seat
  order); a player who owes a follow-up stays to move until it is made or lapses.
* Chance: between rounds ``to_move`` is ``[]``; ``legal_moves(s, None)`` is the seed's
  next card (one), or without a seed every card the pile can still give;
  ``apply(s, None, 4)`` reveals it.
* A flipper's game (``players=[]``, what ``vv flip`` writes) has chance steps only. With
  a map it is over once the cards have filled every wagon window (one a card, free rides
  none: the latest possible end, as ``vv flip`` counts); without a map it is never over.
* A game played on paper (a log with ``sheets``, each player's end position, and no
  rounds: what :func:`.paper.paper_log` reads paper sheets into) is its end state
  (:func:`.end_position.end_state`): ``paper`` is set, it is over, no card was revealed and
  no step was made, so it takes no step, has none to replay or undo, and its events are
  the scoring of each sheet (transfer numbers, line bonuses, the empty-station penalty).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from typing_extensions import Unpack

from scorepad.rules.common.errors import ContentError, RuleViolation, ScorepadError, refused
from scorepad.rules.common.ruleset import options_info
from scorepad.rules.game import NO_EVENTS, Game, GameInfo, SetupChoice, StepEvents, event

from . import engine, words
from .about import ABOUT
from .cards import EXPRESS, NUMBER, Card, parse_card, windows_filled
from .end_position import end_state, position_data
from .engine import GameState
from .log import GAME_FORMAT, GameLog, parse_game_log
from .maps import BUNDLED_MAPS, Network, bundled_map
from .replay import check_next_card, marked_sheets, next_cards, step_data, step_from_data
from .ruleset import VVRules, default_rules
from .schema import VVEvent, VVEventFields, VVSheetView, VVView
from .scoring import empty_penalty, result_data, whole
from .view import Bonus

#: A step in the log's notation: a player's ``{"line": "A", "crosses": 3}``, or the card
#: code a chance step reveals (``4``, ``"E2"``).
VVMove = Any
# A step as recorded: the step's notation frozen as (key, value) pairs.
Frozen = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class VVState:
    """A Voll verplant game in the protocol: the engine state plus what the log records.

    ``core`` is the engine state (None only for a flipper's game without a map);
    ``map`` how the log names the map; ``cards`` the cards revealed, round 1 first;
    ``steps`` per round, per player (seat order) the steps written, each frozen.
    """

    core: GameState | None
    rules: VVRules
    map: str | None
    seed: str | int | None
    players: tuple[str, ...]
    cards: tuple[Card, ...]
    steps: tuple[tuple[tuple[Frozen, ...], ...], ...]
    windows: int  # the map's wagon windows (0 without a map): a flipper's game end
    #: what the last step did (:meth:`VollVerplant.events`; a record, not in the equality)
    last: StepEvents[VVEvent] = field(default=NO_EVENTS, compare=False)
    #: a game played on paper: the players' end positions, no steps (see the module docstring)
    paper: bool = False


def _event(kind: str, player: str | None, points: float | None = None,
           **fields: Unpack[VVEventFields]) -> VVEvent:
    """An event whose ``why`` is its English words (:mod:`.words`); mypy holds ``fields``
    to the event type (:class:`.schema.VVEvent`)."""
    out = cast(VVEvent, event(kind, player, points, **fields))
    if points is not None:
        out["why"] = words.explain(out)
    return out


def _station_ids(network: Network, mask: int) -> list[int]:
    return [network.stations[i].id for i in range(mask.bit_length()) if mask >> i & 1]


def _step_events(state: VVState, player: str, move: Mapping[str, Any],
                 done: engine.Step) -> list[VVEvent]:
    """What one player's step did, from the engine's answer (:class:`.engine.Step`)."""
    core, after = state.core, done.state
    assert core is not None
    p = state.players.index(player)
    network = core.network
    before, sheet = core.sheets[p], after.sheets[p]
    out = [_event("move", player, move=dict(move),
                  stations=_station_ids(network, sheet.marked & ~before.marked))]
    if len(sheet.transfers) > len(before.transfers):
        idx, number = sheet.transfers[-1]
        out.append(_event("transfer", player, 2 * number, station=network.stations[idx].id,
                          number=number))
    owed = after.owed[p]
    out += [_event("special", player, station=network.stations[i].id)
            for i in done.triggered if i in owed]
    out += [_event("lapsed", player, station=network.stations[i].id) for i in done.lapsed]
    return out


def _round_events(state: VVState, core: GameState, report: engine.RoundReport
                  ) -> list[VVEvent]:
    """What the end of a round did: completions with their bonus, the end penalties."""
    network = core.network
    out = []
    for line, players, first in report.completions:
        spec = network.lines[line]
        bonus: Bonus = "first" if first else "later"
        for p in players:
            out.append(_event("line", state.players[p], spec.bonus_points(bonus), line=spec.id,
                              bonus=bonus))
    out.append(_event("round-end", None, round=report.round))
    if report.over:
        for name, sheet in zip(state.players, core.sheets, strict=True):
            empty = (network.all_mask & ~sheet.marked).bit_count()
            if empty:
                out.append(_event("empty", name,
                                  whole(-empty_penalty(empty, core.rules.empty_rounding)),
                                  empty=empty))
        out.append(_event("game-over", None, round=report.round))
    return out


def _freeze(data: Mapping[str, Any]) -> Frozen:
    return tuple(data.items())


def _rules(rules: Mapping[str, Any] | VVRules | None) -> VVRules:
    if isinstance(rules, VVRules):
        return rules
    return default_rules().with_overrides(dict(rules or {}))


def _network(ref: object) -> Network:
    if isinstance(ref, Network):
        return ref
    if isinstance(ref, str) and ref in BUNDLED_MAPS:
        return bundled_map(ref)
    raise ContentError(f"unknown map {str(ref)[:60]!r} (bundled: {', '.join(BUNDLED_MAPS)}; "
                       "a map file is read by the command line and passed as a Network)")


def start(players: Sequence[str], network: Network | None, rules: VVRules,
          seed: str | int | None = None, map_ref: str | None = None) -> VVState:
    """A fresh game on a compiled map (None: a flipper's game without a map)."""
    names = tuple(players)
    if len(set(names)) != len(names):
        raise ContentError("a player is named twice", where=("players",))
    if names and network is None:
        raise ContentError("a game with players needs a map", where=("map",))
    if len(names) > GAME.max_players:
        raise ContentError(f"{len(names)} players; the game takes 1 to {GAME.max_players}",
                           where=("players",))
    core = engine.new_game(network, rules, names) if network is not None else None
    ref = map_ref if map_ref is not None else (network.id if network is not None else None)
    return VVState(core, rules, ref, seed, names, (), (),
                   network.total_windows if network is not None else 0)


def _round(state: VVState) -> int:
    return len(state.cards) if _in_round(state) else len(state.cards) + 1


def _in_round(state: VVState) -> bool:
    return state.core is not None and state.core.card is not None


def _over(state: VVState) -> bool:
    if state.core is not None and state.players:
        return state.core.over
    return bool(state.windows) and windows_filled(state.cards) >= state.windows


def _seat(state: VVState, player: str) -> int:
    try:
        return state.players.index(player)
    except ValueError:
        raise refused(ContentError(f"{str(player)[:40]} is not a player of this game "
                                   f"(players: {', '.join(state.players) or 'none'})",
                                   where=(f"round {_round(state)}",)),
                      "unknown-player") from None


def _close(state: VVState, events: list[VVEvent]) -> VVState:
    """The state after a step that did ``events``; the round ends when nobody owes anything
    (completions, bonuses, game end), and what that did joins the events."""
    core = state.core
    if core is not None and core.card is not None and engine.round_done(core):
        core, report = engine.end_round(core)
        events = events + _round_events(state, core, report)
        return replace(state, core=core, last=StepEvents(events))
    return replace(state, last=StepEvents(events))


def _reveal(state: VVState, outcome: object) -> VVState:
    if _over(state):  # (a flipper's game ends when the cards fill the map's windows)
        raise engine.game_over(len(state.cards))
    refusal = engine.round_refusal(state.core) if state.core is not None else None
    if refusal is not None:
        raise refusal
    number = len(state.cards) + 1
    try:
        card = parse_card(outcome)
    except ValueError as err:
        raise refused(ContentError(str(err), where=(f"round {number}", "card")),
                      "unknown-card") from None
    check_next_card(state.cards, card, state.rules, state.seed)
    core = engine.reveal(state.core, card) if state.core is not None else None
    blank: tuple[tuple[Frozen, ...], ...] = ((),) * len(state.players)
    return _close(replace(state, core=core, cards=state.cards + (card,),
                                 steps=state.steps + (blank,)),
                  [_event("card", None, card=card.code, round=number)])


def _placed(err: RuleViolation, place: tuple[str, ...]) -> RuleViolation:
    """``err`` (placed at round and player by the engine) with ``place`` (a follow-up's
    number in a log) after them."""
    err.where = err.where[:2] + place + err.where[2:]
    return err


def _step(state: VVState, player: str, move: object, place: tuple[str, ...] = ()) -> VVState:
    p = _seat(state, player)
    core = state.core
    where = (f"round {_round(state)}", player) + place
    assert core is not None  # a game with players has a map
    refusal = engine.turn_refusal(core, p)
    if refusal is not None:
        raise _placed(refusal, place)
    assert core.card is not None
    try:
        step = step_from_data(core.network, core.card, move)
    except ContentError as err:
        raise refused(err).at(*where) from None
    except ScorepadError as err:
        raise err.at(*where) from None
    try:
        done = engine.play_step(core, p, step)
    except RuleViolation as err:
        raise _placed(err, place) from None
    assert isinstance(move, Mapping)
    mine = state.steps[-1]
    now = mine[:p] + (mine[p] + (_freeze(move),),) + mine[p + 1:]
    return _close(replace(state, core=done.state, steps=state.steps[:-1] + (now,)),
                  _step_events(state, player, move, done))


def replay(log: GameLog, network: Network | None, rules: VVRules,
           map_ref: str | None = None) -> VVState:
    """The state a validated log leads to on a compiled map: the fold of the protocol's
    steps. Errors carry round, player (and follow-up) and are raised in play order."""
    state = start(log.players, network, rules, log.seed, map_ref if map_ref else log.map)
    for rnd in log.rounds:
        state = _reveal(state, rnd.card)
        for name in rnd.moves:
            if name not in state.players:
                raise ContentError(f"{name} is not a player of this game (players: "
                                   f"{', '.join(state.players) or 'none'})",
                                   where=(f"round {len(state.cards)}",))
        where = f"round {len(state.cards)}"
        for name, spec in rnd.moves.items():
            data = spec.to_data()
            then = data.pop("then", [])
            state = _step(state, name, data)
            for number, follow in enumerate(then, start=1):
                core = state.core
                if core is None or not engine.owes(core, state.players.index(name)):
                    # the move is done (its round may be closed): a follow-up not owed is
                    # refused at the move's own round, by the rule that counts them
                    raise engine.follow_ups_too_many(number - 1, len(then) - number + 1
                                                     ).at(where, name)
                state = _step(state, name, follow, (f"follow-up {number}",))
    return state


def paper_events(names: Sequence[str], core: GameState) -> list[VVEvent]:
    """The scoring of the sheets of a game played on paper, player by player: each
    transfer number, each line bonus, the empty-station penalty (the points of a paper
    game's events add up to its totals, as a played game's do)."""
    network = core.network
    out = []
    for name, sheet in zip(names, core.sheets, strict=True):
        out += [_event("transfer", name, 2 * number, station=network.stations[idx].id,
                       number=number) for idx, number in sheet.transfers]
        for line in network.lines:
            bit = 1 << line.index
            bonus: Bonus | None = ("first" if sheet.first & bit
                                   else "later" if sheet.later & bit else None)
            if bonus is not None:
                out.append(_event("line", name, line.bonus_points(bonus), line=line.id,
                                  bonus=bonus))
        empty = (network.all_mask & ~sheet.marked).bit_count()
        if empty:
            penalty = whole(-empty_penalty(empty, core.rules.empty_rounding))
            out.append(_event("empty", name, penalty, empty=empty))
    return out


def paper_state(log: GameLog, network: Network, rules: VVRules) -> VVState:
    """The end state of a game played on paper (a log with ``sheets``): built and checked
    by the engine (:func:`.end_position.end_state`; every problem of every sheet at once,
    placed at ``sheets, <player>``), with no card and no step."""
    assert log.sheets is not None
    state = start(log.players, network, rules, log.seed, log.map)
    core = end_state(network, rules, state.players,
                     [log.sheets[name] for name in state.players])
    return replace(state, core=core, paper=True,
                          last=StepEvents(paper_events(state.players, core)))


def paper_refusal() -> RuleViolation:
    """Any step of a game played on paper: it is its end position."""
    return RuleViolation("this game was played on paper: its sheets are the end position, "
                         "and it takes no step", rule="paper-end-position")


def score_data(state: VVState) -> dict[str, Any]:
    """The contract's ``score --json`` object for a game (``vv score`` prints this)."""
    core = state.core
    if core is None or not state.players:
        return {"game": GAME.id, "map": core.network.id if core is not None else None,
                "finished": _over(state), "players": [], "winners": []}
    return result_data(core.network.id, marked_sheets(core), core.over)


def view(state: VVState, viewer: str | None) -> VVView:
    """What anyone at the table may see (:meth:`VollVerplant.view`): every sheet is open,
    the cards revealed too; the seed, which orders the cards to come, only once over."""
    over = _over(state)
    core = state.core
    out: VVView = {"game": GAME.id, "viewer": viewer, "map": state.map,
                   "rules": state.rules.changed_from(default_rules()),
                   "players": list(state.players), "cards": [c.code for c in state.cards],
                   "round": _round(state), "over": over,
                   "card": core.card.code if core is not None and core.card is not None
                   else None,
                   "to_move": GAME.to_move(state), "sheets": {}, "events": list(state.last)}
    if state.paper:
        out["paper"] = True
    if over and state.seed is not None:
        out["seed"] = state.seed
    sheets: dict[str, VVSheetView] = {}
    if core is not None and state.players:
        for p, sheet in enumerate(marked_sheets(core)):
            asked = engine.asking(core, p)
            sheets[sheet.player] = {
                "marked": sorted(sheet.marked), "transfers": {str(k): v for k, v
                                                             in sheet.transfers.items()},
                "windows": {k: list(v) for k, v in sheet.windows.items()},
                "bonuses": dict(sheet.bonuses), "struck": sorted(sheet.struck),
                "asking": None if asked is None else core.network.stations[asked].id,
                "total": sheet.score.total if sheet.score is not None else 0}
    out["sheets"] = sheets
    return out


class VollVerplant:
    """The game object of :data:`GAME` (see the module docstring)."""

    id = "voll-verplant"
    log_format = GAME_FORMAT
    min_players = 1
    max_players = 6
    example_setup: Mapping[str, Any] = {"map": "berlin"}
    info = GameInfo(id="voll-verplant", min_players=1, max_players=6, simultaneous=True,
                    hidden_information=True, chance=True,
                    # a bundled map, or a map file; None: a flipper's game (no players)
                    setup=(SetupChoice("map", (*BUNDLED_MAPS, None), "berlin"),),
                    options=options_info(default_rules()), about=ABOUT)

    def events(self, state: VVState) -> list[VVEvent]:
        """What the last step did: ``card`` (revealed), ``move`` (with the stations it
        crossed), ``transfer`` (points: twice the number), ``special``/``lapsed``
        (follow-ups), ``line`` (completed, ``bonus`` first or later, points), ``round-end``,
        ``empty`` (the end penalty, negative points) and ``game-over``."""
        return [e.copy() for e in state.last]

    def view(self, state: VVState, viewer: str | None) -> VVView:
        """Every sheet and the revealed cards (all open at this table); the seed, which
        says the cards to come, only once the game is over."""
        return view(state, viewer)

    def describe(self, move: VVMove, lang: str = "en") -> str:
        """A step (or, for a card code, the chance step revealing it) in words."""
        return words.describe(move, lang)

    def explain(self, event: VVEvent, lang: str = "en") -> str:
        """An event of :meth:`events` in words."""
        return words.explain(event, lang)

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, **setup: Any) -> VVState:
        """A fresh game; ``map`` is a bundled id or a compiled :class:`.maps.Network`
        (``map_ref``: how the log names it then). ``players=[]``: a flipper's game, whose
        map may be None."""
        unknown = set(setup) - {"map", "map_ref"}
        if unknown:
            raise ContentError(f"unknown set-up {sorted(unknown)[0]!r} (Voll verplant takes "
                               "map)")
        ref = setup.get("map")
        network = None if ref is None and not players else _network(ref)
        map_ref = setup.get("map_ref") or (ref if isinstance(ref, str) else None)
        return start(players, network, _rules(rules), seed, map_ref)

    def to_move(self, state: VVState) -> list[str]:
        """Who owes a step now, in seat order: [] between rounds and at the end."""
        core = state.core
        if core is None or core.card is None:
            return []
        return [name for p, name in enumerate(state.players) if engine.owes(core, p)]

    def legal_moves(self, state: VVState, player: str | None) -> list[Any]:
        """``player``'s legal steps now in the log's notation; ``None``: the cards that can
        be revealed (one with a seed)."""
        if player is None:
            if _over(state) or _in_round(state):
                return []
            return [card.code for card in next_cards(state.cards, state.rules, state.seed)]
        p = _seat(state, player)
        core = state.core
        if core is None or not engine.owes(core, p):
            return []
        card = core.card
        assert card is not None
        moves = engine.legal_next(core, p)
        out = [step_data(core.network, card, m) for m in moves]
        if card.kind in (NUMBER, EXPRESS):
            # "As far as the card goes" may be written without crosses (a mutation of any
            # listed step can reach that spelling, so it is listed too, once per line).
            seen: set[tuple[int, str]] = set()
            for m in moves:
                if (m.line, m.direction) not in seen and m.line >= 0:
                    seen.add((m.line, m.direction))
                    out.append(step_data(core.network, card, m._replace(crosses=-1)))
        return out

    def apply(self, state: VVState, player: str | None, move: Any) -> VVState:
        """The state after one step: a revealed card (``player=None``), a player's move or
        the follow-up they owe. RuleViolation/ContentError name round, player and field."""
        if state.paper:
            raise paper_refusal()
        if player is None:
            return _reveal(state, move)
        return _step(state, player, move)

    def is_over(self, state: VVState) -> bool:
        """Whether the game has ended (see the module docstring for a flipper's game)."""
        return _over(state)

    def score(self, state: VVState) -> dict[str, Any]:
        """Exactly what ``scorepad vv score --json`` prints for ``to_log(state)``."""
        return score_data(state)

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        """Line bonuses + 2 × the transfer numbers − the empty-station penalty."""
        lines = sum(line["points"] for line in player_score["lines"].values())
        return float(lines + 2 * player_score["transfer_sum"] - player_score["empty_penalty"])

    def to_log(self, state: VVState) -> dict[str, Any]:
        """The ``scorepad/vv-game@1`` document of everything played, as written (a round
        in progress holds the steps made so far)."""
        doc: dict[str, Any] = {"format": GAME_FORMAT}
        if state.map is not None:
            doc["map"] = state.map
        doc["rules"] = state.rules.changed_from(default_rules())
        if state.seed is not None:
            doc["seed"] = state.seed
        doc["players"] = list(state.players)
        rounds = []
        for card, steps in zip(state.cards, state.steps, strict=True):
            entry: dict[str, Any] = {"card": card.code}
            moves = {}
            for name, mine in zip(state.players, steps, strict=True):
                if mine:
                    move = dict(mine[0])
                    if len(mine) > 1:
                        move["then"] = [dict(f) for f in mine[1:]]
                    moves[name] = move
            if moves:
                entry["moves"] = moves
            rounds.append(entry)
        doc["rounds"] = rounds
        if state.paper and state.core is not None:
            doc["sheets"] = {name: position_data(state.core.network, sheet)
                             for name, sheet in zip(state.players, state.core.sheets,
                                                    strict=True)}
        return doc

    def from_log(self, doc: Mapping[str, Any], *, rules: VVRules | None = None,
                 network: Network | None = None) -> VVState:
        """The replay of a log. ``rules``: the ruleset the log's ``rules:`` change (default:
        the bundled one; ``--rules FILE`` gives another); ``network``: the compiled map
        when the log names a map file (the command line reads it), else a bundled map."""
        log = parse_game_log(dict(doc))
        if network is None and log.map is not None:
            network = _network(log.map)
        if network is None and log.players:
            raise ContentError("a game with players needs a map", where=("map",))
        rules = (rules or default_rules()).with_overrides(log.rules)
        if log.sheets is not None:
            assert network is not None  # (the log's schema wants a map beside sheets)
            return paper_state(log, network, rules)
        return replay(log, network, rules)

    def log_steps(self, doc: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], list[tuple[str | None, Any]]]:
        """``new`` keywords and the steps of a log (each follow-up a step of its own). A
        game played on paper has no steps: ContentError."""
        log = parse_game_log(dict(doc))
        if log.sheets is not None:
            raise ContentError("this game was played on paper: its log holds the end "
                               "position, no steps to resume or replay", where=("sheets",))
        setup: dict[str, Any] = {"players": list(log.players), "seed": log.seed,
                                 "rules": dict(log.rules), "map": log.map}
        steps: list[tuple[str | None, Any]] = []
        for rnd in log.rounds:
            steps.append((None, rnd.card))
            for name, spec in rnd.moves.items():
                data = spec.to_data()
                then = data.pop("then", [])
                steps.append((name, data))
                steps.extend((name, follow) for follow in then)
        return setup, steps


#: Voll verplant in the game protocol.
GAME = VollVerplant()
_PROTOCOL: Game[VVState, VVMove, VVView, VVEvent] = GAME  # mypy holds the class to the protocol
