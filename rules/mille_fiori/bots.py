"""Bots: plain functions over the engine, for simulations, benchmarks and property tests.

A bot is a function ``(state, player, cards, rng) -> (card, space)``: which of ``cards``
(card kinds) to play and where (a board space, or ``SHIP``), as Voll verplant's bots are
functions of a state. :func:`scorepad.rules.mille_fiori.simulate.play_game` asks it three
times a turn: for the card to keep from the hand at the draft (``cards`` = the hand), for
the space when that card is resolved (``cards`` = that card), and for an owed bonus card
(``cards`` = the display). The engine says what is legal (``placement_choices``) and what
a play scores (``preview``); randomness comes from ``rng`` through
:func:`scorepad.rules.common.shuffle.below` only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from scorepad.rules.common.shuffle import below

from .engine import SHIP, State, placement_choices, preview

Bot = Callable[[State, int, Sequence[int], random.Random], tuple[int, int]]

BONUS_VALUE = 5    # what the greedy bot reckons a bonus card is worth
SHARE_PENALTY = 0.3  # how much it minds points its move pays to other players


def random_bot(state: State, player: int, cards: Sequence[int],
               rng: random.Random) -> tuple[int, int]:
    """Uniformly random among the cards and among a card's choices (ship move included)."""
    card = cards[below(rng, len(cards))] if len(cards) > 1 else cards[0]
    options = placement_choices(state, player, card)
    k = below(rng, len(options) + 1)
    return card, options[k] if k < len(options) else SHIP


def _value(state: State, player: int, card: int, space: int) -> float:
    events, bonus = preview(state, player, card, space)
    own = sum(e.points for e in events if e.player == player)
    others = sum(e.points for e in events if e.player not in (player, -1))
    return own - SHARE_PENALTY * others + (BONUS_VALUE if bonus else 0)


def greedy_bot(state: State, player: int, cards: Sequence[int],
               rng: random.Random) -> tuple[int, int]:
    """The play worth most right now: its own points, less a share of what it pays others,
    plus a bonus card's worth. Ties are broken at random."""
    best: list[tuple[int, int]] = []
    top = float("-inf")
    for card in dict.fromkeys(cards):  # each kind once
        for space in (*placement_choices(state, player, card), SHIP):
            value = _value(state, player, card, space)
            if value > top:
                top, best = value, [(card, space)]
            elif value == top:
                best.append((card, space))
    return best[below(rng, len(best))]


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def make_bot(name: str) -> Bot:
    """A bot by name (``random`` or ``greedy``); ValueError for another name."""
    try:
        return BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
