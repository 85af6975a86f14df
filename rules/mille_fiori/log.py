"""The game log ``scorepad/mf-game@1``: reading it, and replaying it into the engine.

Shape problems (missing keys, wrong types, wrong ``format``) are InputErrors (exit 2)
placed like ``round 2, turn 14, action``; unknown cards, spaces or players are
ContentErrors and illegal moves RuleViolations (exit 1), placed ``turn 14, Bob`` (turns
are numbered through the whole game, bonus cards ``turn 14, Bob, bonus 2``).

The shape is defined by the pydantic models in :mod:`.log_model`. A well-formed log is
read here by a plain reader into small NamedTuples, without importing pydantic (which
would cost more start-up time than the whole replay); anything the plain reader does
not accept goes to the models, which name the problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from scorepad.rules.common.errors import ContentError, RuleViolation, ScorepadError
from scorepad.rules.common.formats import check_format

from .board import Board, board
from .engine import (
    BONUS,
    OVER,
    PLAY,
    ROUND_END,
    SHIP,
    EmptyDisplay,
    EndRound,
    Event,
    Play,
    State,
    apply,
    setup,
)
from .options import Options

GAME_FORMAT = "scorepad/mf-game@1"
NAME_MAX = 40      # characters of a player name, a card or a space id
PLAYERS_MAX = 8    # names a log may list (the engine then wants 2 to 4)


class Action(NamedTuple):
    """``{place: SPACE}`` or ``{ship: true}``."""

    place: str | None
    ship: bool

    def to_data(self) -> dict[str, Any]:
        return {"ship": True} if self.ship else {"place": self.place}


class Bonus(NamedTuple):
    """A bonus card taken from the display and its action."""

    card: str
    action: Action


class Turn(NamedTuple):
    """One hand card played, and the bonus cards of the chain it started, in order."""

    player: str
    card: str
    action: Action
    bonus: tuple[Bonus, ...] = ()

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "card": self.card,
                               "action": self.action.to_data()}
        if self.bonus:
            out["bonus"] = [{"card": b.card, "action": b.action.to_data()} for b in self.bonus]
        return out


class Round(NamedTuple):
    """A round: its start player, its leftovers (None: not recorded), its turns in order."""

    start: str
    leftover: tuple[str, ...] | None
    turns: tuple[Turn, ...]


class GameLog(NamedTuple):
    """A whole game log."""

    players: tuple[str, ...]
    rules: dict[str, Any]
    display: tuple[str, ...] | None
    rounds: tuple[Round, ...]

    def to_data(self) -> dict[str, Any]:
        """The log as plain data in the contract's key order (for writing YAML/JSON)."""
        out: dict[str, Any] = {"format": GAME_FORMAT}
        if self.rules:
            out["rules"] = dict(self.rules)
        out["players"] = list(self.players)
        if self.display is not None:
            out["display"] = list(self.display)
        rounds = []
        for rnd in self.rounds:
            entry: dict[str, Any] = {"start": rnd.start}
            if rnd.leftover is not None:
                entry["leftover"] = list(rnd.leftover)
            entry["turns"] = [t.to_data() for t in rnd.turns]
            rounds.append(entry)
        out["rounds"] = rounds
        return out


# ------------------------------------------------------------------------ reading
class _Shape(Exception):
    """The plain reader met something it does not accept; the models will say what."""


def _text(value: Any) -> str:
    if type(value) is not str or not 1 <= len(value) <= NAME_MAX:
        raise _Shape
    return value


def _keys(value: Any, required: set[str], optional: set[str] = frozenset()) -> dict:
    if type(value) is not dict or not required <= value.keys() <= required | optional:
        raise _Shape
    return value


def _texts(value: Any) -> tuple[str, ...]:
    if type(value) is not list:
        raise _Shape
    return tuple(_text(v) for v in value)


def _action(value: Any) -> Action:
    if type(value) is not dict or len(value) != 1:
        raise _Shape
    if "place" in value:
        return Action(_text(value["place"]), False)
    if value.get("ship", False) is True:
        return Action(None, True)
    raise _Shape


def _turn(value: Any) -> Turn:
    _keys(value, {"player", "card", "action"}, {"bonus"})
    bonus = value.get("bonus", [])
    if type(bonus) is not list:
        raise _Shape
    return Turn(_text(value["player"]), _text(value["card"]), _action(value["action"]),
                tuple(Bonus(_text(_keys(b, {"card", "action"})["card"]), _action(b["action"]))
                      for b in bonus))


def _plain(data: dict) -> GameLog:
    """Read a log that has exactly the format's shape; raise _Shape on anything else."""
    _keys(data, {"format", "players", "rounds"}, {"rules", "display"})
    players = _texts(data["players"])
    if not 1 <= len(players) <= PLAYERS_MAX or len(set(players)) != len(players):
        raise _Shape
    rules = data.get("rules", {})
    if type(rules) is not dict or any(type(k) is not str for k in rules):
        raise _Shape
    display = data.get("display")
    rounds = data["rounds"]
    if type(rounds) is not list:
        raise _Shape
    out = []
    for rnd in rounds:
        _keys(rnd, {"start"}, {"leftover", "turns"})
        leftover = rnd.get("leftover")
        turns = rnd.get("turns", [])
        if type(turns) is not list:
            raise _Shape
        out.append(Round(_text(rnd["start"]), None if leftover is None else _texts(leftover),
                         tuple(_turn(t) for t in turns)))
    return GameLog(players, dict(rules), None if display is None else _texts(display),
                   tuple(out))


def _from_model(model: Any) -> GameLog:
    """The NamedTuple form of a validated pydantic log model."""
    def action(a: Any) -> Action:
        return Action(a.place, bool(a.ship))

    return GameLog(
        tuple(model.players), dict(model.rules),
        None if model.display is None else tuple(model.display),
        tuple(Round(r.start, None if r.leftover is None else tuple(r.leftover),
                    tuple(Turn(t.player, t.card, action(t.action),
                               tuple(Bonus(b.card, action(b.action)) for b in t.bonus))
                          for t in r.turns))
              for r in model.rounds))



def parse_game_log(data: object) -> GameLog:
    """Read a game log; InputError (exit 2) naming round, turn and key if it lacks the shape."""
    check_format(data, GAME_FORMAT)
    assert isinstance(data, dict)
    try:
        return _plain(data)
    except _Shape:
        from .log_model import validate_game_log

        return _from_model(validate_game_log(data))


def read_turn(data: object) -> Turn:
    """One turn entry of a log (as written in ``rounds[].turns``)."""
    try:
        return _turn(data)
    except _Shape:
        log = parse_game_log({"format": GAME_FORMAT, "players": ["x"],
                              "rounds": [{"start": "x", "turns": [data]}]})
        return log.rounds[0].turns[0]


# ---------------------------------------------------------------------------- replay
@dataclass
class TurnRecord:
    """A replayed turn: its number in the game, who played, and every event of its chain."""

    number: int
    round: int
    player: int
    events: list[Event]
    state: State


@dataclass
class Replay:
    """The result of replaying a log: the final state and each turn's events."""

    log: GameLog
    state: State
    turns: list[TurnRecord] = field(default_factory=list)


def action_space(b: Board, action: Action) -> int:
    """The engine's space for a log action (``SHIP`` for a ship move)."""
    return SHIP if action.ship else b.space(action.place or "")


def player_index(names: Sequence[str], name: str) -> int:
    """The seat of a named player; ContentError if the log does not list them."""
    try:
        return list(names).index(name)
    except ValueError:
        raise ContentError(f"unknown player {name!r} (players: {', '.join(names)})") from None


def apply_turn(state: State, turn: Turn, b: Board | None = None) -> tuple[State, list[Event]]:
    """Play one logged turn (its hand card and its bonus chain) on ``state``.

    Errors are placed ``bonus N`` where a bonus card is at fault; the caller adds the turn.
    """
    b = b or board()
    names = state.cfg.names
    p = player_index(names, turn.player)
    state = apply(state, Play(p, b.card(turn.card), action_space(b, turn.action)))
    events = list(state.events)
    for i, bonus in enumerate(turn.bonus, start=1):
        try:
            if state.phase != BONUS:
                raise RuleViolation("no bonus card is owed at this point of the turn",
                                    rule="no-bonus-owed")
            state = apply(state, Play(p, b.card(bonus.card), action_space(b, bonus.action)))
        except ScorepadError as err:
            raise err.at(f"bonus {i}") from None
        events.extend(state.events)
    if state.phase == BONUS:
        if state.display is not None:
            raise RuleViolation(f"a bonus card is owed ({state.pending_why}) but the log lists "
                                f"none, and the display holds {len(state.display)} "
                                f"card{'s' if len(state.display) != 1 else ''}",
                                rule="bonus-owed")
        # An untracked display: a missing bonus entry means the display was empty.
        state = apply(state, EmptyDisplay(p))
        events.extend(state.events)
    return state, events


def replay(log: GameLog, rules: Options | None = None, b: Board | None = None) -> Replay:
    """Replay a parsed log through the engine, checking every card, space and rule."""
    b = b or board()
    names = log.players
    display = None
    if log.display is not None:
        display = []
        for i, text in enumerate(log.display, start=1):
            try:
                display.append(b.card(text))
            except ScorepadError as err:
                raise err.at(f"display {i}") from None
    first = 0
    if log.rounds:
        try:
            first = player_index(names, log.rounds[0].start)
        except ScorepadError as err:
            raise err.at("round 1", "start") from None
    try:
        state = setup(names, rules, display=display, start=first, game_board=b)
    except ScorepadError as err:
        raise err.at("display" if display is not None and len(names) in (2, 3, 4)
                     else "players") from None
    result = Replay(log, state)
    number = 0
    closed = False
    for r, rnd in enumerate(log.rounds):
        where = f"round {r + 1}"
        if r > 0:
            state = _next_round(state, log, r, closed)
        closed = False
        expected = names[state.start]
        if rnd.start != expected:
            player_index(names, rnd.start)
            raise RuleViolation(f"round {r + 1} starts with {expected} (the start player passes "
                                f"to the left each round), not {rnd.start}",
                                rule="start-player").at(where, "start")
        for turn in rnd.turns:
            number += 1
            if state.phase == ROUND_END and not state.finished:
                cfg = state.cfg
                raise RuleViolation(f"round {r + 1} already has its {cfg.turns_per_round} turns "
                                    f"({cfg.players} players × {cfg.plays} cards)",
                                    rule="round-length").at(f"turn {number}", turn.player)
            if state.finished:
                raise RuleViolation(_over(state), rule="game-over").at(f"turn {number}",
                                                                       turn.player)
            try:
                state, events = apply_turn(state, turn, b)
            except ScorepadError as err:
                raise err.at(f"turn {number}", turn.player) from None
            result.turns.append(TurnRecord(number, r, state.cfg.names.index(turn.player),
                                           events, state))
        if rnd.leftover is not None:
            try:
                kinds = []
                for i, text in enumerate(rnd.leftover, start=1):
                    try:
                        kinds.append(b.card(text))
                    except ScorepadError as err:
                        raise err.at(f"card {i}") from None
                state = apply(state, EndRound(tuple(kinds)))
            except ScorepadError as err:
                raise err.at(where, "leftover") from None
            closed = True
    result.state = state
    return result


def _over(state: State) -> str:
    if state.ending:
        return "the game is over: a player has placed their last diamond"
    return f"the game is over: the deck cannot deal a round {state.round + 2}"


def _next_round(state: State, log: GameLog, r: int, closed: bool) -> State:
    """Close round ``r`` (1-based: the previous one) and start round ``r + 1``."""
    where = f"round {r + 1}"
    cfg = state.cfg
    if closed:  # the previous round's leftovers ended it already
        if state.phase == OVER:
            raise RuleViolation(_over(state), rule="game-over").at(where)
        return state
    if state.phase in (PLAY, BONUS):
        raise RuleViolation(f"round {r} has {state.turn} turns; a round has "
                            f"{cfg.turns_per_round} ({cfg.players} players × {cfg.plays} "
                            "cards)", rule="round-length").at(f"round {r}")
    if state.finished:
        raise RuleViolation(_over(state), rule="game-over").at(where)
    if state.display is not None:
        raise ContentError(f"round {r} records no leftover cards (a log that records the "
                           "display records each round's leftovers)").at(f"round {r}")
    return apply(state, EndRound(None))


def replay_data(data: object, rules: Options | None = None) -> Replay:
    """Parse and replay raw log data (a mapping read from YAML/JSON)."""
    return replay(parse_game_log(data), rules)
