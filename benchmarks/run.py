"""Run every benchmark module (``benchmarks/bench_*.py``) and print its figures.

Each module defines ``main() -> list[str]``: lines of ``name: measured (target)``.
``make bench`` runs this; the README's performance section records the figures.
``python benchmarks/run.py vv sheets`` runs the modules whose names contain those words.

Each module runs in a fresh interpreter: one benchmark's leftovers (a large heap that
makes every garbage collection slower, warm caches) must not change the next one's figures.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def run_module(path: Path) -> None:
    """Import one benchmark module and print its figures (in this interpreter)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    print(f"## {path.stem}", flush=True)
    for line in module.main():
        print(f"  {line}", flush=True)


def main() -> int:
    only = sys.argv[1:]
    paths = [p for p in sorted(HERE.glob("bench_*.py"))
             if not only or any(o in p.stem for o in only)]
    if len(paths) == 1:
        run_module(paths[0])
        return 0
    failed = 0
    for path in paths:
        failed |= subprocess.run([sys.executable, __file__, path.stem]).returncode
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
