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
    total_cells,
)
from scorepad.sheets.voll_verplant.scan_total import (
    CLASSES,
    KNOTS,
    SHARP,
    feature,
    lookup,
    quality,
    total_confidence,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

OPTIONS = {"station": ("empty", "cross", "number"), "first": ("blank", "ticked"),
           "later": ("blank", "ticked"), "window": ("blank", "filled")}


@pytest.mark.parametrize("quality", CLASSES)
def test_the_table_rises(quality: str) -> None:
    xs = [x for x, _ in KNOTS[quality]]
    ys = [y for _, y in KNOTS[quality]]
    assert xs == sorted(xs) and ys == sorted(ys) and len(KNOTS[quality]) >= 2


@pytest.mark.parametrize("quality", CLASSES)
@given(a=st.floats(1e-9, 1.0), b=st.floats(1e-9, 1.0))
def test_a_surer_reading_is_never_less_sure(quality: str, a: float, b: float) -> None:
    """Within a quality class the lookup is monotone in the product."""
    low, high = sorted((a, b))
    assert lookup(low, KNOTS[quality]) <= lookup(high, KNOTS[quality]) + 1e-12


@pytest.mark.parametrize("quality", CLASSES)
@given(x=st.floats(1e-9, 1.0))
def test_no_total_is_certain(quality: str, x: float) -> None:
    assert 0.0 < lookup(x, KNOTS[quality]) <= lookup(1.0, KNOTS[quality]) < 1.0


@pytest.mark.parametrize("quality", CLASSES)
def test_beyond_the_last_knot_it_is_flat(quality: str) -> None:
    last_x, last_y = KNOTS[quality][-1]
    top = 1.0 / (1.0 + math.exp(-last_y))
    beyond = 1.0 / (1.0 + math.exp(-(last_x + 0.5)))
    assert lookup(beyond, KNOTS[quality]) == pytest.approx(top)
    assert lookup(1.0, KNOTS[quality]) == pytest.approx(top)


def test_the_quality_class_is_the_readers_sharpness() -> None:
    """Sharp from :data:`SHARP` on; below it, or not known, the cautious blurred table."""
    assert quality(SHARP) == quality(1.4) == "sharp"
    assert quality(SHARP - 0.01) == quality(0.3) == quality(None) == "blurred"
    assert total_confidence([0.5], None) == total_confidence([0.5], 0.3)
    assert total_confidence([0.5], 1.2) == lookup(0.5, KNOTS["sharp"])


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
    for sharpness in (1.2, 0.4):
        verdict = judge(network, rules, ceiling_reading(map_id), sharpness)
        assert not verdict.broken and not verdict.check and not verdict.unsure
        assert verdict.confidence >= WITHHOLD
        assert verdict.confidence == reading_confidence(network, rules, verdict.cells,
                                                        sharpness)


def product_of(map_id: str, cells: dict[str, Cell]) -> float:
    network, rules = bundled_map(map_id), default_rules()
    return feature([cells[n].confidence for n in total_cells(network, rules, cells)
                    if not cells[n].settled])


def test_a_sharp_reading_prints_where_the_same_product_on_a_blurred_photo_is_withheld() -> None:
    """On the merged reader a clean first-generator photo, every cell right, has a product of
    0.2-0.6 (cells below their ceilings), like a blurred photo with cells in doubt. There is a
    band of products where the sharp table prints and the blurred one withholds; a reading
    in it (twenty stations a little less sure) prints from a sharp photo and is withheld,
    its least sure cells to check, from a blurred one."""
    band = [p / 1000 for p in range(1, 1001)
            if lookup(p / 1000, KNOTS["sharp"]) >= WITHHOLD > lookup(p / 1000, KNOTS["blurred"])]
    assert band, "the quality classes make no difference to what is printed"
    target = band[len(band) // 2]
    network, rules = bundled_map("berlin"), default_rules()
    stations = [n for n in cell_names(network) if n.startswith("station ")][:20]
    ceiling = product_of("berlin", ceiling_reading("berlin"))
    top = ceiling_reading("berlin")[stations[0]].confidence
    each = top * (target / ceiling) ** (1 / len(stations))
    cells = ceiling_reading("berlin", dict.fromkeys(stations, each))
    product = product_of("berlin", cells)  # the stations' ceilings differ a little
    assert product == pytest.approx(target, rel=0.01)
    assert lookup(product, KNOTS["sharp"]) >= WITHHOLD > lookup(product, KNOTS["blurred"])
    sharp = judge(network, rules, cells, 1.2)
    assert not sharp.unsure and not sharp.check and sharp.confidence >= WITHHOLD
    blurred = judge(network, rules, cells, 0.4)
    assert blurred.unsure and blurred.check and blurred.confidence < WITHHOLD
    assert set(blurred.check) <= set(stations)


def test_an_unsure_reading_is_withheld_and_asking_makes_it_sure() -> None:
    """Four stations read at 0.6: the total is withheld, those stations are to be checked
    (least sure first), and with them answered the rest is sure enough."""
    network, rules = bundled_map("berlin"), default_rules()
    stations = [n for n in cell_names(network) if n.startswith("station ")][:4]
    unsure = {name: 0.6 + 0.01 * k for k, name in enumerate(stations)}
    verdict = judge(network, rules, ceiling_reading("berlin", unsure), 1.2)
    assert verdict.unsure and verdict.confidence < WITHHOLD
    assert verdict.check[:4] == stations
    rest = [c.confidence for n, c in verdict.cells.items()
            if n not in verdict.check and n.startswith(("station ", "first "))]
    assert total_confidence(rest, 1.2) >= WITHHOLD


def test_the_feature_is_the_product_of_the_cells() -> None:
    assert feature([0.5, 0.8]) == pytest.approx(0.4)
    assert feature([]) == 1.0


def test_the_fit_writes_its_table_into_the_module(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``fit_scan_total.py --write`` replaces the fitted block of (a copy of) the module
    with the tables Python reads back; the rest of the module stays."""
    import fit_scan_total

    from scorepad.sheets.voll_verplant import scan_total

    copy = tmp_path / "scan_total.py"
    original = Path(scan_total.__file__).read_text()
    copy.write_text(original)
    monkeypatch.setattr(fit_scan_total, "MODULE", copy)
    knots = {"sharp": ((-3.0, 0.5), (-1.0, 2.25)), "blurred": ((-4.0, -1.0), (-2.0, 1.5))}
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
