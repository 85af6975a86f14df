"""Printed text in any alphabet: the PDF (reportlab's canvas, an embedded subset font) and the
SVG read back letter for letter; ``--font``; a character the font lacks is an error; a pad
stays small; the same input gives the same bytes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from scorepad.main import root
from scorepad.sheets.draw import Page, Text
from scorepad.sheets.fonts import FONT_DIR, MissingGlyph, font_in_use
from scorepad.sheets.pdf import render_pdf
from scorepad.sheets.svg import render_svg

DATA = Path(__file__).parent / "data"
UNICODE_MAP = DATA / "unicode_map.yaml"
TINY = DATA / "tiny.yaml"
SVG = "{http://www.w3.org/2000/svg}"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")      # fonts-dejavu-core
CJK = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")  # fonts-droid-fallback
# Polish, Czech, Greek and Cyrillic (Russian, Ukrainian) names of tests/data/unicode_map.yaml
# that the sheet has room for.
NAMES = {2: "Łódź Fabryczna", 3: "Świętokrzyska", 4: "Můstek", 6: "Náměstí Míru",
         7: "Σύνταγμα Hradčanská", 8: "Μοναστηράκι", 10: "Охотный Ряд", 11: "Київська",
         12: "Площадь Революции"}
PLAYER = "Zoë Łukasiewicz-Müller"


def vv(runner, *args):
    return runner.invoke(root, ["vv", *[str(a) for a in args]])


def pdf_lines(path: Path) -> list[str]:
    return [line for page in PdfReader(path).pages for line in page.extract_text().splitlines()]


def svg_texts(path: Path) -> dict[str, str]:
    return {el.get("class"): el.text for el in ET.parse(path).getroot().iter(f"{SVG}text")
            if el.get("class")}


def embedded_fonts(path: Path) -> dict[str, int]:
    """Base font name → size of its embedded font file, over every page and form."""
    fonts: dict[str, int] = {}
    reader = PdfReader(path)

    def visit(resources) -> None:
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            file = font["/FontDescriptor"].get_object().get("/FontFile2")
            fonts[str(font["/BaseFont"])] = len(file.get_object().get_data()) if file else 0
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                visit(xobject["/Resources"].get_object())

    for page in reader.pages:
        visit(page["/Resources"].get_object())
    return fonts


def test_polish_czech_greek_and_cyrillic_names_round_trip(runner, tmp_path):
    for fmt in ("pdf", "svg"):
        result = vv(runner, "sheet", UNICODE_MAP, "-o", tmp_path / f"u.{fmt}")
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
    lines = pdf_lines(tmp_path / "u.pdf")
    texts = svg_texts(tmp_path / "u.svg")
    for sid, name in NAMES.items():
        assert name in lines, name                      # every letter, accent and script
        assert texts[f"name name-{sid}"] == name
    every_svg_text = [el.text for el in ET.parse(tmp_path / "u.svg").iter(f"{SVG}text")]
    for words in ("Międzymiastowo", "Ünïcødé test map: Warszawa, Praha, Αθήνα, Москва.", "Ж"):
        assert words in lines and words in every_svg_text
    assert PdfReader(tmp_path / "u.pdf").metadata.title == "Voll verplant – Międzymiastowo"


def test_a_rendered_players_name_keeps_every_letter(runner, tmp_path):
    log = tmp_path / "game.yaml"
    log.write_text(f"format: scorepad/vv-game@1\nmap: {TINY}\nplayers: ['{PLAYER}']\n"
                   "rounds:\n  - card: 4\n    moves: {'" + PLAYER + "': {line: A, crosses: 4}}\n",
                   encoding="utf-8")
    for fmt in ("pdf", "svg"):
        result = vv(runner, "render", log, "-o", tmp_path / f"game.{fmt}")
        assert result.exit_code == 0, result.output
    assert PLAYER in pdf_lines(tmp_path / "game.pdf")
    assert PdfReader(tmp_path / "game.pdf").metadata.title == f"Voll verplant – Tiny ({PLAYER})"
    assert svg_texts(tmp_path / "game.svg")["player"] == PLAYER
    if DEJAVU.is_file():  # and in another font
        result = vv(runner, "render", log, "--font", DEJAVU, "-o", tmp_path / "dejavu.pdf")
        assert result.exit_code == 0, result.output
        assert PLAYER in pdf_lines(tmp_path / "dejavu.pdf")
        assert all("DejaVu" in name for name in embedded_fonts(tmp_path / "dejavu.pdf"))


def test_svg_escapes_text_and_names_the_font_family():
    page = Page(60, 20, [Text(5, 10, 'a < b & "c" > d — Ωμέγα', tag="words")])
    svg = render_svg(page, embed_fonts=True)
    assert "a &lt; b &amp; &quot;c&quot; &gt; d — Ωμέγα" in svg
    text = ET.fromstring(svg).find(f".//{SVG}text")
    assert text.text == 'a < b & "c" > d — Ωμέγα'
    family = [f.strip() for f in text.get("font-family").split(",")]
    # the embedded subset first (issue 24), then the font by name, then the fallbacks
    assert family[:2] == ["'scorepad-0'", "'Liberation Sans'"] and family[-1] == "sans-serif"
    assert "@font-face{font-family:'scorepad-0';src:url(data:font/ttf;base64," in svg


def test_the_font_is_embedded_as_a_subset(runner, tmp_path):
    out = tmp_path / "berlin.pdf"
    assert vv(runner, "sheet", "berlin", "-o", out).exit_code == 0
    fonts = embedded_fonts(out)
    full = (FONT_DIR / "LiberationSans-Regular.ttf").stat().st_size
    assert {name.split("+", 1)[1] for name in fonts} == {
        "LiberationSans", "LiberationSans-Bold", "LiberationSans-Italic"}
    for name, size in fonts.items():
        prefix = name.lstrip("/").split("+", 1)[0]
        assert len(prefix) == 6 and prefix.isupper()   # the PDF's mark of a subset
        assert 0 < size < full / 4                      # embedded, and only the glyphs used
    assert "Helvetica" not in str(fonts)


@pytest.mark.skipif(not DEJAVU.is_file(), reason="fonts-dejavu-core (make install) missing")
def test_font_option_prints_with_another_font_and_its_bold(runner, tmp_path):
    for fmt in ("pdf", "svg"):
        result = vv(runner, "sheet", UNICODE_MAP, "--font", DEJAVU, "-o", tmp_path / f"d.{fmt}")
        assert result.exit_code == 0, result.output
    names = {name.split("+", 1)[1] for name in embedded_fonts(tmp_path / "d.pdf")}
    # The bold and oblique are the files beside DejaVuSans.ttf; nothing of the bundled font
    # is needed (DejaVu has every letter of the map).
    assert names == {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"}
    root_el = ET.parse(tmp_path / "d.svg").getroot()
    family = root_el.find(f".//{SVG}text").get("font-family")
    # DejaVu's subset embedded first (it draws every letter), then the fonts by name
    assert family.startswith("'scorepad-0', 'DejaVu Sans', 'Liberation Sans'")
    assert set(NAMES.values()) & set(pdf_lines(tmp_path / "d.pdf"))
    # The next command without --font is back to the bundled font.
    assert vv(runner, "sheet", UNICODE_MAP, "-o", tmp_path / "b.pdf").exit_code == 0
    assert all("Liberation" in n for n in embedded_fonts(tmp_path / "b.pdf"))


def cjk_map(tmp_path: Path) -> Path:
    text = TINY.read_text().replace("{id: 3, x: 2, y: 0}", "{id: 3, x: 2, y: 0, name: 東京}")
    path = tmp_path / "tokyo.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_character_the_font_lacks_is_an_error_naming_station_and_character(runner,
                                                                               tmp_path):
    city = cjk_map(tmp_path)
    for fmt in ("pdf", "svg"):
        out = tmp_path / f"tokyo.{fmt}"
        result = vv(runner, "sheet", city, "-o", out)
        assert result.exit_code == 1
        assert result.stderr.strip() == (
            f"{city}: station 3's name '東京': the font Liberation Sans cannot draw '東' "
            "(U+6771 CJK UNIFIED IDEOGRAPH-6771); give --font FILE with a font that has it")
        assert not out.exists()
    with pytest.raises(MissingGlyph) as err:
        render_pdf([Page(20, 20, [Text(1, 5, "A\u0378", tag="player")])], title="x")
    assert "the player's name" in str(err.value) and "U+0378" in str(err.value)
    symbol = tmp_path / "symbol.yaml"
    symbol.write_text(TINY.read_text().replace("name: Tiny", "name: Tiny\nsymbol: 東"),
                      encoding="utf-8")
    result = vv(runner, "sheet", symbol, "--format", "svg", "-o", tmp_path / "s.svg")
    assert result.exit_code == 1 and result.stderr.startswith(f"{symbol}: the map's symbol '東'")


def test_the_bundled_font_ships_with_its_licence():
    licence = (FONT_DIR / "LICENSE").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Liberation" in licence


@pytest.mark.skipif(not CJK.is_file(), reason="fonts-droid-fallback (make install) missing")
def test_a_cjk_font_prints_cjk_and_takes_latin_from_the_bundled_font(runner, tmp_path):
    city = cjk_map(tmp_path)
    out = tmp_path / "tokyo.pdf"
    result = vv(runner, "sheet", city, "--font", CJK, "-o", out)
    assert result.exit_code == 0, result.output
    lines = pdf_lines(out)
    assert "東京" in lines and "Player" in lines  # Droid Sans Fallback has no Latin letters
    names = {name.split("+", 1)[1] for name in embedded_fonts(out)}
    assert "DroidSansFallback" in names and "LiberationSans" in names
    svg = tmp_path / "tokyo.svg"
    assert vv(runner, "sheet", city, "--font", CJK, "-o", svg).exit_code == 0
    assert svg_texts(svg)["name name-3"] == "東京"
    hangul = tmp_path / "seoul.yaml"
    hangul.write_text(city.read_text(encoding="utf-8").replace("東京", "서울"), encoding="utf-8")
    result = vv(runner, "sheet", hangul, "--font", CJK, "-o", tmp_path / "seoul.pdf")
    assert result.exit_code == 1
    assert "neither Droid Sans Fallback nor Liberation Sans can draw '서'" in result.stderr


def cff_font(path: Path) -> Path:
    """A tiny OpenType font with PostScript (CFF) outlines: a space and two square glyphs
    for 東 and 京, as most .otf CJK fonts are built (reportlab alone cannot embed those)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    def square(width: int, inset: int):
        pen = T2CharStringPen(width, None)
        pen.moveTo((inset, 0))
        pen.lineTo((inset, 700))
        pen.lineTo((width - inset, 700))
        pen.lineTo((width - inset, 0))
        pen.closePath()
        return pen.getCharString()

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "space", "uni6771", "uni4EAC"])
    builder.setupCharacterMap({0x20: "space", 0x6771: "uni6771", 0x4EAC: "uni4EAC"})
    builder.setupCFF("TestCFFSans", {"FullName": "Test CFF Sans"},
                     {".notdef": square(500, 50), "space": T2CharStringPen(300, None)
                      .getCharString(), "uni6771": square(1000, 100),
                      "uni4EAC": square(1000, 200)}, {})
    builder.setupHorizontalMetrics({".notdef": (500, 50), "space": (300, 0),
                                    "uni6771": (1000, 100), "uni4EAC": (1000, 200)})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": "Test CFF Sans", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.save(str(path))
    return path


def test_an_opentype_font_with_postscript_outlines_is_embedded_as_truetype(runner, tmp_path):
    city, font = cjk_map(tmp_path), cff_font(tmp_path / "TestCFF.otf")
    for n in (1, 2):
        result = vv(runner, "sheet", city, "--font", font, "-o", tmp_path / f"{n}.pdf")
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
    out = tmp_path / "1.pdf"
    assert out.read_bytes() == (tmp_path / "2.pdf").read_bytes()
    lines = pdf_lines(out)
    assert "東京" in lines and "Player" in lines
    # Embedded as FontFile2 (TrueType outlines, converted from the CFF ones), as a subset.
    sizes = [size for name, size in embedded_fonts(out).items() if "+Test-CFF-Sans" in name]
    assert len(sizes) == 1 and sizes[0] > 0
    assert vv(runner, "sheet", city, "--font", font, "-o", tmp_path / "t.svg").exit_code == 0
    assert svg_texts(tmp_path / "t.svg")["name name-3"] == "東京"


def test_a_file_that_is_no_font_is_a_usage_error(runner, tmp_path):
    bogus = tmp_path / "bogus.ttf"
    bogus.write_bytes(b"not a font at all")
    result = vv(runner, "sheet", "berlin", "--font", bogus, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{bogus}: --font: not a usable TrueType or OpenType font")
    result = vv(runner, "sheet", "berlin", "--font", tmp_path / "none.ttf", "-o",
                tmp_path / "x.pdf")
    assert result.exit_code == 2 and "no such font file" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("command", [["vv", "render", "--help"], ["vv", "sheet", "--help"],
                                     ["mf", "aid", "--help"], ["floris", "pad", "--help"]])
def test_every_printing_command_takes_a_font(runner, command):
    assert "--font FILE" in runner.invoke(root, command).output


@pytest.mark.skipif(not DEJAVU.is_file(), reason="fonts-dejavu-core (make install) missing")
def test_mf_aid_and_floris_pad_use_the_font(runner, tmp_path):
    for command, name in ((["mf", "aid"], "aid.pdf"), (["floris", "pad"], "pad.pdf")):
        out = tmp_path / name
        result = runner.invoke(root, [*command, "--font", str(DEJAVU), "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert all("DejaVu" in n for n in embedded_fonts(out)), name


def test_a_hundred_page_pad_adds_little_per_page(runner, tmp_path):
    one, pad = tmp_path / "one.pdf", tmp_path / "pad.pdf"
    assert vv(runner, "sheet", "madrid", "-o", one).exit_code == 0
    assert vv(runner, "sheet", "madrid", "--pages", 100, "-o", pad).exit_code == 0
    assert len(PdfReader(pad).pages) == 100
    # The sheet is one form: each further page is a page object placing it (< 1 KB), not a
    # copy of the drawing (about 20 KB compressed).
    assert pad.stat().st_size < one.stat().st_size + 99 * 1024


def test_same_input_same_bytes(runner, tmp_path):
    for n in (1, 2):
        assert vv(runner, "sheet", UNICODE_MAP, "--pages", 2, "-o", tmp_path / f"{n}.pdf"
                  ).exit_code == 0
        assert vv(runner, "sheet", UNICODE_MAP, "-o", tmp_path / f"{n}.svg").exit_code == 0
    assert (tmp_path / "1.pdf").read_bytes() == (tmp_path / "2.pdf").read_bytes()
    assert (tmp_path / "1.svg").read_bytes() == (tmp_path / "2.svg").read_bytes()


def test_font_in_use_restores_the_font():
    with font_in_use(FONT_DIR / "LiberationSans-Bold.ttf") as family:
        assert family.faces[(False, False)][0].family == "Liberation Sans"
        pdf = render_pdf([Page(30, 30, [Text(2, 10, "Ab")])], title="t")
    assert pdf.startswith(b"%PDF")


@pytest.mark.skipif(not CJK.is_file(), reason="fonts-droid-fallback (make install) missing")
def test_a_font_without_bold_or_italic_files_gets_them_drawn_in(tmp_path):
    import subprocess

    def ink(item: Text) -> tuple[int, float, float]:
        """Dark pixels, and the mean x of the top and of the bottom row of ink (mm)."""
        path = tmp_path / "t.pdf"
        path.write_bytes(render_pdf([Page(60, 30, [item])], title="t"))
        pgm = subprocess.run(["pdftoppm", "-gray", "-r", "300", str(path)],
                             capture_output=True, check=True).stdout
        _, w, h, _, pixels = pgm.split(maxsplit=4)
        width, height = int(w), int(h)
        rows = [pixels[r * width:(r + 1) * width] for r in range(height)]
        dark = [[x for x, v in enumerate(row) if v < 128] for row in rows]
        inked = [xs for xs in dark if xs]
        px = 300 / 25.4
        return (sum(len(xs) for xs in dark), sum(inked[0]) / len(inked[0]) / px,
                sum(inked[-1]) / len(inked[-1]) / px)

    with font_in_use(CJK) as family:
        assert family.faces[(True, False)][0].fake_bold
        plain = ink(Text(10, 20, "東京", size=12))
        bold = ink(Text(10, 20, "東京", size=12, bold=True))
        italic = ink(Text(10, 20, "東京", size=12, italic=True))
    assert bold[0] > 1.15 * plain[0]            # outlined letters: more ink
    # Slanted: the top of the letters moves right of their foot, as it does not upright.
    assert (italic[1] - italic[2]) - (plain[1] - plain[2]) > 0.5
