"""Floris in the game protocol (:mod:`scorepad.rules.game`): ``GAME``.

A thin face over :mod:`.engine` (the rules), :mod:`.scoring` (the score object) and
:mod:`.log` (the file). The turn structure, the moves and the finite family
:meth:`Floris.legal_moves` lists are documented in :mod:`.engine` and docs/floris.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorepad.rules.common.errors import (
    ContentError,
    InputError,
    RuleViolation,
    ScorepadError,
    raise_all,
)
from scorepad.rules.common.ruleset import options_info
from scorepad.rules.game import Game, GameInfo

from . import engine, scoring, words
from .about import ABOUT
from .engine import FlorisState
from .log import GAME_FORMAT, FlorisLog, parse_game
from .ruleset import FlorisRules, default_rules
from .schema import FlorisEvent, FlorisView

Step = tuple[str | None, Any]


class Floris:
    """The Floris game object (see :class:`scorepad.rules.game.Game`)."""

    id = "floris"
    log_format = GAME_FORMAT
    min_players = engine.MIN_PLAYERS
    max_players = engine.MAX_PLAYERS
    example_setup: Mapping[str, Any] = {}
    info = GameInfo(id="floris", min_players=engine.MIN_PLAYERS,
                    max_players=engine.MAX_PLAYERS, simultaneous=True,
                    hidden_information=False, chance=False,
                    options=options_info(default_rules()), about=ABOUT)

    def events(self, state: FlorisState) -> list[FlorisEvent]:
        """What the last move did: ``bouquet`` (points), ``final`` (the final bouquet's
        points), ``penalty`` (negative points) and ``game-over``."""
        return [e.copy() for e in state.last]

    def view(self, state: FlorisState, viewer: str | None) -> FlorisView:
        """Everything scorepad knows of a Floris table is open (it deals no cards): the
        score object, who is to move and the last events."""
        return {"game": self.id, "viewer": viewer, "phase": state.phase,
                "to_move": engine.to_move(state), "score": scoring.score(state),
                "events": list(state.last)}

    def describe(self, move: Any, lang: str = "en") -> str:
        """A move in words."""
        return words.describe(move, lang)

    def explain(self, event: FlorisEvent, lang: str = "en") -> str:
        """An event of :meth:`events` in words."""
        return words.explain(event, lang)

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, **setup: Any) -> FlorisState:
        """A game with nothing presented; ``seed`` is accepted and unused (no chance steps)."""
        if setup:
            raise InputError(f"Floris has no set-up option {', '.join(map(repr, setup))}")
        return engine.new_game(players, default_rules().with_overrides(rules))

    def to_move(self, state: FlorisState) -> list[str]:
        return engine.to_move(state)

    def legal_moves(self, state: FlorisState, player: str | None) -> list[Any]:
        return engine.legal_moves(state, player)

    def apply(self, state: FlorisState, player: str | None, move: Any) -> FlorisState:
        return engine.apply(state, player, move)

    def is_over(self, state: FlorisState) -> bool:
        return engine.is_over(state)

    def score(self, state: FlorisState) -> dict[str, Any]:
        return scoring.score(state)

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        return scoring.breakdown_total(player_score)

    def to_log(self, state: FlorisState) -> dict[str, Any]:
        return to_log(state)

    def from_log(self, doc: Mapping[str, Any], *, rules: FlorisRules | None = None
                 ) -> FlorisState:
        """The replay of a game file; ``rules``: the ruleset the file's ``rules:`` change
        (default: the bundled one). Every refused move is reported (one RuleViolation, or
        all of them as Problems ordered by player), as ``floris check`` lists them."""
        log = parse_game(doc)
        state, problems = replay_all(log, (rules or default_rules()).with_overrides(log.rules))
        raise_all(problems)
        return state

    def log_steps(self, doc: Mapping[str, Any]) -> tuple[dict[str, Any], list[Step]]:
        log = parse_game(doc)
        return ({"players": list(log.players), "seed": None, "rules": dict(log.rules)},
                log_steps(log))


#: Floris in :data:`scorepad.rules.game.GAMES`.
GAME = Floris()
#: mypy holds the class to the protocol
_PROTOCOL: Game[FlorisState, Any, FlorisView, FlorisEvent] = GAME


def to_log(state: FlorisState) -> dict[str, Any]:
    """The ``scorepad/floris-game@1`` document of a state (keys in the contract's order;
    ``rules`` only when options differ, ``final_round`` only while it is under way,
    ``left_in_reserve`` only when not 0)."""
    out: dict[str, Any] = {"format": GAME_FORMAT}
    changed = state.rules.changed_from(default_rules())
    if changed:
        out["rules"] = changed
    out["finished"] = engine.is_over(state)
    if state.phase == "final":
        out["final_round"] = [seat.name for seat in state.seats if seat.end is not None]
    players: dict[str, Any] = {}
    for seat in state.seats:
        end = seat.end
        entry: dict[str, Any] = {
            "bouquets": [b.spec for b in seat.bouquets],
            "final": end.final.spec if end and end.final else "",
            "left_in_hand": end.left_in_hand if end else 0,
            "discarded": end.discarded if end else 0,
        }
        if end and end.left_in_reserve:
            entry["left_in_reserve"] = end.left_in_reserve
        players[seat.name] = entry
    out["players"] = players
    return out


def entered(log: FlorisLog) -> list[str]:
    """The players whose end-of-game entry a file holds, in seat order: everyone in a
    finished file; ``final_round`` in an unfinished one; without it (files written before
    the key existed), the players with a final bouquet or a card counted."""
    names = list(log.players)
    if log.finished:
        return names
    if log.final_round is not None:
        unknown = [n for n in log.final_round if n not in log.players]
        if unknown:
            raise ContentError(f"no player {unknown[0]!r} in this game", where=("final_round",))
        return [n for n in names if n in log.final_round]
    return [n for n in names if log.players[n].has_end_values()]


def log_steps(log: FlorisLog) -> list[Step]:
    """The moves a file records, in replay order: every player's bouquets (seat order),
    then the end-of-game entries."""
    steps: list[Step] = [(name, spec) for name, p in log.players.items() for spec in p.bouquets]
    for name in entered(log):
        p = log.players[name]
        steps.append((name, {"final": p.final, "left_in_hand": p.left_in_hand,
                             "discarded": p.discarded, "left_in_reserve": p.left_in_reserve}))
    return steps


def replay_all(log: FlorisLog, rules: FlorisRules) -> tuple[FlorisState, list[ScorepadError]]:
    """Replay a file under ``rules``, going on past refused moves: the state of every
    accepted move and every problem, ordered by player (for ``check``, which lists all)."""
    # The steps first, as the session's resume reads them (GAME.log_steps, then new): the
    # same problem comes first whichever of the two reads a file.
    steps = log_steps(log)
    state = engine.new_game(list(log.players), rules)
    problems: list[tuple[int, int, ScorepadError]] = []
    seat_of = {name: i for i, name in enumerate(log.players)}
    written = dict.fromkeys(log.players, 0)      # bouquets read so far, refused ones too
    for order, (player, move) in enumerate(steps):
        name = player or ""
        if isinstance(move, str):
            written[name] += 1
        try:
            state = engine.apply(state, player, move)
        except RuleViolation as err:
            if isinstance(move, str):
                # the engine numbers the bouquets it holds; the file's number is the place
                err.where = (name, f"bouquet {written[name]}", *err.where[2:])
            problems.append((seat_of[name], order, err))
    return state, [err for _, _, err in sorted(problems, key=lambda p: p[:2])]


def replay(steps: Iterable[Step], state: FlorisState) -> FlorisState:
    """``state`` after ``steps`` (the first refused one raises)."""
    for player, move in steps:
        state = engine.apply(state, player, move)
    return state
