"""Mille Fiori in the game protocol: seeded deals as chance steps, hands passing left, the
unseeded scorekeeper's moves, an owed bonus card kept across a saved log."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from scorepad.main import root
from scorepad.rules.common.errors import ContentError, RuleViolation
from scorepad.rules.mille_fiori.game import GAME
from scorepad.rules.session import Session

NAMES = ["Ann", "Bob", "Cid"]


def dealt(seed: str = "table-7"):
    s = GAME.new(NAMES, seed=seed)
    assert GAME.to_move(s) == [] and not GAME.is_over(s)
    (outcome,) = GAME.legal_moves(s, None)
    return GAME.apply(s, None, outcome), outcome


def test_the_seeded_deal_is_what_mf_deal_prints(runner):
    s = GAME.new(NAMES, seed="table-7")
    printed = json.loads(runner.invoke(root, ["mf", "deal", "--players", "3", "--seed",
                                              "table-7", "--json"]).output)
    assert GAME.to_log(s)["display"] == printed["display"]
    assert GAME.legal_moves(s, None) == [{"deal": printed["rounds"][0]["hands"]}]
    s, _ = dealt()
    assert GAME.to_move(s) == ["Ann"]
    cards = {m["card"] for m in GAME.legal_moves(s, "Ann")}
    assert cards == set(printed["rounds"][0]["hands"][0])


def test_a_card_not_in_the_hand_is_refused_and_hands_pass_left():
    s, outcome = dealt()
    hands = outcome["deal"]
    foreign = next(c for c in hands[1] if c not in hands[0])
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Ann", {"card": foreign, "action": {"ship": True}})
    assert info.value.rule == "not-in-hand"
    played = []
    for name in NAMES:  # everyone plays the first card of their hand by ship
        move = next(m for m in GAME.legal_moves(s, name) if m["action"] == {"ship": True})
        played.append(move["card"])
        s = GAME.apply(s, name, move)
        while GAME.to_move(s) == [name]:  # a ship bonus space: take the first display card
            s = GAME.apply(s, name, GAME.legal_moves(s, name)[0])
    # Cid's hand, less the card Cid played, is now Ann's
    rest = list(hands[2])
    rest.remove(played[2])
    assert sorted({m["card"] for m in GAME.legal_moves(s, "Ann")}) == sorted(set(rest))


def test_a_wrong_deal_in_a_seeded_log_is_refused_with_its_place(runner, tmp_path):
    s, _ = dealt()
    doc = GAME.to_log(s)
    assert doc["seed"] == "table-7" and len(doc["rounds"][0]["hands"]) == 3
    doc["rounds"][0]["hands"][0], doc["rounds"][0]["hands"][1] = \
        doc["rounds"][0]["hands"][1], doc["rounds"][0]["hands"][0]
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(doc))
    result = runner.invoke(root, ["mf", "check", str(path)])
    assert result.exit_code == 1
    assert "round 1, hands: these are not the hands seed 'table-7' deals" in result.stderr


def test_unseeded_moves_are_every_card_the_deck_can_still_hold():
    s = GAME.new(["Ann", "Bob"], start="Bob")
    assert GAME.to_move(s) == ["Bob"] and GAME.legal_moves(s, None) == []
    moves = GAME.legal_moves(s, "Bob")
    # all 74 card kinds (109 cards), each by ship, plus every space its area allows now
    assert len({m["card"] for m in moves}) == 74
    assert {"card": "residences/-/2", "action": {"place": "residences/0"}} in moves
    assert {"card": "nobili/coin/1", "action": {"place": "nobili/3"}} not in moves
    with pytest.raises(ContentError):
        GAME.apply(s, "Bob", {"card": "workshops/quartz/3", "action": {"ship": 1}})


def test_an_owed_bonus_survives_the_saved_log_and_the_empty_display_pays(runner):
    s = GAME.new(["Ann", "Bob"])
    for name, card, space in [("Ann", "workshops/quartz/1", "workshops/7"),
                              ("Bob", "workshops/lime/1", "workshops/8"),
                              ("Ann", "workshops/pigments/1", "workshops/0")]:
        s = GAME.apply(s, name, {"card": card, "action": {"place": space}})
    assert GAME.to_move(s) == ["Ann"]  # triangle 0-7-8 filled: Ann owes a bonus card
    doc = GAME.to_log(s)
    assert doc["rounds"][0]["turns"][-1]["bonus_owed"] is True
    again = GAME.from_log(copy.deepcopy(doc))
    assert again == s and GAME.to_move(again) == ["Ann"]
    assert {"empty_display": True} in GAME.legal_moves(s, "Ann")
    s = GAME.apply(s, "Ann", {"empty_display": True})
    assert GAME.to_move(s) == ["Bob"]
    doc = GAME.to_log(s)
    assert "bonus_owed" not in doc["rounds"][0]["turns"][-1]
    scored = json.loads(runner.invoke(root, ["mf", "score", "--json", "-"],
                                      input=json.dumps(doc)).output)
    assert scored == GAME.score(s) and scored["players"][0]["empty_display"] == 5


def test_a_resumed_session_keeps_the_start_player_and_every_step():
    session = Session.start(GAME, ["Ann", "Bob"], start="Bob")
    session = session.step("Bob", {"card": "trade/swan/1", "action": {"place": "trade/0/swan"}})
    resumed = Session.resume(GAME, session.to_log())
    assert resumed.state == session.state and resumed.steps == session.steps
    assert resumed.to_move() == ["Ann"]


@pytest.mark.parametrize("rules", [
    {"landing_bonus": "at_landing"},
    {"last_diamond_end": "round", "reserve_diamonds": 3},
    {"townspeople_top": "middle_row"},
    {"field_timing": "turn_end", "last_diamond_end": "action", "diamonds": 12},
])
def test_random_play_under_other_readings_replays_at_every_step(rules):
    import random

    for seed in range(2):
        rng = random.Random(seed)
        s = GAME.new(NAMES[:2 + seed], seed=f"readings-{seed}", rules=rules)
        while not GAME.is_over(s):
            assert GAME.from_log(copy.deepcopy(GAME.to_log(s))) == s
            movers = GAME.to_move(s)
            if not movers:
                s = GAME.apply(s, None, GAME.legal_moves(s, None)[0])
            else:
                s = GAME.apply(s, movers[0], rng.choice(GAME.legal_moves(s, movers[0])))
        assert GAME.from_log(copy.deepcopy(GAME.to_log(s))) == s
        assert GAME.to_log(s)["rules"] == rules


def test_an_unseeded_game_tracking_the_display_asks_the_table_for_the_leftovers():
    display = ["trade/goblet/1", "trade/goblet/2", "trade/carafe/3", "trade/earrings/1",
               "residences/-/1", "harbor/-/1", "populi/shell/1", "workshops/ash/1",
               "nobili/lion/1"]
    s = GAME.new(["Ann", "Bob"], display=display)
    cards = ["trade/swan/1", "trade/swan/2", "trade/swan/3", "trade/swan/4", "trade/swan/5",
             "trade/carafe/1"]
    for i, card in enumerate(cards):
        s = GAME.apply(s, ["Ann", "Bob"][i % 2], {"card": card, "action": {"ship": True}})
        while GAME.to_move(s) and s.g.phase == "bonus":  # a ship bonus: a display card
            s = GAME.apply(s, GAME.to_move(s)[0], GAME.legal_moves(s, GAME.to_move(s)[0])[0])
    assert GAME.to_move(s) == [] and not GAME.is_over(s)
    assert GAME.legal_moves(s, None) == []  # the table says which cards they were
    with pytest.raises(RuleViolation):
        GAME.apply(s, "Bob", {"card": "trade/carafe/2", "action": {"ship": True}})
    left = ["residences/-/2", "residences/-/3", "harbor/-/2", "trade/goblet/3"]
    s = GAME.apply(s, None, {"leftover": left})
    assert GAME.to_move(s) == ["Bob"]  # round 2: the start player passed left
    assert GAME.to_log(s)["rounds"][0]["leftover"] == left
    assert GAME.from_log(copy.deepcopy(GAME.to_log(s))) == s


def test_bonus_owed_only_marks_a_last_turn_that_owes_one(runner, tmp_path):
    doc = {"format": "scorepad/mf-game@1", "players": ["Ann", "Bob"], "rounds": [
        {"start": "Ann", "turns": [
            {"player": "Ann", "card": "trade/swan/1", "action": {"ship": True},
             "bonus_owed": True}]}]}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(doc))
    result = runner.invoke(root, ["mf", "check", str(path)])
    assert result.exit_code == 1
    assert "turn 1, Ann: bonus_owed marks the last turn of a game whose player still owes" \
        in result.stderr


def _short_log():
    from pathlib import Path

    return yaml.safe_load((Path(__file__).parent / "data" / "mf_short.yaml").read_text())


@pytest.mark.parametrize(("change", "rule", "words"), [
    ("start", "start-player", "round 2 starts with Bob (the start player passes to the left "
                              "each round), not Cid"),
    ("short", "round-length", "round 1 has 11 turns; a round has 12 (3 players × 4 cards)"),
    ("long", "round-length", "round 1 already has its 12 turns (3 players × 4 cards)"),
])
def test_the_engine_words_the_round_rules_a_log_can_break(change, rule, words):
    """Start player and round length are the engine's rules (start_refusal, round_full,
    round_short); the log replay only asks them."""
    log = _short_log()
    first, second = log["rounds"][0]["turns"], log["rounds"][1]["turns"]
    if change == "start":
        log["rounds"][1]["start"] = "Cid"
    elif change == "short":
        second.insert(0, first.pop())
    else:
        first.append(second.pop(0))
    with pytest.raises(RuleViolation) as info:
        GAME.from_log(log)
    assert info.value.rule == rule and words in str(info.value)


def test_a_view_shows_only_the_viewers_hand_and_the_seed_once_over():
    s = GAME.new(["Ann", "Bob"], seed="view-1")
    s = GAME.apply(s, None, GAME.legal_moves(s, None)[0])
    assert GAME.events(s) == [{"type": "deal", "player": None, "round": 1}]
    ann, bob, host = (GAME.view(s, who) for who in ("Ann", "Bob", None))
    assert ann["hand"] and bob["hand"] and host["hand"] is None
    assert GAME.to_move(s) == ["Ann"]
    assert set(ann["hand"]) == {m["card"] for m in GAME.legal_moves(s, "Ann")}
    assert json.dumps(bob["hand"]) not in json.dumps(ann)
    assert "view-1" not in json.dumps(ann) + json.dumps(host)
    assert ann["hand_sizes"] == {"Ann": len(ann["hand"]), "Bob": len(bob["hand"])}


DISPLAY = ["trade/goblet/1", "trade/goblet/2", "trade/carafe/3", "trade/earrings/1",
           "residences/-/1", "harbor/-/1", "trade/swan/1", "workshops/ash/1", "nobili/lion/1"]


def test_the_set_up_display_is_a_chance_step_of_a_tracked_game():
    """No prompt of its own: a tracked game's first step is the display the table lays out
    (a chance step whose outcome the table says), logged as `display`, undone and resumed
    like any step."""
    s = GAME.new(["Ann", "Bob"], track_display=True)
    assert GAME.to_move(s) == [] and GAME.legal_moves(s, None) == [] and not GAME.is_over(s)
    assert GAME.to_log(s)["display"] == []          # tracked, not laid out yet
    assert GAME.from_log(GAME.to_log(s)) == s
    with pytest.raises(RuleViolation, match="waits for the set-up display"):
        GAME.apply(s, "Ann", {"card": "trade/goblet/3", "action": {"ship": True}})
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, None, {"leftover": []})
    assert info.value.rule == "display"
    session = Session.start(GAME, ["Ann", "Bob"], track_display=True)
    session = session.step(None, {"display": DISPLAY})
    assert session.events() == [{"type": "display", "player": None, "cards": DISPLAY}]
    assert session.to_move() == ["Ann"] and sorted(session.view("Bob")["display"]) == \
        sorted(DISPLAY)
    doc = session.to_log()
    assert sorted(doc["display"]) == sorted(DISPLAY)
    resumed = Session.resume(GAME, copy.deepcopy(doc))
    assert resumed.steps == session.steps and resumed.state == session.state
    assert GAME.from_log(doc) == session.state
    assert session.undo().state == s
    with pytest.raises(RuleViolation, match="laid out already"):
        session.step(None, {"display": DISPLAY})
