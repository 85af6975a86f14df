"""How sure a reading's total is: the probability that the written sheet of a legal reading
(its stations and first bonuses, so its total) is right, calibrated on whole sheets.

The cells a total rests on (:func:`.scan_reading.total_cells`) give one number, the
reading's *feature* (:func:`feature`); ``benchmarks/fit_scan_total.py`` maps it to the
share of tuning sheets, of both photo generators, whose written sheet was right. The
product of the cells' own confidences is not that probability: the cells are not read
independently (a blurred photo blurs them all), and each inherits its kind's ceiling (a
cell is never surer than its kind's best bin of tuning cells was right), so a perfectly
read sheet of a hundred cells multiplied out to 0.89.

The lookup is on a log-odds scale, as the cells' (:mod:`.scan_calibration`): knots
``(feature's log-odds, log-odds of the share right)``, rising, straight between knots,
flat beyond the last (a total is never surer than the surest bin of tuning sheets was
right, so never certain) and falling on below the first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# fitted: begin (benchmarks/fit_scan_total.py --write)
# fitted on 186 legal readings of tuning photos, seeds not divisible by 3 (86 of the second
# generator, of seeds 900024-900200; 100 of the first, of 2000-2149), 138 right
KNOTS: tuple[tuple[float, float], ...] = (
    (-5.258, -1.846),
    (-2.581, -0.981),
    (-1.917, 0.762),
    (-1.394, 1.609),
    (-1.082, 1.846),
    (-0.895, 2.303),
    (-0.719, 3.045),
    (-0.251, 3.296),
)
# fitted: end


def _logit(p: float) -> float:
    p = min(max(p, 1e-7), 1.0 - 1e-7)
    return math.log(p / (1.0 - p))


def feature(confidences: Sequence[float]) -> float:
    """The reading's feature, in (0, 1]: the product of the confidences of the cells its
    total rests on (the rules' settled cells left out)."""
    return math.prod(confidences)


def lookup(x: float, knots: Sequence[tuple[float, float]]) -> float:
    """The calibrated probability for a feature ``x`` (in (0, 1]), by ``knots``."""
    t = _logit(x)
    if t <= knots[0][0]:
        y = knots[0][1] + (t - knots[0][0])  # below the tuning sheets: falling on
    elif t >= knots[-1][0]:
        y = knots[-1][1]
    else:
        k = next(i for i in range(1, len(knots)) if t <= knots[i][0])
        (x0, y0), (x1, y1) = knots[k - 1], knots[k]
        y = y0 + (y1 - y0) * (t - x0) / (x1 - x0) if x1 > x0 else y1
    return 1.0 / (1.0 + math.exp(-y))


def total_confidence(confidences: Sequence[float],
                     knots: Sequence[tuple[float, float]] | None = None) -> float:
    """The probability that a legal reading's total is right, from the confidences of the
    cells it rests on (``knots``: the fitted table unless given)."""
    return lookup(feature(confidences), KNOTS if knots is None else knots)
