"""A toy game of the protocol, for the browser tests only (registered nowhere else).

Each round a seeded card (1–3) is revealed, then every player at once takes it or passes;
a taken card scores its value, and a round where everybody takes scores nothing. Small,
but it has what the real games have: chance steps, simultaneous moves, refusals naming
a rule, an end, a score and a log that replays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorepad.rules.common.errors import InputError, RuleViolation
from scorepad.rules.common.shuffle import seeded_rng, shuffled
from scorepad.rules.game import GameInfo


@dataclass(frozen=True)
class ToyState:
    players: tuple[str, ...]
    seed: str | None
    rounds: int
    cards: tuple[int, ...] = ()
    choices: tuple[tuple[tuple[str, bool], ...], ...] = ()


class Toy:
    id = "toy"
    log_format = "scorepad/toy-game@1"
    min_players = 1
    max_players = 6
    example_setup: Mapping[str, Any] = {"rounds": 3}
    info = GameInfo(id="toy", min_players=1, max_players=6, simultaneous=True,
                    hidden_information=False, chance=True)

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, rounds: int = 3, **setup: Any) -> ToyState:
        if setup or rules:
            raise InputError("the toy has no such option")
        return ToyState(tuple(players), seed, int(rounds))

    def _deck(self, s: ToyState, index: int) -> int:
        rng = seeded_rng(s.seed)
        cards: list[int] = []
        while len(cards) <= index:
            cards += shuffled([1, 2, 2, 3, 3, 3], rng)
        return cards[index]

    def to_move(self, s: ToyState) -> list[str]:
        if self.is_over(s) or len(s.cards) == 0:
            return []
        done = dict(s.choices[-1]) if len(s.choices) == len(s.cards) else {}
        if len(s.choices) == len(s.cards) and len(done) == len(s.players):
            return []
        return [p for p in s.players if p not in done]

    def legal_moves(self, s: ToyState, player: str | None) -> list[Any]:
        if player is None:
            if self.is_over(s) or self.to_move(s):
                return []
            return [self._deck(s, len(s.cards))] if s.seed is not None else [1, 2, 3]
        if player not in self.to_move(s):
            return []
        return [{"take": True}, {"take": False}]

    def apply(self, s: ToyState, player: str | None, move: Any) -> ToyState:
        if player is None:
            if move not in self.legal_moves(s, None):
                raise RuleViolation(f"card {move!r} is not the next card", rule="toy-card")
            return ToyState(s.players, s.seed, s.rounds, s.cards + (move,), s.choices + ((),))
        if player not in self.to_move(s):
            raise RuleViolation(f"{player} is not to move now", rule="not-your-turn",
                                where=(f"round {len(s.cards)}", str(player)))
        if move not in ({"take": True}, {"take": False}):
            raise RuleViolation("a move is {take: true} or {take: false}", rule="toy-move",
                                where=(f"round {len(s.cards)}", player))
        last = s.choices[-1] + ((player, move["take"]),)
        return ToyState(s.players, s.seed, s.rounds, s.cards, s.choices[:-1] + (last,))

    def view(self, s: ToyState, viewer: str | None) -> dict[str, Any]:
        return {"cards": list(s.cards), "choices": [dict(c) for c in s.choices]}

    def is_over(self, s: ToyState) -> bool:
        return len(s.cards) == s.rounds and len(s.choices[-1]) == len(s.players)

    def score(self, s: ToyState) -> dict[str, Any]:
        totals = dict.fromkeys(s.players, 0)
        for card, chosen in zip(s.cards, s.choices, strict=True):
            takers = [p for p, take in chosen if take]
            if len(takers) < len(s.players):
                for p in takers:
                    totals[p] += card
        best = max(totals.values(), default=0)
        ordered = sorted(set(totals.values()), reverse=True)
        return {"game": self.id, "finished": self.is_over(s),
                "players": [{"name": p, "total": t, "rank": ordered.index(t) + 1}
                            for p, t in totals.items()],
                "winners": [p for p, t in totals.items() if t == best]}

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        return float(player_score["total"])

    def to_log(self, s: ToyState) -> dict[str, Any]:
        return {"format": self.log_format, "players": list(s.players), "seed": s.seed,
                "rules": {}, "rounds_total": s.rounds,
                "rounds": [{"card": c, "moves": {p: {"take": t} for p, t in ch}}
                           for c, ch in zip(s.cards, s.choices, strict=True)]}

    def log_steps(self, doc: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], list[tuple[str | None, Any]]]:
        if doc.get("format") != self.log_format:
            raise InputError("not a toy log", where=("format",))
        setup = {"players": list(doc["players"]), "seed": doc.get("seed"), "rules": {},
                 "rounds": doc["rounds_total"]}
        steps: list[tuple[str | None, Any]] = []
        for rnd in doc["rounds"]:
            steps.append((None, rnd["card"]))
            steps += [(p, m) for p, m in rnd["moves"].items()]
        return setup, steps

    def from_log(self, doc: Mapping[str, Any]) -> ToyState:
        setup, steps = self.log_steps(doc)
        players = setup.pop("players")
        state = self.new(players, seed=setup["seed"], rounds=setup["rounds"])
        for player, move in steps:
            state = self.apply(state, player, move)
        return state


TOY = Toy()


def toy_games(rounds_choices: Sequence[int] = (3, 1, 1000)):
    """The games mapping for ``create_app``: the toy only, with a view hook."""
    from scorepad.web.games import WebGame

    def view(session, player):
        return {"cards": list(session.state.cards), "viewer": player}

    return {"toy": WebGame(TOY, {"rounds": list(rounds_choices)}, view=view)}
