"""The player aid's worked examples and their diagrams.

:func:`examples` plays each example with the rules engine, so the numbers printed are the
ones ``scorepad mf score`` would give; one diagram per area draws the position, and
:func:`_fit` scales a diagram to the room its block leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt
from typing import Any

from scorepad.rules.mille_fiori.board import (
    AREAS,
    POPULI,
    WORKSHOPS,
    Board,
    board,
)
from scorepad.rules.mille_fiori.engine import arrange, preview, setup
from scorepad.rules.mille_fiori.ruleset import MFRules

from ..draw import (
    BLACK,
    WHITE,
    Anchor,
    Group,
    Polyline,
    Rect,
    Text,
    filled,
    pt,
    stroke,
    text_width,
)
from ..labels import label
from .style import GREY, RULE, _diamond


# ------------------------------------------------------------------- worked examples
def examples(options: MFRules | None = None) -> dict[str, Any]:
    """The aid's worked examples, played by the engine: positions and what they score."""
    b = board()
    you, other, other2 = 0, 1, 2
    base = setup(["you", "other", "other2"], options)

    def sp(text: str) -> int:
        return b.space(text)

    def run(owners: dict[str, int], card: str, space: str, **kw: Any) -> dict[str, Any]:
        state = arrange(base, {sp(k): v for k, v in owners.items()}, **kw)
        events, bonus = preview(state, you, b.card(card), sp(space))
        got: dict[int, int] = {}
        for e in events:
            if e.player >= 0 and e.kind in AREAS:
                got[e.player] = got.get(e.player, 0) + e.points
        return {"owners": owners, "new": space, "events": events, "bonus": bool(bonus),
                "you": got.get(you, 0), "others": got.get(other, 0) + got.get(other2, 0),
                "per_event": [(e.player, e.points, e.why) for e in events if e.kind in AREAS]}

    ws = run({"workshops/7": you, "workshops/8": you, "workshops/1": other},
             "workshops/pigments/1", "workshops/0")
    res = run({"residences/0": you, "residences/1": you}, "residences/-/1", "residences/2")
    tp = run({"populi/7": other, "populi/8": other2, "populi/9": you, "populi/3": you,
              "populi/4": other}, "populi/shell/1", "populi/0")
    tr = run({"trade/0/goblet": other, "trade/1/goblet": other}, "trade/goblet/1",
             "trade/2/goblet")
    hb = run({"harbor/1/0": other, "harbor/1/1": other2, "trade/1/goblet": other,
              "trade/1/swan": you}, "harbor/-/1", "harbor/1/2", ships=[20, 0, 0])
    return {"workshops": ws, "residences": res, "townspeople": tp, "trade": tr, "harbor": hb}


# ------------------------------------------------------ shapes only the diagrams use
def _owner_of(space: int, owners: dict[int, int], new: int) -> str | None:
    if space == new:
        return "new"
    if space in owners:
        return "you" if owners[space] == 0 else "other"
    return None


def _hexagon(cx: float, cy: float, r: float, fill: str) -> Polyline:
    pts = tuple((cx + r * sqrt(3) / 2 * dx, cy + r * dy) for dx, dy in
                ((0, -1), (1, -0.5), (1, 0.5), (0, 1), (-1, 0.5), (-1, -0.5)))
    return Polyline(pts, filled(fill, stroke=BLACK, width=0.25), closed=True)


def _points_label(x: float, y: float, points: int, u: float, anchor: Anchor = "start") -> Text:
    return Text(x, y, f"+{points}", size=max(pt(6), 0.3 * u), bold=True, anchor=anchor,
                valign="middle", tag="points")


# ----------------------------------------------------------------- example diagrams
# Each draws at the origin with a unit ``u`` (mm) and returns (group, width, height);
# :func:`_fit` picks the unit that fills the room a block leaves.
def _ws_diagram(ex: dict[str, Any], b: Board, lang: str, u: float) -> tuple[Group, float, float]:
    """A corner of the workshop grid: your group joined by a diamond on pigments, which also
    fills bonus triangle 0-7-8 (the small triangle)."""
    group = Group(tag="example workshops")
    shown = [0, 1, 2, 7, 8, 9, 15, 16]
    owners = {b.space(k): v for k, v in ex["owners"].items()}
    new = b.space(ex["new"])
    step = u * sqrt(3) / 2
    centres = {}
    for s in shown:
        row, col = b.ws_grid[s]
        cx, cy = step + col * step, 1.45 * u + row * 1.5 * u  # room above for the points
        centres[s] = (cx, cy)
        double = b.space_symbol[s] == b.ws_double
        # The doubling material is tinted (the caption and the rule say ×2); its full name,
        # like every material's, sits in the hexagon's wide band below the diamond.
        group.add(_hexagon(cx, cy, u, "#dedede" if double else WHITE))
        name = label("mf." + b.symbols[WORKSHOPS][b.space_symbol[s]], lang)
        size = _fitted(name, max(LABEL_MIN, 0.24 * u), 1.3 * u)
        group.add(Text(cx, cy + 0.36 * u, name, size=size, color=GREY, anchor="middle",
                       valign="middle", tag="material"))
        who = _owner_of(s, owners, new)
        if who:
            group.add(_diamond(cx, cy - 0.26 * u, 0.28 * u, who))
    tri = b.ws_triangle[new]
    tx = sum(centres[t][0] for t in tri) / 3
    ty = sum(centres[t][1] for t in tri) / 3
    t = 0.2 * u
    group.add(Polyline(((tx, ty - t), (tx + t, ty + 0.7 * t), (tx - t, ty + 0.7 * t)),
                       filled(WHITE, stroke=BLACK, width=0.3), closed=True, tag="triangle"))
    cx, cy = centres[new]
    group.add(_points_label(cx, cy - 1.22 * u, ex["you"], u, anchor="middle"))
    width = (max(b.ws_grid[s][1] for s in shown) + 2) * step
    return group, width, 5.45 * u


def _res_diagram(ex: dict[str, Any], b: Board, lang: str, u: float) -> tuple[Group, float, float]:
    """The first houses of the line: your two houses, the new third one, and what counts."""
    group = Group(tag="example residences")
    owners = {b.space_local[b.space(k)]: v for k, v in ex["owners"].items()}
    new = b.space_local[b.space(ex["new"])]
    w, gap, h = u, 0.22 * u, 1.15 * u
    for i in range(6):
        x = i * (w + gap)
        roof = ((x, 0.35 * u), (x + w / 2, 0), (x + w, 0.35 * u), (x + w, h), (x, h))
        group.add(Polyline(roof, filled(WHITE, stroke=BLACK, width=0.3), closed=True))
        group.add(Text(x + w / 2, 0.75 * u, str(b.res_values[i]), size=0.4 * u, bold=True,
                       anchor="middle", valign="middle", tag="house-value"))
        who = _owner_of(i, owners, new)
        if who:
            group.add(_diamond(x + w / 2, h + 0.42 * u, 0.28 * u, who))
    # a bracket under the houses that score
    y = h + 0.9 * u
    x1 = new * (w + gap) + w
    group.add(Polyline(((0.1 * u, y - 0.12 * u), (0.1 * u, y), (x1 - 0.1 * u, y),
                        (x1 - 0.1 * u, y - 0.12 * u)), stroke(BLACK, 0.35)))
    group.add(_points_label(x1 + 0.15 * u, y, ex["you"], u))
    return group, 6 * w + 5 * gap, y + 0.2 * u


def _tp_diagram(ex: dict[str, Any], b: Board, lang: str, u: float) -> tuple[Group, float, float]:
    """The populi pyramids with a top placement and what each supporter receives."""
    group = Group(tag="example townspeople")
    owners = {b.space_local[b.space(k)]: v for k, v in ex["owners"].items()}
    new = b.space_local[b.space(ex["new"])]
    gap = 0.14 * u
    cw = 1.45 * u  # wide enough for a symbol's full name ("coquillage") above its diamond
    paid: dict[int, int] = {}
    for _player, points, why in ex["per_event"]:
        if " supports " in why:
            paid[int(why.split("/")[1].split()[0])] = points
    levels = [(0, [i for i in range(12) if b.tp_level[i] == "top"]),
              (1, [i for i in range(12) if b.tp_level[i] == "middle"]),
              (2, [i for i in range(12) if b.tp_level[i] == "bottom"])]
    for level, ids in levels:
        shift = (2 - level) * (cw + gap) / 2
        for j, i in enumerate(ids):
            x, y = shift + j * (cw + gap), 0.42 * u + level * (u + gap)
            group.add(Rect(x, y, cw, u, filled(WHITE, stroke=BLACK, width=0.25), radius=0.1 * u))
            symbol = label("mf." + b.symbols[POPULI][b.space_symbol[b.area_start[POPULI] + i]],
                           lang)
            group.add(Text(x + 0.06 * u, y + 0.07 * u, symbol,
                           size=_fitted(symbol, max(LABEL_MIN, 0.22 * u), cw - 0.12 * u),
                           color=GREY, valign="top", tag="symbol"))
            who = _owner_of(i, owners, new)
            if who:  # low in the cell: the new diamond's ring keeps clear of the name
                group.add(_diamond(x + 0.4 * u, y + 0.67 * u, 0.2 * u, who))
            if i in paid:
                group.add(_points_label(x + cw - 0.08 * u, y + 0.67 * u, paid[i], u * 0.9,
                                        anchor="end"))
            if i == new:  # what the placement itself scores (its supporters are paid apart)
                own = ex["you"] - sum(p for s, p in paid.items() if owners.get(s) == 0)
                group.add(_points_label(x + cw / 2, y - 0.2 * u, own, u * 0.9, anchor="middle"))
    return group, 5 * cw + 4 * gap, 3.42 * u + 2 * gap


def _trade_diagram(ex: dict[str, Any], b: Board, lang: str,
                   u: float) -> tuple[Group, float, float]:
    """The trade board with three diamonds on the goblet column, each scoring 3."""
    group = Group(tag="example trade")
    owners = {b.space(k): v for k, v in ex["owners"].items()}
    new = b.space(ex["new"])
    cw, ch, head = u, 0.5 * u, 0.42 * u
    column = [s for s in b.trade_column[b.space_symbol[new]] if s in owners or s == new]
    for g, good in enumerate(b.goods):
        name = label("mf." + good, lang)
        size = _fitted(name, max(LABEL_MIN, 0.24 * u), 0.92 * cw)
        group.add(Text(g * cw + cw / 2, head / 2, name, size=size, anchor="middle",
                       valign="middle", color=GREY, tag="good"))
    for r in range(b.trade_rows):
        for g in range(len(b.goods)):
            s = b.trade_row[r][g]
            top = head + r * ch
            group.add(Rect(g * cw, top, cw, ch, filled(WHITE, stroke=RULE, width=0.25)))
            who = _owner_of(s, owners, new)
            if who:
                group.add(_diamond(g * cw + 0.3 * cw, top + ch / 2, 0.19 * u, who))
                group.add(_points_label(g * cw + 0.93 * cw, top + ch / 2, len(column), u * 0.8,
                                        anchor="end"))
    return group, len(b.goods) * cw, head + b.trade_rows * ch


def _harbor_diagram(ex: dict[str, Any], b: Board, lang: str,
                    u: float) -> tuple[Group, float, float]:
    """A trade row with two goods and the harbor row beside it, just filled."""
    group = Group(tag="example harbor")
    owners = {b.space(k): v for k, v in ex["owners"].items()}
    new = b.space(ex["new"])
    row = b.space_local[new] // len(b.harbor_row[0])
    goods = sum(1 for s in b.trade_row[row] if s in owners)
    pay = b.harbor_payout[goods]
    cw, ch = u, 0.8 * u
    for g, s in enumerate(b.trade_row[row]):
        group.add(Rect(g * cw, 0, cw, ch, filled(WHITE, stroke=RULE, width=0.25)))
        name = label("mf." + b.goods[g], lang)
        group.add(Text(g * cw + 0.06 * u, 0.06 * u, name,
                       size=_fitted(name, max(LABEL_MIN, 0.22 * u), cw - 0.12 * u),
                       color=GREY, valign="top", tag="good"))
        who = _owner_of(s, owners, -1)
        if who:
            group.add(_diamond(g * cw + cw / 2, ch / 2 + 0.15 * u, 0.22 * u, who))
    hx = len(b.goods) * cw + 0.5 * u
    for k, s in enumerate(b.harbor_row[row]):
        cx = hx + k * 1.1 * u + 0.5 * u
        hull = ((cx - 0.5 * u, 0.15 * u), (cx + 0.5 * u, 0.15 * u), (cx + 0.34 * u, ch),
                (cx - 0.34 * u, ch))
        group.add(Polyline(hull, filled(WHITE, stroke=BLACK, width=0.3), closed=True))
        who = _owner_of(s, owners, new)
        if who:
            group.add(_diamond(cx, ch / 2 + 0.07 * u, 0.22 * u, who))
        group.add(_points_label(cx, ch + 0.3 * u, pay, u * 0.9, anchor="middle"))
    return group, hx + 3.3 * u, ch + 0.5 * u


LABEL_MIN = pt(6)  # no printed word of a diagram is smaller


#: A diagram's builder: (example, board, language, unit in mm) → the diagram, its width and
#: height in units.
_Build = Callable[[dict[str, Any], Board, str, float], tuple[Group, float, float]]


def _fitted(text: str, size: float, room: float) -> float:
    """``size``, or smaller (never below :data:`LABEL_MIN`) so that ``text`` fits ``room``."""
    return max(LABEL_MIN, min(size, size * room / max(1e-6, text_width(text, size))))


def _fit(build: _Build, ex: dict[str, Any], b: Board, lang: str, room_w: float, room_h: float,
         most: float) -> tuple[Group, float, float]:
    """Build a diagram with the largest unit (at most ``most`` mm) that fits the room."""
    _, w, h = build(ex, b, lang, 1.0)
    u = min(most, room_w / w, room_h / h)
    return build(ex, b, lang, u)
