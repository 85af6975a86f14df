"""One small drawing vocabulary, rendered to PDF (``sheets.pdf``) and SVG (``sheets.svg``).

A printable is built once as a :class:`Page` — a size and a list of primitives — and both
backends render that same list, so a PDF and an SVG of a sheet can never disagree.

Conventions
-----------
* Every length is in **millimetres**: coordinates, widths, dash lengths, radii and font sizes
  (``pt(9)`` converts 9 points to mm). The origin is the **top-left** corner of the page and
  ``y`` grows **downward** (the PDF backend flips it).
* Colours are ``"#rrggbb"`` strings; ``None`` means "no stroke" or "no fill".
* Text is Unicode, set in the bundled Liberation Sans (Latin, Greek, Cyrillic; ``bold``/
  ``italic``) or the font given by ``--font`` (``sheets.fonts``); widths come from that font.
  A character the font cannot draw makes rendering fail with ``sheets.fonts.MissingGlyph``
  naming the text's tag (e.g. ``station 7's name``), never a silent ``?``.

API
---
``Style(stroke, fill, width, dash, cap, join)``
    How a shape is painted. ``stroke(color, width, dash=...)`` and
    ``filled(color, stroke=None, width=...)`` build common ones.
``Line(x1, y1, x2, y2, style)``, ``Polyline(points, style, closed=False)``,
``Circle(cx, cy, r, style)``, ``Rect(x, y, w, h, style, radius=0)``,
``Text(x, y, text, size, color, bold, italic, anchor, valign, angle)``
    The primitives (immutable named tuples). Every primitive and group takes an optional ``tag``:
    a space-separated list of names written as the SVG ``class`` (tests and tools find
    elements by it; the PDF ignores it). ``Text.anchor`` is ``start|middle|end``;
    ``Text.valign`` is ``baseline|middle|top|bottom`` (``middle`` centres capitals on ``y``);
    ``angle`` rotates clockwise in degrees about ``(x, y)``.
``Group(items, dx=0, dy=0, tag=None, data=None)``
    A list of primitives and groups, shifted by ``(dx, dy)``; ``data`` becomes the SVG's
    ``data-`` attributes. The PDF backend draws a group
    that appears more than once (the same object, e.g. on every page of a pad) only once, as a
    reusable form.
``Page(width, height, items)``
    One page; ``page.add(item)`` appends and returns the item. ``paper_size("a4", landscape)``
    gives the size of a paper.
Measuring
    ``text_width(text, size, bold, italic)`` in mm, ``bbox(item)`` → ``(x0, y0, x1, y1)`` including
    the
    stroke width, ``walk(items)`` yields ``(primitive, dx, dy)`` for every primitive in a tree.
Rendering
    ``sheets.pdf.render_pdf(pages, title=...) -> bytes`` (through reportlab's canvas, the font
    embedded as a subset; deterministic: the same pages give byte-identical files) and
    ``sheets.svg.render_svg(page, title=...) -> str`` (one page per
    SVG document; ``viewBox`` in mm).

Example::

    page = Page(*paper_size("a4"))
    page.add(Rect(20, 20, 40, 10, stroke("#000000", 0.3)))
    page.add(Text(40, 25, "Summe", size=pt(10), anchor="middle", valign="middle"))
    pdf_bytes = render_pdf([page], title="Example")
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from math import cos, radians, sin
from typing import Literal, NamedTuple

from .fonts import active as active_font

MM_PER_PT = 25.4 / 72
BLACK = "#000000"
WHITE = "#ffffff"

# Portrait sizes in mm; ``paper_size`` turns them for landscape.
PAPER: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

# Vertical metrics as fractions of the font size: Helvetica's (AFM), which Liberation Sans
# shares; the layout keeps them for a --font too (room above and below a label).
CAP_HEIGHT = 0.718
ASCENT = 0.75  # capitals with a little room for accents, used for collision boxes
DESCENT = 0.21

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm
Anchor = Literal["start", "middle", "end"]
VAlign = Literal["baseline", "middle", "top", "bottom"]


def pt(points: float) -> float:
    """``points`` (1/72 inch) in millimetres, e.g. for font sizes: ``pt(9)``."""
    return points * MM_PER_PT


def paper_size(name: str, landscape: bool = False) -> tuple[float, float]:
    """Width and height in mm of ``a4`` or ``letter``, turned for ``landscape``."""
    w, h = PAPER[name]
    return (h, w) if landscape else (w, h)


class Style(NamedTuple):
    """How a shape is painted: stroke colour and width (mm), fill, dash lengths (mm)."""

    stroke: str | None = BLACK
    fill: str | None = None
    width: float = 0.3
    dash: tuple[float, ...] | None = None
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"


def stroke(color: str = BLACK, width: float = 0.3, *, dash: tuple[float, ...] | None = None,
           cap: Literal["butt", "round", "square"] = "butt",
           join: Literal["miter", "round", "bevel"] = "miter") -> Style:
    """An outline-only style."""
    return Style(stroke=color, fill=None, width=width, dash=dash, cap=cap, join=join)


def filled(color: str, stroke: str | None = None, width: float = 0.3) -> Style:
    """A filled style, with an outline when ``stroke`` is given."""
    return Style(stroke=stroke, fill=color, width=width)


class Line(NamedTuple):
    """A straight line from ``(x1, y1)`` to ``(x2, y2)``."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()
    tag: str | None = None


class Polyline(NamedTuple):
    """Connected straight segments; ``closed`` makes a polygon (which may be filled)."""

    points: tuple[tuple[float, float], ...]
    style: Style = Style()
    closed: bool = False
    tag: str | None = None


class Circle(NamedTuple):
    """A circle of radius ``r`` around ``(cx, cy)``."""

    cx: float
    cy: float
    r: float
    style: Style = Style()
    tag: str | None = None


class Rect(NamedTuple):
    """An axis-parallel rectangle with top-left corner ``(x, y)``; ``radius`` rounds corners."""

    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0
    tag: str | None = None


class _TextFields(NamedTuple):
    x: float
    y: float
    text: str
    size: float = 3.5
    color: str = BLACK
    bold: bool = False
    italic: bool = False
    anchor: Anchor = "start"
    valign: VAlign = "baseline"
    angle: float = 0.0
    tag: str | None = None


class Text(_TextFields):
    """One line of text at ``(x, y)``; see the module docstring for anchor and valign."""

    __slots__ = ()

    def __new__(cls, x: float, y: float, text: str, size: float = 3.5, color: str = BLACK,
                bold: bool = False, italic: bool = False, anchor: Anchor = "start",
                valign: VAlign = "baseline", angle: float = 0.0, tag: str | None = None) -> Text:
        # Store what will really be printed, so both backends and all measuring agree.
        return super().__new__(cls, x, y, printable(text), size, color, bold, italic, anchor,
                               valign, angle, tag)

    @property
    def baseline(self) -> float:
        """The ``y`` of the baseline (before rotation)."""
        return self.y + _BASELINE_SHIFT[self.valign] * self.size

    @property
    def start_x(self) -> float:
        """The ``x`` where the text begins (before rotation)."""
        width = text_width(self.text, self.size, self.bold, self.italic)
        return self.x - {"start": 0.0, "middle": width / 2, "end": width}[self.anchor]



_BASELINE_SHIFT = {"baseline": 0.0, "middle": CAP_HEIGHT / 2, "top": CAP_HEIGHT, "bottom": -DESCENT}

Primitive = Line | Polyline | Circle | Rect | Text


class _Holder:
    """A list of items with ``add`` and ``extend`` (what groups and pages share)."""

    __slots__ = ("items",)
    items: list[Item]

    def add(self, item: Item) -> Item:
        """Append ``item`` and return it."""
        self.items.append(item)
        return item

    def extend(self, items: Iterable[Item]) -> None:
        """Append several items."""
        self.items.extend(items)


class Group(_Holder):
    """Primitives and groups drawn together, shifted by ``(dx, dy)``.

    ``data`` names what the group stands for (``{"space": "workshops/17"}``): the SVG
    writes each as a ``data-`` attribute, so a page can turn a tap into a move; the PDF
    ignores it. Equality is identity: the PDF backend reuses a group that appears on
    several pages.
    """

    __slots__ = ("dx", "dy", "tag", "data")

    def __init__(self, items: list[Item] | None = None, dx: float = 0.0, dy: float = 0.0,
                 tag: str | None = None, data: dict[str, str] | None = None) -> None:
        self.items = [] if items is None else items
        self.dx = dx
        self.dy = dy
        self.tag = tag
        self.data = data or {}

    def __repr__(self) -> str:
        return f"Group({len(self.items)} items, dx={self.dx}, dy={self.dy}, tag={self.tag!r})"


Item = Primitive | Group


class Page(_Holder):
    """A page of ``width`` × ``height`` mm holding a list of items, painted in order."""

    __slots__ = ("width", "height")

    def __init__(self, width: float, height: float, items: list[Item] | None = None) -> None:
        self.width = width
        self.height = height
        self.items = [] if items is None else items

    def __repr__(self) -> str:
        return f"Page({self.width} x {self.height} mm, {len(self.items)} items)"


# ---------------------------------------------------------------------------- text


def printable(text: str) -> str:
    """``text`` as it is printed: in Unicode's composed form (NFC), so ``e`` + a combining
    acute is the one letter ``é`` the font has. Nothing is replaced: a character the font
    cannot draw is reported when the page is rendered (``sheets.fonts.MissingGlyph``)."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """The printed width of ``text`` in mm at font size ``size`` (mm), in the font printing
    uses (``sheets.fonts.active()``: the bundled one, or ``--font``). Italic letters are as
    wide as upright ones in Latin, not always in Cyrillic (italic т is an m)."""
    return active_font().width(text, bold, italic) * size


def texts_of(pages: Iterable[Page]) -> Iterator[Text]:
    """Every text item on ``pages``, a page repeated (a pad) counted once."""
    seen: set[int] = set()
    for page in pages:
        if id(page) in seen:
            continue
        seen.add(id(page))
        for item, _, _ in walk(page.items):
            if isinstance(item, Text):
                yield item


def check_text(pages: Iterable[Page]) -> None:
    """Raise ``sheets.fonts.MissingGlyph`` for the first text on ``pages`` holding a character
    the font in use cannot draw (naming the text's tag, e.g. ``station 7's name``)."""
    from .fonts import MissingGlyph

    family = active_font()
    for item in texts_of(pages):
        char = family.missing(item.text, item.bold, item.italic)
        if char is not None:
            raise MissingGlyph(item.text, char, item.tag, family.fonts())


def text_box(item: Text) -> Box:
    """The box a text covers: capitals and descenders, rotated if ``angle`` is set."""
    x0 = item.start_x
    x1 = x0 + text_width(item.text, item.size, item.bold, item.italic)
    base = item.baseline
    y0, y1 = base - ASCENT * item.size, base + DESCENT * item.size
    if not item.angle:
        return (x0, y0, x1, y1)
    a = radians(item.angle)
    ca, sa = cos(a), sin(a)
    xs, ys = [], []
    for px, py in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        dx, dy = px - item.x, py - item.y
        xs.append(item.x + dx * ca - dy * sa)
        ys.append(item.y + dx * sa + dy * ca)
    return (min(xs), min(ys), max(xs), max(ys))


# ---------------------------------------------------------------------------- geometry


def bbox(item: Item) -> Box | None:
    """The box an item's ink covers (stroke width included); None for an empty group."""
    if isinstance(item, Group):
        boxes = [b for b in (bbox(i) for i in item.items) if b is not None]
        if not boxes:
            return None
        return (min(b[0] for b in boxes) + item.dx, min(b[1] for b in boxes) + item.dy,
                max(b[2] for b in boxes) + item.dx, max(b[3] for b in boxes) + item.dy)
    if isinstance(item, Text):
        return text_box(item)
    half = item.style.width / 2 if item.style.stroke else 0.0
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    if isinstance(item, Line):
        xs, ys = (item.x1, item.x2), (item.y1, item.y2)
    elif isinstance(item, Polyline):
        xs = tuple(p[0] for p in item.points)
        ys = tuple(p[1] for p in item.points)
        if item.style.stroke and item.style.join == "miter" and len(item.points) > 2:
            half *= 2  # a sharp mitred corner reaches further than half the width
    elif isinstance(item, Circle):
        xs, ys = (item.cx - item.r, item.cx + item.r), (item.cy - item.r, item.cy + item.r)
    elif isinstance(item, Rect):
        xs, ys = (item.x, item.x + item.w), (item.y, item.y + item.h)
    else:  # pragma: no cover - the Item union is closed
        raise TypeError(f"not a drawing item: {item!r}")
    return (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)


def union(boxes: Iterable[Box | None]) -> Box | None:
    """The smallest box holding all given boxes (None when there are none)."""
    real = [b for b in boxes if b is not None]
    if not real:
        return None
    return (min(b[0] for b in real), min(b[1] for b in real),
            max(b[2] for b in real), max(b[3] for b in real))


def walk(items: Iterable[Item], dx: float = 0.0, dy: float = 0.0
         ) -> Iterator[tuple[Primitive, float, float]]:
    """Every primitive in a tree of items with the total shift of the groups around it."""
    for item in items:
        if isinstance(item, Group):
            yield from walk(item.items, dx + item.dx, dy + item.dy)
        else:
            yield item, dx, dy


def luminance(color: str) -> float:
    """Relative brightness 0 (black) .. 1 (white) of ``#rrggbb``, as a greyscale printer sees it."""
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours: 1 (the same) .. 21 (black on
    white); 4.5 and more reads clearly."""
    def rel(color: str) -> float:
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
               for c in (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((rel(a), rel(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def contrasting(color: str) -> str:
    """Black or white, whichever has the higher contrast ratio on ``color`` (at least
    4.58:1 for any colour)."""
    return BLACK if contrast_ratio(BLACK, color) >= contrast_ratio(WHITE, color) else WHITE


def tint(color: str, amount: float) -> str:
    """``color`` mixed with white: ``amount`` 0 keeps it, 1 gives white."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#{:02x}{:02x}{:02x}".format(*mix)


def ink_on(color: str) -> str:
    """Black or white, whichever reads better on a background of ``color``."""
    return BLACK if luminance(color) > 0.55 else WHITE


def wrap(text: str, width: float, size: float, bold: bool = False, italic: bool = False
         ) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` mm (a word longer than
    ``width`` gets a line of its own)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, bold, italic) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines
