"""Final score, rounding options, tie-breaks and the JSON result, by hand-computed examples."""

from __future__ import annotations

import pytest
from vv_helpers import game, mv, play_round, tiny

from scorepad.rules.voll_verplant.replay import marked_sheets
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.rules.voll_verplant.scoring import empty_penalty, ranking, result_data, score_sheet


@pytest.mark.parametrize(("rounding", "empty", "penalty"), [
    ("exact", 7, 3.5), ("down", 7, 3), ("up", 7, 4), ("exact", 6, 3), ("up", 0, 0)])
def test_empty_penalty_rounding_options(rounding, empty, penalty):
    assert empty_penalty(empty, rounding) == penalty


def test_score_is_bonuses_plus_twice_transfers_minus_half_the_empty_stations():
    net = tiny()
    # A complete (first, 5), transfer 2 written on station 2, marked 1 2 3 4 5: empty 6 7 8 9.
    score = score_sheet(net, default_rules(), {1, 3, 4, 5}, {2: 2}, {"A": "first"})
    assert score.line_points == 5 and score.transfer_sum == 2 and score.transfer_points == 4
    assert score.empty_stations == 4 and score.empty_penalty == 2
    assert score.total == 5 + 4 - 2
    assert score.lines["B"].complete is False and score.lines["B"].points == 0


def test_bonus_counts_only_on_a_complete_line():
    score = score_sheet(tiny(), default_rules(), {1, 2}, {}, {"A": "first"})
    assert score.lines["A"].bonus is None and score.line_points == 0


def test_ranks_tie_break_on_fewer_empty_stations_then_shared():
    s = game(players=("Ann", "Bob", "Cid"))
    s = play_round(s, 6, mv(s, "A", 4), mv(s, "A", 4), mv(s, "B", 4))
    sheets = marked_sheets(s)
    # Ann, Bob: A first (5), empty 5 → 2.5. Cid: B first (4), marked 5 2 6 4 → empty 5 → 1.5.
    assert [sh.score.total for sh in sheets] == [2.5, 2.5, 1.5]
    assert ranking([sh.score for sh in sheets]) == [1, 1, 3]
    data = result_data("tiny", sheets, False)
    assert data["winners"] == ["Ann", "Bob"]
    assert data["players"][0]["lines"]["A"] == {"complete": True, "bonus": "first", "points": 5}
    assert data["players"][2]["empty_penalty"] == 2.5 and data["players"][2]["total"] == 1.5


def test_equal_totals_fewer_empty_stations_ranks_higher():
    net = tiny()
    rules = default_rules()
    a = score_sheet(net, rules, {1, 2, 3, 4}, {}, {"A": "later"})        # 3 - 2.5 = 0.5
    b = score_sheet(net, rules, {1, 2, 3, 4, 5, 6}, {}, {"A": "later"})  # 3 - 1.5 = 1.5
    c = score_sheet(net, rules, {1, 3, 4, 5, 6, 7, 8}, {}, {})           # 0 - 1 = -1
    assert ranking([a, b, c]) == [2, 1, 3]
    d = score_sheet(net, rules, {1}, {2: 1}, {})                         # 2 - 3.5 = -1.5
    e = score_sheet(net, rules, set(), {5: 1}, {})                       # 2 - 4 = -2
    assert ranking([d, e]) == [1, 2]


def test_whole_totals_are_integers_in_json():
    s = game()
    s = play_round(s, 6, mv(s, "A", 4))
    data = result_data("tiny", marked_sheets(s), False)
    player = data["players"][0]
    assert player["total"] == 2.5  # 5 - 5/2
    s = play_round(s, "F", mv(s, station=5))
    data = result_data("tiny", marked_sheets(s), False)
    assert data["players"][0]["total"] == 3 and isinstance(data["players"][0]["total"], int)
    assert isinstance(data["players"][0]["empty_penalty"], int)
