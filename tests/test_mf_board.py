"""Mille Fiori board, ship track and deck data: the counts the rules state, and the checks
that refuse a damaged data file."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from scorepad.rules.common.data import bundled_text, load_yaml_text
from scorepad.rules.common.errors import InputError
from scorepad.rules.mille_fiori.board import AREAS, board, load_board_data
from scorepad.rules.mille_fiori.ruleset import default_rules


@pytest.fixture(scope="module")
def raw() -> dict:
    return load_yaml_text(bundled_text("scorepad.rules.mille_fiori", "data", "board.yaml"))


def test_109_spaces_and_109_cards_one_per_space():
    b = board()
    assert b.spaces == 109
    assert len(b.deck) == 109
    sizes = dict(zip(AREAS, b.area_size, strict=True))
    assert sizes == {"workshops": 30, "residences": 20, "nobili": 12, "populi": 12,
                     "trade": 20, "harbor": 15}
    cards_per_area = Counter(AREAS[b.cards[k].area] for k in b.deck)
    assert cards_per_area == Counter(sizes)


def test_workshop_materials_nine_pigments_seven_of_the_others():
    b = board()
    materials = Counter(b.symbols[0][b.space_symbol[s]] for s in range(30))
    assert materials == {"pigments": 9, "quartz": 7, "ash": 7, "lime": 7}
    cards = Counter(b.cards[k].id.split("/")[1] for k in b.deck if b.cards[k].area == 0)
    assert cards == materials


def test_every_workshop_space_in_exactly_one_triangle_of_mutual_neighbours():
    b = board()
    assert len(b.ws_triangles) == 10
    covered = Counter(i for tri in b.ws_triangles for i in tri)
    assert sorted(covered) == list(range(30)) and set(covered.values()) == {1}
    for a, c, d in b.ws_triangles:
        assert c in b.ws_neighbours[a] and d in b.ws_neighbours[a] and d in b.ws_neighbours[c]


def test_workshop_neighbours_follow_the_hex_grid():
    b = board()
    # space 8 (row 1, col 2) touches 7 and 9 in its row, 0 and 1 above, 15 and 16 below
    assert sorted(b.ws_neighbours[8]) == [0, 1, 7, 9, 15, 16]
    # 6 (row 0, col 15) has no row neighbour at col 13 or 17: only 13 and 14 below
    assert sorted(b.ws_neighbours[6]) == [13, 14]
    for s in range(30):
        for nb in b.ws_neighbours[s]:
            assert s in b.ws_neighbours[nb]


def test_four_of_each_symbol_per_townspeople_area():
    b = board()
    for area in (2, 3):
        start = b.area_start[area]
        symbols = Counter(b.symbols[area][b.space_symbol[start + i]] for i in range(12))
        assert sorted(symbols.values()) == [4, 4, 4]
        assert len(symbols) == 3


def test_townspeople_shape_three_overlapping_pyramids():
    b = board()
    assert b.tp_rests_on[0] == (3, 4) and b.tp_rests_on[6] == (10, 11)
    # a top pays 3 to each middle below it and 1 to each of the 3 bottoms of its pyramid
    assert sorted(b.tp_pays[1]) == [(4, 3), (5, 3), (8, 1), (9, 1), (10, 1)]
    assert sorted(b.tp_pays[5]) == [(9, 1), (10, 1)]
    assert b.tp_pays[9] == ()


def test_residence_values_ship_track_and_trade_harbor_rows():
    b = board()
    assert b.res_values == (2, 4, 3, 5, 1, 4, 2, 3, 1, 5, 10, 2, 3, 4, 5, 10, 1, 5, 4, 3)
    assert sum(b.ship_points) == 1 + 1 + 1 + 3 + 1 + 10 + 1 + 5 + 1 + 1 + 10 + 10 + 1 + 5 + 1 \
        + 1 + 1 + 10
    assert [i for i, bonus in enumerate(b.ship_bonus) if bonus] == [7, 16, 20]
    assert b.ship_points[20] == 10
    assert len(b.trade_row) == len(b.harbor_row) == 5
    assert b.harbor_payout == (0, 1, 3, 6, 10)


def test_card_and_space_ids():
    b = board()
    assert b.cards[b.card("workshops/quartz/3")].number == 3
    assert b.card_count[b.card("workshops/quartz/3")] == 3
    assert b.card_count[b.card("harbor/-/2")] == 3
    assert b.space_ids[b.space("trade/1/goblet")] == "trade/1/goblet"
    assert b.space("harbor/4/2") == 108 and b.space("workshops/0") == 0
    with pytest.raises(Exception, match="unknown card 'trade/cup/2'"):
        b.card("trade/cup/2")
    with pytest.raises(Exception, match="unknown space 'workshops/30'"):
        b.space("workshops/30")


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d["workshops"]["spaces"][8]["neighbours"].remove(16), "workshop 8: neighbours"),
    (lambda d: d["workshops"]["triangles"].__setitem__(1, [0, 1, 2]), "bonus triangles"),
    (lambda d: d["deck"]["workshops"]["quartz"].append(2), "deck.workshops"),
    (lambda d: d["townspeople"]["shape"][3]["rests_on"].__setitem__(1, 9), "space 3: must rest"),
    (lambda d: d["ship_track"].pop(), "ship_track"),
    (lambda d: d["townspeople"]["areas"]["nobili"]["spaces"].__setitem__(0, "owl"),
     "unknown symbol"),
])
def test_a_damaged_board_file_is_refused(raw, damage, message):
    data = copy.deepcopy(raw)
    damage(data)
    with pytest.raises(InputError, match=message):
        load_board_data(data)


def test_ruleset_defaults_and_overrides():
    rules = default_rules()
    assert rules.ruleset == "mf-1"
    assert rules.diamonds == 27 and rules.display_size == {2: 9, 3: 4, 4: 9}
    assert rules.plays_per_round == {2: 3, 3: 4, 4: 4}
    assert rules.harbor_order == "ship_first" and rules.last_diamond_end == "turn"
    changed = rules.with_overrides({"last_diamond_end": "round"})
    assert changed.changed_from(rules) == {"last_diamond_end": "round"}
    with pytest.raises(InputError, match=r"rules\.ties"):
        rules.with_overrides({"ties": "coin-flip"})
    with pytest.raises(InputError, match=r"rules\.colour: unknown key"):
        rules.with_overrides({"colour": "red"})
