"""A seeded shuffle and deal: the setup display and each round's hands.

The 109 cards are shuffled once with :func:`scorepad.rules.common.shuffle.shuffled` over
``seeded_rng(seed)`` (the only shuffle scorepad uses, so a seed gives the same cards on
every platform). The display takes the first cards, then each round deals consecutive
blocks of ``hand_size`` cards to the players in seat order, while the deck lasts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from scorepad.rules.common.shuffle import normal_seed, seeded_rng, shuffled

from .board import Board, board
from .engine import make_config
from .ruleset import MFRules

DEAL_VERSION = 1
H = TypeVar("H")


class Deal(NamedTuple):
    """What a seed deals: card kinds of the display, of each round's hands, and the rest."""

    seed: str
    players: int
    display: tuple[int, ...]
    rounds: tuple[tuple[tuple[int, ...], ...], ...]  # round → seat → hand
    rest: tuple[int, ...]                            # too few to deal another round


def deal(players: int, seed: object, rules: MFRules | None = None,
         game_board: Board | None = None) -> Deal:
    """Shuffle the deck with ``seed`` and deal display and hands for ``players`` players."""
    b = game_board or board()
    cfg = make_config(players, rules, b)
    cards = tuple(shuffled(b.deck, seeded_rng(seed)))  # a tuple: its slices are the hands
    size = cfg.display_size
    hand = cfg.hand
    pos = size + hand * players * cfg.rounds  # where the rest begins
    # round r, seat i: the block of ``hand`` cards after the display and the earlier hands
    rounds = tuple([tuple([cards[k:k + hand] for k in range(start, start + hand * players, hand)])
                    for start in range(size, pos, hand * players)])
    return Deal(normal_seed(seed), players, cards[:size], rounds, cards[pos:])


def pass_left(hands: Sequence[H]) -> tuple[H, ...]:
    """The hands after everyone passes theirs to the left (to the next seat): seat ``p``
    now holds the hand of seat ``p - 1``."""
    return (*hands[-1:], *hands[:-1])
