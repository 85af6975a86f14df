"""The printable Floris score pad, read back: texts, page size, determinism, SVG = PDF, margins."""

from __future__ import annotations

import io
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from scorepad.main import root
from scorepad.rules.common.catalogue import table
from scorepad.rules.floris.ruleset import default_rules
from scorepad.sheets.draw import Text, bbox, walk
from scorepad.sheets.floris import LABEL_WIDTH, MARGIN, pad_page

MM = 72 / 25.4


def make(runner, tmp_path, *args, name="pad.pdf"):
    out = tmp_path / name
    result = runner.invoke(root, ["floris", "pad", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


def pdf_lines(path) -> list[str]:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    assert len(reader.pages) == 1
    return [line.strip() for line in reader.pages[0].extract_text().splitlines() if line.strip()]


def svg_texts(path) -> list[str]:
    tree = ET.fromstring(path.read_text())
    return [el.text.strip() for el in tree.iter("{http://www.w3.org/2000/svg}text")
            if el.text and el.text.strip()]


def test_default_pad_has_headings_rules_and_bonus_table(runner, tmp_path):
    lines = pdf_lines(make(runner, tmp_path))
    text = "\n".join(lines)
    for heading in ("Floris – score pad", "Bouquet", "Final bouquet", "Penalty (\u22121/card)",
                    "Total", "ruleset floris-1"):
        assert heading in lines
    assert lines.count("Name") == 4                     # four player columns by default
    first_row = lines.index("Bouquet") + 1 + 4          # after the header and the 4 names
    assert lines[first_row:first_row + 12] == [str(n) for n in range(1, 13)]
    # the rules reminder
    assert "All the cards in your hand, at least 5 flowers, and one of:" in text
    assert "1. All flowers of one type" in text
    assert "2. Every type the same count" in text
    assert "3. At least 3 types counting 1-2-3" in text
    assert "Each card left in hand and each discarded card: \u22121 point." in text
    assert "Highest total wins; a tie is shared." in text
    # the bonus table: flowers 5..15 → points, by hand: 9 → 10, 10 → 12, 15 → 22
    flowers = lines.index("Flowers")
    assert lines[flowers + 1:flowers + 12] == [str(n) for n in range(5, 16)]
    points = lines.index("Points")
    assert lines[points + 1:points + 12] == ["5", "6", "7", "8", "10", "12", "14", "16", "18",
                                             "20", "22"]


@pytest.mark.parametrize("paper, size", [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_page_size(runner, tmp_path, paper, size):
    page = PdfReader(make(runner, tmp_path, "--paper", paper)).pages[0]
    assert float(page.mediabox.width) == pytest.approx(size[0], abs=0.1)
    assert float(page.mediabox.height) == pytest.approx(size[1], abs=0.1)


def test_pdf_is_deterministic(runner, tmp_path):
    one = make(runner, tmp_path, name="one.pdf").read_bytes()
    two = make(runner, tmp_path, name="two.pdf").read_bytes()
    assert one == two


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_svg_has_the_same_texts_as_the_pdf(runner, tmp_path, lang):
    pdf = make(runner, tmp_path, "--lang", lang)
    svg = make(runner, tmp_path, "--lang", lang, name="pad.svg")     # format from the suffix
    assert svg.read_text().startswith("<svg")
    assert sorted(svg_texts(svg)) == sorted(pdf_lines(pdf))


@pytest.mark.parametrize("lang, words", [
    ("de", ["Floris – Punkteblock", "Letzter Strauß", "Strafe (\u22121/Karte)", "Summe",
            "1. Alle Blumen einer Sorte", "Gänseblümchen"]),
    ("fr", ["Floris – feuille de score", "Dernier bouquet", "Pénalité (\u22121/carte)",
            "1. Toutes les fleurs d'une même sorte", "tournesol"]),
])
def test_languages(runner, tmp_path, lang, words):
    lines = pdf_lines(make(runner, tmp_path, "--lang", lang))
    for w in words:
        assert w in lines


def test_every_word_exists_in_every_language():
    floris = table("floris.")
    assert floris  # the pad's words are in the one catalogue of all games
    for key, texts in floris.items():
        assert set(texts) == {"en", "de", "fr"}, key


def test_rules_file_changes_what_is_printed(runner, tmp_path):
    rules = tmp_path / "r.yaml"
    rules.write_text("run_starts_at_one: false\nbonus_from: 10\nbonus_per_flower: 2\n"
                     "penalty_per_card: 2\nfinal_bouquet: whole_hand\nties: more_bouquets\n")
    lines = pdf_lines(make(runner, tmp_path, "--rules", str(rules)))
    text = "\n".join(lines)
    assert "3. At least 3 types with consecutive counts (1-2-3, 2-3-4, 1-2-3-4…)" in text
    assert "1 point per flower; from 10 flowers on a bonus:" in text
    points = lines.index("Points")
    # flowers 6..16: 10 → 10 + 2, 11 → 11 + 4, 16 → 16 + 14
    assert lines[points + 1:points + 12] == ["6", "7", "8", "9", "12", "15", "18", "21", "24",
                                             "27", "30"]
    assert "Penalty (\u22122/card)" in lines
    assert "\u22122 points." in text
    assert "made of the whole hand" in text
    assert "more bouquets presented" in text


def test_players_option_sets_the_columns(runner, tmp_path):
    assert pdf_lines(make(runner, tmp_path, "--players", "2")).count("Name") == 2
    # Floris is for 2-5 players (a published listing says 2-5): five columns fit
    assert pdf_lines(make(runner, tmp_path, "--players", "5")).count("Name") == 5
    result = runner.invoke(root, ["floris", "pad", "--players", "6", "-o", str(tmp_path / "x")])
    assert result.exit_code == 2


def test_format_conflicting_with_suffix_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(root, ["floris", "pad", "-o", str(tmp_path / "p.svg"),
                                  "--format", "pdf"])
    assert result.exit_code == 2
    assert "ends in .svg but --format is pdf" in result.stderr
    assert not (tmp_path / "p.svg").exists()


def test_default_output_path(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(root, ["floris", "pad", "--format", "svg"])
    assert result.exit_code == 0
    assert (tmp_path / "output" / "floris-pad.svg").read_text().startswith("<svg")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("players", [1, 4])
def test_everything_stays_inside_the_margins_and_labels_fit(paper, lang, players):
    page = pad_page(default_rules(), paper=paper, lang=lang, players=players)
    for item, dx, dy in walk(page.items):
        x0, y0, x1, y1 = bbox(item)
        assert x0 + dx >= MARGIN - 0.5 and x1 + dx <= page.width - MARGIN + 0.5, item
        assert y0 + dy >= MARGIN - 0.5 and y1 + dy <= page.height - MARGIN + 0.5, item
        if isinstance(item, Text) and "row-label" in (item.tag or ""):
            assert x1 - x0 <= LABEL_WIDTH - 2, item.text


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_rasterized_pad_has_ink_in_the_table_and_clean_margins(runner, tmp_path):
    pdf = make(runner, tmp_path)
    pgm = subprocess.run(["pdftoppm", "-gray", "-r", "30", str(pdf)], check=True,
                         capture_output=True).stdout
    magic, size, _depth, pixels = pgm.split(b"\n", 3)     # P5, "W H", 255, the grey bytes
    assert magic == b"P5"
    width, height = map(int, size.split())
    assert len(pixels) == width * height

    def dark(x0, y0, x1, y1):       # share of dark pixels in a box given in mm
        px = [pixels[y * width + x] for y in range(int(y0 * 30 / 25.4), int(y1 * 30 / 25.4))
              for x in range(int(x0 * 30 / 25.4), int(x1 * 30 / 25.4))]
        return sum(1 for p in px if p < 128) / len(px)

    assert dark(0, 0, 210, 8) == 0                 # top margin
    assert dark(0, 289, 210, 297) == 0             # bottom margin
    assert dark(0, 0, 8, 297) == 0 and dark(202, 0, 210, 297) == 0
    assert dark(12, 24, 198, 200) > 0.02           # the grid
    assert dark(12, 10, 80, 20) > 0.02             # the title
