"""A seeded shuffle and deal: the setup display and each round's hands.

The 109 cards are shuffled once with :func:`scorepad.rules.common.shuffle.shuffled` over
``seeded_rng(seed)`` (the only shuffle scorepad uses, so a seed gives the same cards on
every platform). The display takes the first cards, then each round deals consecutive
blocks of ``hand_size`` cards to the players in seat order, while the deck lasts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.common.shuffle import normal_seed, seeded_rng, shuffled

from .board import Board, board
from .engine import Config, make_config
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
         game_board: Board | None = None, *, cfg: Config | None = None) -> Deal:
    """Shuffle the deck with ``seed`` and deal display and hands for ``players`` players
    (``cfg``: the game's config, when the caller has made it already)."""
    b = game_board or board()
    cfg = cfg or make_config(players, rules, b)
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


def played_from_hand(hands: Sequence[tuple[int, ...]], seat: int, card: int, b: Board,
                     name: str) -> tuple[tuple[int, ...], ...]:
    """The hands after seat ``seat`` (player ``name``) plays card kind ``card`` from its
    hand; a RuleViolation when the hand does not hold it."""
    mine = list(hands[seat])
    if card not in mine:
        raise RuleViolation.of("mf.not-in-hand", card=b.cards[card].id, player=name,
                               held=", ".join(b.cards[k].id for k in mine), rule="not-in-hand")
    mine.remove(card)
    return (*hands[:seat], tuple(mine), *hands[seat + 1:])


def check_leftover(hands: Sequence[tuple[int, ...]], left: Sequence[int], b: Board) -> None:
    """A round's leftovers are exactly the cards still in the hands (RuleViolation if not)."""
    held = [k for hand in hands for k in hand]
    if sorted(held) != sorted(left):
        raise RuleViolation(f"the leftovers are the cards still in the hands: "
                            f"{', '.join(b.cards[k].id for k in held)}", rule="leftover")
