"""Voll verplant cards and the seeded deck.

Notation (as in game logs): ``3``..``6`` number cards, ``E2``/``E3`` express,
``T`` transfer, ``F`` free ride. Internally a card is a small tuple ``(kind, value)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, islice
from typing import Generic, NamedTuple, TypeVar

from scorepad.rules.common.shuffle import seeded_rng, shuffle_bits, shuffled, shuffled_rows

NUMBER, EXPRESS, TRANSFER, FREE = "number", "express", "transfer", "free"


class Card(NamedTuple):
    """A card: ``kind`` is number/express/transfer/free; ``value`` the crosses it allows."""

    kind: str
    value: int

    @property
    def code(self) -> int | str:
        """The log notation: 4, "E2", "T", "F"."""
        if self.kind == NUMBER:
            return self.value
        if self.kind == EXPRESS:
            return f"E{self.value}"
        return "T" if self.kind == TRANSFER else "F"

    def describe(self) -> str:
        """Plain words for the table: ``number 4``, ``express 3``, ``transfer``, ``free ride``."""
        if self.kind in (NUMBER, EXPRESS):
            return f"{self.kind} {self.value}"
        return "transfer" if self.kind == TRANSFER else "free ride"

    def a(self) -> str:
        """:meth:`describe` with its article: ``a number 4``, ``an express 3``."""
        words = self.describe()
        return f"{'an' if words[0] in 'aeiou' else 'a'} {words}"


@lru_cache(maxsize=256)
def parse_card(code: object) -> Card:
    """A card from its log notation; ValueError for anything else."""
    if isinstance(code, bool):
        raise ValueError(f"unknown card {code!r}")
    text = str(code).strip().upper()
    if text.isdigit() and 1 <= int(text) <= 9:
        return Card(NUMBER, int(text))
    if len(text) == 2 and text[0] == "E" and text[1].isdigit() and 1 <= int(text[1]) <= 9:
        return Card(EXPRESS, int(text[1]))
    if text == "T":
        return Card(TRANSFER, 0)
    if text == "F":
        return Card(FREE, 0)
    raise ValueError(f"unknown card {code!r} (cards: 3-6, E2, E3, T, F)")


def card_stream(seed: object, deck: Sequence[object], shuffle_cards: Sequence[object], *,
                rng: random.Random | None = None) -> Iterator[tuple[Card, bool]]:
    """The endless card sequence a seed gives: ``(card, reshuffle_after)`` pairs.

    The whole deck is shuffled; cards are revealed in that order; after a shuffle card
    (the 6) all cards are shuffled again. A pile that runs out without one (a custom
    deck) is reshuffled as well. Uses :func:`shuffled` only, so it is the same everywhere.
    The piles are chained in C (:func:`itertools.chain`): a card drawn costs no resumed
    generator, only a pile does (self-play draws a card a round). With ``rng``, the stream
    seeds that generator again (see :func:`.seeded_rng`) when its first card is drawn.
    """
    marked, triggers = _marked_deck(tuple(deck), tuple(shuffle_cards))
    if not triggers:  # a custom deck without a shuffle card: each pile runs out
        return chain.from_iterable(map(_reshuffle_last, piles(seed, marked, (), rng)))
    return chain.from_iterable(piles(seed, marked, triggers, rng))


def _reshuffle_last(pile: list[tuple[Card, bool]]) -> list[tuple[Card, bool]]:
    pile[-1] = (pile[-1][0], True)
    return pile


T = TypeVar("T")


def piles(seed: object, deck: Sequence[T], triggers: Sequence[T],
          rng: random.Random | None = None, *, after: int = 0) -> Iterator[list[T]]:
    """The piles a seed deals from ``deck`` (any items standing for its cards, equal cards
    one item), each up to and with its first item of ``triggers`` (a shuffle card), or
    whole when none is in it: the order of :func:`card_stream` for any stand-in of the
    cards (the simulator deals its own card records). ``after``: the piles from that
    one on (the draws of those before skipped in one call)."""
    rng = seeded_rng(seed, rng)
    if after and len(deck) > 1:
        rng.getrandbits(shuffle_bits(len(deck)) * after)
    last = len(deck) - 1
    if not triggers:
        while True:
            yield shuffled(deck, rng)
    first, *more = triggers
    while True:
        pile = shuffled(deck, rng)
        # the pile up to its first reshuffle: list.index searches in C, one search a kind
        # of shuffle card instead of one Python-level call a card
        end = pile.index(first)
        for other in more:
            end = min(end, pile.index(other))
        yield pile if end == last else pile[:end + 1]


def dealt(seeds: Iterable[object], deck: Sequence[T], triggers: Sequence[T], ahead: int,
          rng: random.Random, chunk: int = 500) -> Iterator[tuple[object, Iterator[T]]]:
    """Each seed with the items ``chain.from_iterable(piles(seed, deck, triggers))`` gives
    (the same sequence), for many seeds at once: each seed's first ``ahead`` piles are
    shuffled together in numpy (:func:`.shuffled_rows`) for ``chunk`` seeds at a time,
    from the generator's words drawn in one call a seed; a game that outlasts them goes
    on through :func:`piles` (a rare second seeding: ``ahead`` is the caller's bound).
    ``rng`` is seeded again for each seed; each seed's iterator is independent of it."""
    import numpy as np

    n = len(deck)
    bits = shuffle_bits(n) * ahead
    size = bits // 8
    items = np.empty(n, dtype=object)
    for i, item in enumerate(deck):  # item by item: numpy would unpack tuples
        items[i] = item
    is_trigger = np.array([item in triggers for item in deck], dtype=bool)
    positions = np.arange(n)
    rest = iter(seeds)
    while part := list(islice(rest, chunk)):
        raw = b"".join([seeded_rng(seed, rng).getrandbits(bits).to_bytes(size, "little")
                        for seed in part])
        words = np.frombuffer(raw, dtype="<u4").reshape(len(part) * ahead, 2 * (n - 1))
        order = shuffled_rows(words, n)
        # each pile up to and with its first shuffle card (there is one in every pile:
        # a pile is the whole deck shuffled), whole without shuffle cards
        end = is_trigger[order].argmax(axis=1) if triggers else np.full(len(order), n - 1)
        flat = items[order[positions <= end[:, None]]].tolist()
        start = 0
        for seed, length in zip(part, (end + 1).reshape(len(part), ahead).sum(axis=1).tolist(),
                                strict=True):
            yield seed, chain(flat[start:start + length], _Later(seed, deck, triggers, ahead))
            start += length


class _Later(Generic[T]):
    """The items of a seed's piles after its first ``ahead`` (dealt only when a game
    reaches them: :func:`itertools.chain` asks for an iterator at the end of the first)."""

    __slots__ = ("seed", "deck", "triggers", "ahead")
    seed: object
    deck: Sequence[T]
    triggers: Sequence[T]
    ahead: int

    def __init__(self, seed: object, deck: Sequence[T], triggers: Sequence[T], ahead: int
                 ) -> None:
        self.seed, self.deck, self.triggers, self.ahead = seed, deck, triggers, ahead

    def __iter__(self) -> Iterator[T]:
        return chain.from_iterable(piles(self.seed, self.deck, self.triggers,
                                         after=self.ahead))


@lru_cache(maxsize=64)
def _marked_deck(deck: tuple[object, ...], shuffle_cards: tuple[object, ...]
                 ) -> tuple[tuple[tuple[Card, bool], ...], tuple[tuple[Card, bool], ...]]:
    """Each card of the deck with "a reshuffle follows it", and the distinct pairs of its
    shuffle cards (made once a deck: every simulated game starts a stream). Equal cards
    share one pair: a search of a pile stops at the first pair equal to it."""
    triggers = {parse_card(c) for c in shuffle_cards}
    pairs: dict[Card, tuple[Card, bool]] = {}
    marked = tuple(pairs.setdefault(card, (card, card in triggers))
                   for card in map(parse_card, deck))
    return marked, tuple(pair for card, pair in pairs.items() if card in triggers)


def windows_filled(cards: Sequence[Card]) -> int:
    """The wagon windows ``cards`` fill on a sheet without special stations: one a card,
    none for a free ride. A flipper's game ends when they fill the map's windows (the latest
    possible end: special stations make players fill theirs sooner)."""
    return sum(1 for card in cards if card.kind != FREE)


def deal(seed: object, count: int, deck: Sequence[object], shuffle_cards: Sequence[object]
         ) -> list[tuple[Card, bool]]:
    """The first ``count`` cards of :func:`card_stream`."""
    stream = card_stream(seed, deck, shuffle_cards)
    return [next(stream) for _ in range(count)]


class CardSequence:
    """A seed's endless card sequence, dealt lazily and remembered: ``at(i)`` is the
    ``i``-th card (0-based) and whether a reshuffle follows it. Shared by every state of
    a game (see :func:`sequence`), so going back and forth never re-shuffles."""

    def __init__(self, seed: object, deck: Sequence[object], shuffle_cards: Sequence[object]
                 ) -> None:
        self._stream = card_stream(seed, deck, shuffle_cards)
        self._dealt: list[tuple[Card, bool]] = []

    def at(self, index: int) -> tuple[Card, bool]:
        """The ``index``-th card and whether a reshuffle follows it."""
        while len(self._dealt) <= index:
            self._dealt.append(next(self._stream))
        return self._dealt[index]


@lru_cache(maxsize=256)
def sequence(seed: str | int, deck: tuple[object, ...], shuffle_cards: tuple[object, ...]
             ) -> CardSequence:
    """The remembered :class:`CardSequence` of a seed and deck (one per game, cached)."""
    return CardSequence(seed, deck, shuffle_cards)
