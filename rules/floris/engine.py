"""The Floris engine: presenting bouquets, the end-of-game entries, penalties, ranking.

scorepad keeps score at a Floris table; it does not deal the cards. What the table tells
it, and what a game file (``scorepad/floris-game@1``) records, is each player's presented
bouquets, then each player's end-of-game entry: the final bouquet and the cards left in
hand, discarded and left in the personal reserve. The engine holds exactly that, so a
game file replays to the state it was written from.

Turn structure (documented in docs/floris.md):

* **play**: every player may present a bouquet at any time, in any order (bouquets are
  shown as they are made at the table, and the file does not record the order between
  players): :func:`to_move` lists every player. A move is a spec string such as
  ``"rose:3 lily:3"``; the bouquet must be valid (:mod:`.bouquet`).
* **final round**: when the market has run out, each player makes one end-of-game entry
  ``{"final": SPEC or "", "left_in_hand": N, "discarded": N, "left_in_reserve": N}``. The
  first entry closes play (no bouquet may be presented after it); :func:`to_move` then
  lists the players whose entry is still missing.
* **over**: every player has made the entry.

There is no chance step: the cards are dealt at the table, not by scorepad.

States are frozen dataclasses of strings, ints and tuples; :func:`apply` returns a new
state or raises a :class:`RuleViolation` naming the rule and the place (player, bouquet).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, cast

from typing_extensions import Unpack

from scorepad.rules.common.errors import ContentError, InputError, RuleViolation, Term
from scorepad.rules.game import NO_EVENTS, StepEvents, event

from . import words
from .bouquet import Verdict, judge, run_text
from .fix import smallest_fix
from .flowers import Counts, format_spec
from .ruleset import FlorisRules
from .schema import FlorisEvent, FlorisEventFields
from .spec import parse_spec

MIN_PLAYERS = 1
"""Published: 2-5 players; one player is accepted for worked examples and practice."""
MAX_PLAYERS = 5
"""A published listing says 2-5 players (others 2-4): five are allowed."""
MAX_CARDS = 45
"""The deck: no count of cards in an entry can exceed it."""
ENTRY_KEYS = ("final", "left_in_hand", "discarded", "left_in_reserve")
"""The keys of an end-of-game entry, all required."""
LISTED_FLOWERS = 10
""":func:`legal_moves` lists the valid bouquets of up to this many flowers."""


@dataclass(frozen=True)
class Bouquet:
    """A presented (or final) bouquet: the spec as written and its verdict (always valid)."""

    spec: str
    verdict: Verdict

    @property
    def points(self) -> int:
        return self.verdict.points


@dataclass(frozen=True)
class EndEntry:
    """A player's end-of-game entry: the final bouquet (None: none) and the cards left over."""

    final: Bouquet | None
    left_in_hand: int
    discarded: int
    left_in_reserve: int


@dataclass(frozen=True)
class Seat:
    """One player: the bouquets presented so far and the end-of-game entry once made."""

    name: str
    bouquets: tuple[Bouquet, ...] = ()
    end: EndEntry | None = None


@dataclass(frozen=True)
class FlorisState:
    """A game: its options and one seat per player, in seat order."""

    rules: FlorisRules
    seats: tuple[Seat, ...]
    #: what the last move did: a record, not in the equality
    last: StepEvents[FlorisEvent] = field(default=NO_EVENTS, compare=False)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def phase(self) -> str:
        """``play``, ``final`` (some end-of-game entries are in) or ``over``."""
        entered = sum(seat.end is not None for seat in self.seats)
        if entered == 0:
            return "play"
        return "over" if entered == len(self.seats) else "final"

    def seat(self, player: str | None) -> tuple[int, Seat]:
        """The index and seat of ``player``; RuleViolation for anyone else."""
        for index, seat in enumerate(self.seats):
            if seat.name == player:
                return index, seat
        raise RuleViolation.of("floris.player", player=repr(player),
                               players=", ".join(self.names), rule="player")


# --- starting ----------------------------------------------------------------------------

def new_game(players: Sequence[str], rules: FlorisRules) -> FlorisState:
    """A game with nothing presented yet. ContentError for a player count Floris does not
    allow (``players``), an empty or repeated name."""
    names = list(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ContentError(f"Floris is for {MIN_PLAYERS}-{MAX_PLAYERS} players (2-{MAX_PLAYERS} "
                           f"at a table, one for practice), this game has {len(names)}",
                           where=("players",))
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ContentError(f"a player name is text, not {name!r}", where=("players",))
        if names.count(name) > 1:
            raise ContentError(f"{name!r} is named twice", where=("players",))
    return FlorisState(rules, tuple(Seat(name) for name in names))


# --- who moves, and what they may do --------------------------------------------------------

def to_move(state: FlorisState) -> list[str]:
    """Every player during play; the players still owing their entry in the final round."""
    return [seat.name for seat in state.seats if seat.end is None]


def legal_moves(state: FlorisState, player: str | None) -> list[Any]:
    """A documented finite family of ``player``'s legal moves (apply accepts more).

    During play: every valid bouquet of up to :data:`LISTED_FLOWERS` flowers as a
    canonical spec, then the end-of-game entries below. In the final round: the entries
    only, namely the final bouquet ``""`` or all of one type at the minimum size, with 0 or 1
    card each left in hand, discarded and left in reserve (no card in hand beside a
    final bouquet under ``final_bouquet: whole_hand``). Nothing for a player not to move.
    """
    if player not in to_move(state):
        return []
    entries = [dict(e) for e in _listed_entries(state.rules)]   # the caller's own copies
    if state.phase == "play":
        return [*_listed_bouquets(state.rules), *entries]
    return entries


@lru_cache(maxsize=8)
def _listed_bouquets(rules: FlorisRules) -> tuple[str, ...]:
    valid = [c for c in _counts_up_to(LISTED_FLOWERS, 5) if judge(c, rules).valid]
    return tuple(format_spec(c) for c in sorted(valid, key=lambda c: (sum(c), c)))


def _counts_up_to(total: int, types: int) -> Iterator[Counts]:
    """Every tuple of ``types`` counts summing to at most ``total``."""
    if types == 0:
        yield ()
        return
    for first in range(total + 1):
        for rest in _counts_up_to(total - first, types - 1):
            yield (first, *rest)


@lru_cache(maxsize=8)
def _listed_entries(rules: FlorisRules) -> tuple[dict[str, Any], ...]:
    finals = [""] + [format_spec(tuple(rules.min_flowers if i == t else 0 for i in range(5)))
                     for t in range(5)]
    out = []
    for final in finals:
        for hand in (0, 1):
            if hand and final and rules.final_bouquet == "whole_hand":
                continue
            for discarded in (0, 1):
                for reserve in (0, 1):
                    out.append({"final": final, "left_in_hand": hand, "discarded": discarded,
                                "left_in_reserve": reserve})
    return tuple(out)


# --- moves ----------------------------------------------------------------------------------

def apply(state: FlorisState, player: str | None, move: Any) -> FlorisState:
    """The state after ``player``'s move: a bouquet spec (text) during play, or an
    end-of-game entry (a mapping of :data:`ENTRY_KEYS`). Raises RuleViolation; ``state``
    is never changed."""
    if player is None:
        raise RuleViolation("Floris has no chance steps: name the player", rule="no-chance")
    index, seat = state.seat(player)
    if state.phase == "over":
        raise RuleViolation.of("floris.game-over", rule="game-over", where=(player,))
    if seat.end is not None:
        raise RuleViolation.of("floris.entered", rule="entered", where=(player,))
    if isinstance(move, str):
        seat = present(state, seat, move)
        return _with_seat(state, index, seat, [_bouquet_event("bouquet", seat.name,
                                                              seat.bouquets[-1])])
    if isinstance(move, Mapping):
        seat = replace(seat, end=entry(state.rules, seat, move))
        return _with_seat(state, index, seat, _entry_events(state.rules, seat))
    raise RuleViolation(f"a move is a bouquet spec (text) or an end-of-game entry, "
                        f"not {move!r}"[:200], rule="move", where=(player,))


def present(state: FlorisState, seat: Seat, spec: str) -> Seat:
    """``seat`` with the bouquet ``spec`` presented; only during play, only a valid bouquet."""
    place = (seat.name, f"bouquet {len(seat.bouquets) + 1}")
    if state.phase != "play":
        raise RuleViolation.of("floris.final-round", rule="final-round", where=place)
    return replace(seat, bouquets=(*seat.bouquets, judged(spec, state.rules, place)))


def entry(rules: FlorisRules, seat: Seat, move: Mapping[str, Any]) -> EndEntry:
    """The end-of-game entry ``move`` checked: every key, card counts 0-45, the final
    bouquet valid (``""``: none) and, under ``whole_hand``, no card left beside it."""
    place = (seat.name,)
    missing = [key for key in ENTRY_KEYS if key not in move]
    extra = [str(key) for key in move if key not in ENTRY_KEYS]
    if missing or extra:
        what = [f"missing {', '.join(missing)}"] if missing else []
        what += [f"unknown {', '.join(extra)}"] if extra else []
        raise RuleViolation(f"an end-of-game entry has the keys {', '.join(ENTRY_KEYS)} "
                            f"({'; '.join(what)})"[:300], rule="entry", where=place)
    counts = {}
    for key in ENTRY_KEYS[1:]:
        value = move[key]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CARDS:
            # the message, as ever, at most 200 characters: a long value is cut
            room = 200 - len(f"{key} is a number of cards, 0 to {MAX_CARDS}, not ")
            raise RuleViolation.of("floris.cards", field=key, most=MAX_CARDS,
                                   value=repr(value)[:max(room, 0)], rule="cards",
                                   where=(*place, key))
        counts[key] = value
    spec = move["final"]
    if not isinstance(spec, str):
        raise RuleViolation(f"the final bouquet is a spec (text, \"\" for none), not "
                            f"{spec!r}"[:200], rule="move", where=(*place, "final bouquet"))
    final = judged(spec, rules, (*place, "final bouquet")) if spec.strip() else None
    left = counts["left_in_hand"]
    if final and rules.final_bouquet == "whole_hand" and left:
        many = left != 1
        raise RuleViolation.of("floris.whole-hand", left=left, g_are="s are" if many else " is",
                               g_ist="sind" if many else "ist", s="s" if many else "",
                               n="n" if many else "", rule="final_bouquet",
                               where=(*place, "final bouquet"))
    return EndEntry(final, left, counts["discarded"], counts["left_in_reserve"])


def judged(spec: str, rules: FlorisRules, place: tuple[str, ...]) -> Bouquet:
    """The bouquet of ``spec``: RuleViolation when it cannot be read or is not valid."""
    try:
        counts = parse_spec(spec)
    except InputError as err:
        raise RuleViolation(err.message, rule="spec", where=place, key=err.key,
                            params=err.params) from None
    verdict = judge(counts, rules)
    if not verdict.valid:
        raise bouquet_problem(spec, verdict, rules).at(*place)
    return Bouquet(spec, verdict)


def bouquet_problem(spec: str, verdict: Verdict, rules: FlorisRules) -> RuleViolation:
    """The violation for an invalid bouquet, with the smallest fix."""
    fix = smallest_fix(verdict.counts, rules)
    reason = Term.by(verdict.reason or "", lambda lang: "; ".join(
        words.problem_text(p, verdict.counts, lang) for p in verdict.problems))
    if fix is None:
        return RuleViolation.of("floris.bouquet", spec=repr(spec), reason=reason,
                                rule="bouquet")
    changes = fix.words
    return RuleViolation.of("floris.bouquet-fix", spec=repr(spec), reason=reason,
                            fix=Term.by(fix.text, lambda lang: words.fix_text(changes, lang)),
                            rule="bouquet")


def _with_seat(state: FlorisState, index: int, seat: Seat, events: list[FlorisEvent]
               ) -> FlorisState:
    seats = list(state.seats)
    seats[index] = seat
    after = replace(state, seats=tuple(seats))
    if is_over(after):
        events = [*events, cast(FlorisEvent, event("game-over", None))]
    return replace(after, last=StepEvents(events))


def _said(kind: str, player: str, points: int, **fields: Unpack[FlorisEventFields]
          ) -> FlorisEvent:
    """An event with points, its ``why`` in English (:mod:`.words`); mypy holds ``fields``
    to the event type (:class:`.schema.FlorisEvent`)."""
    out = cast(FlorisEvent, event(kind, player, points, **fields))
    out["why"] = words.explain({**out, "player": None})
    return out


def _bouquet_event(kind: str, player: str, bouquet: Bouquet) -> FlorisEvent:
    verdict = bouquet.verdict
    return _said(kind, player, verdict.points, spec=bouquet.spec, flowers=verdict.flowers,
                 bonus=verdict.bonus, pattern=verdict.pattern, run=run_text(verdict.counts))


def _entry_events(rules: FlorisRules, seat: Seat) -> list[FlorisEvent]:
    """The final bouquet's points and the penalty of an end-of-game entry."""
    end = seat.end
    assert end is not None
    out = [_bouquet_event("final", seat.name, end.final)] if end.final else []
    cards = penalty_cards(seat, rules)
    if cards:
        out.append(_said("penalty", seat.name, -cards * rules.penalty_per_card, cards=cards))
    return out


# --- the end ---------------------------------------------------------------------------------

def is_over(state: FlorisState) -> bool:
    """Whether every player has made the end-of-game entry."""
    return state.phase == "over"


def penalty_cards(seat: Seat, rules: FlorisRules) -> int:
    """Cards that cost points: left in hand, discarded, and (option ``reserve_penalty``)
    left in the reserve."""
    end = seat.end
    if end is None:
        return 0
    return end.left_in_hand + end.discarded + (end.left_in_reserve if rules.reserve_penalty else 0)
