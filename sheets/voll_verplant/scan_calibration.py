"""How sure a read cell really is: the reader's own probabilities (soft steps on its
measures, :mod:`.scan_photo`) mapped, per kind of cell, to the share of such cells read
right on tuning photos of both photo generators (``benchmarks/fit_scan_calibration.py``
fits the table below; held-out photos are never used).

A cell's *raw* confidence (the probability of the value read) is put on a log-odds scale
and looked up in its kind's knots: ``(raw log-odds, calibrated log-odds)``, rising, straight
between knots and flat beyond the last (a cell never becomes surer than the best bin of
its kind was right on the tuning photos). The value read does not change; the other values
share what is left as they shared it before.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.sheets.voll_verplant.scan_knots import logit, through
from scorepad.sheets.voll_verplant.scan_reading import Cell

#: Kinds of cell, as :func:`cell_kind` names them.
KINDS = ("station 1", "station", "first", "later", "window")

#: Knots per kind: (raw log-odds, calibrated log-odds), fitted by
#: ``benchmarks/fit_scan_calibration.py`` (isotonic regression of "read right" on the raw
#: log-odds, bins of the tuning cells, each bin's share right counted as (right + 1) /
#: (cells + 2) so that a bin with no wrong cell is not taken as certain).
#: Fitted on the fit part of 477 tuning photos (318, 306 read; seeds not divisible by 3, the split
#: of the total's fit): the second generator's seeds 900024-900350, the first's 2000-2149.
#: Checked on the validation part (seeds divisible by 3), not fitted on: the second
#: generator's cells read at p >= 0.99 were right 99.78 % of the time (6,925 cells of 97
#: photos), the first's 100 % (3,794 cells of 50 photos). Before (fitted on 237 photos,
#: 900024-900200 and 2000-2059): 99.50 % on the second generator's 900100-900200.
KNOTS: dict[str, tuple[tuple[float, float], ...]] = {
    # 15786 cells, 188 read wrong
    "station 1": ((0.222, -0.265), (1.073, 1.207), (1.968, 1.625), (3.038, 2.007),
                  (3.874, 2.766), (4.987, 3.372), (5.931, 4.317), (10.413, 7.785)),
    # 6194 cells, 183 read wrong
    "station": ((0.298, -0.079), (1.014, 0.898), (1.661, 1.776), (2.238, 2.653), (2.901, 3.024),
                (3.64, 4.493), (4.241, 4.602), (5.357, 4.666), (6.742, 8.021)),
    # 2986 cells, 94 read wrong
    "first": ((2.911, 0.93), (3.48, 2.544), (3.5, 2.89), (6.025, 4.549)),
    # 2986 cells, 27 read wrong
    "later": ((3.061, 2.212), (4.968, 5.307)),
    # 7576 cells, 84 read wrong
    "window": ((1.108, -0.211), (4.535, 4.317), (15.315, 8.892)),
}


def cell_kind(name: str, lines: int = 0) -> str:
    """The kind of a cell by its name (``lines``: how many lines pass a station)."""
    kind = name.split()[0]
    if kind == "station":
        return "station 1" if lines == 1 else "station"
    return kind


def calibrated(raw: float, knots: tuple[tuple[float, float], ...]) -> float:
    """The calibrated probability for a raw confidence, by the knots (none: unchanged)."""
    return through(raw, knots) if knots else raw


def calibrate(cells: Mapping[str, Cell], lines: Mapping[str, int],
              knots: Mapping[str, tuple[tuple[float, float], ...]] | None = None
              ) -> dict[str, Cell]:
    """Every cell with its probabilities calibrated (``lines``: station cell → how many
    lines pass it). The value read keeps the largest probability."""
    table = KNOTS if knots is None else knots
    out = {}
    for name, cell in cells.items():
        kind = cell_kind(name, lines.get(name, 0))
        raw = cell.confidence
        floor = 1.0 / len(cell.probabilities)
        p = max(floor, calibrated(raw, table.get(kind, ())))
        rest = 1.0 - raw
        probs = {v: (p if v == cell.value else
                     (q / rest * (1.0 - p) if rest > 0 else (1.0 - p) / (len(cell.probabilities)
                                                                         - 1)))
                 for v, q in cell.probabilities.items()}
        out[name] = Cell(name, cell.value, probs)
    return out


def fit(samples: list[tuple[float, bool]], per_bin: int = 150
        ) -> tuple[tuple[float, float], ...]:
    """Knots for one kind of cell from tuning samples (raw confidence, read right): the
    samples sorted by raw log-odds in bins of ``per_bin``, each bin's share right as
    (right + 1) / (cells + 2), pooled where a surer bin was right less often (isotonic
    regression, pool-adjacent-violators), as (mean raw log-odds, log-odds of the share)."""
    ordered = sorted((logit(p), right) for p, right in samples)
    bins: list[list[float]] = []  # [sum of raw log-odds, cells, right]
    for start in range(0, len(ordered), per_bin):
        part = ordered[start:start + per_bin]
        if bins and len(part) < per_bin // 2:  # a small last bin joins the one before
            bins[-1][0] += sum(x for x, _ in part)
            bins[-1][1] += len(part)
            bins[-1][2] += sum(r for _, r in part)
            continue
        bins.append([sum(x for x, _ in part), float(len(part)), float(sum(r for _, r in part))])
    pooled: list[list[float]] = []
    for b in bins:
        pooled.append(list(b))
        while len(pooled) > 1 and _share(pooled[-2]) >= _share(pooled[-1]):
            top = pooled.pop()
            for i in range(3):
                pooled[-1][i] += top[i]
    return tuple((round(b[0] / b[1], 3), round(logit(_share(b)), 3)) for b in pooled)


def _share(b: list[float]) -> float:
    return (b[2] + 1.0) / (b[1] + 2.0)
