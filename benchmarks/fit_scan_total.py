"""Fit ``sheets/voll_verplant/scan_total.py``'s table: how often a reading's written sheet
(so its total) was right on tuning photos of both generators, by the reading's feature
(:func:`scorepad.sheets.voll_verplant.scan_total.feature`).

Photos are read from cache folders: ``--alt DIR`` holds the second generator's
(``alt-SEED.jpg`` + ``.json``, as ``tests/scan_photos_alt.py``'s ``stored_photo`` keeps
them), ``--old DIR`` the first's (``old-SEED.jpg`` + ``.json``, kept here).
``--make-alt 900000-900099`` / ``--make-old 2000-2149`` make the missing ones first (the
second generator's take 5-30 s each). Tuning seeds only: the second generator's 900000-900999,
the first's 2000-2999; anything else is refused (the held-out seeds are never read).

Every legal reading (printed or withheld; not a reading that breaks a rule) is a sample:
its feature, the photo's sharpness and whether its written sheet — stations, first bonuses —
equals the truth. Seeds divisible by 3 are the validation part, the others the fit part. The
fit part's samples of each quality class (``scan_total.quality``: sharp or blurred) are
sorted by feature in bins of ``--per-bin`` sheets, each bin's share right
(right + 1) / (sheets + 2), pooled where a surer bin was right less often (the cells'
isotonic helper, :func:`scan_calibration.fit`). Printed: the candidate features' ranking on
both parts, the knots of each class, and the reliability of the totals on both parts;
``--write`` puts the tables into ``scan_total.py``.

    .venv/bin/python benchmarks/fit_scan_total.py --alt /tmp/alt --old /tmp/old --write
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

TUNING = {"alt": range(900_000, 901_000), "old": range(2000, 3000)}
MODULE = ROOT / "sheets" / "voll_verplant" / "scan_total.py"
#: The totals' reliability bins (their lower ends).
EDGES = (0.0, 0.5, 0.8, 0.9, 0.97, 0.99)


def seeds_of(text: str, gen: str) -> list[int]:
    """``A-B`` → the seeds A..B, all of them tuning seeds of ``gen``."""
    a, _, b = text.partition("-")
    seeds = list(range(int(a), int(b or a) + 1))
    if not all(s in TUNING[gen] for s in seeds):
        raise SystemExit(f"{text}: not tuning seeds of the {gen} generator ({TUNING[gen]})")
    return seeds


def make(gen: str, seeds: Sequence[int], store: Path) -> None:
    """Make the photos of ``seeds`` not yet in ``store``."""
    cache = ROOT / "output" / "scan-cache"
    for seed in seeds:
        if gen == "alt":
            from scan_photos_alt import stored_photo

            stored_photo(seed, cache, store, illegal=(seed - TUNING["alt"][0]) % 10 == 9)
            continue
        jpg = store / f"old-{seed}.jpg"
        if jpg.exists():
            continue
        from scan_photos import make_photo

        photo = make_photo(seed, cache)
        store.mkdir(parents=True, exist_ok=True)
        fields = {k: v for k, v in asdict(photo).items() if k != "jpeg"}
        for path, data in ((jpg.with_suffix(".json"), json.dumps(fields).encode()),
                           (jpg, photo.jpeg)):
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        print(f"made old {seed}", file=sys.stderr, flush=True)


def stored(gen: str, store: Path) -> list[tuple[int, bytes, dict[str, str], bool]]:
    """The tuning photos in ``store``: (seed, JPEG, truth, legal)."""
    out = []
    for jpg in sorted(store.glob(f"{gen}-*.jpg")):
        found = re.fullmatch(rf"{gen}-(\d+)(-illegal)?", jpg.stem)
        meta = jpg.with_suffix(".json")
        if not found or not meta.exists() or int(found[1]) not in TUNING[gen]:
            continue
        fields = json.loads(meta.read_text())
        out.append((int(found[1]), jpg.read_bytes(), fields["truth"],
                    bool(fields.get("legal", True))))
    return out


def reading(jpeg: bytes, truth: dict[str, str], legal: bool) -> dict[str, Any]:
    """What the command makes of one photo: for a legal reading, the confidences of the
    cells its total rests on and whether its written sheet is right."""
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.rules.voll_verplant.ruleset import default_rules
    from scorepad.sheets.voll_verplant.scan_photo import PhotoError, scan_photo
    from scorepad.sheets.voll_verplant.scan_reading import judge, total_cells, written

    rules = default_rules()
    try:
        scan = scan_photo(jpeg, lambda code: bundled_map(code.map_id),
                          [bundled_map(m) for m in BUNDLED_MAPS])
    except PhotoError as err:
        return {"status": "refused", "why": str(err)}
    verdict = judge(scan.network, rules, scan.cells, scan.sharpness)
    if verdict.broken or (verdict.check and not verdict.unsure):
        return {"status": "questioned"}
    cells = verdict.cells
    counted = [cells[n].confidence for n in total_cells(scan.network, rules, cells)
               if not cells[n].settled]
    right = legal and all(c.value == truth[c.name] for c in cells.values() if written(c.name))
    return {"status": "legal", "counted": counted, "right": right,
            "sharpness": scan.sharpness}


def records(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every stored tuning photo's reading (from ``--records`` when it is there)."""
    path: Path | None = args.records
    kept: dict[tuple[str, int], dict[str, Any]] = {}
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            item = json.loads(line)
            kept[(item["gen"], item["seed"])] = item
    out = []
    for gen in ("alt", "old"):
        store = getattr(args, gen)
        if store is None:
            continue
        for seed, jpeg, truth, legal in stored(gen, store):
            item = kept.get((gen, seed))
            if item is None:
                item = {"gen": gen, "seed": seed, **reading(jpeg, truth, legal)}
                print(f"read {gen} {seed}: {item['status']}"
                      + (f", right {item['right']}" if "right" in item else ""),
                      file=sys.stderr, flush=True)
                if path is not None:
                    with path.open("a") as f:
                        f.write(json.dumps(item) + "\n")
            out.append(item)
    return out


def auc(samples: Sequence[tuple[float, bool]]) -> float:
    """The chance that a right sheet's feature is above a wrong one's (ties count half)."""
    rights = [x for x, r in samples if r]
    wrongs = [x for x, r in samples if not r]
    if not rights or not wrongs:
        return math.nan
    won = sum((a > b) + 0.5 * (a == b) for a in rights for b in wrongs)
    return won / (len(rights) * len(wrongs))


def candidates() -> dict[str, Callable[[Sequence[float]], float]]:
    """Features to compare, each a number in (0, 1] that rises with the reading's sureness."""
    from scorepad.sheets.voll_verplant.scan_total import feature

    return {
        "product": lambda c: math.prod(c),
        "summed error (as e^-sum)": lambda c: math.exp(-sum(1.0 - p for p in c)),
        "least sure cell": lambda c: min(c, default=1.0),
        "scan_total.feature": feature,
    }


def reliability(rows: Sequence[tuple[float, bool]], title: str) -> list[str]:
    """The totals by confidence: sheets and the share right, and what would be printed."""
    from scorepad.sheets.voll_verplant.scan_reading import WITHHOLD

    out = [f"{title}: {len(rows)} legal readings, {sum(r for _, r in rows)} right"]
    for lo, hi in zip(EDGES, (*EDGES[1:], 1.01), strict=True):
        part = [r for p, r in rows if lo <= p < hi]
        if part:
            out.append(f"  {lo:.2f}-{min(hi, 1.0):.2f}: {len(part)} sheets, "
                       f"{100 * sum(part) / len(part):.0f} % right")
    printed = [r for p, r in rows if p >= WITHHOLD]
    out.append(f"  printed (>= {WITHHOLD}): {len(printed)}, right {sum(printed)}; "
               f"withheld {len(rows) - len(printed)}")
    return out


def write(knots: Mapping[str, Sequence[tuple[float, float]]], note: str) -> None:
    """Put the tables into ``scan_total.py`` between its markers (atomically)."""
    text = MODULE.read_text()
    comment = "".join(f"# {line}\n" for line in textwrap.wrap(note, 96))
    tables = "".join(f"    {name!r}: (\n" + "".join(f"        {knot!r},\n" for knot in table)
                     + "    ),\n" for name, table in knots.items())
    block = (f"# fitted: begin (benchmarks/fit_scan_total.py --write)\n{comment}"
             f"KNOTS: dict[str, Knots] = {{\n{tables}}}\n# fitted: end")
    new, count = re.subn(r"# fitted: begin.*?# fitted: end", lambda _: block, text,
                         flags=re.S)
    if count != 1:
        raise SystemExit(f"{MODULE}: the fitted block's markers are not there once")
    tmp = MODULE.with_suffix(".tmp")
    tmp.write_text(new)
    tmp.replace(MODULE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--alt", type=Path, help="the second generator's photo folder")
    parser.add_argument("--old", type=Path, help="the first generator's photo folder")
    parser.add_argument("--make-alt", help="make these seeds' missing photos (A-B)")
    parser.add_argument("--make-old", help="make these seeds' missing photos (A-B)")
    parser.add_argument("--records", type=Path, help="keep the readings here (JSON lines)")
    parser.add_argument("--per-bin", type=int, default=20, help="sheets per bin (20)")
    parser.add_argument("--write", action="store_true", help="write the knots into the module")
    args = parser.parse_args()
    for gen in ("alt", "old"):
        wanted = getattr(args, f"make_{gen}")
        if wanted:
            if getattr(args, gen) is None:
                raise SystemExit(f"--make-{gen} needs --{gen} DIR")
            make(gen, seeds_of(wanted, gen), getattr(args, gen))
    items = records(args)

    from scorepad.sheets.voll_verplant.scan_calibration import fit
    from scorepad.sheets.voll_verplant.scan_total import (
        CLASSES,
        feature,
        quality,
        total_confidence,
    )

    counts = {s: sum(i["status"] == s for i in items) for s in ("legal", "questioned", "refused")}
    print(f"# {len(items)} tuning photos: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    legal = [i for i in items if i["status"] == "legal"]
    parts = {"fit": [i for i in legal if i["seed"] % 3],
             "validation": [i for i in legal if not i["seed"] % 3]}
    for name, part in parts.items():
        ranks = ", ".join(f"{k} {auc([(f(i['counted']), i['right']) for i in part]):.3f}"
                          for k, f in candidates().items())
        print(f"# ranking (AUC) on the {name} part: {ranks}")
    knots = {c: fit([(feature(i["counted"]), i["right"]) for i in parts["fit"]
                     if quality(i["sharpness"]) == c], args.per_bin) for c in CLASSES}
    by_gen = {g: sum(i["gen"] == g for i in parts["fit"]) for g in ("alt", "old")}
    by_class = {c: sum(quality(i["sharpness"]) == c for i in parts["fit"]) for c in CLASSES}
    seeds = {g: [i["seed"] for i in items if i["gen"] == g] or [0] for g in ("alt", "old")}
    note = (f"fitted on {len(parts['fit'])} legal readings of tuning photos, seeds not "
            f"divisible by 3 ({by_gen['alt']} of the second generator, of seeds "
            f"{min(seeds['alt'])}-{max(seeds['alt'])}; {by_gen['old']} of the first, of "
            f"{min(seeds['old'])}-{max(seeds['old'])}), "
            f"{sum(i['right'] for i in parts['fit'])} right; "
            + ", ".join(f"{v} {k}" for k, v in by_class.items()))
    print(f"# {note}\nKNOTS = {knots!r}")
    for name, part in parts.items():
        rows = [(total_confidence(i["counted"], i["sharpness"], knots), i["right"])
                for i in part]
        for line in reliability(rows, f"{name} part"):
            print(line)
        for gen in ("alt", "old"):
            rows = [(total_confidence(i["counted"], i["sharpness"], knots), i["right"])
                    for i in part if i["gen"] == gen]
            for line in reliability(rows, f"  {name} part, {gen}"):
                print("  " + line)
    if args.write:
        write(knots, note)
        print(f"written into {MODULE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
