"""Worked examples for every Voll verplant rule, on the tiny map (tests/data/tiny.yaml).

    line A: 1 2 3 4 (2 windows, 5/3)   line B: 5 2 6 4 (2 windows, 4/2)
    ring R: 7 8 6 9 (1 window, 3/1), cw in that order; station 8 is special.
    Interchanges: 2 (A, B), 4 (A, B), 6 (B, R).
"""

from __future__ import annotations

import pytest
from vv_helpers import game, marked_ids, mv, play_round, tiny

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.voll_verplant.cards import parse_card
from scorepad.rules.voll_verplant.engine import (
    Move,
    apply,
    apply_step,
    end_round,
    legal_steps,
    map_tables,
    reveal,
)
from scorepad.rules.voll_verplant.ruleset import default_rules


def test_number_card_starts_at_first_free_station_and_runs_to_the_end():
    s = game()
    s = play_round(s, 3, mv(s, "A", 2))
    assert marked_ids(s) == {1, 2}
    s = play_round(s, 6, mv(s, "A", 2))  # 3 and 4, then the end station stops it
    assert marked_ids(s) == {1, 2, 3, 4}
    assert s.sheets[0].entries[0] == ("3", "6")


def test_number_card_stops_at_a_marked_station():
    s = game()
    s = play_round(s, "F", mv(s, station=2))
    s = reveal(s, parse_card(4))
    with pytest.raises(RuleViolation) as info:
        apply(s, 0, mv(s, "A", 2))
    assert info.value.rule == "crosses"
    assert str(info.value) == ("round 2, Ann: line A: at most 1 cross possible (a marked station "
                               "or the end of the line stops the crosses), not 2")
    s = apply(s, 0, mv(s, "A", 1))
    s, _ = end_round(s)
    assert marked_ids(s) == {1, 2}


def test_express_jumps_over_marked_stations_but_skips_no_free_one():
    s = game()
    s = play_round(s, "F", mv(s, station=2))
    s = play_round(s, "E3", mv(s, "A", 3))
    assert marked_ids(s) == {1, 2, 3, 4}


def test_express_may_be_used_partly():
    s = game()
    s = play_round(s, "E3", mv(s, "B", 1))
    assert marked_ids(s) == {5}
    steps = legal_steps(s.network, s.sheets[0], parse_card("E2"), s.rules)
    crosses_on_b = sorted(m.crosses for m in steps if m.line == s.network.line_index["B"])
    assert crosses_on_b == [0, 1, 2]


def test_fewer_crosses_or_none_still_fill_the_window():
    s = game()
    s = play_round(s, 5, mv(s, "A", 0))
    assert marked_ids(s) == set() and s.sheets[0].used[0] == 1


def test_transfer_writes_the_number_of_lines_through_the_first_free_station():
    s = game()
    s = play_round(s, 3, mv(s, "B", 1))  # 5
    s = play_round(s, "T", mv(s, "B"))  # first free on B is 2: lines A and B pass it
    assert s.sheets[0].transfers == ((s.network.station_index[2], 2),)
    assert s.sheets[0].entries[1] == ("3", "+")
    assert marked_ids(s) == {2, 5}


def test_transfer_on_a_full_line_only_fills_the_window():
    s = game()
    s = play_round(s, 6, mv(s, "A", 4))
    s = play_round(s, "T", mv(s, "A"))
    assert s.sheets[0].transfers == () and s.sheets[0].used[0] == 2


def test_free_ride_crosses_any_free_station_and_fills_no_window():
    s = game()
    s = play_round(s, "F", mv(s, station=9))
    assert marked_ids(s) == {9} and sum(s.sheets[0].used) == 0
    s = play_round(s, "F", mv(s))  # declined
    assert marked_ids(s) == {9}
    s = reveal(s, parse_card("F"))
    with pytest.raises(RuleViolation, match="station 9 is already marked"):
        apply(s, 0, mv(s, station=9))


def test_declining_the_free_ride_is_a_ruleset_option():
    rules = default_rules().with_overrides({"free_ride_may_decline": False})
    s = game(rules=rules)
    s = reveal(s, parse_card("F"))
    with pytest.raises(RuleViolation) as info:
        apply(s, 0, mv(s))
    assert info.value.rule == "free-ride-decline"


def test_a_window_must_be_filled_while_one_is_free():
    s = game()
    s = reveal(s, parse_card(4))
    with pytest.raises(RuleViolation) as info:
        apply(s, 0, mv(s))
    assert info.value.rule == "must-fill-window"
    assert "5 wagon windows are still free" in str(info.value)


def test_a_full_line_has_no_free_window_named_in_the_message():
    s = game()
    s = play_round(s, 3, mv(s, "R", 1))
    s = reveal(s, parse_card(4))
    with pytest.raises(RuleViolation) as info:
        apply(s, 0, mv(s, "R", 1))
    assert str(info.value) == "round 2, Ann: line R has no free wagon window (1 of 1 used)"


@pytest.mark.parametrize("line", [-2, 3, 40])
def test_a_line_the_map_lacks_is_refused(line):
    s = reveal(game(), parse_card(4))
    with pytest.raises(RuleViolation) as info:
        apply(s, 0, Move(line=line, crosses=1))
    assert info.value.rule == "unknown-line"
    assert str(info.value) == "round 1, Ann: no such line"


def test_a_step_on_a_network_that_no_game_started_on_finds_its_tables():
    network = tiny()  # read afresh: no engine tables yet
    assert not network.tables
    sheet, triggered = apply_step(network, default_rules(), map_tables(tiny()).blank,
                                  parse_card(3), Move(line=0, crosses=-1))
    assert network.tables and triggered == ()
    assert sheet.marked == 0b111 and sheet.entries[0] == ("3",)


def test_ring_directions_start_from_the_wagon_both_ways():
    s = game()
    s = play_round(s, 3, mv(s, "R", 2, direction="ccw"))  # 7, then 9 (the other way round)
    assert marked_ids(s) == {7, 9}
    s = reveal(s, parse_card(4))
    with pytest.raises(RuleViolation, match="not a ring"):
        apply(s, 0, mv(s, "A", 1, direction="ccw"))


def test_special_station_needs_a_follow_up_with_the_same_card():
    s = game()
    s = reveal(s, parse_card(4))
    with pytest.raises(RuleViolation) as info:
        apply(s, 0, mv(s, "R", 2))  # 7, 8 (special)
    assert info.value.rule == "special-follow-up"
    assert "special station 8" in str(info.value)
    s = apply(s, 0, mv(s, "R", 2, then=(mv(s, "A", 4),)))  # the follow-up is a 4 too
    s, _ = end_round(s)
    assert marked_ids(s) == {7, 8, 1, 2, 3, 4}
    assert s.sheets[0].entries[0] == ("4",) and s.sheets[0].entries[2] == ("4",)


def test_follow_up_on_a_special_station_reached_by_express_is_an_express():
    s = game()
    s = play_round(s, "F", mv(s, station=2))
    s = play_round(s, "E2", mv(s, "R", 2, then=(mv(s, "A", 2),)))  # follow-up E2 jumps 2
    assert marked_ids(s) == {2, 7, 8, 1, 3}


def test_follow_up_lapses_without_a_free_window():
    s = game()
    s = play_round(s, 3, mv(s, "A", 0))
    s = play_round(s, 3, mv(s, "A", 0))
    s = play_round(s, 3, mv(s, "B", 0))
    s = play_round(s, 3, mv(s, "B", 0))
    s = play_round(s, 3, mv(s, "R", 2))  # the last window: 8's follow-up lapses
    assert marked_ids(s) == {7, 8} and s.over


def test_too_many_follow_ups_are_refused():
    s = game()
    s = reveal(s, parse_card(3))
    with pytest.raises(RuleViolation, match="1 follow-up too many"):
        apply(s, 0, mv(s, "A", 1, then=(mv(s, "B", 1),)))


def test_special_station_by_free_ride_triggers_nothing_by_default():
    s = game()
    s = play_round(s, "F", mv(s, station=8))
    assert marked_ids(s) == {8} and sum(s.sheets[0].used) == 0


def test_completion_counts_marks_from_other_lines_and_both_complete_at_once():
    s = game()
    s = play_round(s, 6, mv(s, "A", 4))  # 1 2 3 4: A complete
    s = play_round(s, "F", mv(s, station=5))
    s = play_round(s, "F", mv(s, station=6))  # B: 5 2 6 4 complete by other marks
    assert s.sheets[0].first == 0b011


def test_simultaneous_firsts_and_later_bonus():
    s = game(players=("Ann", "Bob", "Cid"))
    s = play_round(s, 6, mv(s, "A", 4), mv(s, "A", 4), mv(s, "A", 3))
    assert [sh.first for sh in s.sheets] == [1, 1, 0]
    s = play_round(s, 3, mv(s, "B", 1), mv(s, "B", 1), mv(s, "A", 1))
    assert s.sheets[2].later == 1 and s.sheets[2].first == 0


def test_game_ends_after_the_round_in_which_no_window_is_left():
    s = game()
    for line in ("A", "A", "B", "B"):
        s = play_round(s, 3, mv(s, line, 0))
        assert not s.over
    s = play_round(s, "F", mv(s))
    assert not s.over  # a free ride fills no window
    s = play_round(s, 3, mv(s, "R", 0))
    assert s.over
    with pytest.raises(RuleViolation, match="the game ended after round 6"):
        reveal(s, parse_card(3))


@pytest.mark.parametrize(("game_end", "over"), [("all_full", False), ("any_full", True)])
def test_game_end_when_players_run_out_at_different_times(game_end, over):
    rules = default_rules().with_overrides({"game_end": game_end})
    s = game(players=("Ann", "Bob"), rules=rules)
    # Ann's special station 8 costs her an extra window in round 1.
    s = play_round(s, 3, mv(s, "R", 2, then=(mv(s, "A", 0),)), mv(s, "A", 0))
    s = play_round(s, 3, mv(s, "A", 0), mv(s, "A", 0))
    s = play_round(s, 3, mv(s, "B", 0), mv(s, "B", 0))
    s = play_round(s, 3, mv(s, "B", 0), mv(s, "B", 0))
    assert s.over is over
    if not over:  # Ann has no window left: she writes nothing, Bob fills his last one
        s = play_round(s, 3, mv(s), mv(s, "R", 0))
        assert s.over
