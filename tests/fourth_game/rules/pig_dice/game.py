"""``GAME``: Pig as an object of the game protocol (:mod:`scorepad.rules.game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorepad.rules.common.errors import InputError
from scorepad.rules.common.words import say
from scorepad.rules.game import Event, Game, GameInfo

from . import engine
from .about import ABOUT
from .engine import GOAL, PigState
from .log import FORMAT, parse
from .words import TEXTS


class Pig:
    """Pig, a dice race for 2-4 players."""

    id = ABOUT.id
    log_format = FORMAT
    min_players = 2
    max_players = 4
    example_setup: Mapping[str, Any] = {}
    info = GameInfo(id=ABOUT.id, min_players=2, max_players=4, simultaneous=False,
                    hidden_information=False, chance=True, about=ABOUT)

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, **setup: Any) -> PigState:
        if setup or rules:
            raise InputError("Pig has no set-up choices or rules options")
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError("Pig takes 2 to 4 players")
        return engine.new(tuple(players), seed)

    def to_move(self, state: PigState) -> list[str]:
        return engine.to_move(state)

    def legal_moves(self, state: PigState, player: str | None) -> list[Any]:
        return engine.legal_moves(state, player)

    def apply(self, state: PigState, player: str | None, move: Any) -> PigState:
        return engine.apply(state, player, move)

    def events(self, state: PigState) -> list[Event]:
        return [dict(e) for e in state.last]

    def view(self, state: PigState, viewer: str | None) -> dict[str, Any]:
        """Everything: Pig hides nothing."""
        return {"players": list(state.players), "banked": list(state.banked),
                "turn": state.current, "pot": state.pot, "goal": GOAL,
                "over": engine.is_over(state)}

    def describe(self, move: Any, lang: str = "en") -> str:
        if isinstance(move, int):
            return say(TEXTS, "die", lang, die=move)
        return say(TEXTS, str(move), lang)

    def explain(self, event: Event, lang: str = "en") -> str:
        return engine.explain(event, lang)

    def is_over(self, state: PigState) -> bool:
        return engine.is_over(state)

    def score(self, state: PigState) -> dict[str, Any]:
        best = max(state.banked)
        return {"game": self.id, "finished": engine.is_over(state),
                "players": [{"name": name, "total": total,
                             "rank": 1 + sum(other > total for other in state.banked)}
                            for name, total in zip(state.players, state.banked, strict=True)],
                "winners": [name for name, total in zip(state.players, state.banked,
                                                        strict=True) if total == best]}

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        return float(player_score["total"])

    def to_log(self, state: PigState) -> dict[str, Any]:
        return {"format": FORMAT, "players": list(state.players), "seed": state.seed,
                "steps": [list(step) for step in state.steps]}

    def log_steps(self, doc: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], list[tuple[str | None, Any]]]:
        log = parse(doc)
        return ({"players": log.players, "seed": log.seed},
                [(player, move) for player, move in log.steps])

    def from_log(self, doc: Mapping[str, Any]) -> PigState:
        setup, steps = self.log_steps(doc)
        state = self.new(setup.pop("players"), **setup)
        for player, move in steps:
            state = self.apply(state, player, move)
        return state


GAME = Pig()
_PROTOCOL: Game[PigState, Any] = GAME
