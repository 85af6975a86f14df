"""The smallest change that turns a hand into a valid bouquet, described in words.

The search looks at every target the three patterns allow near the hand and keeps the one
that changes the fewest flowers. Ties are broken by a fixed order, so the advice never
changes between runs: fewer flowers removed (a removed card is a discard, which costs at
the end), fewer types touched, pattern (one type, equal counts, run), changes to earlier
types (daisy, cornflower, rose, sunflower, lily).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, permutations

from .bouquet import PATTERNS, is_valid, shape
from .flowers import Counts
from .ruleset import FlorisRules
from .words import FixWords, fix_text


@dataclass(frozen=True)
class Fix:
    """A change of the hand: ``change[i]`` flowers of type ``i`` added (>0) or removed (<0)."""

    target: Counts
    pattern: str
    change: tuple[int, ...]
    text: str
    words: FixWords  # the change as data, for words in any language (:func:`.words.fix_text`)

    @property
    def added(self) -> int:
        return sum(d for d in self.change if d > 0)

    @property
    def removed(self) -> int:
        return sum(-d for d in self.change if d < 0)


def smallest_fix(counts: Counts, rules: FlorisRules) -> Fix | None:
    """The smallest change that makes ``counts`` a valid bouquet; None when it already is one."""
    if is_valid(counts, rules):
        return None
    best_key: tuple[int | tuple[int, ...], ...] | None = None
    best: tuple[str, Counts] | None = None
    for pattern, target in _targets(counts, rules):
        change = tuple(t - c for t, c in zip(target, counts, strict=True))
        key = (
            sum(abs(d) for d in change),
            sum(-d for d in change if d < 0),
            sum(1 for d in change if d),
            PATTERNS.index(pattern),
            tuple(-abs(d) for d in change),
            change,
        )
        if best_key is None or key < best_key:
            best_key, best = key, (pattern, target)
    assert best is not None  # "all of one type" is always reachable
    pattern, target = best
    change = tuple(t - c for t, c in zip(target, counts, strict=True))
    words = fix_words(counts, pattern, change, rules)
    return Fix(target, pattern, change, fix_text(words), words)


def _targets(counts: Counts, rules: FlorisRules) -> Iterator[tuple[str, Counts]]:
    """Valid targets that can be the cheapest change of ``counts`` (a superset of them)."""
    n = len(counts)
    least = rules.min_flowers
    # One type: keep type t (topped up to the minimum), drop the rest.
    for t in range(n):
        target = [0] * n
        target[t] = max(counts[t], least)
        yield "same", tuple(target)
    # Equal counts k over a set of types: beyond the largest count the cost only rises.
    for size in range(2, n + 1):
        low = -(-least // size)
        for subset in combinations(range(n), size):
            high = max(low, *(counts[i] for i in subset))
            for k in range(low, high + 1):
                target = [0] * n
                for i in subset:
                    target[i] = k
                yield "equal", tuple(target)
    # Runs s, s+1, ... over an ordered choice of types; starts past the largest count cost more.
    for size in range(3, n + 1):
        steps = size * (size - 1) // 2
        first = max(1, -(-(least - steps) // size))       # smallest start with enough flowers
        if rules.run_starts_at_one:
            starts = range(1, 2) if first == 1 else range(0)
        else:
            starts = range(first, max(first, max(counts)) + 1)
        for start in starts:
            for order in permutations(range(n), size):
                target = [0] * n
                for step, i in enumerate(order):
                    target[i] = start + step
                yield "ascending", tuple(target)


def fix_words(counts: Counts, pattern: str, change: tuple[int, ...],
              rules: FlorisRules) -> FixWords:
    """A change as words are made from it (:func:`.words.fix_text`: ``add 1 daisy for
    1-2-3``, ``1 rose too many for equal counts``)."""
    target = tuple(c + d for c, d in zip(counts, change, strict=True))
    least = rules.min_flowers
    if not any(counts):
        return FixWords((), (), (), "empty", least)
    adds = tuple((i, d) for i, d in enumerate(change) if d > 0)
    drops = tuple((i, -d) for i, d in enumerate(change) if d < 0)
    # A flower type the hand lacks can be swapped for any other lacking type at the same
    # cost: say so instead of naming the first one.
    new = [i for i, _ in adds if counts[i] == 0]
    spare = [i for i in range(len(counts)) if counts[i] == 0 and change[i] == 0]
    options = tuple(sorted([new[0], *spare])) if len(new) == 1 and spare else ()
    if not drops and shape(counts, rules) == pattern and sum(counts) < least:
        goal = "reach"
    else:
        goal = {"same": "same", "equal": "equal"}.get(pattern, "run")
    kept = next((i for i, n in enumerate(target) if n), 0)
    return FixWords(adds, drops, options, goal, least, kept, target)

