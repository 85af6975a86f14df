"""``vv scan``: a reading that breaks a rule doubts the reading first (the cells the rule
names are checked, exit 2, no total), the sheet only when those cells were read for sure
(exit 1); a total is printed only when it is sure enough (else its least sure cells are
checked, exit 2); the total's confidence in the JSON and "review advised" in the text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.main import root
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.sheets.voll_verplant import scan_total
from scorepad.sheets.voll_verplant.scan_reading import (
    MAX_CHECK,
    WITHHOLD,
    cell_names,
    cell_of,
    judge,
    reading_confidence,
    total_cells,
)

BERLIN = bundled_map("berlin")


@pytest.fixture(autouse=True)
def product_total(monkeypatch: pytest.MonkeyPatch) -> None:
    """The total's confidence as the cells' product (up to 0.99988): these tests are about
    what the command does with a total's confidence; the fitted table's own behaviour is
    in ``tests/test_vv_scan_total.py``."""
    identity = ((-9.0, -9.0), (9.0, 9.0))
    monkeypatch.setattr(scan_total, "KNOTS", dict.fromkeys(scan_total.CLASSES, identity))


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
    """The change is shown; the changed cell counts with what the photo gave its new value
    (0.3), so the total is not sure enough and that cell is to be checked."""
    unsure = {f"first {LINE.id}": {"blank": 0.3, "ticked": 0.7}}
    verdict = judge(BERLIN, default_rules(), reading(BROKEN, unsure))
    assert not verdict.broken
    tick = verdict.cells[f"first {LINE.id}"]
    assert tick.value == "blank" and tick.seen == "ticked" and tick.uncertain
    assert 0 < verdict.confidence <= 0.3
    assert verdict.unsure and verdict.check == [f"first {LINE.id}"]


def test_two_legal_readings_about_as_likely_are_asked_not_guessed():
    unsure = {f"station {GAP}": {"empty": 0.55, "cross": 0.4, "number": 0.05},
              f"first {LINE.id}": {"blank": 0.35, "ticked": 0.65}}
    verdict = judge(BERLIN, default_rules(), reading(BROKEN, unsure))
    assert not verdict.broken
    assert set(verdict.check) == {f"station {GAP}", f"first {LINE.id}"}


WRITTEN = [n for n in cell_names(BERLIN) if n.startswith(("station ", "first "))]


def test_confidence_is_the_chance_that_the_written_cells_are_right():
    """The stations and first bonuses (the written sheet, which the total is scored from)
    count; a window or a later bonus whose other value leaves the reading possible does not,
    however unsure."""
    window = f"window {LINE.id} 1"
    cells = reading({}, {f"station {GAP}": {"empty": 0.02, "cross": 0.97, "number": 0.01},
                         window: {"blank": 0.45, "filled": 0.55},
                         f"later {LINE.id}": {"blank": 0.6, "ticked": 0.4}})
    verdict = judge(BERLIN, default_rules(), cells)
    assert sorted(total_cells(BERLIN, default_rules(), verdict.cells)) == sorted(WRITTEN)
    assert verdict.confidence == pytest.approx(reading_confidence(BERLIN, default_rules(),
                                                                  verdict.cells))
    assert verdict.confidence == pytest.approx(0.97 * 0.9999 ** (len(WRITTEN) - 1), rel=1e-6)
    assert not verdict.check and verdict.cells[window].uncertain  # printed, window in doubt


def test_a_window_counts_when_its_other_value_makes_the_reading_impossible():
    """A transfer number needs a "+": the one filled window of its line is that "+", so were
    it blank the number could not be — it counts; the blank windows do not."""
    station = next(BERLIN.stations[i] for i in LINE.order
                   if len(BERLIN.stations[i].lines) == 1)
    windows = [f"window {LINE.id} {k}" for k in range(1, LINE.windows + 1)]
    values = {f"station {station.id}": "number",
              **{n: "blank" for n in cell_names(BERLIN) if n.startswith("window ")},
              windows[0]: "filled"}
    cells = reading(values, {windows[0]: {"blank": 0.2, "filled": 0.8},
                             windows[1]: {"blank": 0.6, "filled": 0.4}})
    assert not judge(BERLIN, default_rules(), cells).broken
    counted = total_cells(BERLIN, default_rules(), cells)
    assert windows[0] in counted and windows[1] not in counted
    assert reading_confidence(BERLIN, default_rules(), cells) == pytest.approx(
        0.8 * 0.9999 ** len(WRITTEN), rel=1e-6)


def test_an_unsure_total_is_withheld_and_its_least_sure_cells_checked():
    """No cell in doubt, but many a little unsure: the total is right with less than
    WITHHOLD; the least sure cells are to be checked, just enough that, answered, the rest
    would be sure enough."""
    stations = [n for n in WRITTEN if n.startswith("station ")]
    unsure = {name: {"empty": 0.03, "cross": 0.95 + 0.0001 * k, "number": 0.02 - 0.0001 * k}
              for k, name in enumerate(stations[:6])}
    verdict = judge(BERLIN, default_rules(), reading({}, unsure))
    assert not verdict.broken and verdict.unsure
    assert verdict.confidence < WITHHOLD
    assert verdict.check[0] == stations[0]  # the least sure first
    assert set(verdict.check) <= set(stations[:6])
    answered = verdict.confidence
    for name in verdict.check:
        answered /= verdict.cells[name].confidence
        assert verdict.cells[name].uncertain  # --review asks it
    assert answered >= WITHHOLD
    assert answered * verdict.cells[verdict.check[-1]].confidence < WITHHOLD  # no more
    sure = judge(BERLIN, default_rules(), reading({}, {}))
    assert not sure.check and not sure.unsure and sure.confidence >= WITHHOLD


STATIONS = [n for n in WRITTEN if n.startswith("station ")]
WINDOWS = [n for n in cell_names(BERLIN) if n.startswith("window ")]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # KNOTS set once
@given(st.dictionaries(st.sampled_from(STATIONS), st.floats(0.6, 1.0), max_size=8),
       st.dictionaries(st.sampled_from(WINDOWS), st.floats(0.5, 1.0), max_size=8))
def test_a_total_is_printed_only_when_sure_and_the_asked_cells_would_make_it_so(
        stations, windows):
    """Whatever the stations' and windows' confidences (every station crossed, so no
    transfer number needs a window): a printed total is right with at least WITHHOLD; a
    withheld one names cells whose answers would make it so; windows never count."""
    unsure = {name: {"empty": (1 - p) / 2, "cross": p, "number": (1 - p) / 2}
              for name, p in stations.items()}
    unsure |= {name: {"blank": 1 - p, "filled": p} for name, p in windows.items()}
    verdict = judge(BERLIN, default_rules(), reading({}, unsure))
    assert not verdict.broken
    product = 0.9999 ** (len(WRITTEN) - len(stations))
    for p in stations.values():
        product *= p
    assert verdict.confidence == pytest.approx(product, rel=1e-6)
    if not verdict.check:
        assert verdict.confidence >= WITHHOLD
    else:
        assert verdict.unsure and verdict.confidence < WITHHOLD
        answered = verdict.confidence
        for name in verdict.check:
            answered /= verdict.cells[name].confidence
        assert answered >= WITHHOLD
        assert not set(verdict.check) & set(WINDOWS)


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
    """A total sure enough but below ADVISED, or with a cell in doubt (here a window that
    does not change it), is printed with "review advised"."""
    window = f"window {LINE.id} 1"
    misread({}, {f"station {GAP}": {"empty": 0.02, "cross": 0.95, "number": 0.03},
                  window: {"blank": 0.3, "filled": 0.7}})
    result = runner.invoke(root, ["vv", "scan", str(photo), "--json", "-o",
                                  str(tmp_path / "a.yaml")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert 0.93 < data["confidence"] < 0.95  # the station's 0.95; the window's 0.7 not
    assert [row["cell"] for row in data["uncertain"]] == [window]
    text = runner.invoke(root, ["vv", "scan", str(photo), "-o", str(tmp_path / "b.yaml")])
    assert text.exit_code == 0 and "Review advised" in text.stdout
    assert f"{window} read as filled" in text.stdout
    misread({}, {})
    sure = runner.invoke(root, ["vv", "scan", str(photo), "-o", str(tmp_path / "c.yaml")])
    assert sure.exit_code == 0 and "Review advised" not in sure.stdout
    assert "Score:" in sure.stdout


SIX = [f"station {BERLIN.stations[i].id}" for i in LINE.order[:6]]
UNSURE = {name: {"empty": 0.03, "cross": 0.95 + 0.0001 * k, "number": 0.02 - 0.0001 * k}
          for k, name in enumerate(SIX)}


@pytest.mark.parametrize("as_json", [False, True])
def test_an_unsure_total_is_not_printed(runner, photo, tmp_path, monkeypatch, misread,
                                        as_json):
    """Every cell read above the cell threshold, but the total right with about 73 %: no
    total, one line per cell to check (least sure first) saying the reading is unsure,
    exit 2, nothing written; --json prints nothing on stdout (an error, as every exit 2)."""
    monkeypatch.chdir(tmp_path)
    misread({}, UNSURE)
    result = runner.invoke(root, ["vv", "scan", str(photo)] + (["--json"] if as_json else []))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert f"ann.jpg: check {SIX[0]} on the paper (read as cross, 95% sure)" in lines[0]
    assert 1 < len(lines) <= MAX_CHECK
    assert all("not sure enough to print a total" in line and "--review" in line
               and "breaks a rule" not in line for line in lines)
    assert result.stdout == "" and not (tmp_path / "output").exists()


def test_an_unsure_total_is_asked_with_review_then_scored(runner, photo, tmp_path, misread,
                                                          monkeypatch):
    misread({}, UNSURE)
    asked: list[str] = []

    def answer(text, **kwargs):
        asked.append(text)
        return kwargs["default"]  # each was read right

    monkeypatch.setattr("click.prompt", answer)
    result = runner.invoke(root, ["vv", "scan", str(photo), "--review", "--json",
                                  "-o", str(tmp_path / "a.yaml")])
    assert result.exit_code == 0, result.output
    assert asked and all(any(f": {n} reads as cross" in a for a in asked) for n in SIX[:3])
    assert json.loads(result.stdout)["players"] and (tmp_path / "a.yaml").exists()


def test_a_reading_the_rules_changed_is_asked_saying_what_was_seen(runner, photo, tmp_path,
                                                                    misread):
    misread(BROKEN, {f"first {LINE.id}": {"blank": 0.3, "ticked": 0.7}})
    result = runner.invoke(root, ["vv", "scan", str(photo), "-o", str(tmp_path / "a.yaml")])
    assert result.exit_code == 2, result.output
    assert (f"check first {LINE.id} on the paper (seen as ticked, taken as blank by the "
            "rules, 30% sure): the reading is not sure enough") in result.stderr
    assert not (tmp_path / "a.yaml").exists()
