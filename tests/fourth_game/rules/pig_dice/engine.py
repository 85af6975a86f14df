"""Pig's rules: each turn the die is rolled (a chance step); a 1 loses the turn's points
and ends the turn, any other number adds to them and the player rolls again or holds
(banks them). The first to bank :data:`GOAL` wins at once."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.common.words import say
from scorepad.rules.game import NO_EVENTS, Event, StepEvents, event

from .words import TEXTS

GOAL = 20
FACES = (1, 2, 3, 4, 5, 6)
#: A player's move: roll again, or bank the turn's points.
MOVES = ("roll", "hold")


@dataclass(frozen=True)
class PigState:
    """A game of Pig: the banked totals, whose turn, the turn's points and the die."""

    players: tuple[str, ...]
    seed: str | None
    banked: tuple[int, ...]
    turn: int = 0
    pot: int = 0  # the points of the turn, not banked yet
    deciding: bool = False  # the die is rolled: the player rolls again or holds
    rolls: int = 0  # dice rolled so far (the seeded die's position)
    steps: tuple[tuple[str | None, int | str], ...] = ()  # the log's steps so far
    last: StepEvents = field(default=NO_EVENTS, compare=False)  # a record of the step

    @property
    def current(self) -> str:
        """The player whose turn it is."""
        return self.players[self.turn]


def new(players: tuple[str, ...], seed: str | None) -> PigState:
    """A game before the first roll."""
    return PigState(players, seed, (0,) * len(players))


def is_over(s: PigState) -> bool:
    """Whether someone has banked the goal."""
    return max(s.banked) >= GOAL


def to_move(s: PigState) -> list[str]:
    """The player deciding, or nobody (the die is to roll, or the game is over)."""
    return [s.current] if s.deciding and not is_over(s) else []


def outcomes(s: PigState) -> list[int]:
    """What the die may show now: the one face a seed gives, every face without one."""
    if is_over(s) or s.deciding:
        return []
    if s.seed is None:
        return list(FACES)
    return [random.Random(f"{s.seed}:{s.rolls}").choice(FACES)]


def legal_moves(s: PigState, player: str | None) -> list[object]:
    """The die's outcomes (``player`` None) or the player's choices."""
    if player is None:
        return list(outcomes(s))
    return list(MOVES) if player in to_move(s) else []


def apply(s: PigState, player: str | None, move: object) -> PigState:
    """The state after ``move``; a refusal is a RuleViolation naming its rule."""
    if player is None:
        if not isinstance(move, int) or isinstance(move, bool) or move not in outcomes(s):
            raise RuleViolation(f"the die cannot show {move!r} now", rule="pig-die",
                                where=(f"roll {s.rolls + 1}",))
        return _rolled(replace(s, steps=s.steps + ((None, move),)), move)
    if player not in to_move(s):
        raise RuleViolation(f"it is not {player}'s turn to decide", rule="pig-turn",
                            where=(f"roll {s.rolls}", str(player)))
    if move not in MOVES:
        raise RuleViolation(f"{move!r} is not a move: roll or hold", rule="pig-move",
                            where=(f"roll {s.rolls}", player))
    s = replace(s, steps=s.steps + ((player, str(move)),))
    if move == "roll":
        return replace(s, deciding=False, last=StepEvents([]))
    banked = list(s.banked)
    banked[s.turn] += s.pot
    events = [event("banked", player, s.pot, say(TEXTS, "banked", player=player, points=s.pot))]
    if banked[s.turn] >= GOAL:
        events.append(event("won", player, goal=GOAL))
    return replace(s, banked=tuple(banked), turn=(s.turn + 1) % len(s.players), pot=0,
                   deciding=False, last=StepEvents(events))


def _rolled(s: PigState, die: int) -> PigState:
    player = s.current
    if die == 1:
        return replace(s, turn=(s.turn + 1) % len(s.players), pot=0, rolls=s.rolls + 1,
                       last=StepEvents([event("bust", player, die=die)]))
    return replace(s, pot=s.pot + die, deciding=True, rolls=s.rolls + 1,
                   last=StepEvents([event("rolled", player, die=die)]))


def explain(ev: Event, lang: str = "en") -> str:
    """An event in ``lang``."""
    return say(TEXTS, str(ev["type"]), lang, **{"goal": GOAL, "points": 0, "die": 0, **ev})
