"""The card flipper's session: which cards a seed reveals, round by round, with undo.

A :class:`Flipper` replaces the 14 cards at the table. It is an immutable value: ``flip()``
and ``undo()`` return a new session, so undo is simply one position back, and the card
that comes after an undo is the same card again (the seed fixes the whole sequence).
With a map it also knows how many wagon windows are left and when the game is over.
No I/O here: the command line reads keys, draws and saves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.common.shuffle import normal_seed

from .cards import Card, CardSequence, parse_card, sequence, windows_filled

if TYPE_CHECKING:
    from .maps import Network
    from .ruleset import VVRules


@dataclass(frozen=True)
class Reveal:
    """What the table sees after a card is revealed.

    ``since_shuffle`` holds the cards revealed since the last reshuffle, this one
    included, in order; ``pile_left`` the cards still face down in the pile;
    ``reshuffle_after``: all cards are shuffled at the end of this round;
    ``shuffle_icon``: the card carries the shuffle icon (the 6).
    """

    round: int
    card: Card
    reshuffle_after: bool
    shuffle_icon: bool
    since_shuffle: tuple[Card, ...]
    pile_left: int


@dataclass(frozen=True)
class Flipper:
    """A flipping session at ``position`` (the number of cards revealed so far).

    ``windows`` is the map's total number of wagon windows (None without a map);
    ``specials`` whether the map has special stations (players may then fill their
    windows faster than one per card, so the count of windows left is an upper bound).
    """

    seed: str
    deck_size: int
    shuffle_icons: frozenset[Card]
    windows: int | None = None
    specials: bool = False
    position: int = 0
    _sequence: CardSequence | None = field(default=None, repr=False, compare=False)

    @classmethod
    def start(cls, seed: object, rules: VVRules, network: Network | None = None) -> Flipper:
        """A new session before the first card, for ``seed`` under ``rules`` (and a map)."""
        text = normal_seed(seed)
        return cls(
            seed=text,
            deck_size=len(rules.deck),
            shuffle_icons=frozenset(parse_card(c) for c in rules.shuffle_cards),
            windows=network.total_windows if network is not None else None,
            specials=bool(network.special_mask) if network is not None else False,
            _sequence=sequence(text, tuple(rules.deck), tuple(rules.shuffle_cards)),
        )

    def resumed(self, cards: Sequence[object]) -> Flipper:
        """This session moved past ``cards`` (a log's rounds), checked against the seed.

        Raises RuleViolation naming the round when a card is not the one the seed gives,
        or when the log goes on after the game was over.
        """
        state = self
        for number, code in enumerate(cards, start=1):
            card = code if isinstance(code, Card) else parse_card(code)
            if state.over:
                raise RuleViolation(f"the game was over after round {number - 1}",
                                    rule="game-over", where=(f"round {number}",))
            expected = state.next_card
            if card != expected:
                raise RuleViolation(
                    f"card {card.code} is not the card seed {self.seed!r} gives "
                    f"({expected.code})", rule="seeded-cards", where=(f"round {number}",))
            state = state.flip()
        return state

    # -- the sequence -------------------------------------------------------------------

    def _at(self, index: int) -> tuple[Card, bool]:
        assert self._sequence is not None, "use Flipper.start()"
        return self._sequence.at(index)

    @property
    def revealed(self) -> list[Card]:
        """The cards revealed so far, round 1 first."""
        return [self._at(i)[0] for i in range(self.position)]

    @property
    def codes(self) -> list[int | str]:
        """The revealed cards in log notation (what a log's ``rounds`` hold)."""
        return [card.code for card in self.revealed]

    @property
    def next_card(self) -> Card:
        """The card the next flip reveals (for checks; the table must not see it)."""
        return self._at(self.position)[0]

    def upcoming(self, count: int) -> list[Card]:
        """The next ``count`` cards, without revealing them."""
        return [self._at(self.position + i)[0] for i in range(count)]

    @property
    def last(self) -> Reveal | None:
        """The most recent reveal, or None before the first card."""
        if self.position == 0:
            return None
        card, reshuffle = self._at(self.position - 1)
        start = self.position - 1
        while start > 0 and not self._at(start - 1)[1]:
            start -= 1
        since = tuple(self._at(i)[0] for i in range(start, self.position))
        return Reveal(round=self.position, card=card, reshuffle_after=reshuffle,
                      shuffle_icon=card in self.shuffle_icons, since_shuffle=since,
                      pile_left=self.deck_size - len(since))

    # -- moving -------------------------------------------------------------------------

    def flip(self) -> Flipper:
        """The session after revealing the next card (RuleViolation once the game is over)."""
        if self.over:
            raise RuleViolation("the game is over: every wagon window is filled", rule="game-over")
        return self._moved(self.position + 1)

    @property
    def can_undo(self) -> bool:
        """Whether there is a card to take back."""
        return self.position > 0

    def undo(self) -> Flipper:
        """The session with the last card taken back; it comes again on the next flip."""
        if not self.can_undo:
            raise RuleViolation("no card has been revealed yet", rule="undo")
        return self._moved(self.position - 1)

    def _moved(self, position: int) -> Flipper:
        return Flipper(seed=self.seed, deck_size=self.deck_size, shuffle_icons=self.shuffle_icons,
                       windows=self.windows, specials=self.specials, position=position,
                       _sequence=self._sequence)

    # -- the game with a map -------------------------------------------------------------

    @property
    def windows_filled(self) -> int:
        """Windows each player has filled from the cards alone: one per card but free rides."""
        return windows_filled(self.revealed)

    @property
    def windows_left(self) -> int | None:
        """Windows still empty on each sheet (an upper bound on maps with special stations);
        None without a map. Also the least number of rounds left: every card but a free
        ride fills one window, and free rides to come only add rounds."""
        if self.windows is None:
            return None
        return max(self.windows - self.windows_filled, 0)

    @property
    def over(self) -> bool:
        """Whether the game is over: the round that filled the last window was played.

        On maps with special stations players may run out earlier; the flipper cannot
        know, so the table decides then (and this is the latest possible end).
        """
        return self.windows_left == 0
