"""The edge between the log's notation and the engine, and engine sheets as MarkedSheets.

This is where printed ids (line letters, station numbers) become the engine's indices
and back (:func:`step_from_data`, :func:`step_data`), and where a card sequence is
checked against the deck. The replay itself is the game protocol's fold
(:func:`scorepad.rules.voll_verplant.game.replay`).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator, Sequence
from typing import Any

from scorepad.rules.common.errors import RuleViolation

from .cards import FREE, TRANSFER, Card, parse_card, sequence
from .engine import CCW, CW, GameState, Move, apply, reveal
from .log import MoveSpec, read_step
from .maps import Network
from .ruleset import VVRules
from .scoring import score_sheet
from .view import Bonus, MarkedSheet


def step_from_data(network: Network, card: Card, data: object) -> Move:
    """One step (a move without its follow-ups) from the log's notation, for ``card``:
    the translation of printed ids into the engine's indices.

    The log replay, the game protocol and every front-end come through here.
    :func:`.log.read_step` (the notation's one validator, :class:`.log.StepSpec`) first
    refuses a wrong shape or a field the card does not use; then an unknown line or
    station is a ContentError, an omitted ``crosses`` on a number or express card means
    the most the card allows there (``crosses=-1`` for the engine), an omitted
    ``direction`` is ``cw``; the engine then judges the step.
    """
    spec = read_step(data, card, network)
    if card.kind == FREE:
        return Move() if spec.station is None else Move(station=network.station(spec.station).index)
    if spec.line is None:
        return Move()
    line = network.line(spec.line)
    direction = spec.direction or CW
    if card.kind == TRANSFER:
        return Move(line=line.index, crosses=0, direction=direction)
    crosses = -1 if spec.crosses is None else spec.crosses  # -1: the most the card allows
    return Move(line=line.index, crosses=crosses, direction=direction)


def step_data(network: Network, card: Card, move: Move, *, explicit: bool = False
              ) -> dict[str, Any]:
    """One step in the log's notation: the one writer of the notation.

    Short (the default): ``direction`` written only for ``ccw``, and ``crosses=-1`` (the
    most the card allows) by leaving ``crosses`` out. ``explicit``: as a played game's log
    records a move, with a ring's ``direction`` (``cw`` too) and the crosses counted."""
    if card.kind == FREE:
        return {"station": network.stations[move.station].id if move.station >= 0 else None}
    if move.line < 0:
        return {}
    line = network.lines[move.line]
    data: dict[str, Any] = {"line": line.id}
    if card.kind != TRANSFER and (move.crosses >= 0 or explicit):
        data["crosses"] = move.crosses
    if move.direction == CCW or (explicit and line.ring):
        data["direction"] = move.direction
    return data


def to_move(network: Network, card: Card, spec: MoveSpec) -> Move:
    """A log move (with its follow-ups) in the engine's terms (see :func:`step_from_data`)."""
    data = spec.to_data()
    then = data.pop("then", [])
    first = step_from_data(network, card, data)
    return first._replace(then=tuple(step_from_data(network, card, f) for f in then))


def from_move(network: Network, card: Card, move: Move) -> MoveSpec:
    """The log form of an engine move with its follow-ups, every field written (for logs
    written by ``play`` and the bots: :func:`step_data` with ``explicit``)."""
    data = step_data(network, card, move, explicit=True)
    then = [step_data(network, card, m, explicit=True) for m in move.then]
    return MoveSpec.model_validate({**data, "then": then} if then else data)


def since_shuffle(cards: Sequence[Card], rules: VVRules) -> tuple[tuple[Card, ...], bool]:
    """The cards revealed since the last reshuffle, the last of ``cards`` included, and
    whether all cards are reshuffled after it (a shuffle card, or the pile ran out)."""
    deck, triggers = _deck(rules)
    return _since(cards, sum(deck.values()), triggers)


def since_shuffle_each(cards: Sequence[Card], rules: VVRules
                       ) -> Iterator[tuple[tuple[Card, ...], bool]]:
    """:func:`since_shuffle` of every prefix of ``cards`` in turn, in one pass."""
    deck, triggers = _deck(rules)
    for n, (start, reshuffle) in enumerate(_starts(cards, sum(deck.values()), triggers)):
        yield tuple(cards[start:n + 1]), reshuffle


def _starts(cards: Sequence[Card], size: int, triggers: set[Card]
            ) -> Iterator[tuple[int, bool]]:
    """For each card in turn: where the cards since the last reshuffle begin, and whether
    all cards are reshuffled after it."""
    start, reshuffle = 0, False
    for n, card in enumerate(cards):
        if reshuffle:
            start = n
        reshuffle = card in triggers or n + 1 - start == size
        yield start, reshuffle


def _since(cards: Sequence[Card], size: int, triggers: set[Card]
           ) -> tuple[tuple[Card, ...], bool]:
    last = deque(_starts(cards, size, triggers), maxlen=1)  # the last card's
    start, reshuffle = last[0] if last else (0, False)
    return tuple(cards[start:]), reshuffle


def _pile(cards: Sequence[Card], deck: Counter[Card], triggers: set[Card]) -> Counter[Card]:
    """The cards revealed since the last reshuffle (after a shuffle card, or when the
    whole deck has been revealed, all cards go back)."""
    since, reshuffle = _since(cards, sum(deck.values()), triggers)
    return Counter() if reshuffle else Counter(since)


def _deck(rules: VVRules) -> tuple[Counter[Card], set[Card]]:
    return Counter(parse_card(c) for c in rules.deck), {parse_card(c) for c in rules.shuffle_cards}


def next_cards(cards: Sequence[Card], rules: VVRules, seed: str | int | None) -> list[Card]:
    """The cards that may be revealed after ``cards``: the seed's next card, or without a
    seed every card the pile still holds (each once, in deck order)."""
    if seed is not None:
        return [sequence(seed, tuple(rules.deck), tuple(rules.shuffle_cards)).at(len(cards))[0]]
    deck, triggers = _deck(rules)
    pile = _pile(cards, deck, triggers)
    return [card for card in deck if pile[card] < deck[card]]


def check_next_card(cards: Sequence[Card], card: Card, rules: VVRules,
                    seed: str | int | None) -> None:
    """Refuse ``card`` as the card after ``cards``: against the seed when there is one,
    else against the deck (no card more often between two reshuffles than it holds)."""
    where = (f"round {len(cards) + 1}",)
    if seed is not None:
        expected = next_cards(cards, rules, seed)[0]
        if card != expected:
            raise RuleViolation(f"card {card.code} does not follow from seed {str(seed)!r} "
                                f"(the seed gives {expected.code})", rule="seeded-cards",
                                where=where)
        return
    deck, triggers = _deck(rules)
    if card not in deck:
        raise RuleViolation(f"card {card.code} is not in this ruleset's deck", rule="deck",
                            where=where)
    count = _pile(cards, deck, triggers)[card] + 1
    if count > deck[card]:
        raise RuleViolation(f"card {card.code} comes {count} times before a reshuffle; "
                            f"the deck holds {deck[card]}", rule="deck", where=where)


def play_logged(state: GameState, card: Card, row: Sequence[Move | None]) -> GameState:
    """``card`` revealed and a logged round's moves applied, seat by seat (None: the seat
    made no move); the round is left open for the caller to close."""
    state = reveal(state, card)
    for seat, move in enumerate(row):
        if move is not None:
            state = apply(state, seat, move)
    return state


def marked_sheets(state: GameState) -> list[MarkedSheet]:
    """Each player's sheet as it looks on paper, scored."""
    net = state.network
    out = []
    for name, sheet in zip(state.players, state.sheets, strict=True):
        marked = frozenset(s.id for s in net.stations if sheet.marked >> s.index & 1)
        transfers = {net.stations[i].id: n for i, n in sheet.transfers}
        windows = {line.id: sheet.entries[line.index] for line in net.lines
                   if sheet.entries[line.index]}
        bonuses: dict[str, Bonus] = {}
        for line in net.lines:
            bit = 1 << line.index
            if sheet.first & bit:
                bonuses[line.id] = "first"
            elif sheet.later & bit:
                bonuses[line.id] = "later"
        # struck: the first bonuses taken by others, and (a game on paper, where whoever
        # took it may not be at the table) the lines this player completed later
        taken = state.first_taken | sheet.later
        struck = frozenset(line.id for line in net.lines
                           if taken >> line.index & 1 and bonuses.get(line.id) != "first")
        score = score_sheet(net, state.rules, marked, transfers, bonuses)
        out.append(MarkedSheet(map_id=net.id, player=name, marked=marked, transfers=transfers,
                               windows=windows, bonuses=bonuses, struck=struck, score=score))
    return out
