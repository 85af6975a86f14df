"""Page 2 of the Mille Fiori score aids: the scoring table.

Trade, harbor payouts, pyramid values, workshop groups, the residences line, the ship
track, the fields and the rounds per player count, each as a ruled table or a drawing.
"""

from __future__ import annotations

from scorepad.rules.mille_fiori.board import AREAS, WORKSHOPS, board
from scorepad.rules.mille_fiori.ruleset import MFRules, default_rules

from ..draw import (
    BLACK,
    WHITE,
    Group,
    Line,
    Page,
    Rect,
    Text,
    bbox,
    filled,
    paper_size,
    pt,
    stroke,
    text_width,
    wrap,
)
from ..labels import label
from .style import GREY, MARGIN, RULE, TEXT, _heading, _ship_track, _title

ROW = 6.2      # table row height on the scoring table
CELL = pt(7.8)  # table text


def _grid_table(x: float, y: float, head: list[str], rows: list[list[str]], widths: list[float],
                row_h: float = ROW, tag: str = "table") -> Group:
    """A ruled table: a shaded header row, then rows whose first cell is a label."""
    group = Group(tag=tag)
    total_w = sum(widths)
    n = len(rows) + 1
    group.add(Rect(x, y, total_w, row_h, filled("#e4e4e4")))
    group.add(Rect(x, y + row_h, widths[0], row_h * len(rows), filled("#f2f2f2")))
    for r, cells in enumerate([head, *rows]):
        cx = x
        for c, cell in enumerate(cells):
            fit = min(CELL, CELL * (widths[c] - 1.6) / max(0.1, text_width(cell, CELL, True)))
            if c == 0:
                group.add(Text(cx + 1.0, y + r * row_h + row_h / 2, cell, size=fit, bold=True,
                               valign="middle", tag="cell"))
            else:
                group.add(Text(cx + widths[c] / 2, y + r * row_h + row_h / 2, cell, size=fit,
                               bold=r == 0, anchor="middle", valign="middle", tag="cell"))
            cx += widths[c]
    thin = stroke(RULE, 0.25)
    for r in range(n + 1):
        group.add(Line(x, y + r * row_h, x + total_w, y + r * row_h,
                       stroke(BLACK, 0.4) if r in (0, 1, n) else thin))
    cx = x
    for c in range(len(widths) + 1):
        group.add(Line(cx, y, cx, y + n * row_h,
                       stroke(BLACK, 0.4) if c in (0, 1, len(widths)) else thin))
        if c < len(widths):
            cx += widths[c]
    return group


def scoring_table_page(options: MFRules | None = None, *, paper: str = "a4",
                       lang: str = "en") -> Page:
    """Page 2: trade, harbor, pyramid, workshop, residence, ship, field and round tables."""
    opts = options or default_rules()
    gap = 10.0
    page, bottom = _table_page(opts, paper, lang, gap)
    if bottom > page.height - MARGIN:  # a shorter paper: close the gaps between sections
        page, _ = _table_page(opts, paper, lang, gap - (bottom - page.height + MARGIN) / 5)
    return page


def _table_page(opts: MFRules, paper: str, lang: str, gap: float) -> tuple[Page, float]:
    """The scoring table with ``gap`` mm between sections, and how low its ink reaches."""
    from scorepad.rules.mille_fiori.engine import make_config

    b = board()
    width, height = paper_size(paper)
    page = Page(width, height)
    _title(page, label("mf.title_table", lang), opts, lang)
    full = width - 2 * MARGIN
    half = (full - 8) / 2
    left, right = MARGIN, MARGIN + half + 8
    y = MARGIN + 17
    # trade: k of your diamonds among n on the column → k × n
    most = b.trade_rows
    page.add(_heading(left, y, label("mf.t_trade", lang), half))
    head = [f"{label('mf.t_on_column', lang)} / {label('mf.t_yours', lang)}",
            *[str(k) for k in range(1, most + 1)]]
    rows = [[str(n), *[str(k * n) if k <= n else "" for k in range(1, most + 1)]]
            for n in range(1, most + 1)]
    page.add(_grid_table(left, y + 2.5, head, rows, [half - most * 10.0] + [10.0] * most,
                         tag="table trade"))
    # harbor payouts and the pyramid, on the right
    page.add(_heading(right, y, label("mf.t_harbor", lang), half))
    head = [label("mf.t_goods_beside", lang), *[str(i) for i in range(len(b.harbor_payout))]]
    rows = [[label("mf.t_each", lang), *[str(p) for p in b.harbor_payout]]]
    k = len(b.harbor_payout)
    page.add(_grid_table(right, y + 2.5, head, rows, [half - 9.0 * k] + [9.0] * k,
                         tag="table harbor"))
    py = y + 2.5 + 2 * ROW + gap
    page.add(_heading(right, py, label("mf.t_pyramid", lang), half))
    pts = {lv: b.tp_points[b.tp_level.index(lv)] for lv in ("top", "middle", "bottom")}
    head = [label("mf.t_level", lang), label("mf.t_points", lang), label("mf.t_match", lang),
            label("mf.t_pays", lang)]
    rows = [[label("mf.bottom", lang), str(pts["bottom"]), str(2 * pts["bottom"]), "–"],
            [label("mf.middle", lang), str(pts["middle"]), str(2 * pts["middle"]),
             label("mf.t_pays_middle", lang, b=pts["bottom"])],
            [label("mf.top", lang), str(pts["top"]), str(2 * pts["top"]),
             label("mf.t_pays_top", lang, m=pts["middle"], b=pts["bottom"])]]
    page.add(_grid_table(right, py + 2.5, head, rows, [15.0, 13.0, 16.0, half - 44.0],
                         tag="table pyramid"))
    # workshops: group size → points, ×2 on pigments (below both columns)
    y = max(y + 2.5 + (most + 1) * ROW, py + 2.5 + 4 * ROW) + gap
    page.add(_heading(left, y, label("mf.t_workshops", lang), full))
    sizes = list(range(1, 16))
    double = label("mf." + b.symbols[WORKSHOPS][b.ws_double], lang)
    head = [label("mf.t_group", lang), *[str(n) for n in sizes]]
    rows = [[label("mf.t_points", lang), *[str(n) for n in sizes]],
            [f"{double} ×2", *[str(2 * n) for n in sizes]]]
    cell = (full - 28) / len(sizes)
    page.add(_grid_table(left, y + 2.5, head, rows, [28.0] + [cell] * len(sizes),
                         tag="table workshops"))
    # residences: the line of houses
    y += 2.5 + 3 * ROW + gap
    page.add(_heading(left, y, label("mf.t_residences", lang), full))
    per = len(b.res_values) // 2
    cell = full / per
    house_h = 8.0
    for i, value in enumerate(b.res_values):
        r, c = divmod(i, per)
        top = y + 2.5 + r * house_h
        page.add(Rect(left + c * cell, top, cell, house_h,
                      filled(WHITE, stroke=BLACK, width=0.25)))
        page.add(Text(left + c * cell + 0.8, top + 0.5, str(i), size=pt(6), color=GREY,
                      valign="top"))
        page.add(Text(left + c * cell + cell / 2, top + house_h / 2 + 0.5, str(value),
                      size=pt(9), bold=True, anchor="middle", valign="middle",
                      tag="house-value"))
    bonus_at = sorted(b.res_bonus_at)
    note = label("mf.t_residences_note", lang, values=" ".join(map(str, b.res_distinct)),
                a=bonus_at[0], b=bonus_at[-1], n=b.res_field_at)
    page.add(Text(left, y + 2.5 + 2 * house_h + 4.5, note, size=min(TEXT, TEXT * full / max(
        0.1, text_width(note, TEXT))), tag="rule"))
    # ship track
    y += 2.5 + 2 * house_h + 6 + gap
    page.add(_heading(left, y, label("mf.t_ship", lang), full))
    page.add(_ship_track(b, left, y + 2.5, full, lang, cell_h=8.0))
    # fields
    y += 2.5 + 16 + gap
    page.add(_heading(left, y, label("mf.t_fields", lang), full))
    conditions = {"workshops": label("mf.c_workshops", lang),
                  "residences": label("mf.c_residences", lang, n=b.res_field_at),
                  "nobili": label("mf.c_townspeople", lang),
                  "populi": label("mf.c_townspeople", lang),
                  "trade": label("mf.c_trade", lang)}
    head = [label("mf.t_who", lang), *[str(v) for v in b.field_values]]
    rows = [[f"{label('mf.' + AREAS[a], lang)}: {conditions[AREAS[a]]}", "", "", "", ""]
            for a in b.field_areas]
    value_w = 16.0
    page.add(_grid_table(left, y + 2.5, head, rows,
                         [full - value_w * len(b.field_values)] + [value_w] *
                         len(b.field_values), row_h=7.0, tag="table fields"))
    # rounds by player count, and the flow of a round
    y += 2.5 + 6 * 7.0 + gap
    page.add(_heading(left, y, label("mf.t_game", lang), full))
    counts = (2, 3, 4)
    configs = [make_config(n, opts) for n in counts]
    head = [label("mf.t_players", lang), *[str(n) for n in counts]]
    rows = [[label("mf.t_display", lang), *[str(c.display_size) for c in configs]],
            [label("mf.t_hand", lang), *[str(c.hand) for c in configs]],
            [label("mf.t_plays", lang), *[str(c.plays) for c in configs]],
            [label("mf.t_rounds", lang), *[str(c.rounds) for c in configs]]]
    page.add(_grid_table(left, y + 2.5, head, rows, [half - 3 * 14.0] + [14.0] * 3,
                         tag="table rounds"))
    lines = wrap(label("mf.t_flow", lang), half, TEXT)
    for i, line in enumerate(lines):
        page.add(Text(right, y + 2.5 + TEXT + i * TEXT * 1.35, line, size=TEXT, tag="rule"))
    ty = y + 2.5 + TEXT + len(lines) * TEXT * 1.35 + 2
    text = label("mf.t_other_text", lang, n=opts.diamonds, points=opts.empty_display_points,
                ties=label(f"mf.ties_{opts.ties}", lang))
    for i, line in enumerate(wrap(text, half, TEXT)):
        page.add(Text(right, ty + TEXT + i * TEXT * 1.35, line, size=TEXT, tag="rule"))
    bottom = max(box[3] for box in (bbox(item) for item in page.items) if box is not None)
    return page, bottom
