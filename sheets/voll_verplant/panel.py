"""The sheet's header and panel (``_Panel``): map symbol, title, note and the player's name
field; per line its badge, wagon with windows and bonus boxes; the final-score box; the legend.
"""

from __future__ import annotations

from scorepad.rules.voll_verplant.maps import Line as MapLine
from scorepad.rules.voll_verplant.maps import Network

from .. import layout as geo
from ..draw import (
    BLACK,
    WHITE,
    Circle,
    Group,
    Item,
    Line,
    Polyline,
    Rect,
    Style,
    Text,
    filled,
    stroke,
    text_width,
    tint,
    wrap,
)
from ..labels import MINUS, label
from .dimensions import (
    HEADER_X,
    INTERCHANGE_STROKE,
    LEADER_W,
    LEGEND_LINE,
    LEGEND_ROW,
    LEGEND_SIZE,
    LEGEND_SYMBOL,
    LINE_W,
    MARGIN,
    MIN_TEXT,
    NAME_COLOR,
    NUMBER_COLOR,
    NUMBER_SIZE,
    ROW_H,
    SAFE,
    SCORE_H,
    SCORE_ROW,
    SPECIAL_FILL,
    STATION_STROKE,
    TABLE_HEAD,
    WINDOW_GAP,
    WINDOW_H,
    WINDOW_W,
)
from .frame import _Frame, _legend_row_height, _legend_rows
from .look import LineLook, badge_items, track_items
from .sheet import SheetLayout


class _Panel:
    """The header and panel part of :class:`~.builder._SheetBuilder`; the boxes that marks go
    into are recorded on ``sheet``."""

    # Set by the builder.
    net: Network
    lang: str
    numbers: bool
    col_w: float
    looks: list[LineLook]
    sheet: SheetLayout

    # -------------------------------------------------------------- header
    def _note_lines(self, page_w: float) -> list[str]:
        note = self.net.note_in(self.lang)
        if not note:
            return []
        room = page_w - 2 * HEADER_X - self.col_w - 20.0
        return wrap(note, room, 2.3, italic=True)[:2]

    def _header(self, frame: _Frame, note_lines: list[str]) -> Group:
        """Symbol, title and note, and the player's name field: between the top scan marks."""
        g = Group(tag="header")
        x0, y0 = HEADER_X, MARGIN + SAFE
        symbol = (self.net.symbol or self.net.name[:1]).strip() or "M"
        sw = max(9.0, text_width(symbol, 5.0, True) + 3.0)
        g.add(Rect(x0, y0, sw, 9.0, filled(BLACK), radius=2.2, tag="symbol"))
        g.add(Text(x0 + sw / 2, y0 + 4.5, symbol, 5.0, WHITE, bold=True, anchor="middle",
                   valign="middle", tag="symbol-letter"))
        tx = x0 + sw + 3.0
        g.add(Text(tx, y0 + 7.6, self.net.name, 7.5, bold=True, tag="title"))
        for k, text in enumerate(note_lines):
            g.add(Text(x0, y0 + 13.0 + 3.0 * k, text, 2.3, "#444444", italic=True, tag="note"))
        # The player's name field, above the panel.
        px1 = frame.width - HEADER_X
        px0 = px1 - self.col_w
        word = label("common.player", self.lang)
        g.add(Text(px0, y0 + 7.0, word, 3.0, bold=True))
        fx = px0 + text_width(word, 3.0, True) + 2.0
        g.add(Line(fx, y0 + 7.4, px1, y0 + 7.4, stroke(BLACK, 0.3)))
        self.sheet.player = (fx + 1.0, y0 + 6.6, px1 - fx - 1.0)
        return g

    # -------------------------------------------------------------- panel
    def _table(self, x: float, y: float, first: int, end: int) -> Group:
        g = Group(tag="lines-table")
        lang = self.lang
        g.add(Text(x, y + 2.6, label("vv.line", lang), 2.3, bold=True))
        g.add(Text(x + 8.0, y + 2.6, label("vv.wagon", lang), 2.3, bold=True))
        bx = x + self.col_w - 16.4
        g.add(Text(bx, y + 2.6, label("vv.bonus", lang), 2.3, bold=True))
        g.add(Text(bx + 3.8, y + 6.0, label("vv.first", lang), MIN_TEXT, anchor="middle"))
        g.add(Text(bx + 12.2, y + 6.0, label("vv.later", lang), MIN_TEXT, anchor="middle"))
        for row, line in enumerate(self.net.lines[first:end]):
            g.add(Group(self._row(line, x, y + TABLE_HEAD + row * ROW_H),
                        data={"line": line.id}))  # the wagon row: a tap plays the line
        return g

    def _row(self, line: MapLine, x: float, y: float) -> list[Item]:
        look = self.looks[line.index]
        items: list[Item] = list(badge_items(x + 3.2, y + 3.4, 2.9, line.id, line.color, False,
                                             tag=f"row-badge row-badge-{line.id}"))
        # Long enough for two periods of the longest dash pattern (look.py).
        items.extend(track_items([(x + 0.3, y + 8.0), (x + 7.2, y + 8.0)], look, LINE_W,
                                 tag=f"sample sample-{line.id}"))
        body_w = WINDOW_GAP + line.windows * (WINDOW_W + WINDOW_GAP)
        wx = x + 7.6
        items.append(Rect(wx, y + 0.5, body_w, 7.9, Style(BLACK, tint(line.color, 0.78), 0.35),
                          radius=1.6, tag=f"wagon wagon-{line.id}"))
        for wheel in (wx + 3.0, wx + body_w - 3.0):
            items.append(Circle(wheel, y + 8.75, 0.55, filled(BLACK)))
        boxes = []
        for k in range(line.windows):
            bx = wx + WINDOW_GAP + k * (WINDOW_W + WINDOW_GAP)
            items.append(Rect(bx, y + 1.45, WINDOW_W, WINDOW_H, Style(BLACK, WHITE, 0.3),
                              tag=f"window window-{line.id}"))
            boxes.append(geo.Box(bx, y + 1.45, bx + WINDOW_W, y + 1.45 + WINDOW_H))
        self.sheet.windows[line.id] = boxes
        cells = {}
        bx = x + self.col_w - 16.4
        for kind, value, cx in (("first", line.first, bx), ("later", line.later, bx + 8.4)):
            items.append(Rect(cx, y + 1.2, 7.6, 6.6, Style(BLACK, WHITE, 0.35),
                              tag=f"bonus bonus-{kind}-{line.id}"))
            items.append(Text(cx + 2.3, y + 4.5, str(value), 3.2, bold=kind == "first",
                              anchor="middle", valign="middle"))
            tick = geo.Box(cx + 4.3, y + 3.1, cx + 7.0, y + 5.8)
            items.append(Rect(tick.x0, tick.y0, 2.7, 2.7, stroke(BLACK, 0.25)))
            cells[kind] = (geo.Box(cx, y + 1.2, cx + 7.6, y + 7.8), tick)
        self.sheet.bonus[line.id] = cells
        return items

    def _score_box(self, x: float, y: float) -> Group:
        g = Group(tag="score")
        lang = self.lang
        g.add(Rect(x, y, self.col_w, SCORE_H, stroke(BLACK, 0.4), radius=1.5))
        g.add(Text(x + 2.0, y + 4.4, label("vv.score_title", lang), 3.0, bold=True))
        rows = (("line_points", label("vv.line_points", lang), None),
                ("transfer", label("vv.transfers", lang), "×2"),
                ("empty", label("vv.empty", lang), "÷2"),
                ("total", label("common.total", lang), None))
        result_x = x + self.col_w - 15.0
        small_x = result_x - 15.6
        for k, (key, text, op) in enumerate(rows):
            ry = y + 6.0 + k * SCORE_ROW
            mid = ry + SCORE_ROW / 2
            bold = key == "total"
            g.add(Text(x + 2.0, mid, text, 2.6, bold=bold, valign="middle",
                       tag=f"score-label score-{key}"))
            if op:
                g.add(Rect(small_x, mid - 3.0, 8.5, 6.0, stroke(BLACK, 0.3)))
                g.add(Text(small_x + 9.3, mid, op, 2.8, valign="middle"))
                self.sheet.score["transfer_sum" if key == "transfer" else "empty_stations"] = (
                    geo.Box(small_x, mid - 3.0, small_x + 8.5, mid + 3.0))
            if key == "empty":
                g.add(Text(result_x - 1.0, mid, MINUS, 3.0, bold=True, anchor="end",
                           valign="middle"))
            g.add(Rect(result_x, mid - 3.0, 13.0, 6.0, stroke(BLACK, 0.7 if bold else 0.3)))
            field_name = {"line_points": "line_points", "transfer": "transfer_points",
                          "empty": "empty_penalty", "total": "total"}[key]
            self.sheet.score[field_name] = geo.Box(result_x, mid - 3.0, result_x + 13.0, mid + 3.0)
        return g

    def _legend_entries(self) -> list[tuple[str, str]]:
        lang = self.lang
        entries = [("interchange", label("vv.legend_interchange", lang)),
                   ("end", label("vv.legend_end", lang)),
                   ("start", label("vv.legend_start", lang)),
                   ("end-badge", label("vv.legend_end_badge", lang))]
        if self.numbers:
            entries.append(("number", label("vv.legend_number", lang)))
        # The ways a name or a badge is set where the map is crowded (the legend is laid out
        # before the map, so they are explained on every sheet).
        entries += [("upright", label("vv.legend_upright", lang)),
                    ("leader", label("vv.legend_leader", lang)),
                    ("stub", label("vv.legend_stub", lang))]
        if any(line.ring for line in self.net.lines):
            entries.append(("ring", label("vv.legend_ring", lang)))
        if self.net.special_mask:
            entries.append(("special", label("vv.legend_special", lang)))
        entries.append(("windows", label("vv.legend_windows", lang)))
        return entries

    def _legend(self, x: float, y: float, width: float) -> Group:
        g = Group(tag="legend")
        cy = y
        for row in _legend_rows(self._legend_entries(), width):
            height = _legend_row_height(row)
            cx = x
            for kind, lines, w in row:
                g.extend(self._legend_symbol(kind, cx + 3.0, cy + LEGEND_ROW / 2))
                for k, text in enumerate(lines):
                    g.add(Text(cx + LEGEND_SYMBOL, cy + LEGEND_ROW / 2 + k * LEGEND_LINE, text,
                               LEGEND_SIZE,
                               valign="middle", tag=f"legend legend-{kind}"))
                cx += w
            cy += height
        return g

    def _legend_symbol(self, kind: str, x: float, y: float) -> list[Item]:
        r = 1.9
        if kind == "interchange":
            return [Circle(x, y, r, Style(BLACK, WHITE, INTERCHANGE_STROKE * 0.75))]
        if kind == "end":
            return [Circle(x, y, r + 0.45, Style(BLACK, WHITE, 0.25)),
                    Circle(x, y, r - 0.15, Style(BLACK, WHITE, STATION_STROKE))]
        if kind == "start":
            return list(badge_items(x, y, 1.9, "A", "#888888", True))
        if kind == "end-badge":
            return list(badge_items(x, y, 1.9, "A", "#888888", False))
        if kind == "number":
            return [Text(x, y, "12", NUMBER_SIZE, NUMBER_COLOR, anchor="middle", valign="middle")]
        if kind == "upright":
            # A small circle with its name turned upright above it, reading upwards.
            size = MIN_TEXT
            tx = x + (0.75 + 0.21) * size / 2 - 0.21 * size
            return [Circle(x, y + 1.6, 0.9, Style(BLACK, WHITE, STATION_STROKE)),
                    Text(tx, y + 0.3, "Aa", size, NAME_COLOR, angle=-90.0)]
        if kind == "leader":
            # A small circle, a thin leader line from its rim, and the name at its end.
            return [Circle(x - 2.0, y + 0.8, 0.9, Style(BLACK, WHITE, STATION_STROKE)),
                    Line(x - 1.2, y + 0.4, x + 0.6, y - 0.5, stroke(NAME_COLOR, LEADER_W)),
                    Text(x + 0.8, y - 0.2, "Aa", MIN_TEXT, NAME_COLOR)]
        if kind == "stub":
            # A small circle and a line's badge hanging on a thin stub from it.
            return [Line(x - 2.0, y + 1.0, x + 0.6, y - 0.6, stroke("#888888", 0.6)),
                    Circle(x - 2.0, y + 1.0, 0.9, Style(BLACK, WHITE, STATION_STROKE)),
                    *badge_items(x + 1.2, y - 0.9, 1.4, "A", "#888888", True)]
        if kind == "special":
            return [Circle(x - 0.5, y + 0.4, r - 0.3, Style(BLACK, SPECIAL_FILL, STATION_STROKE)),
                    Polyline(geo.star_points(x + 1.2, y - 1.0, 1.25), filled(BLACK, WHITE, 0.15),
                             closed=True)]
        if kind == "ring":
            return [Circle(x, y, 1.3, Style(BLACK, WHITE, STATION_STROKE)),
                    Polyline(geo.arrowhead((x - 3.2, y), (-1.0, 0.0), 1.5, 1.9), filled(BLACK),
                             closed=True),
                    Polyline(geo.arrowhead((x + 3.2, y), (1.0, 0.0), 1.5, 1.9), filled(BLACK),
                             closed=True)]
        # windows: a small window box with a "+"
        return [Rect(x - 2.2, y - 1.8, 4.4, 3.6, Style(BLACK, WHITE, 0.25)),
                Text(x, y, "+", 2.6, anchor="middle", valign="middle")]
