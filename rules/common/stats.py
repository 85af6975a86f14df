"""Statistics that accumulate game by game, in flat memory, and merge exactly.

Self-play runs of a million games cannot keep every score, and parallel runs must give
the same figures for every number of workers and every chunking. Scores of these games
take few distinct values (whole or half points), so a histogram of them keeps every
figure exact — mean, median, deciles, extremes — in memory that does not grow with the
number of games, and merging two histograms is order-free.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable


class Histogram:
    """How often each value occurred; the figures are those of the full list of values."""

    __slots__ = ("counts",)

    def __init__(self, values: Iterable[float] = ()) -> None:
        self.counts: Counter[float] = Counter(values)

    def add(self, value: float, times: int = 1) -> None:
        """Count ``value`` once (or ``times`` times)."""
        self.counts[value] += times

    def merge(self, other: Histogram) -> Histogram:
        """Add another histogram's counts into this one (returns self)."""
        self.counts.update(other.counts)
        return self

    def __len__(self) -> int:
        return sum(self.counts.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Histogram) and self.counts == other.counts

    def __repr__(self) -> str:
        return f"Histogram({dict(sorted(self.counts.items()))})"

    def _sorted(self) -> list[tuple[float, int]]:
        return sorted(self.counts.items())

    def _at(self, items: list[tuple[float, int]], k: int) -> float:
        """The k-th value (0-based) of the sorted list of all values."""
        seen = 0
        for value, count in items:
            seen += count
            if k < seen:
                return value
        raise IndexError(k)

    def mean(self) -> float:
        """The mean; ``math.fsum`` of exact products, so it equals ``statistics.fmean``."""
        n = len(self)
        if not n:
            raise ValueError("mean of no values")
        return math.fsum(v * c for v, c in self._sorted()) / n

    def median(self) -> float:
        """The median (the mean of the two middle values for an even count)."""
        items, n = self._sorted(), len(self)
        if not n:
            raise ValueError("median of no values")
        if n % 2:
            return self._at(items, n // 2)
        return (self._at(items, n // 2 - 1) + self._at(items, n // 2)) / 2

    def quantiles(self, n: int = 10) -> list[float]:
        """Cut points as ``statistics.quantiles(values, n=n, method="inclusive")``; a
        single value is every cut point."""
        items, m = self._sorted(), len(self)
        if m == 0:
            raise ValueError("quantiles of no values")
        if m == 1:
            return [items[0][0]] * (n - 1)
        cuts = []
        span = m - 1
        for i in range(1, n):
            j, delta = divmod(i * span, n)
            low = self._at(items, j)
            high = self._at(items, j + 1)
            cuts.append((low * (n - delta) + high * delta) / n)
        return cuts

    def min(self) -> float:
        """The smallest value."""
        return min(self.counts)

    def max(self) -> float:
        """The largest value."""
        return max(self.counts)
