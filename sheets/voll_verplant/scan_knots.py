"""Probabilities mapped through fitted knots on the log-odds scale: the one lookup that both
the cells' calibration (:mod:`.scan_calibration`) and the total's (:mod:`.scan_total`) use.

Knots are ``(log-odds in, log-odds out)`` pairs, rising in the first: straight between
knots, flat beyond the last (nothing becomes surer than the best bin fitted was right), and
below the first shifted by the first knot's offset (below what was fitted, as measured).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def logit(p: float) -> float:
    """The log-odds of ``p`` (bounded: a probability of 0 or 1 is ±16)."""
    p = min(max(p, 1e-7), 1.0 - 1e-7)
    return math.log(p / (1.0 - p))


def through(p: float, knots: Sequence[tuple[float, float]]) -> float:
    """``p`` mapped through ``knots`` (at least one), as a probability."""
    x = logit(p)
    if x <= knots[0][0]:
        y = knots[0][1] + (x - knots[0][0])
    elif x >= knots[-1][0]:
        y = knots[-1][1]
    else:
        k = next(i for i in range(1, len(knots)) if x <= knots[i][0])
        (x0, y0), (x1, y1) = knots[k - 1], knots[k]
        y = y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 > x0 else y1
    return 1.0 / (1.0 + math.exp(-y))
