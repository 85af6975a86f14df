"""Render :mod:`sheets.draw` pages to PDF through reportlab's canvas.

* Vector output; the pages' mm become points (1/72 in) and the y axis is flipped (PDF's
  origin is bottom-left).
* Text in the font of ``sheets.fonts`` (the bundled Liberation Sans or ``--font``), embedded
  as a subset of the glyphs used (reportlab's ``TTFont``); a character the font cannot draw
  is a ``MissingGlyph`` error before anything is written.
* Deterministic (``invariant``): no dates, a fixed file id, so the same pages give
  byte-identical files.
* The title (and author, subject) go into the document information.
* A group that appears more than once — the same object, e.g. the sheet on every page of a
  pad — is drawn once as a form (``beginForm``/``doForm``) and placed on each page, so a
  100-page pad costs little more than one page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from math import cos, radians, sin
from typing import TYPE_CHECKING

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
from .fonts import Family, active

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PT_PER_MM = 72 / 25.4
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
FAKE_BOLD = 0.035  # outline width of a drawn-in bold, as a fraction of the font size


def render_pdf(pages: Sequence[Page], *, title: str, author: str = "scorepad",
               subject: str | None = None) -> bytes:
    """The PDF bytes of ``pages`` (one PDF page each), with ``title`` in the metadata.

    Raises ``sheets.fonts.MissingGlyph`` for text the font cannot draw."""
    from reportlab.pdfgen.canvas import Canvas

    if not pages:
        raise ValueError("a PDF needs at least one page")
    check_text(pages)
    family = active()
    family.embed((t.text, t.bold, t.italic) for t in texts_of(pages))
    out = io.BytesIO()
    k = PT_PER_MM
    # The initial font is ours too, or reportlab would add an unused Helvetica to the file.
    canvas = Canvas(out, pagesize=(pages[0].width * k, pages[0].height * k), invariant=1,
                    pageCompression=1, initialFontName=family.faces[(False, False)][0].pdf_name)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("scorepad")
    canvas.setProducer("scorepad")
    canvas.setSubject(subject or "")
    # Groups used more than once on pages of one size become forms, drawn once.
    uses: dict[tuple[int, float], int] = {}
    for page in pages:
        for item in page.items:
            if isinstance(item, Group):
                key = (id(item), page.height)
                uses[key] = uses.get(key, 0) + 1
    forms: dict[tuple[int, float], str] = {}
    for page in pages:
        for item in page.items:
            key = (id(item), page.height)
            if isinstance(item, Group) and uses[key] > 1 and key not in forms:
                forms[key] = name = f"group{len(forms)}"
                canvas.beginForm(name, 0, 0, page.width * k, page.height * k)
                _Painter(canvas, page.height, {}, family).group(item, 0.0, 0.0)
                canvas.endForm()
    for page in pages:
        canvas.setPageSize((page.width * k, page.height * k))
        painter = _Painter(canvas, page.height, forms, family)
        for item in page.items:
            painter.item(item, 0.0, 0.0)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


class _Painter:
    """Draws items on the canvas's current page or form, setting only the style that changed
    since the last shape (a smaller content stream)."""

    def __init__(self, canvas: Canvas, height: float, forms: dict[tuple[int, float], str],
                 family: Family) -> None:
        self.c = canvas
        self.height = height          # page height in mm, for flipping y
        self.forms = forms            # shared groups drawn as forms: (id, height) -> name
        self.family = family
        self._stroke: str | None = None
        self._fill: str | None = None
        self._width: float | None = None
        self._dash: tuple[float, ...] | bool | None = False  # False: not set yet
        self._cap: str | None = None
        self._join: str | None = None

    def item(self, item: Item, dx: float, dy: float) -> None:
        if isinstance(item, Group):
            form = self.forms.get((id(item), self.height)) if dx == dy == 0.0 else None
            if form:
                self.c.doForm(form)
            else:
                self.group(item, dx, dy)
        elif isinstance(item, Text):
            self.text(item, dx, dy)
        else:
            self.shape(item, dx, dy)

    def group(self, group: Group, dx: float, dy: float) -> None:
        for child in group.items:
            self.item(child, dx + group.dx, dy + group.dy)

    def _set_stroke(self, color: str) -> None:
        if color != self._stroke:
            self.c.setStrokeColorRGB(*_rgb(color))
            self._stroke = color

    def _set_fill(self, color: str) -> None:
        if color != self._fill:
            self.c.setFillColorRGB(*_rgb(color))
            self._fill = color

    def _set_width(self, width_pt: float) -> None:
        if width_pt != self._width:
            self.c.setLineWidth(width_pt)
            self._width = width_pt

    def _style(self, style: Style) -> None:
        c = self.c
        if style.stroke:
            self._set_stroke(style.stroke)
        if style.fill:
            self._set_fill(style.fill)
        self._set_width(style.width * PT_PER_MM)
        if style.dash != self._dash:
            if style.dash:
                c.setDash([d * PT_PER_MM for d in style.dash], 0)
            else:
                c.setDash()
            self._dash = style.dash
        if style.cap != self._cap:
            c.setLineCap(_CAPS[style.cap])
            self._cap = style.cap
        if style.join != self._join:
            c.setLineJoin(_JOINS[style.join])
            self._join = style.join

    def shape(self, item: Line | Polyline | Circle | Rect, dx: float, dy: float) -> None:
        style = item.style
        if not (style.stroke or style.fill):
            return
        self._style(style)
        c, h, k = self.c, self.height, PT_PER_MM
        paint_stroke = 1 if style.stroke else 0
        paint_fill = 1 if style.fill else 0
        if isinstance(item, Line):
            c.line((item.x1 + dx) * k, (h - item.y1 - dy) * k,
                   (item.x2 + dx) * k, (h - item.y2 - dy) * k)
        elif isinstance(item, Circle):
            c.circle((item.cx + dx) * k, (h - item.cy - dy) * k, item.r * k,
                     stroke=paint_stroke, fill=paint_fill)
        elif isinstance(item, Rect):
            x, y = (item.x + dx) * k, (h - item.y - item.h - dy) * k
            w, hh = item.w * k, item.h * k
            if item.radius:
                c.roundRect(x, y, w, hh, min(item.radius * k, w / 2, hh / 2),
                            stroke=paint_stroke, fill=paint_fill)
            else:
                c.rect(x, y, w, hh, stroke=paint_stroke, fill=paint_fill)
        else:
            path = c.beginPath()
            (fx, fy), *rest = item.points
            path.moveTo((fx + dx) * k, (h - fy - dy) * k)
            for px, py in rest:
                path.lineTo((px + dx) * k, (h - py - dy) * k)
            if item.closed:
                path.close()
            c.drawPath(path, stroke=paint_stroke, fill=paint_fill)

    def text(self, item: Text, dx: float, dy: float) -> None:
        if not item.text:
            return
        k, h = PT_PER_MM, self.height
        width = text_width(item.text, item.size, item.bold, item.italic)
        start = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
        shift = item.baseline - item.y
        runs = self.family.runs(item.text, item.bold, item.italic)
        slant = runs[0][0].slant
        a = radians(item.angle)
        ca, sa = cos(a), sin(a)
        # The text's start point turns with it about the anchor (clockwise on the page).
        px = item.x + dx + start * ca - shift * sa
        py = item.y + dy + start * sa + shift * ca
        self._set_fill(item.color)
        text = self.c.beginText()
        # Rotation (clockwise on the page is negative in PDF's y-up space) after the slant
        # of a drawn-in italic.
        text.setTextTransform(ca, -sa, slant * ca + sa, ca - slant * sa, px * k, (h - py) * k)
        size = item.size * k
        faked = False
        for face, piece in runs:
            text.setFont(face.pdf_name, size)
            if face.fake_bold != faked:
                if face.fake_bold:
                    self._set_stroke(item.color)
                    self._set_width(size * FAKE_BOLD)
                text.setTextRenderMode(2 if face.fake_bold else 0)
                faked = face.fake_bold
            text.textOut(piece)
        if faked:
            text.setTextRenderMode(0)
        self.c.drawText(text)


@cache
def _rgb(hex_color: str) -> tuple[float, float, float]:
    """``#rrggbb`` as the three colour components 0..1."""
    r, g, b = (int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return (r, g, b)
