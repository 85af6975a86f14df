"""Replaying a game log through the engine, and turning engine sheets into MarkedSheets.

This is the edge where printed ids (line letters, station numbers) become the engine's
indices and back, and where the card sequence of a log is checked against the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.rules.common.errors import ContentError, RuleViolation

from .cards import FREE, Card, card_stream, parse_card
from .engine import CCW, CW, GameState, Move, RoundReport, apply, end_round, new_game, reveal
from .maps import Network
from .ruleset import VVRules
from .scoring import score_sheet
from .view import MarkedSheet

if TYPE_CHECKING:
    from .log import GameLog, MoveSpec
    from .log_reader import LoggedGame, LoggedMove


class Replay(NamedTuple):
    """A replayed log: the final state and each round's report."""

    state: GameState
    reports: tuple[RoundReport, ...]

    @property
    def finished(self) -> bool:
        return self.state.over


def to_move(network: Network, card: Card, spec: MoveSpec | LoggedMove, *, top: bool = True
            ) -> Move:
    """A log move in the engine's terms; unknown lines/stations are ContentErrors.

    Omitted ``crosses`` on a number or express card means the most the card allows
    (``crosses=-1`` for the engine), the same default ``vv play`` offers.
    """
    then = tuple(to_move(network, card, s, top=False) for s in spec.then) if top else ()
    if card.kind == FREE:
        if spec.line is not None or spec.crosses is not None:
            raise RuleViolation("a free ride takes `station: ID` (or `station: null` to "
                                "decline), not a line", rule="free-ride-station")
        if spec.station is None:
            return Move(then=then)
        return Move(station=network.station(spec.station).index, then=then)
    if spec.station is not None or spec.declines:
        raise RuleViolation(f"a {card.describe()} card is played on a line: give `line`, "
                            "not `station`", rule="line-card")
    if spec.line is None:
        if spec.crosses or spec.direction:
            raise RuleViolation("the move gives no line", rule="must-fill-window")
        return Move(then=then)
    line = network.line(spec.line)
    direction = spec.direction or CW
    if direction == CCW and not line.ring:
        raise RuleViolation(f"line {line.id} is not a ring: it has no direction to choose",
                            rule="ring-direction")
    crosses = spec.crosses
    if card.kind == "transfer":
        if crosses not in (None, 0, 1):
            raise RuleViolation("a transfer card marks one station (the first free one): "
                                "leave out `crosses`", rule="transfer-one-station")
        crosses = 0
    elif crosses is None:
        crosses = -1  # the engine takes it as the most the card allows
    return Move(line=line.index, crosses=crosses, direction=direction, then=then)


def from_move(network: Network, card: Card, move: Move) -> MoveSpec:
    """The log form of an engine move (for logs written by ``play`` and the bots)."""
    from .log import MoveSpec

    then = [from_move(network, card, m) for m in move.then]
    if card.kind == FREE:
        station = network.stations[move.station].id if move.station >= 0 else None
        return MoveSpec(station=station, then=then)
    if move.line < 0:
        return MoveSpec(then=then)
    line = network.lines[move.line]
    data: dict = {"line": line.id}
    if card.kind != "transfer":
        data["crosses"] = move.crosses
    if line.ring:
        data["direction"] = move.direction
    if then:
        data["then"] = then
    return MoveSpec(**data)


def check_cards(cards: Sequence[Card], rules: VVRules, seed: object | None) -> None:
    """Check a log's card sequence: against the seed when there is one, else against the
    deck (no card more often between two reshuffles than the deck holds)."""
    if seed is not None:
        stream = card_stream(seed, rules.deck, rules.shuffle_cards)
        for number, card in enumerate(cards, start=1):
            expected, _ = next(stream)
            if card != expected:
                raise RuleViolation(f"card {card.code} does not follow from seed {str(seed)!r} "
                                    f"(the seed gives {expected.code})", rule="seeded-cards",
                                    where=(f"round {number}",))
        return
    deck = Counter(parse_card(c) for c in rules.deck)
    triggers = {parse_card(c) for c in rules.shuffle_cards}
    pile: Counter[Card] = Counter()
    for number, card in enumerate(cards, start=1):
        if card not in deck:
            raise RuleViolation(f"card {card.code} is not in this ruleset's deck",
                                rule="deck", where=(f"round {number}",))
        pile[card] += 1
        if pile[card] > deck[card]:
            raise RuleViolation(f"card {card.code} comes {pile[card]} times before a reshuffle; "
                                f"the deck holds {deck[card]}", rule="deck",
                                where=(f"round {number}",))
        if card in triggers or sum(pile.values()) == sum(deck.values()):
            pile.clear()


def replay(log: GameLog | LoggedGame, network: Network, rules: VVRules) -> Replay:
    """Fold a log's rounds through the engine. Errors carry round and player."""
    cards = [r.parsed_card for r in log.rounds]
    check_cards(cards, rules, log.seed)
    state = new_game(network, rules, log.players)
    reports: list[RoundReport] = []
    if not log.players:
        return Replay(state, ())
    for number, (rnd, card) in enumerate(zip(log.rounds, cards, strict=True), start=1):
        unknown = [name for name in rnd.moves if name not in log.players]
        if unknown:
            raise ContentError(f"{unknown[0]} is not a player of this game "
                               f"(players: {', '.join(log.players)})",
                               where=(f"round {number}",))
        state = reveal(state, card)
        for p, name in enumerate(log.players):
            if name not in rnd.moves:
                raise RuleViolation(f"no move for {name} (write {{}} for a player who "
                                    "cannot move)", rule="every-player-moves",
                                    where=(f"round {number}",))
            try:
                move = to_move(network, card, rnd.moves[name])
            except (ContentError, RuleViolation) as err:
                raise err.at(f"round {number}", name) from None
            state = apply(state, p, move)
        state, report = end_round(state)
        reports.append(report)
    return Replay(state, tuple(reports))


def marked_sheets(state: GameState) -> list[MarkedSheet]:
    """Each player's sheet as it looks on paper, scored."""
    net = state.network
    out = []
    for name, sheet in zip(state.players, state.sheets, strict=True):
        marked = frozenset(s.id for s in net.stations if sheet.marked >> s.index & 1)
        transfers = {net.stations[i].id: n for i, n in sheet.transfers}
        windows = {line.id: sheet.entries[line.index] for line in net.lines
                   if sheet.entries[line.index]}
        bonuses = {}
        for line in net.lines:
            bit = 1 << line.index
            if sheet.first & bit:
                bonuses[line.id] = "first"
            elif sheet.later & bit:
                bonuses[line.id] = "later"
        struck = frozenset(line.id for line in net.lines
                           if state.first_taken >> line.index & 1 and bonuses.get(line.id) != "first")
        score = score_sheet(net, state.rules, marked, transfers, bonuses)
        out.append(MarkedSheet(map_id=net.id, player=name, marked=marked, transfers=transfers,
                               windows=windows, bonuses=bonuses, struck=struck, score=score))
    return out
