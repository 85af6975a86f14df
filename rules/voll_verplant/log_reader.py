"""Reading a game log (``scorepad/vv-game@1``) for replay, without pydantic when possible.

The format is defined by the pydantic models of :mod:`.log`. Importing pydantic costs
more start-up time than replaying and scoring a whole game, so a well-formed log is read
here by a plain reader into small named tuples with the same attributes the replay
reads; anything the plain reader does not accept goes to the models, which name the
problem (or accept a form this reader leaves to them). The test suite checks that the
plain reader accepts nothing the models refuse, and reads it the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from scorepad.rules.common.errors import ContentError, InputError
from scorepad.rules.common.formats import check_format

from .cards import Card, parse_card

GAME_FORMAT = "scorepad/vv-game@1"
NAME_MAX = 40
CROSSES_MAX = 99
_LETTER = re.compile(r"^[A-Z]$")
_GAME_KEYS = {"format", "map", "rules", "seed", "players", "rounds"}
_ROUND_KEYS = {"card", "moves"}
_MOVE_KEYS = {"line", "crosses", "direction", "station", "then"}


class LoggedMove(NamedTuple):
    """A player's move as written (see :class:`.log.MoveSpec`)."""

    line: str | None
    crosses: int | None
    direction: str | None
    station: int | None
    then: tuple[LoggedMove, ...]
    declines: bool  # ``station: null`` written: the free ride declined


class LoggedRound(NamedTuple):
    """A round as written: the card's log code and each player's move."""

    card: int | str
    moves: dict[str, LoggedMove]

    @property
    def parsed_card(self) -> Card:
        return parse_card(self.card)


class LoggedGame(NamedTuple):
    """A game log as the replay reads it."""

    map: str | None
    rules: dict[str, Any]
    seed: str | int | None
    players: list[str]
    rounds: list[LoggedRound]


def check_known_cards(data: Mapping[str, Any]) -> None:
    """An unknown card (``card: 12``) is content, not shape: ContentError naming the round."""
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        return
    for number, rnd in enumerate(rounds, start=1):
        card = rnd.get("card") if isinstance(rnd, Mapping) else None
        if isinstance(card, (int, str)) and not isinstance(card, bool):
            try:
                parse_card(card)
            except ValueError as err:
                raise ContentError(str(err), where=(f"round {number}", "card")) from None


def check_required(data: Mapping[str, Any]) -> None:
    """``players`` is required in a game with a map (a flipper's log, without a map, may
    leave it out); a log without its players would score nobody and say ok."""
    if data.get("map") is not None and "players" not in data:
        raise InputError("missing key (a game on a map lists its players)", where=("players",))


def read_game_log(data: object) -> LoggedGame | Any:
    """A game log ready for :func:`.replay.replay`. Shape errors: InputError (exit 2)
    naming round, player and key; unknown cards: ContentError (exit 1)."""
    check_format(data, GAME_FORMAT)
    assert isinstance(data, Mapping)
    check_required(data)
    check_known_cards(data)
    game = plain_game(data)
    if game is not None:
        return game
    from .log import parse_game_log

    return parse_game_log(data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(value: object) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= NAME_MAX


def _move(data: object, nested: bool) -> LoggedMove | None:
    if not isinstance(data, dict) or not set(data) <= _MOVE_KEYS:
        return None
    line, crosses = data.get("line"), data.get("crosses")
    direction, station = data.get("direction"), data.get("station")
    if line is not None and not (isinstance(line, str) and _LETTER.match(line)):
        return None
    if crosses is not None and not (_is_int(crosses) and 0 <= crosses <= CROSSES_MAX):
        return None
    if direction not in (None, "cw", "ccw") or (station is not None and not _is_int(station)):
        return None
    then_data = data.get("then", [])
    if not isinstance(then_data, list):
        return None
    then = []
    for item in then_data:
        follow = _move(item, True)
        if follow is None:
            return None
        then.append(follow)
    return LoggedMove(line, crosses, direction, station, tuple(then),
                      "station" in data and station is None)


def plain_game(data: Mapping[str, Any]) -> LoggedGame | None:
    """The log read without pydantic, or None when any part is not plainly well-formed."""
    if not set(data) <= _GAME_KEYS or "rounds" not in data:
        return None  # pydantic names what is wrong (rounds is required)
    game_map, rules, seed = data.get("map"), data.get("rules", {}), data.get("seed")
    if game_map is not None and not (isinstance(game_map, str) and game_map):
        return None
    if not isinstance(rules, dict) or not all(isinstance(k, str) for k in rules):
        return None
    if seed is not None and not (isinstance(seed, str) or _is_int(seed)):
        return None
    players = data.get("players", [])
    if not isinstance(players, list) or not all(_name(p) for p in players) \
            or len(set(players)) != len(players):
        return None
    rounds_data = data["rounds"]
    if not isinstance(rounds_data, list):
        return None
    rounds = []
    for rnd in rounds_data:
        if not isinstance(rnd, dict) or not set(rnd) <= _ROUND_KEYS or "card" not in rnd:
            return None
        card, moves_data = rnd["card"], rnd.get("moves", {})
        if not (_is_int(card) or isinstance(card, str)) or not isinstance(moves_data, dict):
            return None
        moves = {}
        for name, move_data in moves_data.items():
            move = _move(move_data, False) if _name(name) else None
            if move is None:
                return None
            moves[name] = move
        rounds.append(LoggedRound(parse_card(card).code, moves))
    return LoggedGame(game_map, dict(rules), seed, list(players), rounds)
