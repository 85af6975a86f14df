"""``vv scan`` on photos made by the second, independent generator
(``tests/scan_photos_alt.py``): other handwriting and pens, curled and folded paper, lens
distortion, motion and focus blur, evening light and shadows, 3-12 MP, JPEG 35-95.

``SCAN_SET=tuning`` (default) or ``held-out`` picks the seeds: the tuning seeds may be
looked at, the held-out ones only measured. ``SCAN_PHOTOS=N`` photos (default 30) from
``SCAN_FIRST=K`` (the K-th seed of the set, default 0). Every tenth photo shows a sheet
that really breaks a rule (a first bonus ticked on an incomplete line).
``SCAN_PHOTO_CACHE=DIR`` keeps the photos made there (one takes about 30 s to make on a
loaded machine): a second run over the same seeds only reads them. ``SCAN_STRIDE=S`` and
``SCAN_OFFSET=O`` take every S-th photo of the range from its O-th: two processes with
``SCAN_STRIDE=2`` and ``SCAN_OFFSET=0`` / ``1`` share the range (and the cache folder).

What a user sees is judged as the command shows it
(:func:`scorepad.sheets.voll_verplant.scan_reading.judge`):

* refused — exit 2 for the photo (with the reasons);
* sheet questioned — the reading broke a rule and the cells to check were listed (exit 2);
* "breaks the rules" — exit 1: for a legal sheet this is wrong;
* total withheld — the total was not sure enough (below ``WITHHOLD``): its least sure
  cells were listed to check (exit 2);
* total printed — and whether it is *printed right*: the written sheet (stations, first
  bonuses; so the total too) equal to the truth, the windows and later bonuses, which are
  not written, aside (the share with every cell right beside it); a wrong total whose
  output flags none of its wrong written cells is *silently wrong* (goal: 0);
* the totals by their confidence: every legal reading, printed or withheld, binned by the
  probability the judge gave its total, with the share whose written sheet is right;
* after a correct review — the uncertain cells answered from the truth: is the sheet right?
* cells right, and a reliability table: the cells binned by confidence, the share right.

Photo-making is not timed; CPU per photo is (decode to the judged result).
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

BINS = (0.0, 0.9, 0.99, 0.999, 1.01)
#: The bins of the totals' confidences.
TOTAL_BINS = (0.0, 0.001, 0.01, 0.1, 0.5, 0.8, 0.9, 0.95, 0.99, 1.01)


def bin_of(bins: tuple[float, ...], p: float) -> int:
    """The index of the bin of ``bins`` (edges, the last above 1) that ``p`` falls in."""
    return next(i for i, (lo, hi) in enumerate(itertools.pairwise(bins)) if lo <= p < hi)


def table(bins: tuple[float, ...], counts: list[list[int]], what: str) -> str:
    """``counts`` ([right, all] per bin) as one line."""
    return "; ".join(f"[{lo:g}, {min(hi, 1):g}{')' if hi <= 1 else ']'}: {b[1]} {what}, "
                     f"{100 * b[0] / b[1]:.1f} % right" if b[1] else
                     f"[{lo:g}, {min(hi, 1):g}{')' if hi <= 1 else ']'}: none"
                     for (lo, hi), b in zip(itertools.pairwise(bins), counts, strict=True))


def count_shown(verdict: Any, truth: Mapping[str, str], legal: bool, shown: dict[str, int],
                totals: list[list[int]]) -> bool:
    """Count what the command shows for one photo's verdict in ``shown`` (printed, printed
    right — the written sheet equal to the truth —, printed with every cell right, withheld,
    questioned, exit 1 for a legal sheet or one breaking a rule, silently wrong) and its
    total's confidence in ``totals``; True when the written sheet is right."""
    from scorepad.sheets.voll_verplant.scan_reading import written

    wrong = [c for c in verdict.cells.values() if c.value != truth[c.name]]
    wrong_written = [c for c in wrong if written(c.name)]
    right = not wrong_written and legal
    if not verdict.broken and (verdict.unsure or not verdict.check):  # a legal reading
        b = bin_of(TOTAL_BINS, verdict.confidence)
        totals[b][1] += 1
        totals[b][0] += right
    if verdict.broken:
        shown["exit1_legal" if legal else "exit1_illegal"] += 1
    elif verdict.check:
        shown["withheld" if verdict.unsure else "questioned"] += 1
    else:
        shown["printed"] += 1
        shown["printed_right"] += right
        shown["printed_all"] += not wrong and legal
        asked = {c.name for c in verdict.cells.values() if c.uncertain}
        shown["silent"] += bool(wrong_written) and not any(c.name in asked for c in wrong_written)
    return right


def main() -> list[str]:
    from scan_photos_alt import HELD_OUT, TUNING, stored_photo
    from timing import median_p95

    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.rules.voll_verplant.ruleset import default_rules
    from scorepad.sheets.voll_verplant.scan_photo import PhotoError, scan_photo
    from scorepad.sheets.voll_verplant.scan_reading import judge

    which = os.environ.get("SCAN_SET", "tuning")
    seeds = {"tuning": TUNING, "held-out": HELD_OUT}[which]
    count = int(os.environ.get("SCAN_PHOTOS", "30"))
    first = int(os.environ.get("SCAN_FIRST", "0"))
    stride = int(os.environ.get("SCAN_STRIDE", "1"))
    offset = int(os.environ.get("SCAN_OFFSET", "0"))
    cache = ROOT / "output" / "scan-cache"
    kept = os.environ.get("SCAN_PHOTO_CACHE")  # a folder keeping the photos made
    store = Path(kept) if kept else None
    known = [bundled_map(m) for m in BUNDLED_MAPS]
    rules = default_rules()
    n = {"photos": 0, "legal": 0, "illegal": 0, "refused": 0, "questioned": 0, "exit1_legal": 0,
         "exit1_illegal": 0, "printed": 0, "printed_right": 0, "printed_all": 0,
         "silent": 0, "withheld": 0,
         "reviewed_right": 0, "cells": 0, "cells_right": 0, "wrong_flagged": 0, "wrong": 0}
    refusals: dict[str, int] = {}
    bins = [[0, 0] for _ in BINS[:-1]]
    totals = [[0, 0] for _ in TOTAL_BINS[:-1]]
    cpu: list[float] = []
    cpu_big: list[float] = []

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:.1f} %" if b else "n/a"

    def summary() -> list[str]:

        legal = n["legal"]
        lines = [
            f"set {which}, seeds {seeds[first]}-{seeds[first + count - 1]}"
            + (f" (stride {stride}, offset {offset})" if stride > 1 else "")
            + f": {n['photos']} photos ({legal} legal sheets, {n['illegal']} breaking a rule)",
            f"refused (exit 2, photo): {n['refused']} ({pct(n['refused'], n['photos'])}): "
            + (", ".join(f"{k} ×{v}" for k, v in sorted(refusals.items())) or "none"),
            f"questioned (exit 2, a rule broken, cells to check): {n['questioned']}",
            f"total withheld (exit 2, not sure enough, cells to check): {n['withheld']}",
            f"exit 1 for a legal sheet: {n['exit1_legal']} (goal 0); for a sheet breaking a "
            f"rule: {n['exit1_illegal']} of {n['illegal']}",
            f"total printed: {n['printed']}, right {n['printed_right']} (every cell right "
            f"{n['printed_all']}); legal sheets printed right: "
            f"{pct(n['printed_right'], legal)} (goal ≥ 95 %)",
            f"printed totals wrong with none of their wrong cells flagged: {n['silent']} (goal 0)",
            f"sheets right after a correct review: {n['reviewed_right']} of "
            f"{legal - n['refused']} read",
            f"cells right: {pct(n['cells_right'], n['cells'])} of {n['cells']}; wrong cells "
            f"flagged: {n['wrong_flagged']} of {n['wrong']}",
            "reliability of the cells: " + table(BINS, bins, "cells"),
            "reliability of the totals (legal readings, printed or withheld): "
            + table(TOTAL_BINS, totals, "totals"),
            f"CPU per photo: {median_p95(cpu)}; at 10-12 MP: {median_p95(cpu_big)} "
            "(goal ≤ 1.5 s)",
        ]
        return lines

    for k in range(first + offset, first + count, stride):
        if n["photos"] and n["photos"] % 25 == 0:  # progress, for a long run
            print(f"after {k - first} photos: " + " | ".join(summary()), file=sys.stderr,
                  flush=True)
        seed = seeds[k]
        illegal = k % 10 == 9
        photo = stored_photo(seed, cache, store, illegal=illegal)
        n["photos"] += 1
        n["legal" if photo.legal else "illegal"] += 1
        how = (f"seed {seed} ({photo.map_id} {photo.paper} {photo.lang}, {photo.megapixels:.1f} "
               f"MP, blur {photo.blur}, {photo.bend}, {photo.light})")
        start = time.process_time()
        try:
            scan = scan_photo(photo.jpeg, lambda code: bundled_map(code.map_id), known)
            verdict = judge(scan.network, rules, scan.cells, scan.sharpness)
        except PhotoError as err:
            reason = str(err).split(":")[0]
            refusals[reason] = refusals.get(reason, 0) + 1
            n["refused"] += 1
            print(f"refused: {how}: {err}", file=sys.stderr, flush=True)
            continue
        spent = time.process_time() - start
        cpu.append(spent)
        if photo.megapixels >= 10:
            cpu_big.append(spent)
        for cell in scan.cells.values():  # the photo's own reading, before the rules
            b = bin_of(BINS, cell.confidence)
            bins[b][1] += 1
            bins[b][0] += cell.value == photo.truth[cell.name]
        wrong = [c for c in verdict.cells.values() if c.value != photo.truth[c.name]]
        n["cells"] += len(verdict.cells)
        n["cells_right"] += len(verdict.cells) - len(wrong)
        n["wrong"] += len(wrong)
        asked = {c.name for c in verdict.cells.values() if c.uncertain} | set(verdict.check)
        right = count_shown(verdict, photo.truth, photo.legal, n, totals)
        if not verdict.broken and (verdict.unsure or not verdict.check):  # a legal reading
            print(f"total: {how}: p={verdict.confidence:.3g}, "
                  f"{'withheld' if verdict.check else 'printed'}, "
                  f"{'right' if right else 'wrong'}", file=sys.stderr, flush=True)
        n["wrong_flagged"] += sum(c.name in asked for c in wrong)
        for c in wrong:
            print(f"wrong: {how} {c.name}: {photo.truth[c.name]} read as {c.value}, "
                  f"p={c.confidence:.2f}, {'asked' if c.name in asked else 'NOT asked'}",
                  file=sys.stderr, flush=True)
        if verdict.broken:
            print(f"exit 1: {how} ({'legal' if photo.legal else 'breaks a rule'}): "
                  f"{verdict.broken[0]}", file=sys.stderr, flush=True)
        # a correct review: every asked cell answered from the truth
        answered = {name: (photo.truth[name] if name in asked else c.value)
                    for name, c in verdict.cells.items()}
        if photo.legal and answered == photo.truth:
            n["reviewed_right"] += 1
    return summary()


if __name__ == "__main__":
    for line in main():
        print(line)
