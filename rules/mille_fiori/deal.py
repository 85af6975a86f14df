"""A seeded shuffle and deal: the setup display and each round's hands.

The 109 cards are shuffled once with :func:`scorepad.rules.common.shuffle.shuffled` over
``seeded_rng(seed)`` (the only shuffle scorepad uses, so a seed gives the same cards on
every platform). The display takes the first cards, then each round deals consecutive
blocks of ``hand_size`` cards to the players in seat order, while the deck lasts.
"""

from __future__ import annotations

from typing import NamedTuple

from scorepad.rules.common.shuffle import normal_seed, seeded_rng, shuffled

from .board import Board, board
from .engine import make_config
from .options import Options

DEAL_VERSION = 1


class Deal(NamedTuple):
    """What a seed deals: card kinds of the display, of each round's hands, and the rest."""

    seed: str
    players: int
    display: tuple[int, ...]
    rounds: tuple[tuple[tuple[int, ...], ...], ...]  # round → seat → hand
    rest: tuple[int, ...]                            # too few to deal another round


def deal(players: int, seed: object, rules: Options | None = None,
         game_board: Board | None = None) -> Deal:
    """Shuffle the deck with ``seed`` and deal display and hands for ``players`` players."""
    b = game_board or board()
    cfg = make_config(players, rules, b)
    cards = shuffled(b.deck, seeded_rng(seed))
    size = cfg.display_size
    display = tuple(cards[:size])
    rounds = []
    pos = size
    block = cfg.hand * players
    for _ in range(cfg.rounds):
        hands = tuple(tuple(cards[pos + i * cfg.hand:pos + (i + 1) * cfg.hand])
                      for i in range(players))
        rounds.append(hands)
        pos += block
    return Deal(normal_seed(seed), players, display, tuple(rounds), tuple(cards[pos:]))
