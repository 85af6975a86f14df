"""Voll verplant in the game protocol: pending follow-ups, chance, flipper games, refusals."""

from __future__ import annotations

import copy

import pytest
import yaml
from vv_helpers import tiny

from scorepad.main import root
from scorepad.rules.common.errors import ContentError, RuleViolation
from scorepad.rules.game import GAMES
from scorepad.rules.voll_verplant.game import GAME, replay
from scorepad.rules.voll_verplant.log import parse_game_log
from scorepad.rules.voll_verplant.ruleset import default_rules


def tiny_game(players=("Ann", "Bob"), seed=None, **rules):
    return GAME.new(list(players), seed=seed, rules=rules, map=tiny(), map_ref="tiny.yaml")


def test_registered_with_the_protocol_numbers():
    assert GAMES["voll-verplant"] is GAME
    assert (GAME.min_players, GAME.max_players) == (1, 6)
    assert GAME.log_format == "scorepad/vv-game@1"


def test_every_player_is_to_move_after_a_card_and_a_follow_up_keeps_the_player_to_move():
    s = tiny_game()
    assert GAME.to_move(s) == []
    s = GAME.apply(s, None, 4)
    assert GAME.to_move(s) == ["Ann", "Bob"]
    s = GAME.apply(s, "Bob", {"line": "A", "crosses": 1})
    assert GAME.to_move(s) == ["Ann"]
    s = GAME.apply(s, "Ann", {"line": "R", "crosses": 2})  # 7 8: station 8 is special
    assert GAME.to_move(s) == ["Ann"]
    follow = GAME.legal_moves(s, "Ann")
    assert {} not in follow and {"line": "A", "crosses": 4} in follow  # must fill a window
    s = GAME.apply(s, "Ann", {"line": "A", "crosses": 4})
    assert GAME.to_move(s) == []  # the round ended: completions are in
    assert GAME.score(s)["players"][0]["lines"]["A"] == {"complete": True, "bonus": "first",
                                                         "points": 5}
    log = GAME.to_log(s)
    assert log["rounds"][0]["moves"]["Ann"] == {"line": "R", "crosses": 2,
                                                "then": [{"line": "A", "crosses": 4}]}


def test_a_round_in_progress_is_logged_and_replays_with_what_is_owed():
    s = GAME.apply(GAME.apply(tiny_game(), None, 4), "Ann", {"line": "R", "crosses": 2})
    log = GAME.to_log(s)
    assert log["rounds"] == [{"card": 4, "moves": {"Ann": {"line": "R", "crosses": 2}}}]
    again = replay(parse_game_log(log), tiny(), default_rules(), "tiny.yaml")
    assert again == s and GAME.to_move(again) == ["Ann", "Bob"]


def test_a_missing_follow_up_or_move_is_refused_when_the_next_card_comes():
    s = GAME.apply(GAME.apply(tiny_game(), None, 4), "Ann", {"line": "R", "crosses": 2})
    s = GAME.apply(s, "Bob", {"line": "A", "crosses": 0})
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, None, 3)
    assert str(info.value) == ("round 1, Ann: special station 8 was marked: its follow-up is "
                               "missing (add it to `then`)")


def test_without_a_seed_chance_lists_what_the_pile_can_still_give():
    s = tiny_game(players=("Ann",))
    assert sorted(map(str, GAME.legal_moves(s, None))) == ["3", "4", "5", "6", "E2", "E3",
                                                           "F", "T"]
    s = GAME.apply(s, None, "E3")
    s = GAME.apply(s, "Ann", {"line": "A", "crosses": 0})
    assert "E3" not in GAME.legal_moves(s, None)  # the one E3 is out until a reshuffle
    with pytest.raises(RuleViolation, match="card E3 comes 2 times before a reshuffle"):
        GAME.apply(s, None, "E3")


def test_a_seed_gives_exactly_one_card():
    s = GAME.new(["Ann"], seed="table-42", map="berlin")
    assert GAME.legal_moves(s, None) == [5]
    with pytest.raises(RuleViolation, match="does not follow from seed 'table-42'"):
        GAME.apply(s, None, 4)


def test_a_flipper_game_has_chance_steps_only_and_ends_with_the_maps_windows():
    s = GAME.new([], seed="flip", map="berlin")
    flips = 0
    while not GAME.is_over(s):
        assert GAME.to_move(s) == []
        s = GAME.apply(s, None, GAME.legal_moves(s, None)[0])
        flips += 1
    cards = [r["card"] for r in GAME.to_log(s)["rounds"]]
    assert sum(c != "F" for c in cards) == 25 and flips == len(cards)
    assert GAME.from_log(copy.deepcopy(GAME.to_log(s))) == s
    with pytest.raises(RuleViolation, match="the game ended"):
        GAME.apply(s, None, 3)
    endless = GAME.new([], seed="flip", map=None)
    for _ in range(100):
        endless = GAME.apply(endless, None, GAME.legal_moves(endless, None)[0])
    assert not GAME.is_over(endless) and "map" not in GAME.to_log(endless)


@pytest.mark.parametrize(("card", "move", "field", "words"), [
    ("T", {"line": "A", "crosses": 1}, "crosses",
     "line A takes no number of crosses on a transfer card: write only `line: A`"),
    (4, {"line": "A", "crosses": 2, "direction": "cw"}, "direction", "line A is not a ring"),
    ("F", {"station": 3, "crosses": 1}, "crosses", "takes no `crosses`"),
    ("F", {"station": 3, "direction": "cw"}, "direction", "takes no `direction`"),
    (4, {"line": "A", "crosses": 2, "speed": 2}, "speed", "unknown key"),
    (4, {"line": "A", "crosses": 2, "then": []}, "then", "a step has no `then`"),
])
def test_a_field_the_card_does_not_use_is_a_rule_violation(card, move, field, words):
    s = GAME.apply(tiny_game(), None, card)
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Ann", move)
    assert info.value.where == ("round 1", "Ann", field)
    assert words in str(info.value)


@pytest.mark.parametrize(("field", "value", "words"), [
    ("crosses", "3", "crosses are a count from 0 to 99"),
    ("crosses", True, "crosses are a count from 0 to 99"),
    ("crosses", -1, "crosses are a count from 0 to 99"),
    ("line", "a", "a line is given by its letter"),
    ("line", 7, "a line is given by its letter"),
    ("direction", "left", "a ring is travelled cw or ccw, not 'left'"),
    ("station", "17", "a station is given by its number"),
])
def test_a_log_and_apply_read_a_move_by_one_model_with_one_wording(field, value, words):
    # the log's schema (exit 2) and apply (a RuleViolation) are the same StepSpec: the
    # same value is refused by both, in the same words, at the same field
    move = {"line": "A", "crosses": 2, field: value}
    doc = {"format": "scorepad/vv-game@1", "map": "tiny", "players": ["Ann"],
           "rounds": [{"card": 4, "moves": {"Ann": move}}]}
    with pytest.raises(Exception) as logged:
        parse_game_log(doc)
    assert logged.value.where == (f"round 1, Ann, {field}",) and words in str(logged.value)
    s = GAME.apply(tiny_game(), None, 4)
    with pytest.raises(RuleViolation) as applied:
        GAME.apply(s, "Ann", move)
    assert applied.value.rule == "move-shape" and words in str(applied.value)
    assert applied.value.where == ("round 1", "Ann", field)


@pytest.mark.parametrize(("card", "move", "error", "words"), [
    (4, {"station": 3}, RuleViolation, "a number 4 card is played on a line"),
    ("F", {"line": "A"}, RuleViolation, "a free ride takes `station: ID`"),
    ("F", {}, RuleViolation, "a free ride takes `station: ID`"),
    (4, {"line": "Q", "crosses": 1}, ContentError, "line Q: no such line"),
    (4, "A 3", RuleViolation, "a move is a mapping"),
])
def test_other_wrong_shapes_name_the_rule(card, move, error, words):
    s = GAME.apply(tiny_game(), None, card)
    with pytest.raises(error, match=words):
        GAME.apply(s, "Ann", move)


def test_a_player_who_is_not_to_move_is_refused_and_the_state_is_unchanged():
    s = GAME.apply(tiny_game(), None, 4)
    before = GAME.to_log(s)
    s2 = GAME.apply(s, "Ann", {"line": "A"})  # the most: 4
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s2, "Ann", {"line": "B", "crosses": 1})
    assert info.value.rule == "one-move-per-round"
    with pytest.raises(ContentError, match="Zed is not a player"):
        GAME.apply(s, "Zed", {})
    assert GAME.to_log(s) == before


def test_log_steps_split_then_and_fold_to_from_log():
    doc = yaml.safe_load("""
format: scorepad/vv-game@1
map: berlin
seed: table-42
players: [Ann]
rounds:
  - card: 5
    moves: {Ann: {line: A, crosses: 2}}
""")
    setup, steps = GAME.log_steps(doc)
    assert setup == {"players": ["Ann"], "seed": "table-42", "rules": {}, "map": "berlin"}
    assert steps == [(None, 5), ("Ann", {"line": "A", "crosses": 2})]
    players = setup.pop("players")
    s = GAME.new(players, **setup)
    for player, move in steps:
        s = GAME.apply(s, player, move)
    assert s == GAME.from_log(doc)


@pytest.mark.parametrize(("map_id", "rules", "players"), [
    ("paris", {}, 3),
    ("madrid", {}, 2),
    ("madrid", {"special_chains": False, "game_end": "any_full"}, 4),
    ("paris", {"special_on_free_ride": True, "free_ride_may_decline": False}, 1),
])
def test_random_play_with_special_stations_replays_step_by_step(map_id, rules, players, runner):
    import json
    import random

    from scorepad.main import root

    rng = random.Random(f"{map_id}/{rules}/{players}")
    names = ["Ann", "Bob", "Cid", "Dee"][:players]
    s = GAME.new(names, seed=f"specials-{map_id}", rules=rules, map=map_id)
    follow_ups = 0
    for step in range(3000):
        if GAME.is_over(s):
            break
        movers = GAME.to_move(s)
        if not movers:
            s = GAME.apply(s, None, GAME.legal_moves(s, None)[0])
            continue
        player = rng.choice(movers)
        core = s.core
        follow_ups += bool(core.moved[s.players.index(player)])
        s = GAME.apply(s, player, rng.choice(GAME.legal_moves(s, player)))
        if step % 7 == 0:
            assert GAME.from_log(copy.deepcopy(GAME.to_log(s))) == s
    assert GAME.is_over(s) and follow_ups > 0
    assert GAME.from_log(copy.deepcopy(GAME.to_log(s))) == s
    result = runner.invoke(root, ["vv", "score", "--json", "-"], input=json.dumps(GAME.to_log(s)))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == GAME.score(s)


@pytest.mark.parametrize("chains", [True, False])
def test_whole_moves_and_steps_reach_the_same_state(chains):
    """engine.apply (a whole move with `then`, as a log holds it) and engine.play_step (one
    step at a time, as the table and the protocol go) run the same follow-up rules."""
    import random

    from scorepad.play.voll_verplant.bots import random_bot
    from scorepad.rules.voll_verplant import engine
    from scorepad.rules.voll_verplant.cards import card_stream
    from scorepad.rules.voll_verplant.maps import bundled_map

    network = bundled_map("madrid")
    rules = default_rules().with_overrides({"special_chains": chains})
    for seed in range(12):
        rng = random.Random(seed)
        stepped = whole = engine.new_game(network, rules, ["Ann", "Bob"])
        stream = card_stream(f"whole-{seed}", rules.deck, rules.shuffle_cards)
        while not stepped.over:
            card = next(stream)[0]
            stepped, whole = engine.reveal(stepped, card), engine.reveal(whole, card)
            for p in (0, 1):
                stepped, move = engine.play_turn(stepped, p,
                                                 lambda s, p=p, rng=rng: random_bot(s, p, rng))
                whole = engine.apply(whole, p, move)
            stepped, whole = engine.end_round(stepped)[0], engine.end_round(whole)[0]
            assert stepped == whole


def test_an_unowed_follow_up_is_refused_at_its_own_round_naming_the_rule(runner, tmp_path):
    """A solo round-2 move with a `then` nobody owes: refused in round 2 by the rule that
    counts follow-ups, not as "round 3 ... no card is revealed"."""
    log = {"format": "scorepad/vv-game@1", "map": "berlin", "players": ["Ann"], "rounds": [
        {"card": 4, "moves": {"Ann": {"line": "A"}}},
        {"card": 3, "moves": {"Ann": {"line": "B", "then": [{"line": "C"}]}}}]}
    with pytest.raises(RuleViolation) as info:
        GAME.from_log(log)
    assert info.value.rule == "special-follow-up"
    assert info.value.where[:2] == ("round 2", "Ann")
    assert "1 follow-up too many" in str(info.value)
    path = tmp_path / "solo.yaml"
    path.write_text(yaml.safe_dump(log))
    result = runner.invoke(root, ["vv", "check", str(path)])
    assert result.exit_code == 1
    assert "round 2, Ann: 1 follow-up too many" in result.output


@pytest.mark.parametrize("move", [{"line": "ZZ"}, {"line": "A", "crosses": "x"}])
def test_an_unknown_id_is_a_rule_violation_with_its_place(move):
    s = GAME.apply(tiny_game(), None, 4)
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Ann", move)
    assert info.value.rule and info.value.where[:2] == ("round 1", "Ann")
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Zed", {})
    assert info.value.rule == "unknown-player"


def test_events_say_what_each_step_did_in_words():
    s = GAME.apply(tiny_game(), None, "T")
    assert GAME.events(s) == [{"type": "card", "player": None, "card": "T", "round": 1}]
    for lang, words in (("en", "card"), ("de", "Karte"), ("fr", "carte")):
        assert words in GAME.explain(GAME.events(s)[0], lang)
        assert GAME.describe({"line": "A", "direction": "ccw"}, lang)
    assert GAME.describe({"station": 17}, "de") == "Freifahrt zur Station 17"
