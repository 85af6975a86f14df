"""The drawing vocabulary and its two backends (sheets.draw, sheets.pdf, sheets.svg), the
transit-diagram geometry (sheets.layout) and the printed words (sheets.labels)."""

from __future__ import annotations

import io
import itertools
import subprocess
import xml.etree.ElementTree as ET
from math import hypot, isclose

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scorepad.rules.common.catalogue import table
from scorepad.sheets import layout as geo
from scorepad.sheets.draw import (
    Circle,
    Group,
    Line,
    Page,
    Polyline,
    Rect,
    Style,
    Text,
    bbox,
    filled,
    paper_size,
    printable,
    pt,
    stroke,
    text_width,
    walk,
    wrap,
)
from scorepad.sheets.fonts import active as active_font
from scorepad.sheets.labels import LANGS, format_number, label
from scorepad.sheets.pdf import render_pdf
from scorepad.sheets.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"
MM = 72 / 25.4


def sample_page() -> Page:
    page = Page(*paper_size("a4", landscape=True))
    page.add(Rect(20, 30, 50, 20, filled("#000000"), tag="block"))
    page.add(Circle(150, 100, 10, Style(stroke="#000000", fill="#ffffff", width=1.0), tag="ring"))
    page.add(Text(150, 160, "Größe Élysée ×2 ÷2", size=pt(14), anchor="middle", tag="words"))
    group = Group([Line(0, 0, 30, 0, stroke("#0066b3", 1.2, dash=(3, 1)))], dx=200, dy=40)
    page.add(group)
    return page


def raster(pdf: bytes, tmp_path, dpi: int = 50, page: int = 1):
    """The page as a greyscale pixel grid (rows of 0..255) via pdftoppm."""
    path = tmp_path / "page.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page),
                          str(path)], capture_output=True, check=True).stdout
    return parse_pgm(out)


def parse_pgm(data: bytes) -> list[bytes]:
    """Rows of a binary PGM (P5) image."""
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P5"
    width, height = int(parts[1]), int(parts[2])
    pixels = parts[4]
    return [pixels[r * width:(r + 1) * width] for r in range(height)]


# ---------------------------------------------------------------------------- units and text


def test_units_and_paper():
    assert isclose(pt(72), 25.4)
    assert paper_size("a4") == (210.0, 297.0)
    assert paper_size("a4", landscape=True) == (297.0, 210.0)
    assert paper_size("letter", landscape=True) == (279.4, 215.9)


def test_text_width_follows_helvetica_metrics():
    # The bundled Liberation Sans has Helvetica's widths (AFM: H = 722, i = 222 units per
    # 1000; bold H = 722, bold i = 278) to the font's 1/2048 em grid.
    assert isclose(text_width("H", 10), 7.22, abs_tol=0.005)
    assert isclose(text_width("Hi", 10), 9.44, abs_tol=0.01)
    assert isclose(text_width("i", 10, bold=True), 2.78, abs_tol=0.005)
    assert isclose(text_width("ä", 10), text_width("a", 10))


def test_text_width_agrees_with_reportlabs_public_metrics_of_the_embedded_font():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from scorepad.sheets.fonts import active

    family = active()
    for text in ("Größe Élysée ×÷–", "Wagenfenster", "Świętokrzyska Můstek", "Σύνταγμα",
                 "Охотный Ряд", "0123456789"):
        for bold in (False, True):
            face = family.faces[(bold, False)][0]
            assert isclose(text_width(text, 10, bold), stringWidth(text, face.pdf_name, 10))


def test_text_keeps_every_letter_in_composed_form():
    for text in ("Straße Élysée Ça ÿ ×÷–", "Łódź Kőbánya", "A → B", "雪", "Αθήνα Москва"):
        assert printable(text) == text
        assert Text(0, 0, text).text == text
    assert Text(0, 0, "Můstek").text == "Můstek"  # u + combining ring is one letter


def test_wrap_breaks_at_spaces_within_width():
    lines = wrap("one two three four five six", 20, 3.5)
    assert " ".join(lines) == "one two three four five six"
    assert len(lines) > 1
    assert all(text_width(line, 3.5) <= 20 for line in lines)


def test_bbox_includes_stroke_and_group_shift():
    assert bbox(Circle(10, 10, 5, stroke(width=1.0))) == (4.5, 4.5, 15.5, 15.5)
    assert bbox(Rect(0, 0, 4, 2, filled("#000000"))) == (0, 0, 4, 2)
    group = Group([Rect(0, 0, 4, 2, filled("#000000"))], dx=10, dy=20)
    assert bbox(group) == (10, 20, 14, 22)
    assert [(type(p).__name__, dx, dy) for p, dx, dy in walk([Group([group], dx=1)])] == [
        ("Rect", 11, 20)]
    x0, y0, x1, y1 = bbox(Text(50, 20, "Mid", size=4, anchor="middle", valign="middle"))
    assert isclose((x0 + x1) / 2, 50)
    assert y0 < 20 < y1


# ---------------------------------------------------------------------------- PDF


def test_pdf_page_size_title_and_text():
    pdf = render_pdf([sample_page()], title="Größe – test")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert isclose(float(box.width), 297 * MM, abs_tol=0.01)
    assert isclose(float(box.height), 210 * MM, abs_tol=0.01)
    assert reader.metadata.title == "Größe – test"
    assert "Größe Élysée ×2 ÷2" in reader.pages[0].extract_text()


def test_pdf_embeds_only_the_glyphs_its_text_uses():
    # reportlab's TTFont is not ASCII-readable here: its first subset would otherwise carry
    # all of ASCII's glyphs whatever the page prints
    from fontTools.ttLib import TTFont

    pdf = render_pdf([Page(100, 100, [Text(10, 10, "Hö", 5)])], title="x")
    reader = PdfReader(io.BytesIO(pdf))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert len(fonts) == 1
    descriptor = next(iter(fonts.values())).get_object()["/FontDescriptor"]
    embedded = TTFont(io.BytesIO(descriptor["/FontFile2"].get_object().get_data()))
    glyphs = {g for g in embedded.getGlyphOrder()
              if embedded["glyf"][g].numberOfContours != 0}  # drawn, not blank
    assert len(glyphs) < 10, glyphs  # H, ö and its parts, .notdef: not the 95 of ASCII
    assert reader.pages[0].extract_text().strip() == "Hö"


def test_pdf_is_byte_identical_across_runs():
    assert render_pdf([sample_page()], title="x") == render_pdf([sample_page()], title="x")


def test_pdf_draws_a_shared_group_once():
    shared = Group([Circle(10 + i % 19 * 10, 10 + i // 19 * 10, 3, stroke(width=0.3 + i / 1000))
                    for i in range(400)] + [Text(30, 280, "every page", 5)])
    page = Page(210, 297, [shared])
    one = render_pdf([page], title="pad")
    hundred = render_pdf([page] * 100, title="pad")
    reader = PdfReader(io.BytesIO(hundred))
    assert len(reader.pages) == 100
    forms = set()
    for pdf_page in reader.pages:
        xobjects = pdf_page["/Resources"]["/XObject"]
        forms.update(ref.idnum for ref in xobjects.values())
    assert len(forms) == 1  # every page places the same form
    assert "every page" in reader.pages[99].extract_text()
    # 100 pages of one form cost far less than 100 copies of the drawing.
    assert len(hundred) < 4 * len(one)
    assert len(hundred) < len(one) + 99 * 1024


def test_pdf_pixels_land_where_the_mm_coordinates_say(tmp_path):
    rows = raster(render_pdf([sample_page()], title="x"), tmp_path, dpi=50)
    px = 50 / 25.4  # pixels per mm
    assert rows[int(40 * px)][int(45 * px)] < 60          # inside the black block (20..70, 30..50)
    assert rows[int(25 * px)][int(45 * px)] > 200         # above it: paper
    assert rows[int(100 * px)][int(150 * px)] > 200       # the circle's white inside
    assert rows[int(100 * px)][int(160 * px)] < 160       # its 1 mm outline at r = 10


def ink_box(rows: list[bytes], px: float) -> tuple[float, float, float, float]:
    """The box (mm) of the dark pixels of a raster at ``px`` pixels per mm."""
    dark = [(x, y) for y, row in enumerate(rows) for x, v in enumerate(row) if v < 128]
    xs, ys = [x for x, _ in dark], [y for _, y in dark]
    return (min(xs) / px, min(ys) / px, (max(xs) + 1) / px, (max(ys) + 1) / px)


@pytest.mark.parametrize("words", ["Świętokrzyska", "Σύνταγμα", "Охотный Ряд", "Můstek"])
@pytest.mark.parametrize("bold", [False, True])
def test_printed_text_is_as_wide_as_the_layout_measured(tmp_path, words, bold):
    # The glyphs drawn are the font the widths come from: the ink spans the measured box
    # (less the side bearings of the first and last letters), centred on the anchor.
    text = Text(60, 20, words, size=10, bold=bold, anchor="middle", valign="middle")
    rows = raster(render_pdf([Page(120, 40, [text])], title="x"), tmp_path, dpi=200)
    x0, y0, x1, y1 = ink_box(rows, 200 / 25.4)
    width = text_width(words, 10, bold)
    assert 0.9 * width < x1 - x0 <= width + 0.2
    assert abs((x0 + x1) / 2 - 60) < 0.06 * width
    base = text.baseline
    assert base - 0.95 * 10 < y0 and y1 < base + 0.25 * 10  # accented capitals to descenders


def test_rotated_and_italic_text_land_in_their_box(tmp_path):
    for text in (Text(40, 40, "Ωμέγα", size=8, angle=90, anchor="middle", valign="middle"),
                 Text(40, 40, "Жёлтый", size=8, italic=True, anchor="middle",
                      valign="middle")):
        rows = raster(render_pdf([Page(80, 80, [text])], title="x"), tmp_path, dpi=150)
        ix0, iy0, ix1, iy1 = ink_box(rows, 150 / 25.4)
        bx0, by0, bx1, by1 = bbox(text)
        assert bx0 - 0.5 < ix0 and ix1 < bx1 + 0.5 and by0 - 0.5 < iy0 and iy1 < by1 + 0.5
        assert (ix1 - ix0 > iy1 - iy0) == (text.angle == 0)  # upright reads across


# ---------------------------------------------------------------------------- SVG


def test_svg_uses_millimetres_and_keeps_tags():
    root = ET.fromstring(render_svg(sample_page(), title="Sheet"))
    assert root.get("width") == "297mm" and root.get("height") == "210mm"
    assert root.get("viewBox") == "0 0 297 210"
    assert root.find(f"{SVG}title").text == "Sheet"
    rect = root.find(f".//{SVG}rect[@class='block']")
    assert (rect.get("x"), rect.get("y"), rect.get("width"), rect.get("height")) == (
        "20", "30", "50", "20")
    circle = root.find(f".//{SVG}circle[@class='ring']")
    assert (circle.get("cx"), circle.get("cy"), circle.get("r")) == ("150", "100", "10")
    group = root.find(f".//{SVG}g[@transform]")
    assert group.get("transform") == "translate(200 40)"
    assert group.find(f"{SVG}line").get("stroke-dasharray") == "3 1"


def test_svg_and_pdf_print_the_same_words():
    page = sample_page()
    root = ET.fromstring(render_svg(page))
    svg_words = [t.text for t in root.iter(f"{SVG}text")]
    pdf_text = PdfReader(io.BytesIO(render_pdf([page], title="x"))).pages[0].extract_text()
    assert svg_words == ["Größe Élysée ×2 ÷2"]
    assert all(word in pdf_text for word in svg_words)


def test_svg_text_baseline_is_shared_with_pdf():
    text = Text(10, 20, "Ab", size=4, valign="middle")
    root = ET.fromstring(render_svg(Page(50, 50, [text])))
    assert float(root.find(f".//{SVG}text").get("y")) == pytest.approx(text.baseline, abs=1e-3)
    assert text.baseline == pytest.approx(20 + 0.359 * 4)


# ---------------------------------------------------------------------------- layout geometry

coords = st.integers(min_value=-20, max_value=20).map(float)


@settings(max_examples=60, deadline=None)
@given(coords, coords, coords, coords)
def test_routes_are_octilinear_and_join_the_ends(x1, y1, x2, y2):
    if (x1, y1) == (x2, y2):
        return
    for route in geo.routes((x1, y1), (x2, y2)):
        assert route[0] == (x1, y1) and route[-1] == (x2, y2)
        assert len(route) <= 3
        for a, b in itertools.pairwise(route):
            assert geo.is_octilinear(b[0] - a[0], b[1] - a[1])


@settings(max_examples=60, deadline=None)
@given(coords, coords, coords, coords, st.floats(min_value=-0.45, max_value=0.45))
def test_offset_tracks_run_parallel_at_the_offset(x1, y1, x2, y2, d):
    # Offsets below half the shortest piece, as on a sheet (tracks 1.6 mm apart, pieces of 7 mm
    # or more); larger ones are the next test.
    if (x1, y1) == (x2, y2):
        return
    route = geo.routes((x1, y1), (x2, y2))[0]
    normal = geo.canonical_normal(route[0], route[-1])
    shifted = geo.offset_polyline(route, normal, d)
    assert len(shifted) == len(route)
    for (a, b), (p, q) in zip(itertools.pairwise(route),
                              itertools.pairwise(shifted), strict=True):
        # same direction, and every shifted corner lies |d| from the original segment's line
        ux, uy = geo.unit(b[0] - a[0], b[1] - a[1])
        if hypot(q[0] - p[0], q[1] - p[1]) > 1e-9:
            vx, vy = geo.unit(q[0] - p[0], q[1] - p[1])
            assert isclose(ux * vx + uy * vy, 1.0, abs_tol=1e-6)
        for px, py in (p, q):
            dist = abs((px - a[0]) * uy - (py - a[1]) * ux)
            assert isclose(dist, abs(d), abs_tol=1e-6)


def test_an_offset_longer_than_a_piece_keeps_every_piece_pointing_ahead():
    route = ((0.0, 0.0), (1.0, -1.0), (1.0, -2.0))  # a diagonal then a short vertical piece
    shifted = geo.offset_polyline(route, geo.canonical_normal(route[0], route[-1]), 3.0)
    pieces = list(itertools.pairwise(shifted))
    assert len(pieces) == 3  # piece, step, piece
    for (a, b), (p, q) in zip(itertools.pairwise(route), pieces[::2], strict=True):
        assert (b[0] - a[0]) * (q[0] - p[0]) + (b[1] - a[1]) * (q[1] - p[1]) > 0
    step = pieces[1]
    assert hypot(step[1][0] - step[0][0], step[1][1] - step[0][1]) <= 2 * 3.0


def test_canonical_normal_ignores_direction_and_bundles_are_centred():
    p, q = (0.0, 0.0), (3.0, 3.0)
    assert geo.canonical_normal(p, q) == geo.canonical_normal(q, p)
    assert geo.canonical_normal((0, 0), (0, 5)) == geo.canonical_normal((0, 5), (0, 0))
    assert geo.bundle_offsets(3, 1.6) == [-1.6, 0.0, 1.6]
    assert geo.bundle_offsets(1, 1.6) == [0.0]


def test_shape_distances_by_hand():
    assert geo.distance(geo.Disc(0, 0, 1), geo.Disc(5, 0, 1)) == pytest.approx(3)
    assert geo.distance(geo.Box(0, 0, 2, 2), geo.Box(5, 6, 7, 8)) == pytest.approx(5)
    assert geo.distance(geo.Disc(0, 5, 1), geo.Capsule(-5, 0, 5, 0, 0.5)) == pytest.approx(3.5)
    assert geo.distance(geo.Capsule(0, -5, 0, 5, 0.1), geo.Box(-1, -1, 1, 1)) == 0
    assert geo.overlap(geo.Capsule(0, 0, 10, 10, 0.1), geo.Capsule(0, 10, 10, 0, 0.1))
    assert not geo.overlap(geo.Box(0, 0, 1, 1), geo.Disc(3, 3, 1))


boxes = st.builds(lambda x, y, w, h: geo.Box(x, y, x + w, y + h),
                  st.floats(0, 80), st.floats(0, 80), st.floats(0.5, 15), st.floats(0.5, 15))
discs = st.builds(geo.Disc, st.floats(0, 90), st.floats(0, 90), st.floats(0.5, 6))
capsules = st.builds(geo.Capsule, st.floats(0, 90), st.floats(0, 90), st.floats(0, 90),
                     st.floats(0, 90), st.floats(0, 2))
shapes = st.one_of(boxes, discs, capsules)


@settings(max_examples=40, deadline=None)
@given(st.lists(shapes, max_size=25), shapes)
def test_spatial_index_agrees_with_checking_everything(placed, probe):
    index = geo.Obstacles(cell=7.0)
    for shape in placed:
        index.add(shape)
    assert index.hits(probe, 0.2) == any(geo.overlap(probe, s, 0.2) for s in placed)


@settings(max_examples=150, deadline=None)
@given(st.lists(shapes, max_size=25), shapes, st.sampled_from([0.0, 0.05, 0.2, 1.5]),
       st.sets(st.integers(0, 24)), st.integers(0, 3))
def test_spatial_index_hits_exactly_what_distance_says(placed, probe, gap, left_out, popped):
    # hits measures a box inline (not through distance): the answer must still be exactly
    # ``distance(...) <= gap`` over what is left (what is ignored, skipped or popped
    # excluded), up to the rounding of the bounding-box test.
    index = geo.Obstacles(cell=5.0)
    for shape in placed:
        index.add(shape)
    for _ in range(min(popped, len(placed))):
        index.pop()
    kept = placed[:len(index.shapes)]
    ignore = sorted(k for k in left_out if k % 2)
    skip = frozenset(k for k in left_out if k % 2 == 0)
    expected = any(geo.distance(probe, s) <= gap for k, s in enumerate(kept)
                   if k not in left_out)
    assert index.hits(probe, gap, ignore=ignore, skip=skip) == expected
    if isinstance(probe, geo.Box):  # the label search asks without making the box
        assert index.box_hits(*probe.bounds, gap, ignore, skip) == expected
    assert index.hits(probe, gap) == any(geo.distance(probe, s) <= gap for s in kept)
    # A gap a hair wider than the nearest shape's is a hit; a hair narrower is not.
    if kept:
        nearest = min(geo.distance(probe, s) for s in kept)
        assert index.hits(probe, nearest + 1e-9)
        if nearest > 1e-9:
            assert not index.hits(probe, nearest - 1e-9)


@settings(max_examples=150, deadline=None)
@given(shapes, shapes)
def test_distance_is_symmetric(a, b):
    assert geo.distance(a, b) == pytest.approx(geo.distance(b, a), abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(capsules, shapes)
def test_capsule_distance_agrees_with_points_sampled_along_it(cap, other):
    # The segment's nearest point lies within half a step of one of the samples.
    n = 400
    points = [(cap.x1 + (cap.x2 - cap.x1) * k / n, cap.y1 + (cap.y2 - cap.y1) * k / n)
              for k in range(n + 1)]
    sampled = min(geo.distance(geo.Disc(x, y, 0.0), other) for x, y in points)
    step = hypot(cap.x2 - cap.x1, cap.y2 - cap.y1) / n
    exact = geo.distance(cap, other)
    assert max(0.0, sampled - step - cap.r) - 1e-9 <= exact <= max(0.0, sampled - cap.r) + 1e-9


def test_first_free_respects_bounds_and_ignore():
    index = geo.Obstacles()
    wall = index.add(geo.Box(0, 0, 10, 10))
    inside = geo.Box(2, 2, 4, 4)
    outside = geo.Box(20, 20, 22, 22)
    assert index.first_free([inside, outside]) == outside
    assert index.first_free([inside], bounds=geo.Box(0, 0, 15, 15)) is None
    assert index.first_free([inside], ignore=[wall]) == inside


def test_star_and_arrowhead_shapes():
    star = geo.star_points(0, 0, 2)
    assert len(star) == 10 and star[0] == pytest.approx((0, -2))
    tri = geo.arrowhead((10, 0), (1, 0), 2, 1)
    assert tri[0] == (10, 0) and {p[0] for p in tri[1:]} == {8}


# ---------------------------------------------------------------------------- labels


def test_every_label_has_every_language():
    for key, texts in table().items():
        assert set(texts) == set(LANGS), key
        assert all(texts[lang].strip() for lang in LANGS), key
        if key.startswith(("web.", "rules.")):
            continue  # shown by the browser or the terminal in their own fonts, never printed
        # Only what the bundled font can draw.
        assert all(active_font().missing(texts[lang], False, False) is None
                   and active_font().missing(texts[lang], True, False) is None
                   for lang in LANGS), key


def test_label_lookup_and_numbers():
    assert label("vv.empty", "de") == "Leere Stationen"
    assert label("common.total", "fr") == "Total"
    assert format_number(3.0, "en") == "3"
    assert format_number(-2.5, "en") == "\u22122.5"
    assert format_number(42.5, "de") == "42,5"
    assert format_number(7, "fr") == "7"
    with pytest.raises(KeyError):
        label("vv.empty", "it")


def test_polyline_closed_renders_as_polygon():
    root = ET.fromstring(render_svg(Page(20, 20, [Polyline(((1, 1), (5, 1), (3, 4)),
                                                            filled("#000000"), closed=True)])))
    assert root.find(f".//{SVG}polygon").get("points") == "1,1 5,1 3,4"
