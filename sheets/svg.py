"""Render a :mod:`sheets.draw` page to SVG.

One page per SVG document: ``width``/``height`` in mm and a ``viewBox`` in mm, so one user unit
is one millimetre and the drawing's numbers are the page's. Every tag of an item becomes its
``class``. Numbers are rounded to 1/1000 mm, so the same page always gives the same text.
Text is the real Unicode text (XML-escaped), in the font family printing uses (the bundled
Liberation Sans, or ``--font``'s, then metric-compatible and generic fallbacks); a character
that font cannot draw raises ``sheets.fonts.MissingGlyph`` as for the PDF.
The seven SVG elements needed are written here, with the standard library (see the README's
design notes for why no SVG library); the output is plain SVG 1.1.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache
from pathlib import Path

from .draw import (
    Circle,
    Group,
    Item,
    Line,
    Page,
    Polyline,
    Rect,
    Style,
    Text,
    check_text,
    text_width,
    texts_of,
)
from .fonts import active

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def render_svg(page: Page, *, title: str | None = None, embed_fonts: bool = False,
               check_fonts: bool = True) -> str:
    """The SVG document of one page (UTF-8 text starting with ``<svg``). With
    ``embed_fonts`` (an SVG file: ``scorepad.printing.render_svg``) the glyphs its text uses
    are embedded (:func:`font_faces`), so a viewer without the font shows the same letters;
    without, the SVG has no ``<style>`` (a page that shows it inline under a Content Security
    Policy with ``style-src 'self'`` serves its own fonts).

    Raises ``sheets.fonts.MissingGlyph`` for text the font cannot draw, unless
    ``check_fonts`` is false: a browser draws any character with its own fonts (a
    player's name in any script on a served page)."""
    if check_fonts:
        check_text([page])
    family = active().svg_family
    w, h = _n(page.width), _n(page.height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}mm" '
           f'height="{h}mm" viewBox="0 0 {w} {h}">']
    if title:
        out.append(f"<title>{_esc(title)}</title>")
    if embed_fonts:
        css, names = font_faces(page)
        if css:
            out.append(f"<defs><style>{css}</style></defs>")
            family = ", ".join([*names, family])
    for item in page.items:
        _element(out, item, family)
    out.append("</svg>\n")
    return "".join(out)


def font_faces(page: Page) -> tuple[str, list[str]]:
    """CSS ``@font-face`` rules embedding, as ``data:`` URIs, a subset of each font file
    with just the characters ``page`` prints in it (fontTools' subsetter), and the family
    names they declare, in the order of the font chain."""
    font = active()
    needed: dict[tuple[int, bool, bool], tuple[Path, set[int]]] = {}
    for item in texts_of([page]):
        chain = font.faces[(item.bold, item.italic)]
        for face, piece in font.runs(item.text, item.bold, item.italic):
            key = (chain.index(face), item.bold, item.italic)
            needed.setdefault(key, (face.path, set()))[1].update(map(ord, piece))
    rules, names = [], []
    for (k, bold, italic), (path, codes) in sorted(needed.items()):
        name = f"scorepad-{k}"
        if f"'{name}'" not in names:
            names.append(f"'{name}'")
        data = _subset(path, frozenset(codes))
        rules.append(f"@font-face{{font-family:'{name}';src:url(data:font/ttf;base64,{data}) "
                     f"format('truetype');font-weight:{'bold' if bold else 'normal'};"
                     f"font-style:{'italic' if italic else 'normal'}}}")
    return "".join(rules), names


@lru_cache(maxsize=32)
def _subset(path: Path, codes: frozenset[int]) -> str:
    """The font file ``path`` cut down to the glyphs of ``codes``, base64 (TrueType)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.name_IDs = [1, 2]          # keep the family and style names only
    options.layout_features = ["kern"]
    options.drop_tables = [*options.drop_tables, "FFTM"]  # unknown to the subsetter: it warns
    font = TTFont(str(path), lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codes)
    subsetter.subset(font)
    buf = io.BytesIO()
    font.save(buf)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _n(value: float) -> float | int:
    """A coordinate rounded to 0.001 mm, written without a needless ``.0``."""
    rounded = round(value, 3)
    return int(rounded) if rounded == int(rounded) else rounded


def _esc(text: str) -> str:
    return text.translate(_ESCAPES)


def _attrs(pairs: dict[str, object]) -> str:
    return "".join(f' {key}="{_esc(str(value))}"' for key, value in pairs.items())


def _paint(style: Style) -> dict[str, object]:
    attrs: dict[str, object] = {"fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke-width"] = _n(style.width)
        if style.dash:
            attrs["stroke-dasharray"] = " ".join(str(_n(d)) for d in style.dash)
        if style.cap != "butt":
            attrs["stroke-linecap"] = style.cap
        if style.join != "miter":
            attrs["stroke-linejoin"] = style.join
    else:
        attrs["stroke"] = "none"
    return attrs


def _element(out: list[str], item: Item, family: str) -> None:
    tag: dict[str, object] = {"class": item.tag} if item.tag else {}
    if isinstance(item, Group):
        if item.dx or item.dy:
            tag["transform"] = f"translate({_n(item.dx)} {_n(item.dy)})"
        tag.update({f"data-{key}": value for key, value in item.data.items()})
        out.append(f"<g{_attrs(tag)}>")
        for child in item.items:
            _element(out, child, family)
        out.append("</g>")
        return
    if isinstance(item, Text):
        attrs: dict[str, object] = {"x": _n(item.x), "y": _n(item.baseline),
                                    "font-family": family, "font-size": _n(item.size),
                                    "fill": item.color}
        if item.bold:
            attrs["font-weight"] = "bold"
        if item.italic:
            attrs["font-style"] = "italic"
        if item.anchor != "start":
            attrs["text-anchor"] = item.anchor
        if item.angle:
            attrs["transform"] = f"rotate({_n(item.angle)} {_n(item.x)} {_n(item.y)})"
        # The width the layout measured with the font's metrics: a viewer that substitutes a
        # wider font squeezes the text to fit instead of running into its neighbours.
        attrs["textLength"] = _n(text_width(item.text, item.size, item.bold, item.italic))
        attrs["lengthAdjust"] = "spacingAndGlyphs"
        out.append(f"<text{_attrs({**tag, **attrs})}>{_esc(item.text)}</text>")
        return
    paint = _paint(item.style)
    if isinstance(item, Line):
        geometry: dict[str, object] = {"x1": _n(item.x1), "y1": _n(item.y1),
                                       "x2": _n(item.x2), "y2": _n(item.y2)}
        name = "line"
    elif isinstance(item, Circle):
        geometry = {"cx": _n(item.cx), "cy": _n(item.cy), "r": _n(item.r)}
        name = "circle"
    elif isinstance(item, Rect):
        geometry = {"x": _n(item.x), "y": _n(item.y), "width": _n(item.w), "height": _n(item.h)}
        if item.radius:
            geometry["rx"] = geometry["ry"] = _n(item.radius)
        name = "rect"
    elif isinstance(item, Polyline):
        geometry = {"points": " ".join(f"{_n(x)},{_n(y)}" for x, y in item.points)}
        name = "polygon" if item.closed else "polyline"
    else:  # pragma: no cover - the Item union is closed
        raise TypeError(f"not a drawing item: {item!r}")
    out.append(f"<{name}{_attrs({**tag, **geometry, **paint})} />")
