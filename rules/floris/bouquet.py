"""Is a hand a bouquet, which pattern, and what is it worth.

A bouquet is judged on its flower counts (types with 0 do not count):

* ``same``: all flowers of one type;
* ``equal``: two or more types, all with the same count;
* ``ascending``: three or more types whose counts form a run 1-2-3... (any type may take
  any step); with ``run_starts_at_one: false`` a run may start higher (2-3-4);

and it needs at least ``min_flowers`` (5) flowers. Points: one a flower plus the ruleset's bonus.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from . import words
from .flowers import Counts, run_text
from .ruleset import FlorisRules
from .words import Problem

__all__ = ["PATTERNS", "Verdict", "is_valid", "judge", "pattern_label", "run_text", "shape"]

PATTERNS = ("same", "equal", "ascending")
"""Pattern names as printed in JSON, in the order ties between fixes prefer them."""


@dataclass(frozen=True)
class Verdict:
    """The judgement of one hand of flowers."""

    counts: Counts
    flowers: int
    pattern: str | None          # the pattern the counts form, when the bouquet is valid
    valid: bool
    bonus: int
    points: int                  # flowers + bonus, 0 when invalid
    reason: str | None           # why it is not a bouquet (None when valid)
    problems: tuple[Problem, ...] = ()  # the same as data, for words in any language

    @property
    def label(self) -> str:
        """A short name of the pattern for people: ``one type``, ``equal counts``, ``run 1-2-3``."""
        return pattern_label(self.pattern, self.counts)


def shape(counts: Counts, rules: FlorisRules) -> str | None:
    """The pattern the counts form, ignoring the minimum number of flowers (None: no pattern)."""
    present = sorted(n for n in counts if n > 0)
    if not present:
        return None
    if len(present) == 1:
        return "same"
    if present[0] == present[-1]:
        return "equal"
    if (len(present) >= 3 and all(b == a + 1 for a, b in pairwise(present))
            and (present[0] == 1 or not rules.run_starts_at_one)):
        return "ascending"
    return None


def is_valid(counts: Counts, rules: FlorisRules) -> bool:
    """Whether the counts form a valid bouquet (a pattern and enough flowers)."""
    return sum(counts) >= rules.min_flowers and shape(counts, rules) is not None


def judge(counts: Counts, rules: FlorisRules) -> Verdict:
    """Judge a hand: valid or not, pattern, points, and the reason when it is not a bouquet."""
    flowers = sum(counts)
    pattern = shape(counts, rules)
    problems = []
    if flowers == 0:
        problems.append(Problem("no-flowers"))
    elif pattern is None:
        problems.append(Problem("no-pattern", from_one=rules.run_starts_at_one))
    if 0 < flowers < rules.min_flowers:
        problems.append(Problem("too-few", least=rules.min_flowers))
    if problems:
        reason = "; ".join(words.problem_text(p, counts) for p in problems)
        return Verdict(counts, flowers, None, False, 0, 0, reason, tuple(problems))
    bonus = rules.bonus(flowers)
    return Verdict(counts, flowers, pattern, True, bonus, flowers + bonus, None)


def pattern_label(pattern: str | None, counts: Counts) -> str:
    """``one type``, ``equal counts``, the run (``run 1-2-3``) or ``no bouquet``."""
    return words.pattern_label(pattern, counts)
