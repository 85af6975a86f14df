"""Printable sheet figures, as ratios measured in the same run (the machine's speed cancels):

* ``scorepad vv sheet berlin`` at most 2x ``python -c "import click, pydantic,
  reportlab.pdfgen.canvas"`` (the libraries a sheet is printed with, imported and nothing
  done);
* ``scorepad vv sheet berlin --pages 100`` at most 1.3x one sheet;
* and, for scale, the seconds of each, the SVG, the largest map and the drawing steps
  in-process.

The command and the bare import run alternately, and the ratios are of CPU time (user +
system), which other work on this shared machine does not inflate. The sheets' layouts are
kept in a cache folder of this run's own (``SCOREPAD_CACHE``): the warm-up run lays
Berlin's out and keeps it, as a user's first print does, and the figures are of the prints
after it (the common case); "first print" is one that lays the sheet out (the cache off). Commands
run as an installed package runs: with compiled bytecode (the first,
warm-up run writes it even where ``PYTHONDONTWRITEBYTECODE`` is set for development).
``python benchmarks/run.py sheets`` runs only these.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import SCOREPAD, interleaved, median_seconds, ratio_line, verdict

SHEET_RATIO = 2.0      # `vv sheet berlin` / importing click, pydantic and reportlab's canvas
PAD_RATIO = 1.3        # `vv sheet berlin --pages 100` / `vv sheet berlin`
IMPORT_CODE = "import click, pydantic, reportlab.pdfgen.canvas"
IMPORTS = [sys.executable, "-c", IMPORT_CODE]


def main() -> list[str]:
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.sheets.pdf import render_pdf
    from scorepad.sheets.svg import render_svg
    from scorepad.sheets.voll_verplant import draw_sheet
    from scorepad.sheets.voll_verplant.builder import _SheetBuilder
    from scorepad.sheets.voll_verplant.stored import CACHE_ENV

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ[CACHE_ENV] = str(Path(tmp) / "cache")
        pdf, svg, pad, big = (str(Path(tmp) / name)
                              for name in ("s.pdf", "s.svg", "pad.pdf", "m.pdf"))
        t = interleaved({
            "imports": IMPORTS,
            "sheet": [SCOREPAD, "vv", "sheet", "berlin", "-o", pdf],
            "first": ["env", f"{CACHE_ENV}=", SCOREPAD, "vv", "sheet", "berlin", "-o", pdf],
            "pad": [SCOREPAD, "vv", "sheet", "berlin", "--pages", "100", "-o", pad],
            "svg": [SCOREPAD, "vv", "sheet", "berlin", "-o", svg],
            "madrid": [SCOREPAD, "vv", "sheet", "madrid", "-o", big],
            "version": [SCOREPAD, "--version"],
        })
        lines.append(ratio_line("vv sheet berlin", t["sheet"], IMPORT_CODE, t["imports"],
                                SHEET_RATIO))
        lines.append(f"  for scale: the first print (laid out, then kept): "
                     f"{t['first'][1] / t['imports'][1]:.2f}x ({t['first'][1] * 1000:.0f} ms "
                     f"CPU)")
        pad_ratio = t["pad"][1] / t["sheet"][1]
        lines.append(f"vv sheet berlin --pages 100 / one sheet: {pad_ratio:.2f}x in CPU time "
                     f"({t['pad'][1]:.2f} s, {Path(pad).stat().st_size / 1024:.0f} KiB vs "
                     f"{Path(pdf).stat().st_size / 1024:.0f} KiB; target <= {PAD_RATIO}x) "
                     f"{verdict(pad_ratio, PAD_RATIO, False)}")
        lines.append(f"vv sheet madrid: {t['madrid'][0]:.2f} s; berlin as SVG: "
                     f"{t['svg'][0]:.2f} s (wall)")
        lines.append(f"  for scale: scorepad --version: {t['version'][0]:.2f} s (wall)")
    for map_id in BUNDLED_MAPS:
        try:
            net = bundled_map(map_id)
        except Exception as err:  # noqa: BLE001 - a map being designed must not stop the others
            lines.append(f"{map_id}: cannot load ({err})")
            continue
        build = median_seconds(lambda net=net: _SheetBuilder(net, "a4", "en", True).build())
        page = draw_sheet(net)
        to_pdf = median_seconds(lambda page=page: render_pdf([page], title="bench"))
        to_svg = median_seconds(lambda page=page: render_svg(page))
        lines.append(f"{map_id}: layout {build * 1000:.0f} ms, PDF {to_pdf * 1000:.0f} ms, "
                     f"SVG {to_svg * 1000:.0f} ms ({len(net.stations)} stations)")
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
