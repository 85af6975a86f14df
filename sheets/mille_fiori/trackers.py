"""Pages 3+ of the Mille Fiori score aids: a tracker per player.

Tick boxes for the fields' conditions and markers, score-track laps, bonus cards and the
diamond supply, and boxes for the score after each round. The body is the same on every
tracker (:func:`tracker_body`); :func:`tracker_page` adds the player's number.
"""

from __future__ import annotations

from scorepad.rules.mille_fiori.board import AREAS, RESIDENCES, board
from scorepad.rules.mille_fiori.ruleset import MFRules, default_rules

from ..draw import (
    BLACK,
    Circle,
    Group,
    Line,
    Page,
    Polyline,
    Rect,
    Text,
    paper_size,
    pt,
    stroke,
    text_width,
)
from ..labels import colon, label
from .style import GREY, MARGIN, RULE, SMALL, TEXT, _heading, _title


def _tick(x: float, y: float, size: float = 4.2) -> Rect:
    return Rect(x, y, size, size, stroke(BLACK, 0.3), radius=0.5, tag="tick")


def tracker_page(options: MFRules | None = None, *, paper: str = "a4", lang: str = "en",
                 player: int = 1, body: Group | None = None) -> Page:
    """A tracker for one player: field conditions and markers, laps, bonus cards, diamonds,
    the score after each round. Pages given the same ``body`` share it (the PDF then
    draws it once)."""
    opts = options or default_rules()
    width, height = paper_size(paper)
    page = Page(width, height)
    page.add(body if body is not None else tracker_body(opts, paper=paper, lang=lang))
    y = MARGIN + 19
    page.add(Text(width - MARGIN, y, f"#{player}", size=pt(11), color=GREY, anchor="end",
                  tag="player-number"))
    return page


def tracker_body(options: MFRules | None = None, *, paper: str = "a4",
                 lang: str = "en", players: int | None = None) -> Group:
    """Everything on a tracker page but the player's number; the row of rounds has as many
    boxes as the deck deals rounds for ``players`` (2-4), else for the longest game."""
    from scorepad.rules.mille_fiori.engine import make_config

    opts = options or default_rules()
    b = board()
    width, _height = paper_size(paper)
    page = Group(tag="tracker")
    _title(page, label("mf.title_tracker", lang), opts, lang, width)
    full = width - 2 * MARGIN
    y = MARGIN + 19
    page.add(Text(MARGIN, y, colon(label('mf.name', lang), lang), size=pt(11), bold=True,
                  tag="name"))
    page.add(Line(MARGIN + 18, y + 1, MARGIN + 120, y + 1, stroke(BLACK, 0.3)))
    # fields: one row per field area with tick boxes for its condition and the values
    y += 10
    page.add(_heading(MARGIN, y, label("mf.k_fields", lang), full))
    y += 3
    row_h = 17.0
    bonus_at = sorted(b.res_bonus_at)
    for a in b.field_areas:
        area = AREAS[a]
        page.add(Rect(MARGIN, y, full, row_h, stroke(RULE, 0.3), radius=1, tag=f"field {area}"))
        page.add(Text(MARGIN + 2.5, y + row_h / 2, label("mf." + area, lang), size=pt(9), bold=True,
                      valign="middle"))
        items = ([str(v) for v in b.res_distinct] if a == RESIDENCES
                 else [label("mf." + s, lang) for s in b.symbols[a]])
        x = MARGIN + 32
        cy = y + row_h / 2 - (2.0 if a == RESIDENCES else 0)
        for item in items:
            page.add(_tick(x, cy - 2.1))
            page.add(Text(x + 5.4, cy, item, size=TEXT, valign="middle"))
            x += 5.4 + text_width(item, TEXT) + 5
        if a == RESIDENCES:
            note = (label("mf.k_bonus_at", lang, a=bonus_at[0], b=bonus_at[-1]) + " · " +
                    label("mf.k_res_note", lang, n=b.res_field_at))
            page.add(Text(MARGIN + 32, y + row_h - 3.2, note, size=SMALL, color=GREY,
                          valign="middle"))
        vx = MARGIN + full - len(b.field_values) * 11.5 - 1
        for v in b.field_values:
            page.add(Circle(vx + 5, y + row_h / 2, 4.4, stroke(BLACK, 0.35), tag="value"))
            page.add(Text(vx + 5, y + row_h / 2, str(v), size=pt(9), bold=True,
                          anchor="middle", valign="middle"))
            vx += 11.5
        y += row_h + 2.5
    # laps
    y += 7
    page.add(_heading(MARGIN, y, label("mf.k_laps", lang), full))
    x = MARGIN
    for lap in range(1, 7):
        page.add(_tick(x, y + 3.5, 5.5))
        page.add(Text(x + 7.5, y + 6.25, f"{lap * 100}", size=pt(9), valign="middle"))
        x += 26
    # bonus cards
    y += 18
    page.add(_heading(MARGIN, y, label("mf.k_bonus", lang), full))
    count = 24
    for i in range(count):
        page.add(_tick(MARGIN + i * (full / count), y + 3.5, 5.0))
    # diamonds
    y += 18
    page.add(_heading(MARGIN, y, label("mf.k_diamonds", lang), full))
    step = full / opts.diamonds
    for i in range(opts.diamonds):
        page.add(_outline_diamond(MARGIN + i * step + step / 2, y + 8, min(3.4, step * 0.45)))
    # rounds
    y += 22
    page.add(_heading(MARGIN, y, label("mf.k_rounds", lang), full))
    counts = (players,) if players in (2, 3, 4) else (2, 3, 4)
    rounds = max(make_config(n, opts).rounds for n in counts)
    label_w = 24.0
    cell = (full - label_w) / rounds
    for r, key in enumerate(("k_this_round", "k_total")):
        top = y + 3 + 6 + r * 13
        page.add(Text(MARGIN, top + 6.5, label("mf." + key, lang), size=TEXT, bold=True,
                      valign="middle"))
        for i in range(rounds):
            page.add(Rect(MARGIN + label_w + i * cell, top, cell, 13, stroke(BLACK, 0.3)))
    for i in range(rounds):
        page.add(Text(MARGIN + label_w + i * cell + cell / 2, y + 3 + 3.5,
                      f"{label('mf.round', lang)} {i + 1}", size=SMALL, color=GREY,
                      anchor="middle", valign="middle"))
    return page


def _outline_diamond(cx: float, cy: float, r: float) -> Polyline:
    return Polyline(((cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)),
                    stroke(BLACK, 0.3), closed=True, tag="supply")
