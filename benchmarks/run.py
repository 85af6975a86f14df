"""Run every benchmark module (``benchmarks/bench_*.py``) and print its figures.

Each module defines ``main() -> list[str]``: lines of ``name: measured (target)``.
``make bench`` runs this; the README's performance section records the figures.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def main() -> int:
    here = Path(__file__).parent
    only = sys.argv[1:]
    for path in sorted(here.glob("bench_*.py")):
        if only and not any(o in path.stem for o in only):
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        assert spec.loader is not None
        spec.loader.exec_module(module)
        print(f"## {path.stem}")
        for line in module.main():
            print(f"  {line}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
