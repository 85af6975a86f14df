"""``vv scan``'s calibration: a cell's confidence mapped, per kind of cell, to the share of
such cells read right on tuning photos (isotonic: a surer raw reading is never less sure
calibrated; a bin with no wrong cell is not taken as certain)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.sheets.voll_verplant.scan_calibration import (
    KINDS,
    KNOTS,
    calibrate,
    calibrated,
    cell_kind,
    fit,
    logit,
)
from scorepad.sheets.voll_verplant.scan_reading import cell_of


def test_a_worked_fit():
    """Two bins of 4: the less sure one right 2 of 4, the surer one 4 of 4 — shares
    (2+1)/(4+2) and (4+1)/(4+2)."""
    samples = [(0.6, True), (0.6, False), (0.7, True), (0.7, False),
               (0.99, True), (0.99, True), (0.999, True), (0.999, True)]
    knots = fit(samples, per_bin=4)
    assert len(knots) == 2
    assert math.isclose(knots[0][0], (2 * logit(0.6) + 2 * logit(0.7)) / 4, abs_tol=1e-3)
    assert math.isclose(knots[0][1], logit(3 / 6), abs_tol=1e-3)
    assert math.isclose(knots[1][1], logit(5 / 6), abs_tol=1e-3)


def test_a_surer_bin_right_less_often_is_pooled_with_the_one_before():
    samples = [(0.6, True)] * 4 + [(0.9, True)] * 3 + [(0.9, False)]
    knots = fit(samples, per_bin=4)
    assert len(knots) == 1
    assert math.isclose(knots[0][1], logit(8 / 10), abs_tol=1e-3)


def test_no_cell_is_surer_than_its_kinds_best_bin_was_right():
    knots = fit([(0.9999, True)] * 300, per_bin=100)
    assert calibrated(0.9999999, knots) <= 301 / 302 + 1e-9
    assert calibrated(0.5, ()) == 0.5  # no knots: as read


@given(st.lists(st.tuples(st.floats(0.34, 1.0), st.booleans()), min_size=1, max_size=400),
       st.floats(0.34, 1.0), st.floats(0.34, 1.0))
def test_calibration_keeps_the_order_of_confidences(samples, a, b):
    knots = fit(samples, per_bin=20)
    ys = [y for _, y in knots]
    assert ys == sorted(ys)
    low, high = sorted((a, b))
    assert calibrated(low, knots) <= calibrated(high, knots) + 1e-12


def test_calibrate_keeps_the_value_read_and_a_distribution():
    cells = {"station 4": cell_of("station 4", {"empty": 0.001, "cross": 0.998, "number": 0.001}),
             "first A": cell_of("first A", {"blank": 0.3, "ticked": 0.7})}
    knots = {"station": ((0.0, 0.0), (10.0, logit(0.95))), "first": ((0.0, logit(0.4)),)}
    out = calibrate(cells, {"station 4": 2}, knots)
    station = out["station 4"]
    assert station.value == "cross"
    assert station.confidence < 0.998
    assert math.isclose(station.probabilities["empty"], station.probabilities["number"])
    assert math.isclose(sum(station.probabilities.values()), 1.0)
    tick = out["first A"]  # calibrated below a half: still the value read, at one half
    assert tick.value == "ticked" and math.isclose(tick.confidence, 0.5)


def test_every_kind_of_cell_has_a_name():
    assert cell_kind("station 12", 1) == "station 1"
    assert cell_kind("station 12", 3) == "station"
    assert {cell_kind("first A"), cell_kind("later A"), cell_kind("window A 2")} <= set(KINDS)
    assert set(KNOTS) <= set(KINDS)


def test_the_fit_keeps_the_validation_part_out(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``FIT_SPLIT=1``: the knots are fitted on the photos whose seed is not divisible by 3,
    and the others (here all read wrong) only get the reliability table."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import fit_scan_calibration

    records = tmp_path / "cells.jsonl"
    probs = {"empty": 0.4, "cross": 0.6, "number": 0.0}
    lines = []
    for gen, seeds in (("alt", range(900024, 900030)), ("old", range(2000, 2003))):
        for seed in seeds:
            truth = "empty" if seed % 3 == 0 else "cross"  # the validation part read wrong
            lines.append(json.dumps({"gen": gen, "seed": seed,
                                     "cells": [["station 4", 2, probs, truth]] * 10}))
    records.write_text("\n".join(lines) + "\n")
    for name, value in (("FIT_RECORDS", str(records)), ("FIT_ALT", "6"), ("FIT_OLD", "3"),
                        ("FIT_SPLIT", "1")):
        monkeypatch.setenv(name, value)
    fit_scan_calibration.main()
    out = capsys.readouterr().out
    assert "# fitted on 6 tuning photos" in out
    assert "# 60 cells, 0 read wrong" in out  # the station kind: the fit part only
    alt = out.split("(seeds divisible by 3), alt:")[1].split("# validation")[0]
    assert "# checked on 2 photos read of 2" in alt
    # fitted on the right cells alone, raw 0.6 maps to (60 + 1) / (60 + 2); with the wrong
    # ones it would be (60 + 1) / (90 + 2), below 0.9
    assert "| 0.9-0.99 | 20 | 0.00 % |" in alt
