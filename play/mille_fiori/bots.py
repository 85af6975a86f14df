"""Bots: plain functions over the engine, for simulations, benchmarks and property tests.

A bot is a function ``(state, player, cards, rng) -> (card, space)``: which of ``cards``
(card kinds) to play and where (a board space, or ``SHIP``), as Voll verplant's bots are
functions of a state: of the engine's (:class:`.engine.State`: the protocol, a table) or of
the simulator's (:class:`.simulator.SimState`: ``mf simulate``), asking the one whose state
it is. :func:`scorepad.play.mille_fiori.simulate.play_game` asks it three
times a turn: for the card to keep from the hand at the draft (``cards`` = the hand), for
the space when that card is resolved (``cards`` = that card), and for an owed bonus card
(``cards`` = the display). A bot may also have a cheaper draft (:data:`DRAFTS`, see
:func:`draft_of`), which picks the same card. The engine (or the simulator) says what is
legal (``placement_choices``) and what a play scores (``preview``); randomness comes from ``rng``
through :func:`scorepad.rules.common.shuffle.below` only (inlined where it is a hot path).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import floor

from scorepad.rules.common.shuffle import below
from scorepad.rules.mille_fiori import engine
from scorepad.rules.mille_fiori.engine import SHIP, Event

from . import simulator
from .simulator import AnyState, SimState

Bot = Callable[[AnyState, int, Sequence[int], random.Random], tuple[int, int]]
#: a draft: which card of the hand a bot keeps (the card its bot call would return)
Draft = Callable[[AnyState, int, Sequence[int], random.Random], int]

BONUS_VALUE = 5    # what the greedy bot reckons a bonus card is worth
SHARE_PENALTY = 0.3  # how much it minds points its move pays to other players


def _choices(state: AnyState, player: int, card: int) -> tuple[int, ...]:
    """Where ``player`` may place ``card``: the rules' choices (the simulator's on its
    states, the engine's on the engine's)."""
    if isinstance(state, SimState):
        return simulator.placement_choices(state, player, card)
    return engine.placement_choices(state, player, card)


def _preview(state: AnyState, player: int, card: int, space: int
             ) -> tuple[tuple[Event, ...], str]:
    """What placing ``card`` on ``space`` would score and why a bonus card would be owed
    ("" if none): the simulator's preview on its states, the engine's on the engine's."""
    if isinstance(state, SimState):
        return simulator.preview(state, player, card, space)
    return engine.preview(state, player, card, space)


def random_bot(state: AnyState, player: int, cards: Sequence[int],
               rng: random.Random) -> tuple[int, int]:
    """Uniformly random among the cards and among a card's choices (ship move included)."""
    n = len(cards)
    card = cards[below(rng, n)] if n > 1 else cards[0]
    # the rules' choices: what blocks a space
    options = (simulator.placement_choices(state, player, card) if isinstance(state, SimState)
               else engine.placement_choices(state, player, card))  # (_choices, inline)
    n = len(options)
    k = floor(rng.random() * (n + 1))  # below(rng, n + 1), inline: k >= n is the ship
    return card, options[k] if k < n else SHIP


def _random_draft(state: AnyState, player: int, hand: Sequence[int], rng: random.Random) -> int:
    """The card :func:`random_bot` keeps at the draft, drawn as it draws it; the number it
    would draw for the card's space is drawn and dropped (the draft only keeps the card),
    so the seeds give the same games without looking up the card's choices."""
    n = len(hand)
    if n > 1:
        k = floor(rng.random() * n)  # below(rng, n), inline
        card = hand[k if k < n else n - 1]
    else:
        card = hand[0]
    rng.random()
    return card


def _value(state: AnyState, player: int, card: int, space: int) -> float:
    events, bonus = _preview(state, player, card, space)
    own = sum(e.points for e in events if e.player == player)
    others = sum(e.points for e in events if e.player not in (player, -1))
    return own - SHARE_PENALTY * others + (BONUS_VALUE if bonus else 0)


def greedy_bot(state: AnyState, player: int, cards: Sequence[int],
               rng: random.Random) -> tuple[int, int]:
    """The play worth most right now: its own points, less a share of what it pays others,
    plus a bonus card's worth. Ties are broken at random."""
    best: list[tuple[int, int]] = []
    top = float("-inf")
    for card in dict.fromkeys(cards):  # each kind once
        for space in (*_choices(state, player, card), SHIP):
            value = _value(state, player, card, space)
            if value > top:
                top, best = value, [(card, space)]
            elif value == top:
                best.append((card, space))
    return best[below(rng, len(best))]


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
#: bots whose draft is cheaper than a bot call (same card, same draws from ``rng``)
DRAFTS: dict[Bot, Draft] = {random_bot: _random_draft}


def draft_of(bot: Bot) -> Draft:
    """``bot``'s draft: its entry in :data:`DRAFTS`, or the card of a bot call."""
    known = DRAFTS.get(bot)
    if known is not None:
        return known

    def draft(state: AnyState, player: int, hand: Sequence[int], rng: random.Random) -> int:
        return bot(state, player, hand, rng)[0]

    return draft


def make_bot(name: str) -> Bot:
    """A bot by name (``random`` or ``greedy``); ValueError for another name."""
    try:
        return BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
