"""``vv scan``: a reading that breaks a rule doubts the reading first (the cells the rule
names are checked, exit 2, no total), the sheet only when those cells were read for sure
(exit 1); the reading's confidence in the JSON and "review advised" in the text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad.main import root
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.sheets.voll_verplant.scan_reading import (
    MAX_CHECK,
    cell_names,
    cell_of,
    judge,
    reading_confidence,
)

BERLIN = bundled_map("berlin")
LINE = BERLIN.lines[0]
GAP = BERLIN.stations[LINE.order[0]].id
OPTIONS = {"station": ("empty", "cross", "number"), "first": ("blank", "ticked"),
           "later": ("blank", "ticked"), "window": ("blank", "filled")}


def reading(values: dict[str, str], unsure: dict[str, dict[str, float]], sure: float = 0.9999):
    """Every cell read with ``sure`` (crossed stations, filled windows, blank ticks unless
    ``values`` says otherwise), the ``unsure`` cells with the probabilities given."""
    cells = {}
    for name in cell_names(BERLIN):
        options = OPTIONS[name.split()[0]]
        value = values.get(name, {"station": "cross", "window": "filled"}.get(name.split()[0],
                                                                               "blank"))
        probs = {v: (sure if v == value else (1 - sure) / (len(options) - 1)) for v in options}
        cells[name] = cell_of(name, unsure.get(name, probs))
    return cells


BROKEN = {f"station {GAP}": "empty", f"first {LINE.id}": "ticked"}


def test_a_rule_broken_by_cells_read_for_sure_is_the_sheets():
    verdict = judge(BERLIN, default_rules(), reading(BROKEN, {}))
    assert verdict.broken and "first bonus needs a complete line" in str(verdict.broken[0])
    assert not verdict.check


def test_a_rule_broken_by_a_cell_not_read_for_sure_doubts_the_reading():
    """The gap was read at 95 %: not in doubt by the photo alone, but not sure enough to
    blame the player. No legal reading changes only doubtful cells, so the cells the rule
    names are to be checked: the gap and the tick, not the stations elsewhere."""
    unsure = {f"station {GAP}": {"empty": 0.95, "cross": 0.04, "number": 0.01}}
    verdict = judge(BERLIN, default_rules(), reading(BROKEN, unsure))
    assert not verdict.broken
    assert verdict.check[0] == f"station {GAP}"  # the least sure first
    assert set(verdict.check) == {f"station {GAP}", f"first {LINE.id}"}
    assert all(verdict.cells[name].uncertain for name in verdict.check)
    assert sum(c.uncertain for c in verdict.cells.values()) == 2
    assert verdict.confidence == 0.0


def test_the_cells_named_do_not_depend_on_the_messages_wording(monkeypatch):
    """What a broken rule names is taken from its rule and place, not parsed from its
    English text: the same cells are named when every message is reworded (a translation,
    with other numbers in it)."""
    from scorepad.rules.common.errors import RuleViolation
    from scorepad.sheets.voll_verplant import scan_reading

    unsure = {f"station {GAP}": {"empty": 0.95, "cross": 0.04, "number": 0.01}}
    cells = reading({**BROKEN, f"station {BERLIN.stations[LINE.order[1]].id}": "empty"},
                    unsure)
    named = scan_reading.named_cells(BERLIN, default_rules(), cells)
    original = scan_reading.problems

    def reworded(*args, **kwargs):
        return [RuleViolation("Regel 7 verletzt: Stationen 1-99, 120", rule=p.rule,
                              where=p.where) for p in original(*args, **kwargs)]

    monkeypatch.setattr(scan_reading, "problems", reworded)
    assert scan_reading.named_cells(BERLIN, default_rules(), cells) == named
    assert f"station {GAP}" in named and f"first {LINE.id}" in named


def test_one_clearly_likeliest_legal_reading_is_taken_and_shown():
    unsure = {f"first {LINE.id}": {"blank": 0.3, "ticked": 0.7}}
    verdict = judge(BERLIN, default_rules(), reading(BROKEN, unsure))
    assert not verdict.broken and not verdict.check
    tick = verdict.cells[f"first {LINE.id}"]
    assert tick.value == "blank" and tick.seen == "ticked" and tick.uncertain
    assert 0 < verdict.confidence <= 0.3


def test_two_legal_readings_about_as_likely_are_asked_not_guessed():
    unsure = {f"station {GAP}": {"empty": 0.55, "cross": 0.4, "number": 0.05},
              f"first {LINE.id}": {"blank": 0.35, "ticked": 0.65}}
    verdict = judge(BERLIN, default_rules(), reading(BROKEN, unsure))
    assert not verdict.broken
    assert set(verdict.check) == {f"station {GAP}", f"first {LINE.id}"}


def test_confidence_is_the_chance_that_every_cell_is_right():
    cells = reading({}, {f"station {GAP}": {"empty": 0.2, "cross": 0.8, "number": 0.0}})
    verdict = judge(BERLIN, default_rules(), cells)
    assert verdict.confidence == pytest.approx(reading_confidence(verdict.cells))
    assert verdict.confidence == pytest.approx(0.8 * 0.9999 ** (len(cells) - 1), rel=1e-6)


# ------------------------------------------------------------------ the command

cv2 = pytest.importorskip("cv2")


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    from scan_photos import make_photo

    folder = tmp_path_factory.mktemp("doubt")
    shot = make_photo(11, folder, map_id="berlin", megapixels=6, tilt=15, blur=0.3, quality=80)
    path = folder / "ann.jpg"
    path.write_bytes(shot.jpeg)
    return path


@pytest.fixture
def misread(monkeypatch):
    """The reader returns ``reading(...)`` of the given values instead of the photo's."""
    from scorepad.sheets.voll_verplant import scan_photo as reader

    def use(values, unsure):
        monkeypatch.setattr(reader, "read_cells", lambda *args: reading(values, unsure))
        # the probabilities given are the calibrated ones
        monkeypatch.setattr(reader, "calibrate", lambda cells, lines: dict(cells))
    return use


def test_broken_reading_not_sure_exits_2_naming_the_cells_and_prints_no_total(
        runner, photo, tmp_path, monkeypatch, misread):
    monkeypatch.chdir(tmp_path)
    # many gaps on the line, each a little unsure: more cells than lines allowed
    gaps = [BERLIN.stations[i].id for i in LINE.order]
    values = {f"first {LINE.id}": "ticked", **{f"station {g}": "empty" for g in gaps}}
    misread(values, {f"station {g}": {"empty": 0.96, "cross": 0.03, "number": 0.01}
                     for g in gaps})
    result = runner.invoke(root, ["vv", "scan", str(photo)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == MAX_CHECK < len(gaps) + 1
    assert all("ann.jpg: check " in line and "--review" in line for line in lines)
    assert "Score" not in result.stdout and not (tmp_path / "output").exists()


def test_broken_reading_is_asked_with_review_and_scored_when_answered(
        runner, photo, tmp_path, misread):
    unsure = {f"station {GAP}": {"empty": 0.95, "cross": 0.04, "number": 0.01}}
    misread(BROKEN, unsure)
    answers = {f"station {GAP}": "cross", f"first {LINE.id}": "ticked"}
    asked = []

    def answer(text, **kwargs):
        asked.append(text)
        name = next(n for n in answers if f": {n} reads as" in text)
        return answers[name]

    import click
    original = click.prompt
    click.prompt = answer
    try:
        result = runner.invoke(root, ["vv", "scan", str(photo), "--review", "--json",
                                      "-o", str(tmp_path / "a.yaml")])
    finally:
        click.prompt = original
    assert result.exit_code == 0, result.output
    assert any(f"station {GAP} reads as empty" in a for a in asked)
    assert json.loads(result.stdout)["confidence"] == 1.0  # every doubt answered


def test_broken_reading_of_sure_cells_exits_1(runner, photo, tmp_path, misread):
    misread(BROKEN, {})
    result = runner.invoke(root, ["vv", "scan", str(photo), "-o", str(tmp_path / "a.yaml")])
    assert result.exit_code == 1, result.output
    assert "first bonus needs a complete line" in result.stderr


def test_json_says_how_sure_and_text_advises_review(runner, photo, tmp_path, misread):
    misread({}, {f"station {GAP}": {"empty": 0.3, "cross": 0.7, "number": 0.0}})
    result = runner.invoke(root, ["vv", "scan", str(photo), "--json", "-o",
                                  str(tmp_path / "a.yaml")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert 0.6 < data["confidence"] < 0.7
    assert [row["cell"] for row in data["uncertain"]] == [f"station {GAP}"]
    text = runner.invoke(root, ["vv", "scan", str(photo), "-o", str(tmp_path / "b.yaml")])
    assert text.exit_code == 0 and "Review advised" in text.stdout
    misread({}, {})
    sure = runner.invoke(root, ["vv", "scan", str(photo), "-o", str(tmp_path / "c.yaml")])
    assert sure.exit_code == 0 and "Review advised" not in sure.stdout
