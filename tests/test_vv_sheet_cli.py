"""``scorepad vv sheet`` and ``vv render`` from the command line: the files they write, read
back (page size and count, words, metadata, pixels), and their refusals."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.app.vv_files import load_network
from scorepad.main import root
from scorepad.rules.voll_verplant.view import LineScore, MarkedSheet, Score

DATA = Path(__file__).parent / "data"
TINY = DATA / "tiny.yaml"
GRID = DATA / "sheet_grid.yaml"
SVG = "{http://www.w3.org/2000/svg}"
MM = 72 / 25.4


def run(runner, *args):
    return runner.invoke(root, ["vv", *[str(a) for a in args]])


def pdf_text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def raster(path: Path, tmp_path: Path, dpi: int = 40) -> tuple[int, int, bytes]:
    """Page 1 of a PDF as greyscale pixels: (width, height, row-major bytes)."""
    out = subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", str(path)],
                         capture_output=True, check=True).stdout
    magic, w, h, _, pixels = out.split(maxsplit=4)
    assert magic == b"P5"
    return int(w), int(h), pixels


def test_sheet_default_path_and_message(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(runner, "sheet", TINY.resolve())
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "tiny.pdf").is_file()
    assert result.output.strip() == "wrote output/tiny.pdf (1 page, A4 landscape)"
    result = run(runner, "sheet", TINY.resolve(), "--format", "svg")
    assert (tmp_path / "output" / "tiny.svg").is_file()


def test_sheet_pdf_reads_back(runner, tmp_path):
    out = tmp_path / "grid.pdf"
    result = run(runner, "sheet", GRID, "-o", out)
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / MM), round(float(box.height) / MM)) == (297, 210)
    assert reader.metadata.title == "Voll verplant – Gridstadt"
    text = reader.pages[0].extract_text()
    net = load_network(str(GRID))
    words = set(text.split())
    for line in net.lines:
        assert line.id in words
    for station in net.stations:  # every station number, for typing a finished sheet in
        assert str(station.id) in words
    assert "Gridstadt" in text and "Original test layout" in text


def test_sheet_is_byte_identical_across_runs(runner, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run(runner, "sheet", GRID, "-o", a)
    run(runner, "sheet", GRID, "-o", b)
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Final score", "Line points", "Transfers", "Empty stations", "Total", "Player"]),
    ("de", ["Schlusswertung", "Linienpunkte", "Umstiege", "Leere Stationen", "Summe", "Spieler",
            "andere", "Waggonfenster", "Siegpunkte"]),
    ("fr", ["Décompte final", "Points des lignes", "Correspondances", "Stations vides",
            "Total", "Joueur", "Fenêtres du wagon"]),
])
def test_sheet_words_in_each_language(runner, tmp_path, lang, words):
    out = tmp_path / f"{lang}.pdf"
    assert run(runner, "sheet", TINY, "--lang", lang, "-o", out).exit_code == 0
    text = pdf_text(out)[0]
    for word in words:
        assert word in text, word


def test_pad_of_pages_reuses_one_drawing(runner, tmp_path):
    one, pad = tmp_path / "one.pdf", tmp_path / "pad.pdf"
    run(runner, "sheet", GRID, "-o", one)
    result = run(runner, "sheet", GRID, "--pages", 30, "-o", pad)
    assert result.exit_code == 0 and "30 pages" in result.output
    reader = PdfReader(pad)
    assert len(reader.pages) == 30
    forms = {ref.idnum for page in reader.pages for ref in page["/Resources"]["/XObject"].values()}
    assert len(forms) == 1
    assert pad.stat().st_size < 2 * one.stat().st_size


def test_letter_paper_and_no_numbers(runner, tmp_path):
    out = tmp_path / "letter.pdf"
    assert run(runner, "sheet", GRID, "--paper", "letter", "--no-numbers", "-o", out).exit_code == 0
    box = PdfReader(out).pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (279.4, 215.9)
    words = set(pdf_text(out)[0].split())
    assert "63" not in words  # no station numbers (the grid map's stations run to 63)


def test_svg_and_pdf_agree(runner, tmp_path):
    pdf, svg = tmp_path / "grid.pdf", tmp_path / "grid.svg"
    run(runner, "sheet", GRID, "-o", pdf, "--lang", "de")
    run(runner, "sheet", GRID, "-o", svg, "--lang", "de")
    root_el = ET.parse(svg).getroot()
    assert root_el.get("viewBox") == "0 0 297 210"
    assert (root_el.get("width"), root_el.get("height")) == ("297mm", "210mm")
    svg_words = [t.text for t in root_el.iter(f"{SVG}text")]
    text = pdf_text(pdf)[0]
    assert svg_words and all(word in text for word in svg_words)
    net = load_network(str(GRID))
    circles = [c for c in root_el.iter(f"{SVG}circle")
               if "station" in (c.get("class") or "").split()]
    assert len(circles) == len(net.stations)


def test_pixels_margins_blank_and_stations_open(runner, tmp_path):
    out = tmp_path / "grid.pdf"
    run(runner, "sheet", GRID, "-o", out)
    w, h, px = raster(out, tmp_path, dpi=40)
    per_mm = 40 / 25.4
    band = int(10 * per_mm)  # the 10 mm margin, in whole pixels
    for y in range(h):
        row = px[y * w:(y + 1) * w]
        if y < band or y >= h - band:
            assert min(row) == 255, f"ink in the margin at row {y}"
        else:
            assert min(row[:band]) == 255 and min(row[w - band:]) == 255, f"row {y}"
    # Each station's circle centre is paper (white or the special tint), room for a cross.
    from scorepad.sheets.voll_verplant import sheet_layout

    sheet = sheet_layout(load_network(str(GRID)), "a4", "en", True)
    for sid, (x, y) in sheet.centers.items():
        assert px[int(y * per_mm) * w + int(x * per_mm)] >= 200, sid


# ---------------------------------------------------------------------------- refusals

def test_unknown_lang_is_a_usage_error(runner, tmp_path):
    out = tmp_path / "x.pdf"
    result = run(runner, "sheet", TINY, "--lang", "it", "-o", out)
    assert result.exit_code == 2
    assert "'it' is not one of 'en', 'de', 'fr'" in result.output
    assert not out.exists()


def test_malformed_map_names_file_and_place(runner, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(TINY.read_text().replace("windows: 2", "windows: many", 1))
    out = tmp_path / "x.pdf"
    result = run(runner, "sheet", bad, "-o", out)
    assert result.exit_code == 2
    assert str(bad) in result.output and "windows" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_unwritable_path_leaves_no_file(runner, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run(runner, "sheet", TINY, "-o", blocker / "sheet.pdf")
    assert result.exit_code == 2
    assert "cannot write" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_format_clashes_and_svg_pads_are_refused(runner, tmp_path):
    result = run(runner, "sheet", TINY, "-o", tmp_path / "x.png")
    assert result.exit_code == 2 and "end it in .pdf or .svg" in result.output
    result = run(runner, "sheet", TINY, "-o", tmp_path / "x.svg", "--format", "pdf")
    assert result.exit_code == 2 and "--format is pdf" in result.output
    result = run(runner, "sheet", TINY, "-o", tmp_path / "x.svg", "--pages", 2)
    assert result.exit_code == 2 and "an SVG holds one page" in result.output
    assert list(tmp_path.iterdir()) == []


def test_unknown_map_and_too_dense_map_are_content_errors(runner, tmp_path):
    result = run(runner, "sheet", "atlantis", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "unknown map 'atlantis'" in result.output
    dense = tmp_path / "dense.yaml"
    dense.write_text(TINY.read_text() + "")
    text = TINY.read_text().replace("- {id: 9, x: 3, y: 1}",
                                    "- {id: 9, x: 3, y: 1}\n  - {id: 50, x: 90, y: 0}")
    dense.write_text(text.replace("stations: [1, 2, 3, 4]}", "stations: [1, 2, 3, 4, 50]}"))
    result = run(runner, "sheet", dense, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "too dense to print" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_help_ends_with_an_example(runner):
    for command in ("sheet", "render"):
        result = run(runner, command, "--help")
        assert result.exit_code == 0
        assert re.search(r"Example:\n\s+scorepad vv " + command, result.output)


# ---------------------------------------------------------------------------- render

def two_players(path):
    score = Score(lines={"A": LineScore(True, "first", 5)}, line_points=5, transfer_sum=2,
                  transfer_points=4, empty_stations=5, empty_penalty=2.5, total=6.5)
    ann = MarkedSheet("tiny", "Ann", frozenset({1, 2, 3, 4, 5}), {5: 2},
                      {"A": ("4",), "B": ("+",)}, {"A": "first"}, frozenset(), score)
    bob = MarkedSheet("tiny", "Bob Ö", frozenset({7}), {}, {"R": ("3",)}, {}, frozenset({"A"}))
    return load_network(str(TINY)), [ann, bob]


@pytest.fixture
def fake_log(monkeypatch):
    monkeypatch.setattr("scorepad.app.vv_files.load_marked_sheets", two_players, raising=False)


def test_render_pdf_one_page_per_player(runner, tmp_path, fake_log):
    out = tmp_path / "game.pdf"
    result = run(runner, "render", "game.yaml", "-o", out)
    assert result.exit_code == 0, result.output
    texts = pdf_text(out)
    assert len(texts) == 2
    assert "Ann" in texts[0] and "6.5" in texts[0] and "Bob Ö" in texts[1]
    reader = PdfReader(out)
    forms = {ref.idnum for page in reader.pages for ref in page["/Resources"]["/XObject"].values()}
    assert len(forms) == 1  # the blank sheet drawn once, the marks per page


def test_render_svg_one_file_per_player_or_one_player(runner, tmp_path, fake_log):
    out = tmp_path / "game.svg"
    result = run(runner, "render", "game.yaml", "-o", out)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-Ann.svg", "game-Bob-Ö.svg"]
    one = tmp_path / "bob.svg"
    result = run(runner, "render", "game.yaml", "--player", "Bob Ö", "-o", one, "--lang", "fr")
    assert result.exit_code == 0
    classes = [el.get("class") or "" for el in ET.parse(one).getroot().iter()]
    assert any(c.startswith("cross cross-7") for c in classes)
    result = run(runner, "render", "game.yaml", "--player", "Zoe", "-o", one)
    assert result.exit_code == 2 and "no player 'Zoe' (players: Ann, Bob Ö)" in result.output


def test_render_a_real_game_log(runner, tmp_path):
    # Worked by hand on tiny.yaml: a 4 on line A crosses 1, 2, 3, 4 and completes A (first: 5).
    # Empty: 5, 6, 7, 8, 9 → -2.5. Total 5 - 2.5 = 2.5.
    log = tmp_path / "game.yaml"
    log.write_text(f"format: scorepad/vv-game@1\nmap: {TINY}\nplayers: [Ann]\n"
                   "rounds:\n  - card: 4\n    moves: {Ann: {line: A, crosses: 4}}\n")
    out = tmp_path / "game.svg"
    result = run(runner, "render", log, "-o", out)
    assert result.exit_code == 0, result.output
    svg = ET.parse(out).getroot()
    classes = [el.get("class") or "" for el in svg.iter()]
    crosses = {int(c.split()[1][6:]) for c in classes if c.startswith("cross ")}
    assert crosses == {1, 2, 3, 4}
    texts = {el.get("class"): el.text for el in svg.iter(f"{SVG}text") if el.get("class")}
    assert texts["entry entry-A"] == "4"
    assert texts["score-value score-value-total"] == "2.5"
    assert texts["score-value score-value-empty_penalty"] == "2.5"
    assert any(c.startswith("tick tick-first-A") for c in classes)


def test_sheet_warns_once_listing_the_names_left_out(runner, tmp_path):
    # One warning line lists every name that found no room, for vv sheet and vv render.
    from scorepad.sheets.voll_verplant import sheet_layout

    result = run(runner, "sheet", "berlin", "-o", tmp_path / "b.pdf")
    assert result.exit_code == 0, result.output
    net = load_network("berlin")
    left_out = sheet_layout(net, "a4", "en", True).unnamed
    warnings = [line for line in result.stderr.splitlines() if "no room for the name" in line]
    if not left_out:
        assert warnings == []
        return
    listed = ", ".join(f"{sid} ({name})" for sid, name in left_out.items())
    assert warnings == [f"warning: berlin: no room for the names of stations {listed}"]


@pytest.mark.parametrize("map_id", ["berlin", "madrid", "amsterdam", "paris"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_bundled_sheet_prints_nothing_on_stderr(runner, tmp_path, map_id, paper, lang):
    # Every name finds room on every bundled sheet: no warning (issue 24).
    result = run(runner, "sheet", map_id, "--paper", paper, "--lang", lang,
                 "-o", tmp_path / "s.pdf")
    assert result.exit_code == 0 and result.stderr == "", result.stderr


def packed_map(tmp_path) -> Path:
    """A map of 8 rows of 12 stations, 2 grid units apart, each with a 40-letter name that
    has nowhere to break: far more name than paper."""
    colors = ["#e3000f", "#0066b3", "#00963f", "#f28c00", "#7b2c83", "#8c5a2b", "#333333",
              "#00a3e0"]
    stations = [f"  - {{id: {r * 12 + c + 1}, x: {2 * c}, y: {2 * r}, "
                f"name: {'Abcdefghij' * 3}abcdefgh{r * 12 + c + 1:02d}}}"
                for r in range(8) for c in range(12)]
    lines = [f"  - {{id: {chr(65 + r)}, color: '{colors[r]}', windows: 2, bonus: [3, 1], "
             f"stations: [{', '.join(str(r * 12 + c + 1) for c in range(12))}]}}"
             for r in range(8)]
    path = tmp_path / "packed.yaml"
    path.write_text("format: scorepad/vv-map@1\nid: packed\nname: Packed\nstations:\n"
                    + "\n".join(stations) + "\nlines:\n" + "\n".join(lines) + "\n",
                    encoding="utf-8")
    return path


def test_a_map_that_cannot_be_named_gets_one_warning_line(runner, tmp_path, monkeypatch):
    from scorepad.sheets.voll_verplant import sheet_layout

    path = packed_map(tmp_path)
    net = load_network(str(path))
    left_out = sheet_layout(net, "a4", "en", True).unnamed
    assert len(left_out) > 1
    listed = ", ".join(f"{sid} ({name})" for sid, name in left_out.items())
    result = run(runner, "sheet", path, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 0, result.output
    want = f"warning: {path}: no room for the names of stations {listed}"
    assert [line for line in result.stderr.splitlines() if "no room" in line] == [want]
    # vv render draws the same sheet and says the same, once
    ann = MarkedSheet(net.id, "Ann", frozenset({1}), {}, {}, {}, frozenset())
    monkeypatch.setattr("scorepad.app.vv_files.load_marked_sheets", lambda _: (net, [ann]),
                        raising=False)
    result = run(runner, "render", "game.yaml", "-o", tmp_path / "r.pdf")
    assert result.exit_code == 0, result.output
    assert [line for line in result.stderr.splitlines() if "no room" in line] == [
        want.replace(str(path), "game.yaml")]


def test_a_default_name_never_replaces_a_file(runner, tmp_path, monkeypatch):
    """`vv render madrid.yaml` after `vv sheet madrid`: the blank sheet stays, the marked
    one takes the next free name (as the game logs do); -o names the file to write."""
    monkeypatch.chdir(tmp_path)
    assert run(runner, "sheet", "madrid").exit_code == 0
    blank = (tmp_path / "output" / "madrid.pdf").read_bytes()
    result = run(runner, "simulate", "madrid", "--players", "2", "-n", "1", "--logs", "logs")
    assert result.exit_code == 0, result.output
    (tmp_path / "madrid.yaml").write_bytes((tmp_path / "logs" / "game-0.yaml").read_bytes())
    result = run(runner, "render", "madrid.yaml")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "wrote output/madrid-2.pdf (2 pages)"
    assert (tmp_path / "output" / "madrid.pdf").read_bytes() == blank
    # one SVG a player: the number is chosen so that none of them replaces a file
    (tmp_path / "output" / "madrid-P2.svg").write_text("kept")
    result = run(runner, "render", "madrid.yaml", "--format", "svg")
    assert result.stdout.split() == ["wrote", "output/madrid-2-P1.svg", "wrote",
                                     "output/madrid-2-P2.svg"]
    assert (tmp_path / "output" / "madrid-P2.svg").read_text() == "kept"
    assert run(runner, "render", "madrid.yaml", "-o", "output/madrid.pdf").exit_code == 0
    assert (tmp_path / "output" / "madrid.pdf").read_bytes() != blank
