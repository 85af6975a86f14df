"""``vv scan``: a total's confidence calibrated on whole sheets (``scan_total``): a surer
reading is never less sure, no total is certain, beyond the surest tuning sheets it is
flat; a reading with every cell at its kind's ceiling prints its total, an unsure one is
withheld."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.sheets.voll_verplant import scan_calibration
from scorepad.sheets.voll_verplant.scan_reading import (
    WITHHOLD,
    Cell,
    cell_names,
    cell_of,
    judge,
    reading_confidence,
)
from scorepad.sheets.voll_verplant.scan_total import (
    KNOTS,
    feature,
    lookup,
    total_confidence,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

OPTIONS = {"station": ("empty", "cross", "number"), "first": ("blank", "ticked"),
           "later": ("blank", "ticked"), "window": ("blank", "filled")}


def test_the_table_rises() -> None:
    xs = [x for x, _ in KNOTS]
    ys = [y for _, y in KNOTS]
    assert xs == sorted(xs) and ys == sorted(ys) and len(KNOTS) >= 2


@given(st.floats(1e-9, 1.0), st.floats(1e-9, 1.0))
def test_a_surer_reading_is_never_less_sure(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert lookup(low, KNOTS) <= lookup(high, KNOTS) + 1e-12


@given(st.floats(1e-9, 1.0))
def test_no_total_is_certain(x: float) -> None:
    assert 0.0 < lookup(x, KNOTS) <= lookup(1.0, KNOTS) < 1.0


def test_beyond_the_last_knot_it_is_flat() -> None:
    last_x, last_y = KNOTS[-1]
    top = 1.0 / (1.0 + math.exp(-last_y))
    beyond = 1.0 / (1.0 + math.exp(-(last_x + 0.5)))
    assert lookup(beyond, KNOTS) == pytest.approx(top)
    assert lookup(1.0, KNOTS) == pytest.approx(top)


def test_a_worked_lookup() -> None:
    """Straight between knots on the log-odds scale; below the first it falls on."""
    knots = ((0.0, 1.0), (2.0, 3.0))
    assert lookup(0.5, knots) == pytest.approx(1 / (1 + math.exp(-1.0)))
    x = 1 / (1 + math.exp(-1.0))  # log-odds 1: halfway
    assert lookup(x, knots) == pytest.approx(1 / (1 + math.exp(-2.0)))
    x = 1 / (1 + math.exp(1.0))  # log-odds -1: one below the first knot
    assert lookup(x, knots) == pytest.approx(0.5)


def ceiling_reading(map_id: str, unsure: dict[str, float] | None = None) -> dict[str, Cell]:
    """A legal reading of ``map_id`` (every station crossed, every window filled, no tick)
    with every cell read at its kind's calibrated ceiling, the ``unsure`` cells at the
    probability given."""
    network = bundled_map(map_id)
    lines = {f"station {s.id}": len(s.lines) for s in network.stations}
    cells = {}
    for name in cell_names(network):
        kind = name.split()[0]
        value = {"station": "cross", "window": "filled"}.get(kind, "blank")
        top = scan_calibration.calibrated(
            1.0, scan_calibration.KNOTS[scan_calibration.cell_kind(name, lines.get(name, 0))])
        p = (unsure or {}).get(name, top)
        options = OPTIONS[kind]
        cells[name] = cell_of(name, {v: (p if v == value else (1 - p) / (len(options) - 1))
                                     for v in options})
    return cells


@pytest.mark.parametrize("map_id", sorted(BUNDLED_MAPS))
def test_a_reading_with_every_cell_at_its_ceiling_prints_its_total(map_id: str) -> None:
    """The cells' product is about 0.89 here (each cell's kind's ceiling); the whole-sheet
    calibration knows that such readings were right."""
    network, rules = bundled_map(map_id), default_rules()
    verdict = judge(network, rules, ceiling_reading(map_id))
    assert not verdict.broken and not verdict.check and not verdict.unsure
    assert verdict.confidence >= WITHHOLD
    assert verdict.confidence == reading_confidence(network, rules, verdict.cells)


def test_an_unsure_reading_is_withheld_and_asking_makes_it_sure() -> None:
    """Four stations read at 0.6: the total is withheld, those stations are to be checked
    (least sure first), and with them answered the rest is sure enough."""
    network, rules = bundled_map("berlin"), default_rules()
    stations = [n for n in cell_names(network) if n.startswith("station ")][:4]
    unsure = {name: 0.6 + 0.01 * k for k, name in enumerate(stations)}
    verdict = judge(network, rules, ceiling_reading("berlin", unsure))
    assert verdict.unsure and verdict.confidence < WITHHOLD
    assert verdict.check[:4] == stations
    rest = [c.confidence for n, c in verdict.cells.items()
            if n not in verdict.check and n.startswith(("station ", "first "))]
    assert total_confidence(rest) >= WITHHOLD


def test_the_feature_is_the_product_of_the_cells() -> None:
    assert feature([0.5, 0.8]) == pytest.approx(0.4)
    assert feature([]) == 1.0


def test_the_fit_writes_its_table_into_the_module(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``fit_scan_total.py --write`` replaces the fitted block of (a copy of) the module
    with a table Python reads back; the rest of the module stays."""
    import fit_scan_total

    from scorepad.sheets.voll_verplant import scan_total

    copy = tmp_path / "scan_total.py"
    original = Path(scan_total.__file__).read_text()
    copy.write_text(original)
    monkeypatch.setattr(fit_scan_total, "MODULE", copy)
    knots = ((-3.0, 0.5), (-1.0, 2.25))
    fit_scan_total.write(knots, "fitted on a worked example " * 6)
    text = copy.read_text()
    space: dict[str, object] = {}
    exec(compile(text, str(copy), "exec"), space)
    assert space["KNOTS"] == knots
    assert all(len(line) <= 100 for line in text.splitlines())
    assert text.split("# fitted: begin")[0] == original.split("# fitted: begin")[0]


def test_the_fit_refuses_seeds_outside_tuning() -> None:
    import fit_scan_total

    assert fit_scan_total.seeds_of("900010-900012", "alt") == [900010, 900011, 900012]
    with pytest.raises(SystemExit, match="not tuning seeds"):
        fit_scan_total.seeds_of("949990-950010", "alt")
    with pytest.raises(SystemExit, match="not tuning seeds"):
        fit_scan_total.seeds_of("1990-2010", "old")
