"""The four bundled Voll verplant maps, the map validator and ``vv maps`` / ``vv map check``.

The bundled maps are checked against the rules of "The four cities in scorepad" and the
drawing conventions the sheet relies on, recomputed here from the raw YAML (not from the
compiled Network), so a wrong count or a bent segment in a data file fails a test.
"""

from __future__ import annotations

import copy
import json
import math
from collections import Counter
from functools import cache
from importlib import resources
from itertools import combinations, pairwise
from pathlib import Path

import pytest
import yaml

from scorepad.main import root
from scorepad.rules.common.errors import InputError
from scorepad.rules.voll_verplant.map_spec import parse_map, parse_map_json
from scorepad.rules.voll_verplant.maps import (
    BUNDLED_MAPS,
    bundled_map,
    layout_problems,
    load_map_data,
    load_map_json,
)

DATA = Path(__file__).parent / "data"
ORDER = ("amsterdam", "berlin", "paris", "madrid")  # easiest to hardest


MAPS_DIR = resources.files("scorepad.rules.voll_verplant") / "data" / "maps"


@cache
def raw(map_id: str) -> dict:
    """A bundled map file's plain data (read once; tests must not change it)."""
    return json.loads((MAPS_DIR / f"{map_id}.json").read_text(encoding="utf-8"))


def segments(line: dict) -> list[tuple[int, int]]:
    ids = line["stations"]
    pairs = list(pairwise(ids))
    if line.get("ring"):
        pairs.append((ids[-1], ids[0]))
    return pairs


def stats(doc: dict) -> dict[str, float]:
    """The difficulty figures of a map, counted from its raw data."""
    through = Counter(sid for line in doc["lines"] for sid in line["stations"])
    windows = sum(line["windows"] for line in doc["lines"])
    return {
        "per_window": len(doc["stations"]) / windows,
        "shared": sum(1 for n in through.values() if n > 1) / len(doc["stations"]),
        "mean_length": sum(len(line["stations"]) for line in doc["lines"]) / len(doc["lines"]),
    }


def luma(color: str) -> float:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


# --- the bundled maps -----------------------------------------------------------------

def test_bundled_ids_and_files_agree():
    assert BUNDLED_MAPS == ORDER
    assert sorted(p.name for p in MAPS_DIR.iterdir() if p.is_file()) == \
        sorted(f"{map_id}.json" for map_id in ORDER)
    for map_id in ORDER:
        doc = raw(map_id)
        assert doc["format"] == "scorepad/vv-map@1"
        assert doc["id"] == map_id
        assert doc["name"] == map_id.capitalize()


@pytest.mark.parametrize("map_id", ORDER)
def test_bundled_map_validates_and_follows_the_game(map_id):
    network = bundled_map(map_id)  # shape and content checks; raises on any problem
    doc = raw(map_id)
    notes = doc["note"]  # one per sheet language
    assert set(notes) == {"en", "de", "fr"}
    note = notes["en"].lower()
    assert "original layout" in note and "not the published sheet" in note
    assert "nicht das veröffentlichte spielblatt" in notes["de"].lower()
    assert "pas la feuille publiée" in notes["fr"].lower()
    assert 9 <= len(doc["lines"]) <= 10
    assert 55 <= len(doc["stations"]) <= 90
    assert 22 <= sum(line["windows"] for line in doc["lines"]) <= 28
    letters = [line["id"] for line in doc["lines"]]
    assert letters == [chr(ord("A") + i) for i in range(len(letters))]
    for line in doc["lines"]:
        assert 1 <= line["windows"] <= 4, line["id"]
        first, later = line["bonus"]
        assert 2 <= first <= 9 and 1 <= later < first, line["id"]
    # a short line worth 2/1, as on the rulebook's sheet
    assert any(line["bonus"] == [2, 1] for line in doc["lines"])
    # every station has a real name and lies on a line
    assert all(s.get("name") for s in doc["stations"])
    on_lines = {sid for line in doc["lines"] for sid in line["stations"]}
    assert on_lines == {s["id"] for s in doc["stations"]}
    assert network.figures()["stations"] == len(doc["stations"])


@pytest.mark.parametrize("map_id", ORDER)
def test_a_bundled_map_read_as_json_text_is_the_map_read_as_data(map_id):
    # bundled_map lets the model read the JSON text itself; it is the same validated map
    text = (MAPS_DIR / f"{map_id}.json").read_text(encoding="utf-8")
    assert parse_map_json(text) == parse_map(raw(map_id))
    assert load_map_json(text) == load_map_data(raw(map_id)) == bundled_map(map_id)


def test_json_text_the_model_refuses_gets_the_placed_error_of_the_data():
    doc = copy.deepcopy(raw("berlin"))
    doc["lines"][2]["windows"] = 7
    with pytest.raises(InputError) as from_data:
        parse_map(doc)
    with pytest.raises(InputError) as from_text:
        parse_map_json(json.dumps(doc))
    assert str(from_text.value) == str(from_data.value)
    assert "line C, windows" in str(from_text.value)


@pytest.mark.parametrize("map_id", ORDER)
def test_rings_and_special_stations_per_city(map_id):
    doc = raw(map_id)
    rings = [line for line in doc["lines"] if line.get("ring")]
    specials = [s for s in doc["stations"] if s.get("special")]
    if map_id in ("berlin", "madrid"):
        assert len(rings) == 1 and len(rings[0]["stations"]) >= 3
    else:
        assert rings == []
    if map_id in ("paris", "madrid"):
        assert 4 <= len(specials) <= 6
    else:
        assert specials == []


@pytest.mark.parametrize("map_id", ORDER)
def test_geometry_of_bundled_map(map_id):
    doc = raw(map_id)
    pos = {s["id"]: (s["x"], s["y"]) for s in doc["stations"]}
    # integer grid, landscape
    assert all(isinstance(c, int) for xy in pos.values() for c in xy)
    xs, ys = [x for x, _ in pos.values()], [y for _, y in pos.values()]
    assert min(xs) >= 0 and max(xs) <= 24 and min(ys) >= 0 and max(ys) <= 16
    assert max(xs) - min(xs) > max(ys) - min(ys)
    # no two stations closer than 1 grid unit
    for a, b in combinations(pos.values(), 2):
        assert math.dist(a, b) >= 1
    # ids 1..N in reading order (by y, then x)
    reading = sorted(pos, key=lambda sid: (pos[sid][1], pos[sid][0]))
    assert reading == list(range(1, len(pos) + 1))
    at = {xy: sid for sid, xy in pos.items()}
    per_segment: Counter[frozenset[int]] = Counter()
    for line in doc["lines"]:
        for a, b in segments(line):
            (x1, y1), (x2, y2) = pos[a], pos[b]
            dx, dy = x2 - x1, y2 - y1
            where = f"{map_id} line {line['id']} {a}-{b}"
            assert dx == 0 or dy == 0 or abs(dx) == abs(dy), where
            assert math.hypot(dx, dy) <= 3, where
            # on a grid, an octilinear segment comes within 0.3 of a station only by
            # passing through a grid point between its ends
            steps = max(abs(dx), abs(dy))
            inner = [(x1 + dx // steps * k, y1 + dy // steps * k) for k in range(1, steps)]
            assert not [at[p] for p in inner if p in at], where
            per_segment[frozenset((a, b))] += 1
    assert max(per_segment.values()) <= 3


@pytest.mark.parametrize("map_id", ORDER)
def test_rings_run_clockwise_and_wagons_sit_outside(map_id):
    doc = raw(map_id)
    pos = {s["id"]: (s["x"], s["y"]) for s in doc["stations"]}
    cx = sum(x for x, _ in pos.values()) / len(pos)
    cy = sum(y for _, y in pos.values()) / len(pos)
    for line in doc["lines"]:
        pts = [pos[sid] for sid in line["stations"]]
        if line.get("ring"):
            # shoelace sum: positive = clockwise on a sheet whose y grows downward
            area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1],
                                                                       strict=True))
            assert area > 0, line["id"]
        else:
            first, last = pts[0], pts[-1]
            assert math.dist(first, (cx, cy)) >= math.dist(last, (cx, cy)), line["id"]


@pytest.mark.parametrize("map_id", ORDER)
def test_line_colours_differ_in_greyscale(map_id):
    colours = [line["color"].lower() for line in raw(map_id)["lines"]]
    assert len(set(colours)) == len(colours)
    lumas = sorted(luma(c) for c in colours)
    assert min(b - a for a, b in pairwise(lumas)) >= 10


def test_difficulty_rises_from_amsterdam_to_madrid():
    figures = [stats(raw(map_id)) for map_id in ORDER]
    per_window = [f["per_window"] for f in figures]
    shared = [f["shared"] for f in figures]
    length = [f["mean_length"] for f in figures]
    assert per_window == sorted(per_window) and len(set(per_window)) == 4
    assert shared == sorted(shared, reverse=True) and len(set(shared)) == 4
    assert length == sorted(length) and len(set(length)) == 4
    # roughly the targets: Amsterdam about 2.3 stations per window, Madrid about 3.3
    assert 2.2 <= per_window[0] <= 2.45 and 3.15 <= per_window[-1] <= 3.45


@pytest.mark.parametrize("map_id", ORDER)
def test_bundled_maps_keep_the_drawing_conventions(map_id):
    assert layout_problems(bundled_map(map_id)) == []


# --- layout_problems on hand-made maps --------------------------------------------------

def small_map(stations, lines) -> dict:
    return {"format": "scorepad/vv-map@1", "id": "t", "name": "T",
            "stations": [{"id": i, "x": x, "y": y} for i, (x, y) in enumerate(stations, 1)],
            "lines": [dict({"id": chr(65 + n), "color": f"#00000{n}", "windows": 1,
                            "bonus": [2, 1]}, **line) for n, line in enumerate(lines)]}


@pytest.mark.parametrize(("stations", "lines", "expected"), [
    ([(0, 0), (2, 1)], [{"stations": [1, 2]}],
     "line A, stations 1-2: segment is not horizontal, vertical or diagonal"),
    ([(0, 0), (4, 0)], [{"stations": [1, 2]}],
     "line A, stations 1-2: segment longer than 3 grid units"),
    ([(0, 0), (2, 2), (1, 1), (1, 3)], [{"stations": [1, 2]}, {"stations": [3, 4]}],
     "line A, stations 1-2: drawn through station 3"),
    ([(0, 0), (0.5, 0)], [{"stations": [1, 2]}],
     "station 1, station 2: closer than 1 grid unit"),
    ([(0, 0), (1, 0), (1, 1)], [{"stations": [1, 3, 2], "ring": True}],
     "line A: ring does not run clockwise"),
    ([(0, 0), (1, 0)], [{"stations": [1, 2]}] * 4,
     "stations 1-2: 4 lines side by side (A, B, C, D), more than 3"),
])
def test_layout_problems_are_named(stations, lines, expected):
    network = load_map_data(small_map(stations, lines))
    assert expected in layout_problems(network)


def test_layout_problems_accept_a_clean_map():
    network = load_map_data(small_map([(0, 0), (1, 0), (1, 1)],
                                      [{"stations": [1, 2, 3], "ring": True}]))
    assert layout_problems(network) == []


# --- vv map check -----------------------------------------------------------------------

@pytest.fixture
def tiny() -> dict:
    return yaml.safe_load((DATA / "tiny.yaml").read_text(encoding="utf-8"))


def check(runner, tmp_path, doc, name="city.yaml", *args):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True) if not isinstance(doc, str) else doc,
                    encoding="utf-8")
    return runner.invoke(root, ["vv", "map", "check", *args, str(path)]), str(path)


def test_check_accepts_a_valid_map_and_prints_its_figures(runner, tmp_path, tiny):
    result, path = check(runner, tmp_path, tiny)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == (
        f"{path}: valid map tiny (Tiny): 3 lines, 9 stations, 5 wagon windows, "
        "3 interchanges, 1 ring, 1 special station")


def test_check_reads_json_and_stdin(runner, tmp_path, tiny):
    result, _ = check(runner, tmp_path, json.dumps(tiny), "city.json")
    assert result.exit_code == 0, result.output
    result = runner.invoke(root, ["vv", "map", "check", "-"],
                           input=(DATA / "tiny.yaml").read_text(encoding="utf-8"))
    assert result.exit_code == 0 and result.output.startswith("<stdin>: valid map tiny")


def test_check_accepts_a_bundled_id(runner):
    result = runner.invoke(root, ["vv", "map", "check", "berlin"])
    assert result.exit_code == 0
    assert "10 lines, 68 stations, 25 wagon windows" in result.output


def edit(tiny: dict, change) -> dict:
    doc = copy.deepcopy(tiny)
    change(doc)
    return doc


def _line(doc, letter):
    return next(line for line in doc["lines"] if line["id"] == letter)


CONTENT_ERRORS = [
    (lambda d: d["stations"][2].update(id=2), "station 2: station id used twice"),
    (lambda d: d["stations"][1].update(x=0, y=0), "station 2: same position as station 1"),
    (lambda d: _line(d, "A")["stations"].append(99), "line A, station 99: no such station"),
    (lambda d: _line(d, "B")["stations"].append(5), "line B, station 5: station twice on one line"),
    (lambda d: d["stations"].append({"id": 10, "x": 9, "y": 9}),
     "station 10: station lies on no line"),
    (lambda d: _line(d, "R").update(stations=[7, 8]), "line R: a ring needs 3 or more stations"),
    (lambda d: _line(d, "A").update(bonus=[2, 3]),
     "line A, bonus: bonus first (2) is smaller than later (3)"),
    (lambda d: _line(d, "B").update(id="A"), "line A: line letter used twice"),
    (lambda d: _line(d, "B").update(color="#E3000F"), "line B: same colour as line A"),
]


@pytest.mark.parametrize(("change", "message"), CONTENT_ERRORS)
def test_content_errors_exit_1_with_their_place(runner, tmp_path, tiny, change, message):
    result, path = check(runner, tmp_path, edit(tiny, change))
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()  # what follows from it is listed as well
    assert lines[0] == f"{path}: {message}"
    assert all(line.startswith(f"{path}: ") for line in lines)


def test_check_lists_every_content_problem(runner, tmp_path, tiny):
    def change(d):
        _line(d, "A")["stations"].append(99)
        _line(d, "B").update(bonus=[1, 2])
        _line(d, "R").update(color="#E3000F")
    result, path = check(runner, tmp_path, edit(tiny, change))
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"{path}: line A, station 99: no such station",
        f"{path}: line B, bonus: bonus first (1) is smaller than later (2)",
        f"{path}: line R: same colour as line A"]


def test_check_lists_every_shape_problem(runner, tmp_path, tiny):
    def change(d):
        _line(d, "R").update(windows=5)
        _line(d, "B").update(color="blue")
        d["stations"][3].update(y=-1)
    result, path = check(runner, tmp_path, edit(tiny, change))
    assert result.exit_code == 2
    assert sorted(result.output.strip().splitlines()) == sorted([
        f"{path}: station 4, y: input should be greater than or equal to 0",
        f"{path}: line B, color: colour 'blue' is not of the form #rrggbb",
        f"{path}: line R, windows: input should be less than or equal to 4"])
    assert "more problem" not in result.output


SHAPE_ERRORS = [
    (lambda d: _line(d, "R").update(windows=5),
     "line R, windows: input should be less than or equal to 4"),
    (lambda d: _line(d, "R").update(windows=0),
     "line R, windows: input should be greater than or equal to 1"),
    (lambda d: _line(d, "A").update(bonus=[5, -1]),
     "line A, bonus later: input should be greater than or equal to 0"),
    (lambda d: _line(d, "A").update(bonus=[100, 1]),
     "line A, bonus first: input should be less than or equal to 99"),
    (lambda d: _line(d, "B").update(color="blue"),
     "line B, color: colour 'blue' is not of the form #rrggbb"),
    (lambda d: _line(d, "B").update(stations=[]),
     "line B, stations: list should have at least 1 item after validation, not 0"),
    (lambda d: _line(d, "B").update(stations=[1] * 61),
     "line B, stations: list should have at most 60 items after validation, not 61"),
    (lambda d: _line(d, "B").update(id="BB"),
     "lines[1].id: line id 'BB' is not one capital letter A-Z"),
    (lambda d: _line(d, "B").update(colour="#000000"), "line B, colour: unknown key"),
    (lambda d: _line(d, "B").pop("windows"), "line B, windows: missing key"),
    (lambda d: d["stations"][3].update(x="left"),
     "station 4, x: input should be a valid number, unable to parse string as a number"),
    (lambda d: d["stations"][3].update(y=-1),
     "station 4, y: input should be greater than or equal to 0"),
    (lambda d: d["stations"][3].update(id=0),
     "stations[3].id: input should be greater than or equal to 1"),
    (lambda d: d.pop("stations"), "stations: missing key"),
    (lambda d: d.update(lines=[copy.deepcopy(d["lines"][0]) for _ in range(27)]),
     "lines: list should have at most 26 items after validation, not 27"),
    (lambda d: d.update(id="Tiny City"),
     "id: map id 'Tiny City' is not 1-40 lower-case letters, digits, '-' or '_'"),
    (lambda d: d.update(format="scorepad/vv-map@2"),
     "format: wrong format 'scorepad/vv-map@2', expected 'scorepad/vv-map@1'"),
    (lambda d: d.pop("format"), "format: missing key (expected format: scorepad/vv-map@1)"),
    (lambda d: d.update(note={"english": "A test map."}),
     "note: language 'english' is not a two-letter code such as 'de'"),
    (lambda d: d.update(note={"en": "A test map.", "de": "x" * 201}),
     "note: the note for 'de' is longer than 200 characters"),
    (lambda d: d.update(note=["A test map."]),
     "note: a text, or one text per language ({en: ..., de: ..., fr: ...})"),
]


@pytest.mark.parametrize(("change", "message"), SHAPE_ERRORS)
def test_shape_errors_exit_2_with_their_place(runner, tmp_path, tiny, change, message):
    result, path = check(runner, tmp_path, edit(tiny, change))
    assert result.exit_code == 2
    first_line = result.output.strip().splitlines()[0]
    assert first_line.startswith(f"{path}: {message}")


def test_unreadable_files_exit_2(runner, tmp_path):
    result = runner.invoke(root, ["vv", "map", "check", str(tmp_path / "missing.yaml")])
    assert result.exit_code == 2 and "missing.yaml: no such file" in result.output
    result = runner.invoke(root, ["vv", "map", "check", str(tmp_path)])
    assert result.exit_code == 2 and "is a folder" in result.output
    result, path = check(runner, tmp_path, "format: scorepad/vv-map@1\nlines: [1, 2\n")
    assert result.exit_code == 2
    assert result.output.startswith(f"{path}: line 3, column 1: invalid YAML")
    result, path = check(runner, tmp_path, "- just\n- a list\n")
    assert result.exit_code == 2 and "expected a mapping" in result.output
    assert "Traceback" not in result.output


def test_check_layout_flag(runner, tmp_path, tiny):
    # tiny's ring is drawn as a bow tie: its list order is not clockwise
    result, path = check(runner, tmp_path, tiny, "city.yaml", "--layout")
    assert result.exit_code == 1
    assert f"{path}: line R: ring does not run clockwise" in result.output
    assert result.output.strip().endswith(f"{path}: 1 layout problem")
    result = runner.invoke(root, ["vv", "map", "check", "--layout", "madrid"])
    assert result.exit_code == 0 and "madrid: valid map madrid" in result.output


# --- vv maps --------------------------------------------------------------------------------

def expected_figures(map_id: str) -> dict:
    doc = raw(map_id)
    through = Counter(sid for line in doc["lines"] for sid in line["stations"])
    return {"id": map_id, "name": doc["name"], "lines": len(doc["lines"]),
            "stations": len(doc["stations"]),
            "windows": sum(line["windows"] for line in doc["lines"]),
            "interchanges": sum(1 for n in through.values() if n > 1),
            "rings": sum(1 for line in doc["lines"] if line.get("ring")),
            "special_stations": sum(1 for s in doc["stations"] if s.get("special"))}


def test_maps_json_is_the_contract_list(runner):
    result = runner.invoke(root, ["vv", "maps", "--json"])
    assert result.exit_code == 0
    listed = json.loads(result.output)
    assert [m["id"] for m in listed] == list(ORDER)
    for entry in listed:
        assert list(entry) == ["id", "name", "lines", "stations", "windows", "interchanges",
                               "rings", "special_stations"]
        assert all(type(entry[k]) is int for k in list(entry)[2:])
        assert entry == expected_figures(entry["id"])


def test_maps_table_shows_every_map_with_its_figures(runner):
    result = runner.invoke(root, ["voll-verplant", "maps"])
    assert result.exit_code == 0
    head, *rows = result.output.strip().splitlines()
    assert head.split() == ["id", "name", "lines", "stations", "windows", "interchanges",
                            "rings", "special"]
    assert len(rows) == 4
    for row, map_id in zip(rows, ORDER, strict=True):
        fig = expected_figures(map_id)
        assert row.split() == [str(fig[k]) for k in fig]


DOC = Path(__file__).parent.parent / "docs" / "vv-maps.md"


@pytest.mark.parametrize("map_id", ORDER)
def test_the_maps_doc_gives_each_line_as_the_data_has_it(map_id):
    # The per-city tables of docs/vv-maps.md: stations, windows and bonus of every line, and
    # the summary table's stations and windows.
    text = DOC.read_text()
    network = bundled_map(map_id)
    section = text.split(f"### {network.name}")[1].split("\n## ")[0].split("\n### ")[0]
    rows = {cells[0]: cells for cells in
            ([c.strip() for c in row.strip("|").split("|")] for row in section.splitlines()
             if row.startswith("| ") and not row.startswith("| line"))}
    for line in network.lines:
        stations, windows, bonus = rows[line.id][-3:]
        assert (int(stations), int(windows), bonus) == \
            (len(line.order), line.windows, f"{line.first}/{line.later}"), line.id
    summary = next(row for row in text.splitlines() if row.startswith(f"| {network.name} |"))
    cells = [c.strip() for c in summary.strip("|").split("|")]
    assert (int(cells[1]), int(cells[2])) == (len(network.stations), network.total_windows)


DENSE = """format: scorepad/vv-map@1
id: dense
name: Dense
stations:
  - {id: 1, x: 0, y: 0}
  - {id: 2, x: 0.5, y: 0}
  - {id: 3, x: 200, y: 0}
  - {id: 4, x: 200, y: 100}
lines:
  - {id: A, color: "#e3000f", windows: 3, bonus: [5, 3], stations: [1, 2, 3, 4]}
"""


def test_a_map_too_dense_to_print_is_named_by_sheet_and_flagged_by_map_check(runner, tmp_path):
    """Valid for play, but no sheet can be printed: `vv map check` says so (a warning,
    exit 0) and `vv sheet` refuses it naming the file, as every error does."""
    path = tmp_path / "dense.yaml"
    path.write_text(DENSE)
    result = runner.invoke(root, ["vv", "map", "check", str(path)])
    assert result.exit_code == 0 and "valid map dense" in result.stdout
    assert result.stderr.startswith(f"warning: {path}: vv sheet cannot print it: too dense "
                                    "to print on a4: stations 1 and 2")
    result = runner.invoke(root, ["vv", "sheet", str(path), "-o", str(tmp_path / "d.pdf")])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}: too dense to print on a4: stations 1 and 2")
    assert not (tmp_path / "d.pdf").exists()
    assert runner.invoke(root, ["vv", "map", "check", "berlin"]).stderr == ""
