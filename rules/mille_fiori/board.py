"""The Mille Fiori board, ship track and deck in the compiled form the engine runs on.

``data/board.yaml`` holds the board, the ship track and the deck as one data file. Its
pydantic models (:mod:`.board_spec`) are its one schema: they validate it (the bundled
file too) and explain what is wrong; :func:`compile_board` turns the data into a
:class:`Board` of plain tuples that the engine's hot path indexes directly.
:func:`load_board_data` validates, then compiles.

Spaces have one global index 0..108 (the engine's ``owner`` tuple), in this order:
workshops 0-29, residences 30-49, nobili 50-61, populi 62-73, trade 74-93 (row * 4 +
good), harbor 94-108 (row * 3 + ship space). Card *kinds* (``workshops/quartz/3``) have
an index too; the deck holds some kinds more than once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from scorepad.rules.common.errors import ContentError

BOARD_FORMAT = "scorepad/mf-board@1"

AREAS = ("workshops", "residences", "nobili", "populi", "trade", "harbor")
WORKSHOPS, RESIDENCES, NOBILI, POPULI, TRADE, HARBOR = range(6)
TOWNSPEOPLE = (NOBILI, POPULI)
NO_SYMBOL = "-"
LEVELS = ("top", "middle", "bottom")
SHIP_TRACK_LENGTH = 20

@dataclass(frozen=True)
class Card:
    """A card kind: ``area`` index, ``symbol`` index in the area's symbols (-1: none),
    the ship ``number`` and its id ``workshops/quartz/3``."""

    index: int
    area: int
    symbol: int
    number: int
    id: str


@dataclass(frozen=True)
class Board:
    """The compiled board: everything the engine needs as plain tuples.

    Townspeople tuples are indexed by area (``NOBILI``/``POPULI``) then local id.
    """

    space_ids: tuple[str, ...]
    space_index: dict[str, int]
    space_area: tuple[int, ...]
    space_local: tuple[int, ...]
    area_start: tuple[int, ...]
    area_size: tuple[int, ...]
    symbols: tuple[tuple[str, ...], ...]      # per area: the symbols its cards show
    space_symbol: tuple[int, ...]             # per global space: symbol index or -1
    # workshops
    ws_neighbours: tuple[tuple[int, ...], ...]
    ws_triangle: tuple[tuple[int, ...], ...]    # per workshop: its bonus triangle
    ws_triangles: tuple[tuple[int, ...], ...]   # the bonus triangles, in data order
    ws_grid: tuple[tuple[int, int], ...]        # per workshop: (row, doubled column)
    ws_by_material: tuple[tuple[int, ...], ...]
    ws_double: int
    # residences
    res_values: tuple[int, ...]
    res_distinct: tuple[int, ...]             # the different house values, sorted
    res_value_bit: tuple[int, ...]            # per house: its bit in a player's value mask
    res_bonus_at: frozenset[int]
    res_field_at: int
    # townspeople (shape shared by nobili and populi)
    tp_points: tuple[int, ...]                # per local id: 1/3/6
    tp_level: tuple[str, ...]
    tp_rests_on: tuple[tuple[int, ...], ...]  # local ids
    tp_pays: tuple[tuple[tuple[int, int], ...], ...]  # per local id: (supporter local id, points)
    tp_tops: frozenset[int]
    tp_middles: tuple[int, ...]               # local ids of the middle row
    # trade and harbor
    trade_rows: int
    goods: tuple[str, ...]
    trade_column: tuple[tuple[int, ...], ...]  # per good: global spaces, row 0 first
    trade_row: tuple[tuple[int, ...], ...]     # per row: global spaces
    harbor_row: tuple[tuple[int, ...], ...]    # per row: global spaces
    harbor_payout: tuple[int, ...]
    # ship track: index 0 = the start, 1..20 the spaces
    ship_points: tuple[int, ...]
    ship_bonus: tuple[bool, ...]
    field_values: tuple[int, ...]
    field_areas: tuple[int, ...]
    # the deck
    cards: tuple[Card, ...]
    card_index: dict[str, int]
    card_count: tuple[int, ...]               # copies of each kind in the deck
    deck: tuple[int, ...]                     # the whole deck as kinds, in data order

    @property
    def spaces(self) -> int:
        """Number of card spaces on the board."""
        return len(self.space_ids)

    def card(self, text: str) -> int:
        """The kind index of a card id (``trade/goblet/2``); ContentError if unknown."""
        try:
            return self.card_index[text]
        except KeyError:
            raise ContentError(f"unknown card {text!r} ({_card_hint(text, self)})") from None

    def space(self, text: str) -> int:
        """The index of a space id (``workshops/17``, ``trade/1/goblet``); ContentError if
        unknown."""
        try:
            return self.space_index[text]
        except KeyError:
            raise ContentError(f"unknown space {text!r} ({_space_hint(text, self)})") from None


def _card_hint(text: str, board: Board) -> str:
    area = text.split("/", 1)[0]
    if area in AREAS:
        syms = board.symbols[AREAS.index(area)] or (NO_SYMBOL,)
        return f"{area} cards: {area}/{'|'.join(syms)}/1..5"
    return "a card id is area/symbol/number, e.g. workshops/quartz/3 or harbor/-/2"


def _space_hint(text: str, board: Board) -> str:
    area = text.split("/", 1)[0]
    hints = {"workshops": "workshops/0..29", "residences": "residences/0..19",
             "nobili": "nobili/0..11", "populi": "populi/0..11",
             "trade": f"trade/0..{board.trade_rows - 1}/{'|'.join(board.goods)}",
             "harbor": f"harbor/0..{board.trade_rows - 1}/0..2"}
    return hints.get(area, "spaces: " + ", ".join(hints.values()))


def compile_board(data: dict[str, Any]) -> Board:
    """Turn board data (validated, see :mod:`.board_spec`) into the engine's :class:`Board`."""
    ws, tp, trade, harbor = data["workshops"], data["townspeople"], data["trade"], data["harbor"]
    res = data["residences"]
    goods = tuple(trade["goods"])
    symbols = (tuple(ws["materials"]), (), tuple(tp["areas"]["nobili"]["symbols"]),
               tuple(tp["areas"]["populi"]["symbols"]), goods, ())
    ids: list[str] = []
    area_of: list[int] = []
    local: list[int] = []
    sym: list[int] = []

    def add(area: int, space_id: str, loc: int, symbol: int) -> None:
        ids.append(space_id)
        area_of.append(area)
        local.append(loc)
        sym.append(symbol)

    for s in ws["spaces"]:
        add(WORKSHOPS, f"workshops/{s['id']}", s["id"], symbols[WORKSHOPS].index(s["material"]))
    for i in range(len(res["values"])):
        add(RESIDENCES, f"residences/{i}", i, -1)
    for area in TOWNSPEOPLE:
        name = AREAS[area]
        for i, s in enumerate(tp["areas"][name]["spaces"]):
            add(area, f"{name}/{i}", i, symbols[area].index(s))
    ships = harbor["ships"]
    for row in range(trade["rows"]):
        for g, good in enumerate(goods):
            add(TRADE, f"trade/{row}/{good}", row * len(goods) + g, g)
    for row in range(harbor["rows"]):
        for k in range(ships):
            add(HARBOR, f"harbor/{row}/{k}", row * ships + k, -1)
    start = tuple(area_of.index(a) for a in range(len(AREAS)))
    size = tuple(area_of.count(a) for a in range(len(AREAS)))

    w0, t0, h0 = start[WORKSHOPS], start[TRADE], start[HARBOR]
    triangles = tuple(tuple(w0 + j for j in tri) for tri in ws["triangles"])
    tri_of = {i: tri for tri in triangles for i in tri}
    distinct = tuple(sorted(set(res["values"])))
    shape = tp["shape"]
    points = tp["points"]
    pays: list[tuple[tuple[int, int], ...]] = []
    for s in shape:
        if s["level"] == "top":
            pyramid = next(p for p in tp["pyramids"] if p["top"] == s["id"])
            cone = [*pyramid["middles"], *pyramid["bottoms"]]
        else:
            cone = list(s["rests_on"])
        pays.append(tuple((i, points[shape[i]["level"]]) for i in cone))

    cards: list[Card] = []
    card_count: list[int] = []
    deck: list[int] = []
    for a, area_name in enumerate(AREAS):
        for symbol, numbers in data["deck"][area_name].items():
            s_index = symbols[a].index(symbol) if symbol != NO_SYMBOL else -1
            kind_of: dict[int, int] = {}
            for number in sorted(set(numbers)):
                kind_of[number] = len(cards)
                cards.append(Card(len(cards), a, s_index, number, f"{area_name}/{symbol}/{number}"))
                card_count.append(numbers.count(number))
            deck.extend(kind_of[number] for number in numbers)
    track = data["ship_track"]
    return Board(
        space_ids=tuple(ids),
        space_index={s: i for i, s in enumerate(ids)},
        space_area=tuple(area_of),
        space_local=tuple(local),
        area_start=start,
        area_size=size,
        symbols=symbols,
        space_symbol=tuple(sym),
        ws_neighbours=tuple(tuple(w0 + j for j in s["neighbours"]) for s in ws["spaces"]),
        ws_triangle=tuple(tri_of[w0 + s["id"]] for s in ws["spaces"]),
        ws_triangles=triangles,
        ws_grid=tuple((s["row"], s["col"]) for s in ws["spaces"]),
        ws_by_material=tuple(tuple(w0 + s["id"] for s in ws["spaces"] if s["material"] == m)
                             for m in ws["materials"]),
        ws_double=ws["materials"].index(ws["double"]),
        res_values=tuple(res["values"]),
        res_distinct=distinct,
        res_value_bit=tuple(1 << distinct.index(v) for v in res["values"]),
        res_bonus_at=frozenset(res["bonus_at"]),
        res_field_at=res["field_at"],
        tp_points=tuple(points[s["level"]] for s in shape),
        tp_level=tuple(s["level"] for s in shape),
        tp_rests_on=tuple(tuple(s["rests_on"]) for s in shape),
        tp_pays=tuple(pays),
        tp_tops=frozenset(s["id"] for s in shape if s["level"] == "top"),
        tp_middles=tuple(s["id"] for s in shape if s["level"] == "middle"),
        trade_rows=trade["rows"],
        goods=goods,
        trade_column=tuple(tuple(t0 + r * len(goods) + g for r in range(trade["rows"]))
                           for g in range(len(goods))),
        trade_row=tuple(tuple(t0 + r * len(goods) + g for g in range(len(goods)))
                        for r in range(trade["rows"])),
        harbor_row=tuple(tuple(h0 + r * ships + k for k in range(ships))
                         for r in range(harbor["rows"])),
        harbor_payout=tuple(harbor["payout"]),
        ship_points=(0, *(s["points"] for s in track)),
        ship_bonus=(False, *(bool(s.get("bonus", False)) for s in track)),
        field_values=tuple(data["fields"]["values"]),
        field_areas=tuple(AREAS.index(a) for a in data["fields"]["areas"]),
        cards=tuple(cards),
        card_index={c.id: c.index for c in cards},
        card_count=tuple(card_count),
        deck=tuple(deck),
    )


def load_board_data(data: object) -> Board:
    """Validate board data with the pydantic models (InputError naming the place) and
    compile it."""
    from scorepad.rules.common.formats import check_format
    from scorepad.rules.common.models import parse_model

    from .board_spec import BoardSpec

    check_format(data, BOARD_FORMAT)
    return compile_board(parse_model(BoardSpec, data).model_dump())


@cache
def board() -> Board:
    """The bundled board (``data/board.yaml``), validated and compiled once."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    return load_board_data(load_yaml_text(bundled_text(__package__, "data", "board.yaml")))
