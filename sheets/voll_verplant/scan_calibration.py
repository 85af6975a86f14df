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
#: Fitted on 237 tuning photos (230 read): the second generator's seeds 900024-900200, the
#: first's 2000-2059 (the first's cells were all read right). Checked before on photos not
#: fitted on: fitted on 900024-900099 and the first's, the cells of 900100-900200 read at
#: p >= 0.99 were right 99.50 % of the time (7,226 cells); fitted on 900100-900200, those
#: of 900024-900099 99.96 % (4,671 cells).
KNOTS: dict[str, tuple[tuple[float, float], ...]] = {
    # 11727 cells, 163 read wrong
    "station 1": ((0.349, 0.373), (2.088, 1.255), (3.788, 2.457), (5.184, 3.126), (10.469, 7.196)),
    # 4609 cells, 156 read wrong
    "station": ((0.443, 0.079), (1.324, 1.03), (2.161, 2.007), (2.802, 2.766), (3.282, 2.89),
                (3.67, 3.905), (4.296, 4.718), (5.458, 4.753), (6.751, 7.701)),
    # 2222 cells, 51 read wrong
    "first": ((3.027, 1.445), (3.481, 3.185), (3.5, 4.317), (6.038, 4.9)),
    # 2222 cells, 23 read wrong
    "later": ((2.99, 2.551), (5.059, 4.991)),
    # 5642 cells, 35 read wrong
    "window": ((2.567, 1.17), (15.121, 8.611)),
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
