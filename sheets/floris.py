"""The printable Floris score pad: a column per player, a row per bouquet, the final bouquet,
penalties and total, and below them the bouquet rules and the bonus table as a reminder.

Everything printed that depends on a rule (the run rule, the bonus table, the penalty per
card, the final bouquet, ties) is taken from the ruleset, so a pad printed with
``--rules`` matches the game it is used for. The words live in
:data:`scorepad.sheets.labels.WORDS` (keys ``floris.*``).
"""

from __future__ import annotations

from scorepad.rules.floris.ruleset import FlorisRules

from .draw import (
    BLACK,
    Circle,
    Group,
    Line,
    Page,
    Rect,
    Text,
    filled,
    ink_on,
    paper_size,
    pt,
    stroke,
    text_width,
)
from .labels import MINUS, label

FLOWER_COLORS = {"daisy": "#ffffff", "cornflower": "#2f64c8", "rose": "#d21f3c",
                 "sunflower": "#f2c200", "lily": "#a25bd1"}

MARGIN = 12.0
TEXT = pt(9)
SMALL = pt(7.5)
GREY = "#6e6e6e"
RULE = "#9a9a9a"
LABEL_WIDTH = 36.0




def pad_page(rules: FlorisRules, *, paper: str = "a4", lang: str = "en",
             players: int = 4) -> Page:
    """The score pad page for ``players`` columns (1-4) on ``paper`` in ``lang``."""
    width, height = paper_size(paper)
    page = Page(width, height)
    page.add(Text(MARGIN, MARGIN + pt(16) * 0.75, label("floris.title", lang), size=pt(16),
                  bold=True,
                  tag="title"))
    page.add(Text(width - MARGIN, MARGIN + pt(16) * 0.75,
                  label("floris.ruleset", lang, id=rules.ruleset),
                  size=SMALL, color=GREY, anchor="end", tag="ruleset"))
    top = MARGIN + 12
    # the reminder takes the room it needs at the bottom; the table gets the rest
    reminder, needed = _reminder(rules, lang, MARGIN, 0.0, width - 2 * MARGIN)
    bottom = height - MARGIN - needed
    reminder.dy = bottom
    page.add(_table(rules, lang, players, MARGIN, top, width - 2 * MARGIN, bottom - top - 6))
    page.add(reminder)
    return page


def _fit(text: str, size: float, room: float, bold: bool = False) -> float:
    """``size``, shrunk until ``text`` fits in ``room`` mm."""
    needed = text_width(text, size, bold)
    return size if needed <= room else size * room / needed


def _table(rules: FlorisRules, lang: str, players: int, x: float, y: float, w: float,
           h: float) -> Group:
    """The grid: header (names), bouquet rows, final bouquet, penalty, total."""
    group = Group(tag="score-table")
    head = 11.0
    extra = 3                                    # final bouquet, penalty, total
    rows = max(4, min(12, int((h - head) // 9.0) - extra))
    row_h = min(11.0, (h - head) / (rows + extra))
    col = (w - LABEL_WIDTH) / players
    bottom = y + head + row_h * (rows + extra)
    thin, thick = stroke(RULE, 0.25), stroke(BLACK, 0.6)
    # shading first, lines over it
    group.add(Rect(x, y, w, head, filled("#eeeeee")))
    group.add(Rect(x, bottom - row_h, w, row_h, filled("#eeeeee")))
    labels = [(str(i), False) for i in range(1, rows + 1)]
    labels += [(label("floris.final", lang), False),
               (label("floris.penalty", lang, n=f"{MINUS}{rules.penalty_per_card}"), False),
               (label("floris.total", lang), True)]
    header = label("floris.bouquet", lang)
    group.add(Text(x + 2, y + head / 2, header, size=_fit(header, TEXT, LABEL_WIDTH - 4, True),
                   bold=True, valign="middle", tag="row-label"))
    for i in range(players):
        cx = x + LABEL_WIDTH + i * col
        group.add(Text(cx + 1.5, y + 2.2, label("floris.name", lang), size=SMALL * 0.9, color=GREY,
                       valign="top", tag="column-label"))
    for r, (text, bold) in enumerate(labels):
        top = y + head + r * row_h
        size = _fit(text, TEXT, LABEL_WIDTH - 4, bold)
        group.add(Text(x + 2, top + row_h / 2, text, size=size, bold=bold, valign="middle",
                       tag="row-label"))
    # horizontal lines: thin between bouquet rows, thick around the sections
    for r in range(rows + extra + 1):
        ly = y + head + r * row_h
        group.add(Line(x, ly, x + w, ly, thick if r in (0, rows, rows + extra - 1) else thin))
    group.add(Line(x, y, x + w, y, thick))
    group.add(Line(x, bottom, x + w, bottom, thick))
    # vertical lines
    group.add(Line(x, y, x, bottom, thick))
    group.add(Line(x + LABEL_WIDTH, y, x + LABEL_WIDTH, bottom, thick))
    for i in range(1, players + 1):
        lx = x + LABEL_WIDTH + i * col
        group.add(Line(lx, y, lx, bottom, thick if i == players else stroke(BLACK, 0.4)))
    return group


def _flower_dot(kind: str, cx: float, cy: float, lang: str, r: float = 1.9) -> Group:
    """A coloured disc with the type's initial: readable on a black-and-white print too."""
    color = FLOWER_COLORS[kind]
    initial = label("floris." + kind, lang)[0].upper()
    return Group([Circle(cx, cy, r, filled(color, stroke=BLACK, width=0.2)),
                  Text(cx, cy, initial, size=r * 1.25, bold=True, color=ink_on(color),
                       anchor="middle", valign="middle")], tag=f"flower {kind}")


def _dots(kinds: list[str], x: float, cy: float, lang: str) -> tuple[Group, float]:
    """A row of flower discs from ``x``; returns the group and the x after it."""
    group = Group(tag="example")
    step = 4.4
    previous = None
    for kind in kinds:
        if previous is not None and kind != previous:
            x += 2.0                             # a small gap between types
        group.add(_flower_dot(kind, x + 1.9, cy, lang))
        x += step
        previous = kind
    return group, x


def _reminder(rules: FlorisRules, lang: str, x: float, y: float,
              w: float) -> tuple[Group, float]:
    """The rules reminder (the three patterns with examples, points and bonus table, the end)
    in a framed box, and the box's height."""
    group = Group(tag="rules-reminder")
    ix, line = x + 4, 5.2
    cy = y + 6.5
    group.add(Text(ix, cy, label("floris.rules_heading", lang), size=pt(11), bold=True,
                   valign="middle", tag="rules"))
    group.add(Text(ix + text_width(label("floris.rules_heading", lang), pt(11), True) + 3, cy,
                   label("floris.intro", lang, n=rules.min_flowers), size=TEXT, valign="middle",
                   tag="rules"))
    run_key = "run_from_one" if rules.run_starts_at_one else "run_free"
    examples = {
        "same": ["rose"] * 5,
        "equal": ["lily"] * 3 + ["rose"] * 3,
        run_key: ["daisy", "rose", "rose", "lily", "lily", "lily"],
    }
    example_x = x + w - 48
    for key, kinds in examples.items():
        cy += line + 0.6
        text = label("floris." + key, lang)
        group.add(Text(ix + 2, cy, text, size=_fit(text, TEXT, example_x - ix - 6),
                       valign="middle", tag="rules"))
        dots, _ = _dots(kinds, example_x, cy, lang)
        group.add(dots)
    cy += line
    group.add(Text(ix + 6, cy, label("floris.any_step", lang), size=SMALL, italic=True, color=GREY,
                   valign="middle", tag="rules"))
    # points and the bonus table
    cy += line + 1
    bonus = rules.bonus_per_flower > 0
    points = (label("floris.points", lang, n=rules.bonus_from) if bonus
              else label("floris.points_no_bonus", lang))
    group.add(Text(ix, cy, points, size=TEXT, valign="middle", tag="rules"))
    cy += 3.2
    group.add(_bonus_table(rules, lang, ix, cy, w - 8))
    cy += 2 * 5.5 + 5
    end = label("floris.end_subset" if rules.final_bouquet == "any_subset"
                else "floris.end_whole", lang)
    penalty = rules.penalty_per_card
    points_word = label('floris.point' if penalty == 1 else 'floris.points_word', lang)
    lost = f"{MINUS}{penalty} {points_word}"
    for text in (end, label("floris.penalty_rule", lang, lost=lost),
                 label(f"floris.ties_{rules.ties}", lang)):
        group.add(Text(ix, cy, text, size=_fit(text, TEXT, w - 8), valign="middle",
                       tag="rules"))
        cy += line - 0.4
    # legend of the flower discs
    cy += 1.2
    lx = ix
    for kind in FLOWER_COLORS:
        group.add(_flower_dot(kind, lx + 1.9, cy, lang))
        name = label("floris." + kind, lang)
        group.add(Text(lx + 4.6, cy, name, size=SMALL, valign="middle", tag="legend"))
        lx += 4.6 + text_width(name, SMALL) + 6
    height = cy + 5 - y
    group.items.insert(0, Rect(x, y, w, height, stroke(BLACK, 0.4), radius=2))
    return group, height


def _bonus_table(rules: FlorisRules, lang: str, x: float, y: float, w: float) -> Group:
    """Flowers → points for the bouquet sizes around the bonus threshold."""
    group = Group(tag="bonus-table")
    first = max(rules.min_flowers, rules.bonus_from - 4)
    sizes = list(range(first, first + 11))
    head = 20.0
    cell = min(13.0, (w - head) / len(sizes))
    row = 5.5
    rows = [(label("floris.flowers", lang), [str(n) for n in sizes], False),
            (label("floris.score", lang), [str(n + rules.bonus(n)) for n in sizes], True)]
    for r, (heading, values, bold) in enumerate(rows):
        top = y + r * row
        group.add(Text(x + 1.5, top + row / 2, heading, size=_fit(heading, SMALL, head - 3, True),
                       bold=True, valign="middle", tag="bonus-label"))
        for i, value in enumerate(values):
            cx = x + head + i * cell
            boosted = rules.bonus(sizes[i]) > 0
            if boosted:
                group.add(Rect(cx, top, cell, row, filled("#f1e3b0")))
            group.add(Text(cx + cell / 2, top + row / 2, value, size=SMALL,
                           bold=bold and boosted, anchor="middle", valign="middle",
                           tag="bonus-value"))
    right = x + head + cell * len(sizes)
    grid = stroke(RULE, 0.25)
    for r in range(3):
        group.add(Line(x, y + r * row, right, y + r * row, grid))
    for i in range(len(sizes) + 1):
        lx = x + head + i * cell
        group.add(Line(lx, y, lx, y + 2 * row, grid))
    group.add(Line(x, y, x, y + 2 * row, grid))
    return group
