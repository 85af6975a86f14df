"""``mf aid``: the printable score aids. Read back with pypdf, checked for margins, fit and
determinism, and rasterized with pdftoppm."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.main import root
from scorepad.rules.common.catalogue import table
from scorepad.sheets.draw import Group, Rect, Text, bbox, luminance, text_box, tint, walk
from scorepad.sheets.labels import LANGS
from scorepad.sheets.mille_fiori import (
    AREA_COLORS,
    MARGIN,
    aid_pages,
    examples,
)

PT = 72 / 25.4


def pdf_text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def test_default_aid_pages_and_their_contents(runner, tmp_path):
    out = tmp_path / "aid.pdf"
    result = runner.invoke(root, ["mf", "aid", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2 + 4  # player aid, scoring table, a tracker per player
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / PT), round(float(box.height) / PT)) == (210, 297)
    aid, table, tracker = pdf_text(out)[:3]
    for heading in ("Workshops", "Residences", "Townspeople", "Trade", "Harbor", "Ship track"):
        assert heading in aid
    # the worked examples, as computed by hand from the rules
    assert "group of 3 on pigments: 3 × 2 = 6" in aid
    assert "3 + 4 + 2 = 9" in aid
    assert "3 on the column: you 3, others 6: bonus card" in aid
    assert "2 goods beside it: 3 for each diamond" in aid
    assert "10+B" in aid and "Display empty: 5 points" in aid
    # the scoring table: k × n on the trade column, harbor payouts, pyramid values
    assert "Trade: your diamonds on the column" in table and "25" in table
    assert "0 1 3 6 10" in " ".join(table.split())
    assert "3 to 2 middles, 1 to 3 bottoms" in table
    # 4 players by default: the deck deals them 5 rounds (issue 14: sized by --players)
    assert "Name:" in tracker and "100" in tracker and "round 5" in tracker
    assert "round 6" not in tracker


def test_worked_examples_are_the_engines_and_match_the_rules():
    ex = examples()
    assert ex["workshops"]["you"] == 6 and ex["workshops"]["bonus"]
    assert ex["residences"]["you"] == 3 + 4 + 2
    # top on a matching symbol 6 × 2, plus Ann's own middle (3) and bottom (1) as supporters
    assert ex["townspeople"]["you"] == 12 + 3 + 1 and ex["townspeople"]["others"] == 3 + 1 + 1
    assert ex["townspeople"]["bonus"]
    assert (ex["trade"]["you"], ex["trade"]["others"], ex["trade"]["bonus"]) == (3, 6, True)
    assert (ex["harbor"]["you"], ex["harbor"]["others"]) == (3, 6)


def test_players_paper_and_language(runner, tmp_path):
    out = tmp_path / "aid.pdf"
    result = runner.invoke(root, ["mf", "aid", "-o", str(out), "--players", "2",
                                  "--paper", "letter", "--lang", "de"])
    assert result.exit_code == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == 4
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / PT, 1), round(float(box.height) / PT, 1)) == (215.9, 279.4)
    text = pdf_text(out)
    assert "Werkstätten" in text[0] and "Spielhilfe" in text[0]
    assert "Wertungstabelle" in text[1] and "Merkblatt" in text[2]
    out_fr = tmp_path / "fr.pdf"
    runner.invoke(root, ["mf", "aid", "-o", str(out_fr), "--lang", "fr"])
    assert "Ateliers" in pdf_text(out_fr)[0]


def test_pdf_is_deterministic(runner, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    runner.invoke(root, ["mf", "aid", "-o", str(a)])
    runner.invoke(root, ["mf", "aid", "-o", str(b)])
    assert a.read_bytes() == b.read_bytes()


def test_svg_writes_one_file_per_page_with_the_same_words(runner, tmp_path):
    result = runner.invoke(root, ["mf", "aid", "-o", str(tmp_path / "aid.svg"), "--players", "1"])
    assert result.exit_code == 0
    names = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert names == ["aid-player.svg", "aid-table.svg", "aid-tracker-1.svg"]
    svg = (tmp_path / "aid-player.svg").read_text()
    assert 'viewBox="0 0 210 297"' in svg and "Workshops" in svg
    assert "group of 3 on pigments" in svg


def test_format_conflicting_with_the_suffix_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(root, ["mf", "aid", "-o", str(tmp_path / "a.pdf"), "--format", "svg"])
    assert result.exit_code == 2 and "--format is svg" in result.stderr


def test_every_word_exists_in_every_language():
    words = table("mf.")
    assert words  # the aid's words are in the one catalogue of all games
    for key, texts in words.items():
        assert set(texts) == set(LANGS), key
        assert all(texts[lang].strip() for lang in LANGS), key


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_everything_stays_inside_the_margins_and_inside_its_block(paper, lang):
    for name, page in aid_pages(paper=paper, lang=lang, players=1):
        for prim, dx, dy in walk(page.items):
            box = bbox(prim)
            assert box is not None
            x0, y0, x1, y1 = box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy
            assert x0 >= MARGIN - 0.6 and x1 <= page.width - MARGIN + 0.6, (name, prim)
            assert y0 >= MARGIN - 0.6 and y1 <= page.height - MARGIN + 0.6, (name, prim)
        # on the player aid, every text of an area block stays inside the block's frame
        for block in page.items:
            if not (isinstance(block, Group) and (block.tag or "").startswith("area ")):
                continue
            frame = block.items[0]
            assert isinstance(frame, Rect)
            for prim, dx, dy in walk(block.items):
                if isinstance(prim, Text):
                    x0, y0, x1, y1 = text_box(prim)
                    assert frame.x <= x0 + dx and x1 + dx <= frame.x + frame.w, (lang, prim.text)
                    assert frame.y <= y0 + dy and y1 + dy <= frame.y + frame.h, (lang, prim.text)


def test_readable_in_greyscale():
    # heading bands are light enough for black text; your and others' diamonds differ
    for color in AREA_COLORS.values():
        assert luminance(tint(color, 0.72)) > 0.7
    from scorepad.sheets.mille_fiori import OTHER, YOU
    assert luminance(OTHER) - luminance(YOU) > 0.5


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_rasterized_pages_have_ink_and_clean_margins(runner, tmp_path):
    out = tmp_path / "aid.pdf"
    runner.invoke(root, ["mf", "aid", "-o", str(out), "--players", "1"])
    subprocess.run(["pdftoppm", "-gray", "-r", "30", str(out), str(tmp_path / "p")], check=True)
    pages = sorted(tmp_path.glob("p-*.pgm"))
    assert len(pages) == 3
    for path in pages:
        width, height, pixels = _read_pgm(path)
        edge = round(8 / 25.4 * 30)  # 8 mm of paper all round must stay blank
        dark = [(i % width, i // width) for i, v in enumerate(pixels) if v < 200]
        assert len(dark) > 0.02 * width * height
        assert all(edge <= x < width - edge and edge <= y < height - edge for x, y in dark)


def _read_pgm(path: Path) -> tuple[int, int, bytes]:
    data = path.read_bytes()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P5"
    width, height = int(parts[1]), int(parts[2])
    return width, height, parts[4][-width * height:]


def _diagram_shapes(group):
    """The texts and the diamonds (each as the box round it, its ring as a disc) of one
    worked-example diagram, at their places on the page."""
    from scorepad.sheets import layout as geo
    from scorepad.sheets.draw import Circle, Polyline
    from scorepad.sheets.mille_fiori import OTHER, YOU

    texts, marks = [], []
    for prim, dx, dy in walk(group.items):
        if isinstance(prim, Text):
            x0, y0, x1, y1 = text_box(prim)
            texts.append((prim.text, geo.Box(x0 + dx, y0 + dy, x1 + dx, y1 + dy)))
        elif isinstance(prim, Circle) and prim.style.dash:  # the new diamond's ring
            marks.append(geo.Disc(prim.cx + dx, prim.cy + dy, prim.r + prim.style.width / 2))
        elif isinstance(prim, Polyline) and (prim.style.fill in (YOU, OTHER)
                                             or prim.tag == "triangle"):
            x0, y0, x1, y1 = bbox(prim)
            marks.append(geo.Box(x0 + dx, y0 + dy, x1 + dx, y1 + dy))
    return texts, marks


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_diagram_words_are_whole_readable_and_touch_nothing(paper, lang):
    # The overlap test of the sheets' labels: no text over another text or over a diamond
    # or the dashed ring of the new one; every word whole (no 3-letter abbreviations) and at
    # least 6 pt, on Letter too.
    from scorepad.sheets import layout as geo

    whole = {texts[lang] for texts in table("mf.").values()}
    page = dict(aid_pages(paper=paper, lang=lang, players=1))["player"]
    diagrams = [item for block in page.items if isinstance(block, Group)
                for item in block.items
                if isinstance(item, Group) and (item.tag or "").startswith("example ")]
    assert len(diagrams) == 5
    for diagram in diagrams:
        texts, marks = _diagram_shapes(diagram)
        for k, (text, box) in enumerate(texts):
            for other, obox in texts[k + 1:]:
                assert not geo.overlap(box, obox), (diagram.tag, text, other)
            assert not any(geo.overlap(box, m) for m in marks), (diagram.tag, text)
            if not text.startswith("+") and not text.isdigit():
                assert text in whole, (diagram.tag, text)  # a word of the table, whole
    for name, each in aid_pages(paper=paper, lang=lang, players=2):
        for prim, _, _ in walk(each.items):
            if isinstance(prim, Text):
                assert prim.size >= 6 / PT - 1e-9, (name, prim.text, prim.size * PT)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tracker_has_a_box_per_round_of_that_game(runner, tmp_path, players):
    # The rules: 5 cards each round, the deck of 109 (less the display) decides how many
    # rounds; the engine's config counts them. The tracker's round row has one box per round.
    from scorepad.rules.mille_fiori.engine import make_config
    from scorepad.rules.mille_fiori.ruleset import default_rules

    rounds = make_config(players, default_rules()).rounds
    out = tmp_path / "aid.svg"
    result = runner.invoke(root, ["mf", "aid", "-o", str(out), "--players", str(players)])
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "aid-tracker-1.svg").read_text()
    heads = re.findall(r">round (\d+)<", svg)
    assert [int(n) for n in heads] == list(range(1, rounds + 1))
    # the counts differ
    assert len({make_config(n, default_rules()).rounds for n in (2, 3, 4)}) == 3


def test_the_fields_heading_says_every_player_may_take_a_value():
    from scorepad.sheets.mille_fiori import scoring_table_page

    for lang, words in (("en", "each player who meets a condition takes the highest value "
                               "still free"),
                        ("de", "wer eine Bedingung erfüllt, nimmt den höchsten noch freien Wert"),
                        ("fr", "chaque joueur qui remplit une condition")):
        texts = " ".join(p.text for p, _, _ in walk(scoring_table_page(lang=lang).items)
                         if isinstance(p, Text))
        assert words in texts, lang
        assert "first to meet" not in texts
