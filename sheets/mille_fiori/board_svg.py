"""The Mille Fiori board as diagrams to tap: one SVG per area, drawn from the board data.

:func:`area_pages` draws the board's areas (workshops, residences, nobili, populi, and
trade with the harbor rows beside it) as :class:`~scorepad.sheets.draw.Page` s of the
drawing vocabulary, each space a group tagged ``space`` whose ``data-space`` is its id
(``workshops/17``), so the browser turns a tap into a move without knowing the board.
Every place comes from the compiled board (:func:`scorepad.rules.mille_fiori.board.board`):
the workshop grid and its bonus triangles, the house values, the townspeople's pyramid
(each space centred over the spaces it rests on), the goods and harbor rows. An owned
space shows its owner's colour *and* initial (colour is never the only cue). Words in a
space (a material, a symbol) are groups with ``data-word`` set to a label id of
:data:`scorepad.sheets.labels.WORDS` (``mf.quartz``): the page shows them in the reader's
language. Sizes are in units of a 100-wide page; the page scales it to the screen, so a
space is at least 13 units (≥ 44 CSS pixels on a 360-pixel phone).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from scorepad.rules.mille_fiori.board import (
    HARBOR,
    NOBILI,
    POPULI,
    RESIDENCES,
    TRADE,
    WORKSHOPS,
    Board,
    board,
)

from ..draw import (
    BLACK,
    WHITE,
    Circle,
    Group,
    Item,
    Page,
    Polyline,
    Rect,
    Text,
    filled,
    ink_on,
    tint,
)
from ..svg import render_svg

WIDTH = 100.0
#: the players' colours in seat order (each owned space also shows the owner's initial)
PLAYER_COLORS = ("#c0392b", "#2366a8", "#2e8b3a", "#8e44ad")
FREE = WHITE
EDGE = "#555555"
WORD = 3.3   # text size of a space's word
MARK = 4.6   # text size of an owner's initial


def _space(b: Board, index: int, shape: Item, cx: float, cy: float, owner: int,
           initials: Sequence[str], word: str | None, note: str | None) -> Group:
    """One tappable space: its shape, its word and note, the owner's initial."""
    items: list[Item] = [shape]
    if owner >= 0:
        color = PLAYER_COLORS[owner % len(PLAYER_COLORS)]
        items.append(Text(cx, cy + 1.2, initials[owner], size=MARK, bold=True, anchor="middle",
                          valign="middle", color=ink_on(tint(color, 0.15)), tag="owner"))
    else:
        if word and word.startswith("#"):  # a number to read first (a house's value)
            items.append(Text(cx, cy - 1.2, word[1:], size=MARK, bold=True, anchor="middle",
                              valign="middle", color=BLACK, tag="value"))
        elif word:
            items.append(Group([Text(cx, cy - 1.6, word.split(".")[-1], size=WORD,
                                     anchor="middle", valign="middle", color=BLACK)],
                               tag="word", data={"word": word}))
        if note:
            items.append(Text(cx, cy + 3.4, note, size=WORD * 0.85, anchor="middle",
                              valign="middle",
                              color=EDGE, tag="note"))
    return Group(items, tag="space", data={"space": b.space_ids[index]})


def _fill(owner: int) -> str:
    return FREE if owner < 0 else tint(PLAYER_COLORS[owner % len(PLAYER_COLORS)], 0.15)


def _cell(b: Board, index: int, x: float, y: float, w: float, h: float, owner: int,
          initials: Sequence[str], word: str | None = None, note: str | None = None) -> Group:
    shape = Rect(x + 0.3, y + 0.3, w - 0.6, h - 0.6, filled(_fill(owner), EDGE, 0.4),
                 radius=1.5, tag="shape")
    return _space(b, index, shape, x + w / 2, y + h / 2, owner, initials, word, note)


def _workshops(b: Board, owner: Sequence[int], initials: Sequence[str]) -> Page:
    """The hex grid turned a quarter (its rows become columns, to fit a phone): a circle
    per space with its material; the bonus triangles drawn behind them."""
    start = b.area_start[WORKSHOPS]
    col_w, step, r = 24.0, 9.0, 8.4
    rows = max(row for row, _ in b.ws_grid) + 1
    x0 = (WIDTH - rows * col_w) / 2 + col_w / 2

    def centre(local: int) -> tuple[float, float]:
        row, col = b.ws_grid[local]
        return x0 + row * col_w, r + 1 + col * step

    page = Page(WIDTH, max(col for _, col in b.ws_grid) * step + 2 * r + 2)
    for tri in b.ws_triangles:  # the triangles whose third space earns a bonus card
        page.add(Polyline(tuple(centre(i - start) for i in tri), filled("#ece6d6", "#b9ab84", 0.5),
                          closed=True, tag="triangle"))
    for local in range(b.area_size[WORKSHOPS]):
        index = start + local
        cx, cy = centre(local)
        shape = Circle(cx, cy, r, filled(_fill(owner[index]), EDGE, 0.4), tag="shape")
        material = b.symbols[WORKSHOPS][b.space_symbol[index]]
        page.add(_space(b, index, shape, cx, cy, owner[index], initials, f"mf.{material}",
                        str(local)))
    return page


def _residences(b: Board, owner: Sequence[int], initials: Sequence[str]) -> Page:
    """The houses in line order, five a row, each with its value."""
    start, size = b.area_start[RESIDENCES], b.area_size[RESIDENCES]
    per_row, w, h = 5, WIDTH / 5, 15.0
    page = Page(WIDTH, -(-size // per_row) * h)
    for local in range(size):
        row, col = divmod(local, per_row)
        page.add(_cell(b, start + local, col * w, row * h, w, h, owner[start + local], initials,
                       f"#{b.res_values[local]}", f"({local})"))
    return page


def _townspeople(b: Board, area: int, owner: Sequence[int], initials: Sequence[str]) -> Page:
    """A pyramid: the bottom row side by side, every other space centred over the spaces
    it rests on (the board data's ``rests_on``); its symbol and points in each."""
    start, size = b.area_start[area], b.area_size[area]
    levels = ("top", "middle", "bottom")
    bottoms = [i for i in range(size) if b.tp_level[i] == "bottom"]
    w, h = WIDTH / len(bottoms), 15.0
    centre: dict[int, float] = {i: (k + 0.5) * w for k, i in enumerate(bottoms)}
    for level in ("middle", "top"):
        for i in range(size):
            if b.tp_level[i] == level:
                rests = b.tp_rests_on[i]
                centre[i] = sum(centre[j] for j in rests) / len(rests)
    page = Page(WIDTH, len(levels) * h)
    for i in range(size):
        y = levels.index(b.tp_level[i]) * h
        symbol = b.symbols[area][b.space_symbol[start + i]]
        page.add(_cell(b, start + i, centre[i] - w / 2, y, w, h, owner[start + i], initials,
                       f"mf.{symbol}", str(b.tp_points[i])))
    return page


def _trade(b: Board, owner: Sequence[int], initials: Sequence[str]) -> Page:
    """Trade's goods in columns under their names, each row's harbor spaces beside it (as
    on the board)."""
    goods, ships = len(b.goods), len(b.harbor_row[0])
    gap, head = 1.0, 7.0
    w, h = (WIDTH - gap) / (goods + ships), 15.0
    page = Page(WIDTH, head + b.trade_rows * h)

    def header(x: float, word: str) -> Group:
        return Group([Text(x, head / 2, word.split(".")[-1], size=WORD * 0.95, bold=True,
                           anchor="middle", valign="middle")], tag="word", data={"word": word})

    for g, good in enumerate(b.goods):
        page.add(header((g + 0.5) * w, f"mf.{good}"))
    page.add(header(gap + (goods + ships / 2) * w, "mf.harbor"))
    for row in range(b.trade_rows):
        y = head + row * h
        for g, space in enumerate(b.trade_row[row]):
            page.add(_cell(b, space, g * w, y, w, h, owner[space], initials))
        for k, space in enumerate(b.harbor_row[row]):
            page.add(_cell(b, space, gap + (goods + k) * w, y, w, h, owner[space], initials))
    return page


#: the diagrams in page order: (id, the areas whose spaces it holds)
DIAGRAMS = (("workshops", (WORKSHOPS,)), ("residences", (RESIDENCES,)), ("nobili", (NOBILI,)),
            ("populi", (POPULI,)), ("trade", (TRADE, HARBOR)))


def area_pages(owner: Sequence[int], initials: Sequence[str],
               game_board: Board | None = None) -> list[tuple[str, Page]]:
    """Every diagram, named as :data:`DIAGRAMS`: ``owner`` per space (-1 free), the players'
    initials in seat order."""
    b = game_board or board()
    return [("workshops", _workshops(b, owner, initials)),
            ("residences", _residences(b, owner, initials)),
            ("nobili", _townspeople(b, NOBILI, owner, initials)),
            ("populi", _townspeople(b, POPULI, owner, initials)),
            ("trade", _trade(b, owner, initials))]


@lru_cache(maxsize=64)
def area_svgs(owner: tuple[int, ...], initials: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """:func:`area_pages` of the bundled board as SVG text, cached (many phones, one board)."""
    return tuple((name, render_svg(page, title=name)) for name, page in area_pages(owner, initials))
