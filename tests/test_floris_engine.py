"""The Floris engine through the game protocol: turn structure, refusals, the listed moves,
the file round trip. Worked examples by hand from rules/floris.md."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules.common.errors import ContentError, RuleViolation
from scorepad.rules.floris.engine import LISTED_FLOWERS
from scorepad.rules.floris.game import GAME, replay_all
from scorepad.rules.floris.log import parse_game
from scorepad.rules.floris.ruleset import default_rules
from scorepad.rules.floris.spec import parse_spec
from scorepad.rules.game import GAMES, Game

WORKED = yaml.safe_load((Path(__file__).parent / "data" / "floris_game.yaml").read_text())


def entry(final: str = "", hand: int = 0, discarded: int = 0, reserve: int = 0) -> dict:
    return {"final": final, "left_in_hand": hand, "discarded": discarded,
            "left_in_reserve": reserve}


def test_floris_is_a_protocol_game_for_up_to_five_players():
    assert GAMES["floris"] is GAME
    assert isinstance(GAME, Game)
    assert (GAME.id, GAME.log_format, GAME.max_players) == ("floris", "scorepad/floris-game@1", 5)
    GAME.new(["A", "B", "C", "D", "E"])
    with pytest.raises(ContentError, match=r"Floris is for 1-5 players \(2-5 at a table, "
                                           r"one for practice\), this game has 6"):
        GAME.new(["A", "B", "C", "D", "E", "F"])


def test_everyone_may_present_during_play_then_the_final_round_then_over():
    s = GAME.new(["Ann", "Bob", "Cid"])
    assert GAME.to_move(s) == ["Ann", "Bob", "Cid"]
    s = GAME.apply(s, "Bob", "rose:3 lily:3")
    s = GAME.apply(s, "Ann", "r5")
    s = GAME.apply(s, "Bob", "sunflower:10")
    assert GAME.to_move(s) == ["Ann", "Bob", "Cid"]
    s = GAME.apply(s, "Bob", entry("lily:5", 1))            # the first entry closes play
    assert GAME.to_move(s) == ["Ann", "Cid"]
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Ann", "daisy:5")
    assert (info.value.rule, info.value.where) == ("final-round", ("Ann", "bouquet 2"))
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Bob", entry())
    assert info.value.rule == "entered"
    s = GAME.apply(GAME.apply(s, "Cid", entry()), "Ann", entry(discarded=2))
    assert GAME.is_over(s) and GAME.to_move(s) == []
    score = GAME.score(s)
    # Ann 5 - 2; Bob 6 + 12 + 5 - 1; Cid 0
    assert [(p["name"], p["total"], p["rank"]) for p in score["players"]] == \
        [("Ann", 3, 2), ("Bob", 22, 1), ("Cid", 0, 3)]
    assert score["winners"] == ["Bob"] and score["finished"] is True
    with pytest.raises(RuleViolation, match="over"):
        GAME.apply(s, "Cid", "rose:5")


@pytest.mark.parametrize("move, rule, where", [
    ("rose:2 lily:3", "bouquet", ("Ann", "bouquet 1")),
    ("tulip:5", "spec", ("Ann", "bouquet 1")),
    ("rose:0 lily:5", "spec", ("Ann", "bouquet 1")),
    (5, "move", ("Ann",)),
    (entry("r4"), "bouquet", ("Ann", "final bouquet")),
    (entry(hand=46), "cards", ("Ann", "left_in_hand")),
    (entry(reserve=-1), "cards", ("Ann", "left_in_reserve")),
    ({**entry(), "left_in_hand": True}, "cards", ("Ann", "left_in_hand")),
    ({"final": "", "left_in_hand": 0, "discarded": 0}, "entry", ("Ann",)),
    ({**entry(), "bonus": 1}, "entry", ("Ann",)),
])
def test_refused_moves_name_rule_and_place_and_change_nothing(move, rule, where):
    s = GAME.new(["Ann", "Bob"])
    before = GAME.to_log(s)
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Ann", move)
    assert (info.value.rule, info.value.where) == (rule, where)
    assert GAME.to_log(s) == before


def test_a_player_not_in_the_game_and_a_chance_step_are_refused():
    s = GAME.new(["Ann", "Bob"])
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Zed", "rose:5")
    assert info.value.rule == "player"
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, None, "rose:5")
    assert info.value.rule == "no-chance"
    assert GAME.legal_moves(s, None) == []


def test_whole_hand_option_refuses_cards_in_hand_beside_a_final_bouquet():
    s = GAME.new(["Ann"], rules={"final_bouquet": "whole_hand"})
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Ann", entry("rose:5", 2))
    assert info.value.rule == "final_bouquet" and "2 cards are left in hand" in info.value.message
    assert GAME.is_over(GAME.apply(s, "Ann", entry("", 2)))       # no final bouquet: fine
    assert all(m["left_in_hand"] == 0 for m in GAME.legal_moves(s, "Ann")
               if isinstance(m, dict) and m["final"])


def _valid_by_hand(counts: tuple[int, ...]) -> bool:
    """rules/floris.md written again: 5+ flowers; one type, equal counts or a run 1-2-3..."""
    present = sorted(n for n in counts if n)
    if sum(present) < 5:
        return False
    return len(set(present)) == 1 or (len(present) >= 3
                                      and present == list(range(1, len(present) + 1)))


def test_listed_bouquets_are_every_valid_bouquet_of_up_to_ten_flowers():
    s = GAME.new(["Ann", "Bob"])
    listed = [m for m in GAME.legal_moves(s, "Ann") if isinstance(m, str)]
    expected = {c for c in product(range(LISTED_FLOWERS + 1), repeat=5)
                if sum(c) <= LISTED_FLOWERS and _valid_by_hand(c)}
    assert len(listed) == len(set(listed)) == len(expected)
    assert {parse_spec(m) for m in listed} == expected
    assert all(GAME.apply(s, "Ann", m) for m in listed[:: 7])


def test_listed_entries_in_the_final_round_and_nothing_for_who_is_done():
    s = GAME.apply(GAME.new(["Ann", "Bob"]), "Ann", entry())
    bob = GAME.legal_moves(s, "Bob")
    assert bob and all(isinstance(m, dict) for m in bob)
    assert {m["final"] for m in bob} == {"", "daisy:5", "cornflower:5", "rose:5", "sunflower:5",
                                         "lily:5"}
    assert GAME.legal_moves(s, "Ann") == []


def test_the_worked_example_file_replays_and_its_log_reads_back():
    s = GAME.from_log(WORKED)
    assert GAME.is_over(s)
    assert [p["total"] for p in GAME.score(s)["players"]] == [14, 12, 14]
    assert GAME.from_log(GAME.to_log(s)) == s
    # specs keep the file's spelling
    assert GAME.to_log(s)["players"]["Cid"]["bouquets"] == ["d1 c1 r1 s1 l1",
                                                           "3 roses, 3 lilies, 3 daisies"]


def test_an_unfinished_final_round_is_written_and_read_back():
    s = GAME.apply(GAME.apply(GAME.new(["Ann", "Bob"]), "Bob", "r5"), "Bob", entry("l5", 1, 0, 2))
    log = GAME.to_log(s)
    assert (log["finished"], log["final_round"]) == (False, ["Bob"])
    assert log["players"]["Bob"] == {"bouquets": ["r5"], "final": "l5", "left_in_hand": 1,
                                     "discarded": 0, "left_in_reserve": 2}
    assert GAME.from_log(log) == s
    setup, steps = GAME.log_steps(log)
    assert setup["players"] == ["Ann", "Bob"]
    assert steps == [("Bob", "r5"), ("Bob", entry("l5", 1, 0, 2))]


def test_an_unfinished_file_without_final_round_takes_players_with_end_values_as_entered():
    doc = {"format": "scorepad/floris-game@1", "finished": False,
           "players": {"Ann": {"final": "r5"}, "Bob": {}}}
    assert GAME.to_move(GAME.from_log(doc)) == ["Bob"]
    with pytest.raises(ContentError, match="no player 'Zed'"):
        GAME.from_log({**doc, "final_round": ["Zed"]})


def test_reserve_cards_cost_points_only_with_the_option():
    doc = {"format": "scorepad/floris-game@1",
           "players": {"Ann": {"bouquets": ["r5"], "left_in_hand": 1, "left_in_reserve": 2}}}
    free = GAME.score(GAME.from_log(doc))["players"][0]
    costly = GAME.score(GAME.from_log({**doc, "rules": {"reserve_penalty": True}}))["players"][0]
    assert (free["total"], free["penalty_cards"], free["left_in_reserve"]) == (4, 1, 2)
    assert (costly["total"], costly["penalty_cards"], costly["penalties"]) == (2, 3, 3)
    for player in (free, costly):
        assert GAME.breakdown_total(player) == player["total"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 400)), max_size=12))
def test_any_sequence_of_listed_moves_replays_from_its_log(choices):
    s = GAME.new(["Ann", "Bob", "Cid"])
    for seat, pick in choices:
        movers = GAME.to_move(s)
        if not movers:
            break
        player = movers[seat % len(movers)]
        moves = GAME.legal_moves(s, player)
        s2 = GAME.apply(s, player, moves[pick % len(moves)])
        assert GAME.from_log(GAME.to_log(s2)) == s2
        assert GAME.from_log(GAME.to_log(s)) == s            # the earlier state is unchanged
        s = s2
    score = GAME.score(s)
    assert all(p["total"] == GAME.breakdown_total(p) for p in score["players"])


SPECS = ["rose:5", "rose:4", "rose:3 lily:3", "rose:2 lily:3", "d1 r2 l3", "d1 r2 l4", "s10", ""]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.lists(st.sampled_from(SPECS), max_size=4), st.sampled_from(SPECS)),
                min_size=1, max_size=5))
def test_check_replay_lists_exactly_the_invalid_bouquets_in_player_order(players):
    doc = {"format": "scorepad/floris-game@1", "players": {
        f"P{i}": {"bouquets": bouquets, "final": final}
        for i, (bouquets, final) in enumerate(players)}}
    _, problems = replay_all(parse_game(doc), default_rules())
    expected = []
    for i, (bouquets, final) in enumerate(players):
        expected += [(f"P{i}", f"bouquet {n}") for n, spec in enumerate(bouquets, start=1)
                     if not _valid_by_hand(parse_spec(spec))]
        if final and not _valid_by_hand(parse_spec(final)):
            expected.append((f"P{i}", "final bouquet"))
    assert [p.where for p in problems] == expected
    assert all(isinstance(p, RuleViolation) and p.rule == "bouquet" for p in problems)
