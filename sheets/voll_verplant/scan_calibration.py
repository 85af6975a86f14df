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

import math
from collections.abc import Mapping

from scorepad.sheets.voll_verplant.scan_reading import Cell

#: Kinds of cell, as :func:`cell_kind` names them.
KINDS = ("station 1", "station", "first", "later", "window")

#: Knots per kind: (raw log-odds, calibrated log-odds), fitted by
#: ``benchmarks/fit_scan_calibration.py`` (isotonic regression of "read right" on the raw
#: log-odds, bins of the tuning cells, each bin's share right counted as (right + 1) /
#: (cells + 2) so that a bin with no wrong cell is not taken as certain).
#: Fitted on 49 tuning photos: the second generator's seeds 900024-900043, the first's
#: 2000-2028 (the first's cells were all read right; the second's 51 of 2,115 wrong).
KNOTS: dict[str, tuple[tuple[float, float], ...]] = {
    # 2402 cells, 25 read wrong
    "station 1": ((3.51, 1.674), (6.0, 3.905), (11.057, 7.651)),
    # 952 cells, 15 read wrong
    "station": ((2.585, 2.14), (6.193, 6.688)),
    # 458 cells, 6 read wrong
    "first": ((3.472, 3.381), (3.992, 3.905), (9.769, 5.069)),
    # 458 cells, 4 read wrong
    "later": ((3.423, 3.611), (4.979, 5.037)),
    # 1163 cells, 1 read wrong
    "window": ((9.46, 4.317), (16.06, 6.922)),
}


def cell_kind(name: str, lines: int = 0) -> str:
    """The kind of a cell by its name (``lines``: how many lines pass a station)."""
    kind = name.split()[0]
    if kind == "station":
        return "station 1" if lines == 1 else "station"
    return kind


def logit(p: float) -> float:
    """The log-odds of ``p`` (bounded: a probability of 0 or 1 is ±16)."""
    p = min(max(p, 1e-7), 1.0 - 1e-7)
    return math.log(p / (1.0 - p))


def calibrated(raw: float, knots: tuple[tuple[float, float], ...]) -> float:
    """The calibrated probability for a raw confidence, by the knots (none: unchanged)."""
    if not knots:
        return raw
    x = logit(raw)
    if x <= knots[0][0]:
        y = knots[0][1] + (x - knots[0][0])  # below the fitted range: as read, shifted
    elif x >= knots[-1][0]:
        y = knots[-1][1]
    else:
        k = next(i for i in range(1, len(knots)) if x <= knots[i][0])
        (x0, y0), (x1, y1) = knots[k - 1], knots[k]
        y = y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 > x0 else y1
    return 1.0 / (1.0 + math.exp(-y))


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
