"""Better plans sooner: a plan at the bound, and a large-neighbourhood search.

Most of the solver's proofs come when a plan reaches the bound known beforehand (the
ceiling or the outer bound), and CP-SAT's own search on one core finds such plans late.
:func:`reach` first holds the model's objective at the bound: a much narrower search
(every line complete, no station empty, each transfer on a station through the most
lines the bound allows), where a plan found proves itself, and a model proven empty
lowers the bound by half a point. :func:`improve` then starts from the best plan known
(the analysis search's, completed to a solution of the model) and, window after window
of consecutive steps, keeps every step outside the window as the plan has it (the line
it takes, the card it plays, a free ride's station), asks CP-SAT for a plan above the
best one within a short budget, and takes one only when the engine scores it higher
(``score``: the plan replayed; the model is never trusted). The windows slide by half
their width; after a pass without a gain they grow. It stops at the bound, or when its
CPU is spent.

Deterministic: each sub-solve runs on CP-SAT's deterministic time (:mod:`.milp`), so the
same seed and budget give the same plan; only the CPU watch can cut it shorter.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .milp import CpsatSession

#: A window's first width (steps), its growth after a pass without a gain, and the CPU
#: seconds of one sub-solve (``docs/performance.md``, issue 37's fourth pass).
WIDTH, GROWTH, SUB_SECONDS = 8, 1.5, 2.0

#: The share of :func:`reach`'s seconds one level of the objective gets: all of them (a
#: level out of time ends the stage). 0.3 was measured: it left Berlin's an-3 open at 72,
#: where the whole stage on the bound's level finds the 76 game that proves it.
LEVEL_SHARE = 1.0


class Improved(NamedTuple):
    """The best solution found (the start when nothing beat it), its engine score in
    points, the sub-solves run and how many of them gave a better plan."""

    values: list[int]
    score: float
    solves: int
    gains: int


def improve(session: CpsatSession, steps: Sequence[Sequence[int]], start: list[int],
            score: Callable[[list[int]], float], top: float, seconds: float) -> Improved:
    """The best plan the search finds from ``start`` (a whole solution of the session's
    model) within ``seconds`` of CPU. ``steps[k]``: the variables that decide step k
    (fixed outside a window); ``score``: the engine's total of a solution's plan, in
    points; ``top``: a proven bound in points (the search stops there)."""
    began = time.process_time()
    best, best_score = start, score(start)
    solves = gains = 0
    n = len(steps)
    width = min(WIDTH, n)
    while best_score < top:
        gained = False
        stride = max(1, width // 2)
        for lo in range(0, max(1, n - width + stride), stride):
            left = seconds - (time.process_time() - began)
            if left <= 0.05 or best_score >= top:
                return Improved(best, best_score, solves, gains)
            inside = range(lo, min(n, lo + width))
            fix = {v: best[v] for k, vars_ in enumerate(steps) if k not in inside
                   for v in vars_}
            result = session.solve(min(SUB_SECONDS, left), hint=best, fix=fix,
                                   above=round(2 * best_score))
            solves += 1
            if result.values is None:
                continue
            got = score(result.values)
            if got > best_score:  # the engine's word, not the model's
                best, best_score = result.values, got
                gains += 1
                gained = True
        if not gained:
            if width >= n:
                break  # the whole game was one window: nothing more to gain here
            width = min(n, round(width * GROWTH))
    return Improved(best, best_score, solves, gains)


class Reached(NamedTuple):
    """The best solution found (the start when none better), its engine score in points,
    the bound in points (lowered by the levels proven empty) and the solves run."""

    values: list[int]
    score: float
    bound: float
    solves: int


def reach(session: CpsatSession, start: list[int], score: Callable[[list[int]], float],
          top: float, seconds: float) -> Reached:
    """Plans at the bound ``top`` (points), within ``seconds`` of CPU: the model with its
    objective at least a level, from the bound down, :data:`LEVEL_SHARE` of the seconds a
    level. A plan found at the bound that the engine scores there is proven best; a level
    proven to have no plan, while every level above it was too, lowers the bound by half a
    point; a level that runs out of time gives way to one a point lower (a good plan, if
    not a proof). Stops at the first plan found, or when the seconds are spent."""
    began = time.process_time()
    best, best_score = start, score(start)
    bound, level, solves = top, top, 0
    while best_score < level:
        left = seconds - (time.process_time() - began)
        if left <= 0.05:
            break
        result = session.solve(min(left, LEVEL_SHARE * seconds), hint=best,
                               above=round(2 * level) - 1)
        solves += 1
        if result.values is not None:
            got = score(result.values)  # the engine's word, not the model's
            if got > best_score:
                best, best_score = result.values, got
            break  # at the level (at the bound: proven)
        if result.empty and level == bound:
            bound = level = bound - 0.5
        else:
            level -= 0.5 if result.empty else 1
    return Reached(best, best_score, bound, solves)
