"""Printable sheet figures, as ratios measured in the same run (the machine's speed cancels):

* ``scorepad vv sheet berlin`` at most 2x ``python -c "import click, pydantic,
  reportlab.pdfgen.canvas"`` (the libraries a sheet is printed with, imported and nothing
  done);
* ``scorepad vv sheet berlin --pages 100`` at most 1.3x one sheet;
* and, for scale, the seconds of each, the SVG, the largest map and the drawing steps
  in-process.

The command and the bare import run alternately, so a burst of load on this shared machine
hits both. Commands run as an installed package runs: with compiled bytecode (the first,
warm-up run writes it even where ``PYTHONDONTWRITEBYTECODE`` is set for development).
``python benchmarks/run.py sheets`` runs only these.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import SCOREPAD, median_seconds, verdict  # noqa: E402

SHEET_RATIO = 2.0      # `vv sheet berlin` / importing click, pydantic and reportlab's canvas
PAD_RATIO = 1.3        # `vv sheet berlin --pages 100` / `vv sheet berlin`
IMPORTS = [sys.executable, "-c", "import click, pydantic, reportlab.pdfgen.canvas"]


def _medians(commands: dict[str, list[str]], repeat: int = 9) -> dict[str, float]:
    """Median seconds of each command, run in turns (one round runs each once)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for round_ in range(repeat + 1):
        for name, argv in commands.items():
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
            if round_:  # the first round warms the file cache and writes the bytecode
                times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> list[str]:
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.sheets.pdf import render_pdf
    from scorepad.sheets.svg import render_svg
    from scorepad.sheets.voll_verplant import _SheetBuilder, draw_sheet

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        pdf, svg, pad, big = (str(Path(tmp) / name)
                              for name in ("s.pdf", "s.svg", "pad.pdf", "m.pdf"))
        t = _medians({
            "imports": IMPORTS,
            "sheet": [SCOREPAD, "vv", "sheet", "berlin", "-o", pdf],
            "pad": [SCOREPAD, "vv", "sheet", "berlin", "--pages", "100", "-o", pad],
            "svg": [SCOREPAD, "vv", "sheet", "berlin", "-o", svg],
            "madrid": [SCOREPAD, "vv", "sheet", "madrid", "-o", big],
            "version": [SCOREPAD, "--version"],
        })
        sheet_ratio, pad_ratio = t["sheet"] / t["imports"], t["pad"] / t["sheet"]
        lines.append(f"vv sheet berlin / imports: {sheet_ratio:.2f}x ({t['sheet']:.2f} s / "
                     f"{t['imports']:.2f} s; target <= {SHEET_RATIO}x) "
                     f"{verdict(sheet_ratio, SHEET_RATIO, False)}")
        lines.append(f"vv sheet berlin --pages 100 / one sheet: {pad_ratio:.2f}x "
                     f"({t['pad']:.2f} s, {Path(pad).stat().st_size / 1024:.0f} KiB vs "
                     f"{Path(pdf).stat().st_size / 1024:.0f} KiB; target <= {PAD_RATIO}x) "
                     f"{verdict(pad_ratio, PAD_RATIO, False)}")
        lines.append(f"vv sheet madrid: {t['madrid']:.2f} s; berlin as SVG: {t['svg']:.2f} s")
        lines.append(f"  for scale: scorepad --version: {t['version']:.2f} s")
    for map_id in BUNDLED_MAPS:
        try:
            net = bundled_map(map_id)
        except Exception as err:  # a map still being designed should not stop the others
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
