"""How sure a reading's total is: the probability that the written sheet of a legal reading
(its stations and first bonuses, so its total) is right, calibrated on whole sheets.

The cells a total rests on (:func:`.scan_reading.total_cells`) give one number, the
reading's *feature* (:func:`feature`); ``benchmarks/fit_scan_total.py`` maps it to the
share of tuning sheets, of both photo generators, whose written sheet was right. The
product of the cells' own confidences is not that probability: the cells are not read
independently (a blurred photo blurs them all), and each inherits its kind's ceiling (a
cell is never surer than its kind's best bin of tuning cells was right), so a perfectly
read sheet of a hundred cells multiplied out to 0.89.

The feature alone pools the photos: on the merged reader a clean, sharp first-generator photo,
every cell right, has a product of 0.2-0.6 (its cells below their kinds' ceilings), as has a
blurred second-generator photo with cells in doubt, and the first is nearly always right where
the second is a toss-up. So the table is
fitted per quality class of the photo (:func:`quality`): sharp photos (the reader's
:func:`.scan_photo.sharpness` at least :data:`SHARP`) and the others, each its own isotonic
table. Two tables rather than a model over (product, sharpness): the same fit as the cells'
(:func:`.scan_calibration.fit`), monotone in the product within a class by construction, and a
threshold that is the reader's own line between sharp and blurred photos, not tuned here.

The lookup is on a log-odds scale, as the cells' (:mod:`.scan_calibration`): knots
``(feature's log-odds, log-odds of the share right)``, rising, straight between knots,
flat beyond the last (a total is never surer than the surest bin of tuning sheets was
right, so never certain) and falling on below the first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from scorepad.sheets.voll_verplant.scan_knots import through

#: A photo at least this sharp (:func:`.scan_photo.sharpness`: sharp photos measure 0.8-1.6,
#: blurred ones 0.2-0.6) is looked up in the sharp table, any other in the blurred one.
SHARP = 0.8
#: The quality classes, each with its own table.
CLASSES = ("sharp", "blurred")
Knots = tuple[tuple[float, float], ...]

# fitted: begin (benchmarks/fit_scan_total.py --write)
# fitted on 267 legal readings of tuning photos, seeds not divisible by 3 (167 of the second
# generator, of seeds 900024-900350; 100 of the first, of 2000-2149), 171 right; 162 sharp, 105
# blurred
KNOTS: dict[str, Knots] = {
    'sharp': (
        (-3.816, -1.504),
        (-2.682, -0.56),
        (-1.777, 1.299),
        (-1.107, 2.061),
        (-0.249, 3.135),
    ),
    'blurred': (
        (-6.736, -1.846),
        (-2.929, -1.224),
        (-1.971, 0.0),
        (-1.358, 0.56),
        (-0.711, 2.526),
    ),
}
# fitted: end


def feature(confidences: Sequence[float]) -> float:
    """The reading's feature, in (0, 1]: the product of the confidences of the cells its
    total rests on (the rules' settled cells left out)."""
    return math.prod(confidences)


def quality(sharpness: float | None) -> str:
    """The photo's quality class: ``sharp`` or ``blurred`` (a photo of unknown sharpness
    counts as blurred: the cautious table)."""
    return "sharp" if sharpness is not None and sharpness >= SHARP else "blurred"


def lookup(x: float, knots: Sequence[tuple[float, float]]) -> float:
    """The calibrated probability for a feature ``x`` (in (0, 1]), by ``knots``."""
    return through(x, knots)


def total_confidence(confidences: Sequence[float], sharpness: float | None,
                     knots: Mapping[str, Knots] | None = None) -> float:
    """The probability that a legal reading's total is right, from the confidences of the
    cells it rests on and the photo's sharpness (``knots``: the fitted tables unless
    given, one per quality class)."""
    tables = KNOTS if knots is None else knots
    return lookup(feature(confidences), tables[quality(sharpness)])
