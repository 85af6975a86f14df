"""Render :mod:`sheets.draw` pages to PDF.

A small PDF 1.4 writer for exactly what ``sheets.draw`` can express: paths (lines, polylines,
circles, rectangles) and text in the standard Helvetica fonts with WinAnsi encoding (German
and French letters; no font file to embed or ship). Written here rather than through a PDF
library because a sheet must come out of the command line within 0.3 s and importing a
general-purpose library took a third of that.

* Vector output; coordinates in the file are points (1/72 in), converted from the pages' mm
  with the y axis flipped (PDF's origin is bottom-left).
* Deterministic: no dates, the file id is a hash of the content, so the same pages give
  byte-identical files.
* The title (and author, subject) go into the document information.
* A group that appears more than once — the same object, e.g. the sheet on every page of a pad
  — is written once as a form XObject and placed on each page, so a 100-page pad costs little
  more than one page.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from functools import cache
from math import cos, radians, sin

try:  # the builtin md5: hashlib would load OpenSSL, ~10 ms of a sheet's start-up
    from _md5 import md5
except ImportError:  # a Python built without its own hashes
    from hashlib import md5

from .draw import FONTS, Circle, Group, Item, Line, Page, Polyline, Rect, Style, Text, text_width

PT_PER_MM = 72 / 25.4
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_FONT_IDS = {name: f"F{k + 1}" for k, name in enumerate(FONTS.values())}
_KAPPA = 0.5522847498  # control-point distance of a cubic Bézier quarter circle


def render_pdf(pages: Sequence[Page], *, title: str, author: str = "scorepad",
               subject: str | None = None) -> bytes:
    """The PDF bytes of ``pages`` (one PDF page each), with ``title`` in the metadata."""
    if not pages:
        raise ValueError("a PDF needs at least one page")
    # Groups used more than once on pages of one size become forms.
    uses: dict[tuple[int, float], int] = {}
    for page in pages:
        for item in page.items:
            if isinstance(item, Group):
                key = (id(item), page.height)
                uses[key] = uses.get(key, 0) + 1
    forms: dict[tuple[int, float], str] = {}
    form_streams: list[tuple[str, _Stream, Page]] = []
    for page in pages:
        for item in page.items:
            key = (id(item), page.height)
            if isinstance(item, Group) and uses[key] > 1 and key not in forms:
                name = f"Fm{len(forms)}"
                forms[key] = name
                stream = _Stream(page.height, {})
                stream.group(item, 0.0, 0.0)
                form_streams.append((name, stream, page))
    page_streams = []
    for page in pages:
        stream = _Stream(page.height, forms)
        for item in page.items:
            stream.item(item, 0.0, 0.0)
        page_streams.append(stream)
    return _write(pages, page_streams, form_streams, title, author, subject)


# ---------------------------------------------------------------------------- content streams


class _Stream:
    """The content stream of a page or form: PDF operators, and the fonts and forms it uses."""

    def __init__(self, height: float, forms: dict[tuple[int, float], str]) -> None:
        self.height = height          # page height in mm, for flipping y
        self.forms = forms            # shared groups drawn as forms: (id, height) -> name
        self.ops: list[str] = []
        self.fonts: set[str] = set()
        self.used_forms: set[str] = set()
        self._state: tuple = ()

    def item(self, item: Item, dx: float, dy: float) -> None:
        if isinstance(item, Group):
            form = self.forms.get((id(item), self.height)) if dx == dy == 0.0 else None
            if form:
                self.ops.append(f"/{form} Do")
                self.used_forms.add(form)
            else:
                self.group(item, dx, dy)
        elif isinstance(item, Text):
            self.text(item, dx, dy)
        else:
            self.shape(item, dx, dy)

    def group(self, group: Group, dx: float, dy: float) -> None:
        for child in group.items:
            self.item(child, dx + group.dx, dy + group.dy)

    def _style(self, style: Style) -> None:
        """Set ``style``; only what changed since the last shape (a smaller stream)."""
        state = (style.stroke, style.fill, style.width, style.dash, style.cap, style.join)
        old = self._state or (None,) * 6
        fresh = not self._state
        ops = self.ops
        if (fresh or style.stroke != old[0]) and style.stroke:
            ops.append(_rgb(style.stroke) + " RG")
        if (fresh or style.fill != old[1]) and style.fill:
            ops.append(_rgb(style.fill) + " rg")
        if fresh or style.width != old[2]:
            ops.append(f"{style.width * PT_PER_MM:.3f} w")
        if fresh or style.dash != old[3]:
            dash = " ".join(f"{d * PT_PER_MM:.2f}" for d in style.dash or ())
            ops.append(f"[{dash}] 0 d")
        if fresh or style.cap != old[4]:
            ops.append(f"{_CAPS[style.cap]} J")
        if fresh or style.join != old[5]:
            ops.append(f"{_JOINS[style.join]} j")
        self._state = state

    def shape(self, item: Line | Polyline | Circle | Rect, dx: float, dy: float) -> None:
        style = item.style
        if not (style.stroke or style.fill):
            return
        self._style(style)
        h, k = self.height, PT_PER_MM
        if isinstance(item, Line):
            path = (f"{(item.x1 + dx) * k:.2f} {(h - item.y1 - dy) * k:.2f} m "
                    f"{(item.x2 + dx) * k:.2f} {(h - item.y2 - dy) * k:.2f} l")
            closed = False
        elif isinstance(item, Circle):
            path = _circle((item.cx + dx) * k, (h - item.cy - dy) * k, item.r * k)
            closed = True
        elif isinstance(item, Rect):
            x, y = (item.x + dx) * k, (h - item.y - item.h - dy) * k
            w, hh = item.w * k, item.h * k
            if item.radius:
                path = _round_rect(x, y, w, hh, min(item.radius * k, w / 2, hh / 2))
            else:
                path = f"{x:.2f} {y:.2f} {w:.2f} {hh:.2f} re"
            closed = True
        else:
            (fx, fy), *rest = item.points
            parts = [f"{(fx + dx) * k:.2f} {(h - fy - dy) * k:.2f} m"]
            parts.extend(f"{(px + dx) * k:.2f} {(h - py - dy) * k:.2f} l" for px, py in rest)
            path = " ".join(parts)
            closed = item.closed
        if style.stroke and style.fill:
            paint = "b" if closed else "B"
        elif style.fill:
            paint = "f"
        else:
            paint = "s" if closed else "S"
        self.ops.append(f"{path} {paint}")

    def text(self, item: Text, dx: float, dy: float) -> None:
        if not item.text:
            return
        font = _FONT_IDS[item.font]
        self.fonts.add(font)
        k, h = PT_PER_MM, self.height
        width = text_width(item.text, item.size, item.bold)
        start = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
        shift = item.baseline - item.y
        if item.angle:
            # The text's start point turns with it about the anchor (clockwise on the page).
            a = radians(item.angle)
            ca, sa = cos(a), sin(a)
            px = item.x + dx + start * ca - shift * sa
            py = item.y + dy + start * sa + shift * ca
            matrix = f"{ca:.5f} {-sa:.5f} {sa:.5f} {ca:.5f} {px * k:.2f} {(h - py) * k:.2f} Tm"
        else:
            px, py = item.x + dx + start, item.baseline + dy
            matrix = f"1 0 0 1 {px * k:.2f} {(h - py) * k:.2f} Tm"
        # A leading and T* after the text end its line, so text extraction (copy and paste,
        # screen readers, the tests) reads every label as a line of its own.
        size = item.size * k
        self.ops.append(f"BT /{font} {size:.2f} Tf {size * 1.2:.2f} TL {_rgb(item.color)} rg "
                        f"{matrix} ({_escape(item.text)}) Tj T* ET")
        # The fill colour changed: the next shape sets its fill again.
        self._state = self._state[:1] + (item.color,) + self._state[2:] if self._state else ()


@cache
def _rgb(hex_color: str) -> str:
    """``#rrggbb`` as the three PDF colour components."""
    return " ".join(f"{int(hex_color[i:i + 2], 16) / 255:.3f}".rstrip("0").rstrip(".") or "0"
                    for i in (1, 3, 5))


def _escape(text: str) -> str:
    """A PDF literal string body; ``text`` is WinAnsi (``Text`` makes sure of it)."""
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _circle(x: float, y: float, r: float) -> str:
    """A closed circle path of four Bézier quarters."""
    c = r * _KAPPA
    return (f"{x + r:.2f} {y:.2f} m "
            f"{x + r:.2f} {y + c:.2f} {x + c:.2f} {y + r:.2f} {x:.2f} {y + r:.2f} c "
            f"{x - c:.2f} {y + r:.2f} {x - r:.2f} {y + c:.2f} {x - r:.2f} {y:.2f} c "
            f"{x - r:.2f} {y - c:.2f} {x - c:.2f} {y - r:.2f} {x:.2f} {y - r:.2f} c "
            f"{x + c:.2f} {y - r:.2f} {x + r:.2f} {y - c:.2f} {x + r:.2f} {y:.2f} c h")


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    """A closed rectangle path with quarter-circle corners of radius ``r``."""
    c = r * _KAPPA
    x1, y1 = x + w, y + h
    return (f"{x + r:.2f} {y:.2f} m {x1 - r:.2f} {y:.2f} l "
            f"{x1 - r + c:.2f} {y:.2f} {x1:.2f} {y + r - c:.2f} {x1:.2f} {y + r:.2f} c "
            f"{x1:.2f} {y1 - r:.2f} l "
            f"{x1:.2f} {y1 - r + c:.2f} {x1 - r + c:.2f} {y1:.2f} {x1 - r:.2f} {y1:.2f} c "
            f"{x + r:.2f} {y1:.2f} l "
            f"{x + r - c:.2f} {y1:.2f} {x:.2f} {y1 - r + c:.2f} {x:.2f} {y1 - r:.2f} c "
            f"{x:.2f} {y + r:.2f} l "
            f"{x:.2f} {y + r - c:.2f} {x + r - c:.2f} {y:.2f} {x + r:.2f} {y:.2f} c h")


# ---------------------------------------------------------------------------- the file


def _info_string(text: str) -> bytes:
    """A PDF text string: plain ASCII as a literal, anything else as UTF-16 with a BOM."""
    if text.isascii():
        return b"(" + _escape(text).encode("ascii") + b")"
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def _stream(head: str, ops: list[str]) -> bytes:
    """A compressed stream object body; ``head`` holds the dictionary's other entries."""
    data = zlib.compress("\n".join(ops).encode("cp1252"), 6)
    return (f"<< {head} /Filter /FlateDecode /Length {len(data)} >>\nstream\n".encode("ascii")
            + data + b"\nendstream")


def _write(pages: Sequence[Page], page_streams: list[_Stream],
           form_streams: list[tuple[str, _Stream, Page]], title: str, author: str,
           subject: str | None) -> bytes:
    objects: list[bytes] = []  # object n is objects[n - 1]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in once the page tree's number is known
    info_entries = [b"/Title " + _info_string(title), b"/Author " + _info_string(author),
                    b"/Creator (scorepad)", b"/Producer (scorepad)"]
    if subject:
        info_entries.append(b"/Subject " + _info_string(subject))
    info = add(b"<< " + b" ".join(info_entries) + b" >>")
    used_fonts = sorted({f for s in page_streams for f in s.fonts}
                        | {f for _, s, _ in form_streams for f in s.fonts})
    by_id = {v: k for k, v in _FONT_IDS.items()}
    font_refs = {f: add(f"<< /Type /Font /Subtype /Type1 /BaseFont /{by_id[f]} "
                        f"/Encoding /WinAnsiEncoding >>".encode("ascii")) for f in used_fonts}
    fonts_dict = " ".join(f"/{f} {n} 0 R" for f, n in font_refs.items())
    form_refs = {}
    for name, stream, page in form_streams:
        w, h = page.width * PT_PER_MM, page.height * PT_PER_MM
        form_refs[name] = add(_stream(
            f"/Type /XObject /Subtype /Form /BBox [0 0 {w:.4f} {h:.4f}] "
            f"/Resources << /Font << {fonts_dict} >> >>", stream.ops))
    tree = len(objects) + 1 + 2 * len(pages)  # the page tree comes after the pages
    kids = []
    for page, stream in zip(pages, page_streams, strict=True):
        xobjects = " ".join(f"/{n} {form_refs[n]} 0 R" for n in sorted(stream.used_forms))
        resources = f"/Font << {fonts_dict} >>" + (f" /XObject << {xobjects} >>" if xobjects else "")
        content = add(_stream("", stream.ops))
        w, h = page.width * PT_PER_MM, page.height * PT_PER_MM
        kids.append(add(f"<< /Type /Page /Parent {tree} 0 R /MediaBox [0 0 {w:.4f} {h:.4f}] "
                        f"/Resources << {resources} >> /Contents {content} 0 R >>"
                        .encode("ascii")))
    add(f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>"
        .encode("ascii"))
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {tree} 0 R >>".encode("ascii")

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode("ascii") + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode("ascii")
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode("ascii")
    file_id = md5(bytes(out)).hexdigest()
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R "
            f"/ID [<{file_id}> <{file_id}>] >>\nstartxref\n{xref}\n%%EOF\n").encode("ascii")
    return bytes(out)
