"""Bots: functions from a state to a choice, for simulations, benchmarks and property tests.

A bot makes the three choices a player makes: which card to keep from the hand
(``pick``), where to play it when its turn comes (``place``), and which display card to
take and play when it owes a bonus card (``bonus``). Randomness comes from the ``rng``
passed in, through :func:`scorepad.rules.common.shuffle.below` only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from scorepad.rules.common.shuffle import below

from .engine import SHIP, State, placement_choices, preview

BONUS_VALUE = 5    # what the greedy bot reckons a bonus card is worth
SHARE_PENALTY = 0.3  # how much it minds points its move pays to other players


class Bot(Protocol):
    """What a simulated player decides."""

    name: str

    def pick(self, state: State, player: int, hand: Sequence[int], rng: random.Random) -> int:
        """The index in ``hand`` of the card to keep this pick."""

    def place(self, state: State, player: int, card: int, rng: random.Random) -> int:
        """The space to play ``card`` on, or ``SHIP``."""

    def bonus(self, state: State, player: int, rng: random.Random) -> tuple[int, int]:
        """A card from the display and its space (or ``SHIP``)."""


class RandomBot:
    """Uniformly random among the cards and among a card's choices (ship move included)."""

    name = "random"

    def pick(self, state: State, player: int, hand: Sequence[int], rng: random.Random) -> int:
        return below(rng, len(hand))

    def place(self, state: State, player: int, card: int, rng: random.Random) -> int:
        options = placement_choices(state, player, card)
        k = below(rng, len(options) + 1)
        return options[k] if k < len(options) else SHIP

    def bonus(self, state: State, player: int, rng: random.Random) -> tuple[int, int]:
        display = state.display or ()
        card = display[below(rng, len(display))]
        return card, self.place(state, player, card, rng)


class GreedyBot:
    """Takes the play worth most right now: its own points, less a share of what it pays
    others, plus a bonus card's worth. Ties are broken at random."""

    name = "greedy"

    def _value(self, state: State, player: int, card: int, space: int) -> float:
        events, bonus = preview(state, player, card, space)
        own = sum(e.points for e in events if e.player == player)
        others = sum(e.points for e in events if e.player not in (player, -1))
        return own - SHARE_PENALTY * others + (BONUS_VALUE if bonus else 0)

    def _best(self, state: State, player: int, cards: Sequence[int],
              rng: random.Random) -> tuple[int, int]:
        best: list[tuple[int, int]] = []
        top = float("-inf")
        for card in dict.fromkeys(cards):  # each kind once
            for space in (*placement_choices(state, player, card), SHIP):
                value = self._value(state, player, card, space)
                if value > top:
                    top, best = value, [(card, space)]
                elif value == top:
                    best.append((card, space))
        return best[below(rng, len(best))]

    def pick(self, state: State, player: int, hand: Sequence[int], rng: random.Random) -> int:
        card, _ = self._best(state, player, hand, rng)
        return list(hand).index(card)

    def place(self, state: State, player: int, card: int, rng: random.Random) -> int:
        return self._best(state, player, (card,), rng)[1]

    def bonus(self, state: State, player: int, rng: random.Random) -> tuple[int, int]:
        return self._best(state, player, state.display or (), rng)


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """A bot by name (``random`` or ``greedy``); ValueError for another name."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
