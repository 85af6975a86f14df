"""Regenerates :mod:`.hints` (``python -m scorepad.sheets.voll_verplant.hints_search``): the
label search from scratch on every bundled map, paper, language and numbering.

Apart from ``hints`` so that the package, which reads the tables, is not imported back by
them (the search needs the package's ``layout_search``).
"""

from __future__ import annotations

from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map

from . import layout_search


def search() -> tuple[dict[tuple[str, str, str, bool], tuple[int, ...]],
                      set[tuple[str, str, str, bool]]]:
    """``FIRST`` and ``EARLY`` as the label search from scratch finds them now."""
    first: dict[tuple[str, str, str, bool], tuple[int, ...]] = {}
    early: set[tuple[str, str, str, bool]] = set()
    for map_id in BUNDLED_MAPS:
        net = bundled_map(map_id)
        for paper in ("a4", "letter"):
            for lang in ("en", "de", "fr"):
                for numbers in (True, False):
                    sheet = layout_search(net, paper, lang, numbers)
                    key = (map_id, paper, lang, numbers)
                    if sheet.first:
                        first[key] = tuple(sorted(sheet.first))
                    if sheet.early:
                        early.add(key)
    return first, early


def _tables() -> str:
    first, early = search()
    rows = "".join(f"    {key!r}: {value!r},\n" for key, value in first.items())
    marks = "".join(f"    {key!r},\n" for key in sorted(early))
    return ("FIRST: dict[tuple[str, str, str, bool], tuple[int, ...]] = {\n" + rows + "}\n"
            + "EARLY: set[tuple[str, str, str, bool]] = "
            + ("{\n" + marks + "}\n" if marks else "set()\n"))


if __name__ == "__main__":  # pragma: no cover - regenerates the tables of hints.py
    import pathlib

    path = pathlib.Path(__file__).with_name("hints.py")
    text = path.read_text(encoding="utf-8")
    start, end = text.index("FIRST: dict["), text.index("# (end of the tables)")
    path.write_text(text[:start] + _tables() + text[end:], encoding="utf-8")
