"""Fit ``sheets/voll_verplant/scan_calibration.py``'s table: read tuning photos of both
generators with the reader's raw probabilities, and print, per kind of cell, the knots
that map a raw confidence to the share of such cells read right.

Tuning seeds only (never the held-out ones): ``FIT_ALT=N`` photos of the second generator
(its ``TUNING`` seeds from ``FIT_ALT_FIRST``, default 24), ``FIT_OLD=N`` of the first (seeds
from 2000). ``FIT_RECORDS=FILE`` keeps each photo's cells as a JSON line (seed, cell, lines
through a station, raw probabilities, truth), so a second fit re-reads nothing;
``SCAN_PHOTO_CACHE=DIR`` keeps the second generator's photos. ``CHECK_ALT=N`` more tuning
photos of the second generator (from ``CHECK_ALT_FIRST``), not fitted on, get a reliability
table of the fitted confidences: how often a cell read at each confidence was right.
``FIT_SPLIT=1`` keeps the split of the total's fit (``fit_scan_total.py``): the knots are
fitted on the photos whose seed is not divisible by 3, and the reliability table is of the
others (the validation part), of both generators.

    FIT_ALT=80 FIT_OLD=60 FIT_RECORDS=/tmp/fit.jsonl python benchmarks/fit_scan_calibration.py
    FIT_ALT=76 CHECK_ALT_FIRST=100 CHECK_ALT=100 FIT_RECORDS=/tmp/fit.jsonl python ...
    FIT_ALT=325 FIT_OLD=150 FIT_SPLIT=1 FIT_RECORDS=/tmp/fit.jsonl python ...
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def records(gen: str, seeds: list[tuple[int, int]], path: Path | None
            ) -> list[dict[str, Any]]:
    """Each photo's cells (raw), read now or taken from ``path``."""
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.sheets.voll_verplant.scan_photo import PhotoError, scan_photo

    kept: dict[tuple[str, int], dict[str, Any]] = {}
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            stored = json.loads(line)
            kept[(stored["gen"], stored["seed"])] = stored
    known = [bundled_map(m) for m in BUNDLED_MAPS]
    cache = ROOT / "output" / "scan-cache"
    store = Path(os.environ["SCAN_PHOTO_CACHE"]) if os.environ.get("SCAN_PHOTO_CACHE") else None
    out: list[dict[str, Any]] = []
    for k, seed in seeds:
        if (gen, seed) in kept:
            out.append(kept[(gen, seed)])
            continue
        if gen == "alt":
            from scan_photos_alt import stored_photo

            alt = stored_photo(seed, cache, store, illegal=k % 10 == 9)
            jpeg, truth = alt.jpeg, alt.truth
        else:
            from scan_photos import make_photo

            old = make_photo(seed, cache)
            jpeg, truth = old.jpeg, old.truth
        item: dict[str, Any] = {"gen": gen, "seed": seed}
        try:
            scan = scan_photo(jpeg, lambda c: bundled_map(c.map_id), known,
                              calibrated=False)
            lines = {f"station {s.id}": len(s.lines) for s in scan.network.stations}
            item["cells"] = [[n, lines.get(n, 0), dict(c.probabilities), truth[n]]
                             for n, c in scan.cells.items()]
        except PhotoError as err:
            item["refused"] = str(err)
        out.append(item)
        if path is not None:
            with path.open("a") as f:
                f.write(json.dumps(item) + "\n")
    return out


def main() -> None:
    from scan_photos_alt import TUNING

    from scorepad.sheets.voll_verplant.scan_calibration import KINDS, cell_kind, fit

    path = Path(os.environ["FIT_RECORDS"]) if os.environ.get("FIT_RECORDS") else None
    first = int(os.environ.get("FIT_ALT_FIRST", "24"))
    alt = [(k, TUNING[k]) for k in range(first, first + int(os.environ.get("FIT_ALT", "40")))]
    old = [(0, s) for s in range(2000, 2000 + int(os.environ.get("FIT_OLD", "40")))]
    samples: dict[str, list[tuple[float, bool]]] = {kind: [] for kind in KINDS}
    photos = 0
    split = bool(os.environ.get("FIT_SPLIT"))
    items = records("alt", alt, path) + records("old", old, path)
    for item in items:
        if split and not item["seed"] % 3:  # the validation part: checked, not fitted
            continue
        photos += 1
        for name, lines, probs, truth in item.get("cells", []):
            value = max(probs, key=probs.get)
            samples[cell_kind(name, lines)].append((probs[value], value == truth))
    print(f"# fitted on {photos} tuning photos")
    print("KNOTS = {")
    knots = {kind: fit(samples[kind]) for kind in KINDS}
    for kind in KINDS:
        wrong = sum(not r for _, r in samples[kind])
        print(f"    # {len(samples[kind])} cells, {wrong} read wrong")
        print(f"    {json.dumps(kind)}: {knots[kind]},")
    print("}")
    start = int(os.environ.get("CHECK_ALT_FIRST", "0"))
    check = [(k, TUNING[k]) for k in range(start, start + int(os.environ.get("CHECK_ALT", "0")))]
    if check:
        print(reliability(records("alt", check, path), knots))
    if split:
        for gen in ("alt", "old"):
            part = [i for i in items if i["gen"] == gen and not i["seed"] % 3]
            print(f"# validation part (seeds divisible by 3), {gen}:")
            print(reliability(part, knots))


BINS = (0.0, 0.9, 0.99, 0.999, 1.01)


def reliability(items: list[dict[str, Any]],
                knots: dict[str, tuple[tuple[float, float], ...]]) -> str:
    """A table of the calibrated confidences of ``items``' cells: per bin, cells and share
    read right."""
    from scorepad.sheets.voll_verplant.scan_calibration import calibrate
    from scorepad.sheets.voll_verplant.scan_reading import cell_of

    bins = [[0, 0] for _ in BINS[:-1]]
    read = 0
    for item in items:
        if "cells" not in item:
            continue
        read += 1
        rows = item["cells"]
        cells = {n: cell_of(n, probs) for n, _, probs, _ in rows}
        out = calibrate(cells, {n: lines for n, lines, _, _ in rows}, knots)
        for name, _, _, truth in rows:
            cell = out[name]
            b = next(i for i in range(len(bins)) if BINS[i] <= cell.confidence < BINS[i + 1])
            bins[b][0] += cell.value == truth
            bins[b][1] += 1
    lines = [f"# checked on {read} photos read of {len(items)}", "| confidence | cells | right |",
             "| --- | --- | --- |"]
    for i, (right, n) in enumerate(bins):
        lines.append(f"| {BINS[i]:g}-{min(BINS[i + 1], 1):g} | {n:,} | "
                     f"{100 * right / n if n else 0:.2f} % |")
    right = bins[2][0] + bins[3][0]
    n = bins[2][1] + bins[3][1]
    lines.append(f"| **0.99 and above** | {n:,} | **{100 * right / n if n else 0:.2f} %** |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
