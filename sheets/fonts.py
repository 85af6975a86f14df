"""The font every printed word is set in, and what it can draw.

By default the bundled **Liberation Sans** (``sheets/fonts/``, SIL Open Font License, see
``fonts/LICENSE``): Latin with its extensions, Greek, Cyrillic and Hebrew, and metrically
compatible with Arial and Helvetica, so an SVG viewer that substitutes one of those keeps every
label in its place. :func:`use_font` switches to any TrueType or OpenType font file (``.ttf``,
``.otf``, ``.ttc``), e.g. a CJK font: ``--font FILE`` on the printing commands. (OpenType
fonts with PostScript outlines are read by fontTools, see :mod:`sheets.cff`.)

The fonts are read by reportlab (``reportlab.pdfbase.ttfonts.TTFont``); the same object gives
the advance widths the layout measures with (:func:`sheets.draw.text_width`), the characters
the font can draw (a character it cannot is a :class:`MissingGlyph`, never a silent box or
``?``) and the font the PDF embeds, as a subset of the glyphs used.

A user's font is one file. Its bold and italic are the files beside it named alike
(``X-Regular.ttf`` → ``X-Bold.ttf``, ``X.ttf`` → ``X-Bold.ttf``, ``…-Italic``/``…-Oblique``);
where there is none, bold is drawn by stroking the letters and italic by slanting them. The
bundled font stands behind it: a character the user's font lacks (the Latin letters of a CJK
font that has none) comes from Liberation Sans, in the PDF (text cut into runs, one per
font) as in the SVG (the viewer falls back along the ``font-family`` list).

The font in use is process state, set by the printing commands before they draw (the layout
measures text with it); :func:`font_in_use` sets it for a ``with`` block.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cff import CffFont

FONT_DIR = Path(__file__).parent / "fonts"
_BUNDLED = {(False, False): "LiberationSans-Regular.ttf", (True, False): "LiberationSans-Bold.ttf",
            (False, True): "LiberationSans-Italic.ttf"}
# Fonts with Liberation Sans's metrics, for an SVG viewer that lacks it.
_BUNDLED_FALLBACK = "Arimo, Arial, Helvetica, sans-serif"
SLANT = 0.2  # tan of the slant of a drawn-in italic (about 11°)


class FontError(ValueError):
    """A font file that cannot be read or embedded (the CLI reports it as exit 2)."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


class MissingGlyph(ValueError):
    """Text holding a character the font has no glyph for."""

    def __init__(self, text: str, char: str, tag: str | None, fonts: tuple[str, ...]) -> None:
        self.text, self.char, self.tag, self.fonts = text, char, tag, fonts
        name = unicodedata.name(char, "")
        code = f"U+{ord(char):04X}" + (f" {name}" if name else "")
        who = (f"the font {fonts[0]} cannot" if len(fonts) == 1
               else f"neither {', '.join(fonts[:-1])} nor {fonts[-1]} can")
        super().__init__(f"{describe(tag)} {text!r}: {who} draw {char!r} ({code}); "
                         "give --font FILE with a font that has it")


def describe(tag: str | None) -> str:
    """What a drawing tag names, for a message: ``"name name-7"`` → ``station 7's name``."""
    if not tag:
        return "text"
    kinds = tag.split()
    for kind in kinds:
        head, _, rest = kind.partition("-")
        if rest and head in ("name", "number"):
            return f"station {rest}'s {head}"
    return {"title": "the title", "note": "the map's note", "player": "the player's name",
            "symbol-letter": "the map's symbol"}.get(kinds[0], f"field {kinds[0]}")


class Face:
    """One style as printed: a font file as read (the name the PDF knows it by, its advance
    widths in 1/1000 em, the characters it can draw), and how to fake a style the family has
    no file for (outlined bold, slanted italic)."""

    __slots__ = ("pdf_name", "family", "widths", "default_width", "chars", "fake_bold", "slant",
                 "cff", "path")

    def __init__(self, path: Path, *, fake_bold: bool = False, slant: float = 0.0) -> None:
        font = _read(path)
        self.path = path  # the file, for an SVG's embedded subset
        self.cff = font if not hasattr(font, "face") else None  # a CffFont, embedded later
        if self.cff is not None:
            self.pdf_name, self.family = font.pdf_name, font.family
            self.widths, self.default_width, self.chars = (font.widths, font.default_width,
                                                           font.chars)
        else:
            self.pdf_name = font.fontName
            name = getattr(font.face, "familyName", None) or font.face.name
            self.family = name.decode("latin-1") if isinstance(name, bytes) else str(name)
            self.widths = font.face.charWidths       # code point -> width in 1/1000 em
            self.default_width = font.face.defaultWidth
            self.chars = font.face.charToGlyph       # code point -> glyph
        self.family = self.family.replace("'", "")
        self.fake_bold = fake_bold
        self.slant = slant


@cache
def _read(path: Path) -> Any:  # reportlab's TTFont (reportlab is untyped), or a CffFont
    """The font file read (and registered with reportlab) once per process."""
    from reportlab.pdfbase.pdfmetrics import registerFont
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    # A name fixed by the file, so the same input gives the same PDF in every process.
    bundled = path.parent == FONT_DIR
    name = f"scorepad-{path.stem}" if bundled else (
        f"scorepad-{path.stem}-{zlib.crc32(str(path.resolve()).encode()):08x}")
    try:
        # Not ASCII-readable: the embedded subset holds only the glyphs the pages use, not
        # the whole of ASCII besides (a sheet's PDF a quarter smaller, its fonts subset and
        # compressed faster); the text reads back the same through the font's ToUnicode map.
        font = TTFont(name, str(path), asciiReadable=False)
    except TTFError as err:
        if "postscript outlines" not in str(err).lower():
            raise _unusable(path, err) from None
        return _read_cff(path, name)
    except (OSError, ValueError, KeyError, IndexError, AssertionError) as err:
        raise _unusable(path, err) from None
    registerFont(font)
    return font


def _read_cff(path: Path, name: str) -> CffFont:
    try:
        from .cff import CffFont
    except ImportError:
        raise FontError("not a usable font: it has PostScript (CFF) outlines, which need "
                        "fontTools (pip install fonttools)", str(path)) from None
    try:
        return CffFont(path, name)
    except ValueError as err:
        raise _unusable(path, err) from None


def _unusable(path: Path, err: Exception) -> FontError:
    # reportlab says 'TTF file "PATH": Not a TrueType font: version=...': the path is ours.
    reason = re.sub(r'^TTF file "[^"]*":\s*', "", str(err)).strip() or type(err).__name__
    return FontError(f"not a usable TrueType or OpenType font: {reason}", str(path))


class Family:
    """The faces that print one style each — regular, bold, italic, bold italic — as a chain:
    a character comes from the first face that has it (a user's font, then the bundled one).
    ``name`` is the family name an SVG asks for first, ``svg_family`` its whole list."""

    __slots__ = ("name", "svg_family", "faces", "_width_cache")

    def __init__(self, name: str, svg_family: str,
                 faces: dict[tuple[bool, bool], tuple[Face, ...]]) -> None:
        self.name = name
        self.svg_family = svg_family
        self.faces = faces
        self._width_cache: dict[tuple[str, bool, bool], float] = {}

    def width(self, text: str, bold: bool, italic: bool = False) -> float:
        """The advance width of ``text`` per unit of font size."""
        key = (text, bold, italic)
        width = self._width_cache.get(key)
        if width is None:
            chain = self.faces[(bold, italic)]
            if len(chain) == 1:
                table, default = chain[0].widths, chain[0].default_width
                width = sum(table.get(ord(c), default) for c in text) / 1000.0
            else:
                width = sum(_pick(chain, c).widths.get(ord(c), chain[0].default_width)
                            for c in text) / 1000.0
            if len(self._width_cache) > 50_000:  # a long-running process printing many maps
                self._width_cache.clear()
            self._width_cache[key] = width
        return width

    def fonts(self) -> tuple[str, ...]:
        """The family names of the chain, the user's font first."""
        names = [face.family for face in self.faces[(False, False)]]
        return tuple(dict.fromkeys(names))

    def missing(self, text: str, bold: bool, italic: bool) -> str | None:
        """The first character of ``text`` no face of this style can draw, or None."""
        chain = self.faces[(bold, italic)]
        if len(chain) == 1:  # the bundled font alone: one table to look in
            chars = chain[0].chars
            for char in text:
                if ord(char) not in chars:
                    return char
            return None
        for char in text:
            code = ord(char)
            if not any(code in face.chars for face in chain):
                return char
        return None

    def embed(self, texts: Iterable[tuple[str, bool, bool]]) -> None:
        """Make ready for a PDF every face that draws some of ``texts`` (text, bold, italic):
        a CFF-outline font gets its TrueType subset of the characters it draws."""
        if not any(face.cff for chain in self.faces.values() for face in chain):
            return
        needed: dict[int, tuple[CffFont, set[int]]] = {}
        for text, bold, italic in texts:
            for face, piece in self.runs(text, bold, italic):
                if face.cff is not None:
                    needed.setdefault(id(face.cff), (face.cff, set()))[1].update(map(ord, piece))
        for cff, codes in needed.values():
            cff.register(codes)

    def runs(self, text: str, bold: bool, italic: bool) -> list[tuple[Face, str]]:
        """``text`` cut into pieces each drawn by one face (one piece for most text)."""
        chain = self.faces[(bold, italic)]
        if len(chain) == 1:
            return [(chain[0], text)]
        out: list[tuple[Face, str]] = []
        for char in text:
            face = _pick(chain, char)
            if out and out[-1][0] is face:
                out[-1] = (face, out[-1][1] + char)
            else:
                out.append((face, char))
        return out


def _pick(chain: tuple[Face, ...], char: str) -> Face:
    """The first face of ``chain`` that has ``char`` (the first one if none has)."""
    code = ord(char)
    for face in chain:
        if code in face.chars:
            return face
    return chain[0]


@cache
def _bundled() -> Family:
    faces = {style: Face(FONT_DIR / file) for style, file in _BUNDLED.items()}
    faces[(True, True)] = Face(FONT_DIR / _BUNDLED[(True, False)], slant=SLANT)
    return Family("Liberation Sans", f"'Liberation Sans', {_BUNDLED_FALLBACK}",
                  {style: (face,) for style, face in faces.items()})


def _sibling(path: Path, styles: tuple[str, ...]) -> Path | None:
    """The file beside ``path`` holding another style of the same family, if any."""
    stem, names = path.stem, []
    for style in styles:
        for plain in ("Regular", "Book", "Roman"):
            if plain in stem:
                names.append(stem.replace(plain, style))
        names += [f"{stem}-{style}", f"{stem}{style}"]
    for name in names:
        candidate = path.with_name(name + path.suffix)
        if candidate != path and candidate.is_file():
            return candidate
    return None


def load_family(path: str | Path) -> Family:
    """The family of the font file ``path`` (its bold and italic from files beside it, else
    drawn in). Raises :class:`FontError` for a file that is no usable TrueType font."""
    path = Path(path).absolute()
    if not path.is_file():
        raise FontError("no such font file", str(path))
    regular = Face(path)
    bold_file = _sibling(path, ("Bold",))
    italic_file = _sibling(path, ("Italic", "Oblique"))
    bold = Face(bold_file) if bold_file else Face(path, fake_bold=True)
    italic = Face(italic_file) if italic_file else Face(path, slant=SLANT)
    bold_italic = Face(bold_file, slant=SLANT) if bold_file else Face(path, fake_bold=True,
                                                                        slant=SLANT)
    base = _bundled()
    own = {(False, False): regular, (True, False): bold, (False, True): italic,
           (True, True): bold_italic}
    # What the user's font lacks (a CJK font without Latin letters, say) comes from the
    # bundled font, as an SVG viewer falls back along its font-family list.
    return Family(regular.family, f"'{regular.family}', {base.svg_family}",
                  {style: (face, *base.faces[style]) for style, face in own.items()})


_active: Family | None = None


def active() -> Family:
    """The family printing uses now (the bundled Liberation Sans unless :func:`use_font`)."""
    global _active
    if _active is None:
        _active = _bundled()
    return _active


def bundled_in_use() -> bool:
    """Whether printing uses the bundled Liberation Sans (no ``--font``)."""
    return _active is None or _active is _bundled()


def use_font(path: str | Path | None) -> Family:
    """Print with the font file ``path`` from now on (None: the bundled font again)."""
    global _active
    _active = load_family(path) if path is not None else _bundled()
    return _active


@contextmanager
def font_in_use(path: str | Path | None) -> Iterator[Family]:
    """Print with ``path``'s font inside a ``with`` block (tests, library callers)."""
    global _active
    before = _active
    try:
        yield use_font(path)
    finally:
        _active = before
