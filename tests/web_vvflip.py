"""A flip-only Voll verplant table for the browser tests: the protocol over the Flipper.

Chance steps only (one card a round, the seed's), no players, the log ``vv flip`` writes.
The real Voll verplant game (rules/voll_verplant/game.py) takes its place after the merge;
this one only lets the tests drive the flipper's view hook and page through the server.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.voll_verplant.cards import parse_card
from scorepad.rules.voll_verplant.flipper import Flipper
from scorepad.vv.common import load_network, load_rules


class FlipTable:
    id = "voll-verplant"
    log_format = "scorepad/vv-game@1"
    min_players = 0
    max_players = 0
    example_setup: Mapping[str, Any] = {"map": "berlin"}

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, map: str = "berlin", **_: Any) -> Any:
        state = Flipper.start(seed, load_rules(None, dict(rules or {}) or None), load_network(map))
        return (map, state)

    def to_move(self, s: Any) -> list[str]:
        return []

    def legal_moves(self, s: Any, player: str | None) -> list[Any]:
        return [] if player is not None or s[1].over else [s[1].next_card.code]

    def apply(self, s: Any, player: str | None, move: Any) -> Any:
        if player is not None or s[1].over or parse_card(move) != s[1].next_card:
            raise RuleViolation(f"card {move} is not the next card", rule="seeded-cards")
        return (s[0], s[1].flip())

    def is_over(self, s: Any) -> bool:
        return s[1].over

    def score(self, s: Any) -> dict[str, Any]:
        return {"game": self.id, "map": s[0], "finished": s[1].over, "players": [], "winners": []}

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        return float(player_score["total"])

    def to_log(self, s: Any) -> dict[str, Any]:
        return {"format": self.log_format, "map": s[0], "rules": {}, "seed": s[1].seed,
                "players": [], "rounds": [{"card": c} for c in s[1].codes]}

    def log_steps(self, doc: Mapping[str, Any]):
        setup = {"players": [], "seed": doc["seed"], "rules": dict(doc.get("rules") or {}),
                 "map": doc["map"]}
        return setup, [(None, rnd["card"]) for rnd in doc["rounds"]]

    def from_log(self, doc: Mapping[str, Any]) -> Any:
        setup, steps = self.log_steps(doc)
        setup.pop("players")
        state = self.new([], **setup)
        for player, move in steps:
            state = self.apply(state, player, move)
        return state


def flip_games():
    from scorepad.web.games import WebGame
    from scorepad.web.vv import flipper_view

    return {"voll-verplant": WebGame(FlipTable(), {"map": ["berlin", "paris"]},
                                     view=flipper_view, page="voll-verplant.js")}
