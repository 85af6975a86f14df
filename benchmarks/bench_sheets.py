"""Printable sheet figures: one Voll verplant sheet from the command line (target 0.3 s), a
100-page pad (target 2 s), and the drawing steps in-process.

Commands run as an installed package runs: with compiled bytecode (the first, warm-up run
writes it even where ``PYTHONDONTWRITEBYTECODE`` is set for development).
``python benchmarks/run.py sheets`` runs only these.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import SCOREPAD, median_seconds, verdict  # noqa: E402

SHEET_TARGET = 0.300   # seconds for `scorepad vv sheet MAP` (one PDF page), at most
PAD_TARGET = 2.0       # seconds for `scorepad vv sheet MAP --pages 100`, at most


def _command_seconds(args: list[str], repeat: int = 7) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def run() -> None:
        subprocess.run([SCOREPAD, *args], check=True, stdout=subprocess.DEVNULL, env=env)

    run()  # warm the file cache and write the bytecode
    return median_seconds(run, repeat)


def main() -> list[str]:
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.sheets.pdf import render_pdf
    from scorepad.sheets.svg import render_svg
    from scorepad.sheets.voll_verplant import _SheetBuilder, draw_sheet

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        pdf, svg, pad = (str(Path(tmp) / name) for name in ("s.pdf", "s.svg", "pad.pdf"))
        for map_id in ("berlin", "madrid"):
            cli = _command_seconds(["vv", "sheet", map_id, "-o", pdf])
            lines.append(f"vv sheet {map_id} (CLI, PDF): {cli:.2f} s median "
                         f"(target <= {SHEET_TARGET} s) {verdict(cli, SHEET_TARGET, False)}")
        cli_svg = _command_seconds(["vv", "sheet", "berlin", "-o", svg])
        lines.append(f"vv sheet berlin (CLI, SVG): {cli_svg:.2f} s median")
        cli_pad = _command_seconds(["vv", "sheet", "berlin", "--pages", "100", "-o", pad],
                                   repeat=5)
        lines.append(f"vv sheet berlin --pages 100 (CLI): {cli_pad:.2f} s median "
                     f"(target <= {PAD_TARGET} s) {verdict(cli_pad, PAD_TARGET, False)}, "
                     f"{Path(pad).stat().st_size / 1024:.0f} KiB")
        version = _command_seconds(["--version"])
        lines.append(f"  for scale: scorepad --version: {version:.2f} s")
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
