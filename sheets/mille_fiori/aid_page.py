"""Page 1 of the Mille Fiori score aids: the player aid.

A block per area (where to place, how it scores, what gives a bonus card, the field's
condition, and a worked example), and a block for the ship track and the game end.
"""

from __future__ import annotations

from typing import Any

from scorepad.rules.mille_fiori.board import TRADE, WORKSHOPS, Board, board
from scorepad.rules.mille_fiori.ruleset import MFRules, default_rules

from ..draw import (
    BLACK,
    Group,
    Page,
    Rect,
    Text,
    filled,
    paper_size,
    pt,
    stroke,
    text_width,
    tint,
    wrap,
)
from ..labels import label
from .examples import (
    _fit,
    _harbor_diagram,
    _res_diagram,
    _tp_diagram,
    _trade_diagram,
    _ws_diagram,
    examples,
)
from .style import AREA_COLORS, HEAD, MARGIN, SMALL, TEXT, _legend, _ship_track, _title


def _rows_text(rows: list[tuple[str, str]], x: float, y: float, w: float, size: float,
               lang: str) -> tuple[Group, float]:
    """Label/text rows (label bold on the left), wrapped; returns the group and its height."""
    group = Group()
    label_w = max(text_width(label("mf." + k, lang), size, True) for k, _ in rows) + 2
    line = size * 1.3
    cy = y
    for key, text in rows:
        group.add(Text(x, cy + size * 0.75, label("mf." + key, lang), size=size, bold=True,
                       tag="label"))
        for part in wrap(text, w - label_w, size):
            group.add(Text(x + label_w, cy + size * 0.75, part, size=size, tag="rule"))
            cy += line
        cy += 0.7
    return group, cy - y


def _band(group: Group, key: str, x: float, y: float, w: float, h: float, lang: str) -> float:
    """A block's frame and heading band; returns the band's height."""
    color = AREA_COLORS[key]
    band = 6.4
    group.add(Rect(x, y, w, h, stroke(BLACK, 0.35), radius=1.5))
    group.add(Rect(x, y, w, band, filled(tint(color, 0.72)), radius=1.5))
    group.add(Rect(x, y, 3.0, band, filled(color)))
    group.add(Text(x + 5, y + band / 2, label("mf." + key, lang), size=HEAD, bold=True,
                   valign="middle",
                   tag="heading"))
    return band


def _block(key: str, x: float, y: float, w: float, h: float, rows: list[tuple[str, str]],
           build: Any, ex: dict[str, Any], b: Board, caption: str, lang: str,
           most: float) -> Group:
    """One area of the player aid: heading band, rule rows, the worked example and its
    caption. The text takes what it needs (shrinking if it must); the example the rest."""
    group = Group(tag=f"area {key}")
    band = _band(group, key, x, y, w, h, lang)
    cap_h = 5.0
    size = TEXT
    while True:
        text, height = _rows_text(rows, x + 2.5, y + band + 1.8, w - 5, size, lang)
        if height <= (h - band - cap_h) * 0.62 or size < pt(5.5):
            break
        size *= 0.95
    group.add(text)
    top = y + band + 1.8 + height + 1.5
    room_h = y + h - cap_h - top - 1
    diagram, dw, dh = _fit(build, ex, b, lang, w - 12, room_h, most)
    diagram.dx, diagram.dy = x + (w - dw) / 2, top + (room_h - dh) / 2
    group.add(diagram)
    cap = min(SMALL, SMALL * (w - 5) / max(1.0, text_width(caption, SMALL)))
    group.add(Text(x + w / 2, y + h - 2.4, caption, size=cap, anchor="middle", italic=True,
                   tag="caption"))
    return group


def player_aid_page(options: MFRules | None = None, *, paper: str = "a4",
                    lang: str = "en") -> Page:
    """Page 1: per area where to place, how it scores, bonus cards, the field; the ship."""
    opts = options or default_rules()
    b = board()
    ex = examples(opts)
    width, height = paper_size(paper)
    page = Page(width, height)
    _title(page, label("mf.title_aid", lang), opts, lang)
    page.add(_legend(width - MARGIN, MARGIN + 10.8, lang))
    top = MARGIN + 14
    gap = 3.5
    cols, rows = 2, 3
    bw = (width - 2 * MARGIN - gap) / cols
    bh = (height - MARGIN - top - gap * (rows - 1)) / rows

    def at(i: int) -> tuple[float, float]:
        r, c = divmod(i, cols)
        return MARGIN + c * (bw + gap), top + r * (bh + gap)

    def names(area: int) -> str:
        return ", ".join(label("mf." + s, lang) for s in b.symbols[area])

    double = label("mf." + b.symbols[WORKSHOPS][b.ws_double], lang)
    tp_points = {lv: b.tp_points[b.tp_level.index(lv)] for lv in ("top", "middle", "bottom")}
    payout = " / ".join(str(p) for p in b.harbor_payout[1:])
    bonus_at = sorted(b.res_bonus_at)
    e = ex["workshops"]
    page.add(_block("workshops", *at(0), bw, bh, [
        ("place", label("mf.ws_place", lang, materials=names(WORKSHOPS))),
        ("score", label("mf.ws_score", lang, double=double)),
        ("bonus", label("mf.ws_bonus", lang)), ("field", label("mf.ws_field", lang))],
        _ws_diagram, e, b, label("mf.ws_example", lang, n=e["you"] // 2, double=double,
                                points=e["you"]), lang, most=9.0))
    e = ex["residences"]
    values = [b.res_values[i] for i in (2, 1, 0)]
    page.add(_block("residences", *at(1), bw, bh, [
        ("place", label("mf.res_place", lang)), ("score", label("mf.res_score", lang)),
        ("bonus", label("mf.res_bonus", lang, a=bonus_at[0], b=bonus_at[-1])),
        ("field", label("mf.res_field", lang, n=b.res_field_at))],
        _res_diagram, e, b, label("mf.res_example", lang, sum=" + ".join(map(str, values)),
                                 points=e["you"]), lang, most=12.0))
    e = ex["townspeople"]
    page.add(_block("townspeople", *at(2), bw, bh, [
        ("place", label("mf.tp_place", lang)), ("score", label("mf.tp_score", lang, **tp_points)),
        ("bonus", label("mf.tp_bonus", lang)), ("field", label("mf.tp_field", lang))],
        _tp_diagram, e, b, label("mf.tp_example", lang, points=tp_points["top"] * 2, **tp_points),
        lang, most=10.0))
    e = ex["trade"]
    page.add(_block("trade", *at(3), bw, bh, [
        ("place", label("mf.tr_place", lang, goods=names(TRADE))),
        ("score", label("mf.tr_score", lang)),
        ("bonus", label("mf.tr_bonus", lang)), ("field", label("mf.tr_field", lang))],
        _trade_diagram, e, b, label("mf.tr_example", lang, n=len(e["owners"]) + 1, mine=e["you"],
                                   theirs=e["others"]), lang, most=14.0))
    e = ex["harbor"]
    goods = sum(1 for k in e["owners"] if k.startswith("trade/"))
    page.add(_block("harbor", *at(4), bw, bh, [
        ("place", label("mf.hb_place", lang)), ("score", label("mf.hb_score", lang, payout=payout)),
        ("bonus", label("mf.hb_bonus", lang)), ("field", label("mf.hb_field", lang))],
        _harbor_diagram, e, b, label("mf.hb_example", lang, goods=goods,
                                    pay=b.harbor_payout[goods]), lang, most=10.0))
    page.add(_ship_block(opts, b, *at(5), bw, bh, lang))
    return page


def _ship_block(opts: MFRules, b: Board, x: float, y: float, w: float, h: float,
                lang: str) -> Group:
    """The ship track, bonus cards, the fields' markers and the game end."""
    group = Group(tag="area ship")
    band = _band(group, "ship", x, y, w, h, lang)
    group.add(_ship_track(b, x + 2.5, y + band + 2.5, w - 5, lang, cell_h=7.5))
    texts = [label("mf.sh_move", lang),
             label("mf.sh_bonus", lang, points=opts.empty_display_points),
             label("mf.sh_fields", lang, n=opts.diamonds),
             label("mf.sh_end", lang, hand=opts.hand_size)]
    top = y + band + 2.5 + 15 + 3
    size = TEXT
    while True:
        lines = [wrap(t, w - 5, size) for t in texts]
        needed = sum(len(part) for part in lines) * size * 1.3 + len(texts) * 1.2
        if needed <= y + h - 2 - top or size < pt(5.5):
            break
        size *= 0.95
    cy = top
    for part in lines:
        for line in part:
            group.add(Text(x + 2.5, cy + size * 0.75, line, size=size, tag="rule"))
            cy += size * 1.3
        cy += 1.2
    return group
