"""Fonts with PostScript (CFF) outlines — most ``.otf`` files, and the usual CJK fonts (Noto
Sans CJK, Source Han Sans) — which reportlab cannot embed.

fontTools reads their widths and character map at once (cheap even for 65,000 glyphs); only
when a PDF is written are the glyphs actually used cut out (``fontTools.subset``) and their
cubic outlines turned into TrueType's quadratic ones (``fontTools.pens.cu2quPen``), giving a
small TrueType font that reportlab then embeds like any other. fontTools is imported only
for such a font.
"""

from __future__ import annotations

import io
from pathlib import Path


class CffFont:
    """A CFF-outline font file: its metrics now, a TrueType subset for reportlab on demand."""

    def __init__(self, path: Path, pdf_name: str) -> None:
        from fontTools.ttLib import TTFont, TTLibError

        try:
            self._font = TTFont(str(path), fontNumber=0, lazy=True)
            cmap = self._font.getBestCmap() or {}
            metrics = self._font["hmtx"].metrics
            upem = self._font["head"].unitsPerEm
            names = self._font["name"]
            family = names.getBestFamilyName() or path.stem
        except (TTLibError, KeyError, AssertionError, OSError, ValueError) as err:
            raise ValueError(f"cannot read its tables ({err})") from None
        self.path = path
        self.pdf_name = pdf_name
        self.family = family
        # Widths in 1/1000 em, as reportlab gives them for TrueType fonts.
        self.widths = {code: metrics[glyph][0] * 1000.0 / upem for code, glyph in cmap.items()
                       if glyph in metrics}
        self.default_width = metrics[".notdef"][0] * 1000.0 / upem if ".notdef" in metrics \
            else 500.0
        self.chars = cmap
        self._registered: frozenset[int] = frozenset()

    def register(self, codes: set[int]) -> None:
        """Register with reportlab a TrueType font holding (at least) the characters
        ``codes``, under ``pdf_name``; again only when new characters are needed."""
        codes = {c for c in codes if c in self.chars}
        if codes <= self._registered:
            return
        from reportlab.pdfbase.pdfmetrics import registerFont
        from reportlab.pdfbase.ttfonts import TTFont

        wanted = frozenset(codes | self._registered)
        data = _truetype_subset(self.path, wanted)
        registerFont(TTFont(self.pdf_name, io.BytesIO(data)))
        self._registered = wanted


def _truetype_subset(path: Path, codes: frozenset[int]) -> bytes:
    """The TrueType-outline font file of ``path``'s glyphs for ``codes``."""
    import logging

    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    # The subsetter logs tables it drops (e.g. FontForge's "FFTM"): not the user's concern.
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    font = TTFont(str(path), fontNumber=0)
    options = subset.Options()
    options.notdef_outline = True
    options.desubroutinize = True
    options.layout_features = []
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codes))
    subsetter.subset(font)
    # CFF outlines to TrueType ones (the fontTools "otf2ttf" recipe).
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    for table in ("CFF ", "CFF2", "VORG"):
        if table in font:
            del font[table]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones",):
        setattr(maxp, field, 1)
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"
    font.recalcTimestamp = False  # the same input, the same PDF
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
