"""A toy game of the protocol, for testing the table toolkit without a real game.

"Count to ten": two or three players take turns; each turn a die (1-3) is rolled (a
chance step: one outcome when seeded, three when not), then the player adds 1 up to
the roll to their count (a move ``{"add": k}``) or passes (``"pass"``). The first to
reach 10 ends the game at once. ``python tests/toy_game.py`` is a command on the real
root (the toy is registered only in this process, never in GAMES).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from scorepad.rules.common.errors import ContentError, InputError, RuleViolation
from scorepad.rules.common.words import say
from scorepad.rules.game import NO_EVENTS, Event, Game, GameInfo, GameView, StepEvents, event
from scorepad.rules.session import Session
from scorepad.table import Adapter, View, open_session, run

GOAL = 10


class ToyView(GameView):
    """What anyone sees of the toy game (a game's view type, as each game declares one)."""

    players: list[str]
    counts: list[int]
    roll: int | None
    over: bool
    events: list[Event]


@dataclass(frozen=True)
class ToyState:
    players: tuple[str, ...]
    seed: str | None
    counts: tuple[int, ...]
    turn: int  # whose turn (index)
    roll: int | None  # the die of this turn, None before the roll
    steps: tuple[tuple[str | None, Any], ...]
    rolls: int  # dice rolled so far
    last: StepEvents[Event] = field(default=NO_EVENTS, compare=False)  # a record, not the game


#: The toy's words: every text a player reads about a move or an event.
TEXTS = {
    "roll": {"en": "a {roll} is rolled", "de": "eine {roll} wird gewürfelt",
             "fr": "le dé donne {roll}"},
    "add": {"en": "add {add}", "de": "{add} dazuzählen", "fr": "ajouter {add}"},
    "pass": {"en": "pass", "de": "passen", "fr": "passer"},
    "added": {"en": "{player} adds {points}", "de": "{player} zählt {points} dazu",
              "fr": "{player} ajoute {points}"},
    "over": {"en": "{player} reaches {goal}", "de": "{player} erreicht {goal}",
             "fr": "{player} atteint {goal}"},
}


class ToyGame:
    id = "toy"
    log_format = "scorepad/toy-game@1"
    min_players = 2
    max_players = 3
    example_setup: Mapping[str, Any] = {}
    info = GameInfo(id="toy", min_players=2, max_players=3, simultaneous=False,
                    hidden_information=False, chance=True)

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, **setup: Any) -> ToyState:
        if not self.min_players <= len(players) <= self.max_players:
            raise InputError("the toy takes 2 or 3 players")
        if setup.get("crash"):
            raise RuntimeError("the toy crashed on purpose")
        return ToyState(tuple(players), seed, (0,) * len(players), 0, None, (), 0)

    def to_move(self, s: ToyState) -> list[str]:
        return [] if self.is_over(s) or s.roll is None else [s.players[s.turn]]

    def legal_moves(self, s: ToyState, player: str | None) -> list[Any]:
        if self.is_over(s):
            return []
        if player is None:
            if s.roll is not None:
                return []
            if s.seed is None:
                return [1, 2, 3]
            return [random.Random(f"{s.seed}:{s.rolls}").randint(1, 3)]
        if player not in self.to_move(s) or s.roll is None:
            return []
        return [{"add": k} for k in range(1, s.roll + 1)] + ["pass"]

    def apply(self, s: ToyState, player: str | None, move: Any) -> ToyState:
        if move not in self.legal_moves(s, player):
            if player is not None and player not in self.to_move(s):
                raise RuleViolation(f"it is not {player}'s turn", rule="turn-order")
            raise RuleViolation(f"{move!r} is not allowed now", rule="toy-move")
        steps = s.steps + ((player, move),)
        if player is None:
            return ToyState(s.players, s.seed, s.counts, s.turn, move, steps, s.rolls + 1,
                            StepEvents([event("roll", None, roll=move)]))
        counts = list(s.counts)
        events: list[Event] = []
        if move != "pass":
            counts[s.turn] += move["add"]
            events.append(event("added", player, move["add"],
                                say(TEXTS, "added", player=player, points=move["add"])))
        if counts[s.turn] >= GOAL:
            events.append(event("over", player, goal=GOAL))
        return ToyState(s.players, s.seed, tuple(counts), (s.turn + 1) % len(s.players),
                        None, steps, s.rolls, StepEvents(events))

    def events(self, s: ToyState) -> list[Event]:
        return [e.copy() for e in s.last]

    def view(self, s: ToyState, viewer: str | None) -> ToyView:
        return {"game": self.id, "viewer": viewer, "players": list(s.players),
                "counts": list(s.counts), "roll": s.roll, "to_move": self.to_move(s),
                "over": self.is_over(s), "events": list(s.last)}

    def describe(self, move: Any, lang: str = "en") -> str:
        if isinstance(move, int):
            return say(TEXTS, "roll", lang, roll=move)
        return say(TEXTS, "pass", lang) if move == "pass" else say(TEXTS, "add", lang,
                                                                    add=move["add"])

    def explain(self, ev: Event, lang: str = "en") -> str:
        return say(TEXTS, ev["type"], lang, **{"goal": GOAL, "points": 0, **ev})

    def is_over(self, s: ToyState) -> bool:
        return max(s.counts) >= GOAL

    def score(self, s: ToyState) -> dict[str, Any]:
        ranks = {c: 1 + sum(o > c for o in s.counts) for c in s.counts}
        best = max(s.counts)
        return {"game": "toy", "finished": self.is_over(s),
                "players": [{"name": n, "total": c, "rank": ranks[c]}
                            for n, c in zip(s.players, s.counts, strict=True)],
                "winners": [n for n, c in zip(s.players, s.counts, strict=True) if c == best]}

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        return float(player_score["total"])

    def to_log(self, s: ToyState) -> dict[str, Any]:
        return {"format": self.log_format, "seed": s.seed, "players": list(s.players),
                "steps": [[p, m] for p, m in s.steps]}

    def log_steps(self, doc: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], list[tuple[str | None, Any]]]:
        if doc.get("format") != self.log_format or not isinstance(doc.get("players"), list):
            raise InputError("not a toy game log")
        return ({"players": doc["players"], "seed": doc.get("seed"), "rules": {}},
                [(p, m) for p, m in doc.get("steps", [])])

    def from_log(self, doc: Mapping[str, Any]) -> ToyState:
        setup, steps = self.log_steps(doc)
        s = self.new(setup.pop("players"), **setup)
        for p, m in steps:
            s = self.apply(s, p, m)
        return s


TOY = ToyGame()
_PROTOCOL: Game[ToyState, Any, ToyView, Event] = TOY  # the toy is a game of the protocol, all of it


class ToyAdapter(Adapter):
    """The toy's terminal face: moves typed as ``+2`` or ``pass``, a roll as ``1``-``3``."""

    game = TOY
    command = "scorepad toy"
    help_text = "+N     add N (up to the roll)\npass   add nothing"
    bare_numbers_pick = False

    def parse(self, session: Session, player: str | None, line: str) -> Any:
        text = line.strip().lower()
        if player is None and text.isdigit():
            return int(text)
        if text == "pass":
            return "pass"
        if text.startswith("+") and text[1:].isdigit():
            return {"add": int(text[1:])}
        raise ContentError(f"cannot read {line!r}: type +N or pass")

    def describe(self, session: Session, player: str | None, move: Any) -> str:
        if player is None:
            return f"roll {move}"
        return "pass" if move == "pass" else f"+{move['add']}"

    def suggest(self, session: Session, player: str | None) -> Any:
        moves = session.legal_moves(player)
        if player is None:
            return moves[0] if len(moves) == 1 else None
        return moves[-2] if len(moves) > 1 else moves[0]  # the biggest add

    def prompt(self, session: Session, player: str | None) -> str:
        return "roll" if player is None else f"{player} (rolled {session.state.roll})"

    def status(self, session: Session, view: View) -> list[str]:
        counts = "  ".join(f"{n} {c}" for n, c in zip(session.players, session.state.counts,
                                                      strict=True))
        return [view.paint(f"== counts: {counts} ==", bold=True)]

    def sheet(self, session: Session, player: str, view: View) -> list[str]:
        i = session.players.index(player)
        return [f"{player}: {session.state.counts[i]} of {GOAL}"]


@click.command(name="toy")
@click.option("-p", "--players", "players", metavar="NAMES", default="Ann,Bob",
              help="Names, e.g. Ann,Bob.")
@click.option("-s", "--seed", metavar="SEED", default="toy", help="The dice's seed.")
@click.option("--log", "log_path", metavar="FILE", help="Where to save.")
@click.option("--resume", "resume_path", metavar="FILE", help="Continue a saved game.")
@click.option("--crash-after", type=int, default=None, help="Fail after N steps (tests).")
@click.option("--folder", type=click.Path(file_okay=False), default="output",
              help="Where unnamed games go.")
def toy_cmd(players: str, seed: str, log_path: str | None, resume_path: str | None,
            crash_after: int | None, folder: str) -> None:
    """Count to ten (a test game).

    \b
    Example:
      python tests/toy_game.py toy --players Ann,Bob
    """
    from scorepad.options import parse_players

    adapter = ToyAdapter()
    if crash_after is not None:
        original = adapter.after_step

        def after_step(before: Session, after: Session, player: str | None, move: Any,
                       view: View) -> list[str]:
            if len(after.steps) >= crash_after:
                raise ZeroDivisionError("the toy adapter failed on purpose")
            return original(before, after, player, move, view)

        adapter.after_step = after_step  # type: ignore[method-assign]
    session, path = open_session(
        adapter, log=log_path, resume=resume_path, folder=Path(folder),
        start=lambda: Session.start(TOY, parse_players(players, 2, 3), seed=seed or None))
    run(adapter, session, path, intro=[f"Count to {GOAL}: {', '.join(session.players)}"])


def toy_root() -> click.Group:
    """scorepad's root group (its error boundary and --debug) holding only the toy, so the
    real root is never changed."""
    from scorepad.main import Root, root

    return Root(name="scorepad", params=list(root.params), commands={"toy": toy_cmd},
                callback=root.callback)


if __name__ == "__main__":
    toy_root().main(args=sys.argv[1:], prog_name="scorepad")
