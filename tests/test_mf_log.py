"""``mf check`` / ``mf score`` on game logs: a hand-scored worked example, and bad logs
with the exit code and the placed one-line message the contract asks for."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

from scorepad.main import root

DATA = Path(__file__).parent / "data"
SHORT = DATA / "mf_short.yaml"


@pytest.fixture(scope="module")
def short() -> dict:
    return yaml.safe_load(SHORT.read_text())


def write(tmp_path: Path, data: dict, name: str = "game.yaml") -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def turn(data: dict, number: int) -> dict:
    """Turn ``number`` (1-based, counted through the game) of a log."""
    for rnd in data["rounds"]:
        if number <= len(rnd["turns"]):
            return rnd["turns"][number - 1]
        number -= len(rnd["turns"])
    raise IndexError(number)


def test_short_game_scored_by_hand(runner):
    result = runner.invoke(root, ["mf", "score", str(SHORT), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "mille-fiori" and data["finished"] is False
    players = {p["name"]: p for p in data["players"]}
    # hand-worked in tests/data/mf_short.yaml's comments
    assert {n: p["total"] for n, p in players.items()} == {"Ann": 25, "Bob": 12, "Cid": 17}
    assert players["Ann"]["areas"] == {"workshops": 5, "residences": 0, "nobili": 6,
                                       "populi": 0, "trade": 5, "harbor": 1}
    assert players["Ann"]["ship"] == 8
    # points received from other players' moves: Bob's nobili support, Cid's harbor ...
    assert players["Bob"]["areas"] == {"workshops": 3, "residences": 2, "nobili": 3,
                                       "populi": 0, "trade": 0, "harbor": 2}
    assert players["Cid"]["areas"]["trade"] == 1 + 2 + 6
    assert [p["rank"] for p in data["players"]] == [1, 3, 2]
    assert data["winners"] == ["Ann"]
    for p in data["players"]:
        assert p["total"] == sum(p["areas"].values()) + p["ship"] + p["bonus_fields"] + \
            p["empty_display"]


def test_check_reports_ok_and_unfinished(runner):
    result = runner.invoke(root, ["mf", "check", str(SHORT)])
    assert result.exit_code == 0
    assert "ok: 3 players, 16 turns, unfinished: 4 of 12 turns of round 2 of 7" in result.output


def test_text_score_table(runner):
    result = runner.invoke(root, ["mf", "score", str(SHORT)])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    total = next(line for line in lines if line.startswith("total"))
    assert total.split()[1:] == ["25", "12", "17"]
    assert "Leading: Ann" in result.output


def test_log_from_stdin(runner):
    result = runner.invoke(root, ["mf", "score", "-", "--json"], input=SHORT.read_text())
    assert result.exit_code == 0
    assert json.loads(result.output)["players"][0]["total"] == 25


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: turn(d, 2).update(card="workshops/lime/9"),
     "game.yaml: turn 2, Bob: unknown card 'workshops/lime/9'"),
    (lambda d: turn(d, 2).update(action={"place": "workshops/30"}),
     "game.yaml: turn 2, Bob: unknown space 'workshops/30'"),
    (lambda d: turn(d, 14).update(action={"place": "workshops/7"}),
     "game.yaml: turn 14, Cid: workshops/7 is taken (Ann's diamond)"),
    (lambda d: turn(d, 14).update(card="workshops/quartz/1", action={"place": "workshops/12"}),
     "game.yaml: turn 14, Cid: workshops/quartz/1: the deck holds 1 such card, this is copy 2"),
    (lambda d: turn(d, 14).update(card="nobili/cross/2", action={"place": "nobili/2"}),
     "game.yaml: turn 14, Cid: nobili/2 needs both middle spaces below it filled"),
    (lambda d: turn(d, 6).update(action={"place": "residences/4"}),
     "game.yaml: turn 6, Cid: residences/4 is not the next free house (residences/1 is)"),
    (lambda d: turn(d, 2).update(player="Cid"),
     "game.yaml: turn 2, Cid: it is Bob's turn, not Cid's"),
    (lambda d: turn(d, 2).update(player="Dan"),
     "game.yaml: turn 2, Dan: unknown player 'Dan' (players: Ann, Bob, Cid)"),
    (lambda d: d["rounds"][1].update(start="Cid"),
     "game.yaml: round 2, start: round 2 starts with Bob (the start player passes to the "
     "left each round), not Cid"),
    (lambda d: d["rounds"][0]["turns"].pop(),
     "game.yaml: round 1: round 1 has 11 turns; a round has 12 (3 players × 4 cards)"),
    (lambda d: d["rounds"][0]["turns"].append(turn(d, 13)),
     "game.yaml: turn 13, Bob: round 1 already has its 12 turns"),
    (lambda d: turn(d, 2).update(bonus=[{"card": "trade/swan/1", "action": {"ship": True}}]),
     "game.yaml: turn 2, Bob, bonus 1: no bonus card is owed"),
    (lambda d: turn(d, 4)["bonus"][0].update(card="trade/goblet/3"),
     "game.yaml: turn 4, Ann, bonus 1: trade/goblet/3: the deck holds 1 such card"),
    (lambda d: d.update(players=["Ann", "Bob", "Cid", "Dee", "Eve"]),
     "game.yaml: players: Mille Fiori is played by 2 to 4 players, not 5"),
])
def test_bad_logs_exit_1_with_a_placed_message(runner, tmp_path, short, change, message):
    data = copy.deepcopy(short)
    change(data)
    path = write(tmp_path, data)
    for command in ("check", "score"):
        result = runner.invoke(root, ["mf", command, path])
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(str(tmp_path / message.split(": ", 1)[0])), result.stderr
        assert message.split(": ", 1)[1] in result.stderr
        assert "Traceback" not in result.output and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: turn(d, 14).pop("action"), "round 2, turn 14, action: missing key"),
    (lambda d: turn(d, 3).update(action={"place": "trade/0/goblet", "ship": True}),
     "round 1, turn 3, action: an action is either {place: SPACE} or {ship: true}"),
    (lambda d: turn(d, 3).update(action={"ship": False}), "round 1, turn 3, action.ship"),
    (lambda d: turn(d, 3).update(colour="red"), "round 1, turn 3, colour: unknown key"),
    (lambda d: d.update(format="scorepad/vv-game@1"), "format: wrong format"),
    (lambda d: d.update(players=["Ann", "Ann"]), "players: player 'Ann' named twice"),
    (lambda d: d.update(rules={"ties": "dice"}), "rules.ties"),
])
def test_logs_without_the_formats_shape_exit_2(runner, tmp_path, short, change, message):
    data = copy.deepcopy(short)
    change(data)
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output


def test_unreadable_files_exit_2(runner, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: [unclosed\n")
    result = runner.invoke(root, ["mf", "check", str(bad)])
    assert result.exit_code == 2 and "invalid YAML" in result.stderr
    result = runner.invoke(root, ["mf", "score", str(tmp_path / "missing.yaml")])
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_several_files_report_each_and_exit_with_the_worst(runner, tmp_path, short):
    bad = copy.deepcopy(short)
    turn(bad, 2).update(card="workshops/lime/9")
    path = write(tmp_path, bad, "bad.yaml")
    result = runner.invoke(root, ["mf", "check", str(SHORT), path])
    assert result.exit_code == 1
    assert "mf_short.yaml: ok" in result.output and "bad.yaml: turn 2, Bob" in result.stderr
    result = runner.invoke(root, ["mf", "score", "--json", str(SHORT), str(SHORT)])
    assert [g["players"][0]["total"] for g in json.loads(result.output)] == [25, 25]


def recorded(short: dict) -> dict:
    """The short game with its display and round 1's leftovers recorded."""
    data = copy.deepcopy(short)
    data["display"] = ["trade/goblet/4", "harbor/-/1", "harbor/-/1", "populi/crab/5"]
    data["rounds"][0]["leftover"] = ["trade/swan/1", "trade/swan/2", "trade/swan/3"]
    return data


def test_a_recorded_display_checks_every_bonus_card(runner, tmp_path, short):
    data = recorded(short)
    result = runner.invoke(root, ["mf", "score", "--json", write(tmp_path, data)])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.output)["display_tracked"] is True
    turn(data, 4)["bonus"][0]["card"] = "trade/goblet/5"
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 1
    assert "turn 4, Ann, bonus 1: trade/goblet/5 is not on the display (it holds: " in \
        result.stderr
    shown = result.stderr.split("it holds: ")[1].rstrip(")\n").split(", ")
    assert sorted(shown) == sorted(recorded(short)["display"])


def test_a_recorded_display_needs_each_bonus_and_each_rounds_leftovers(runner, tmp_path, short):
    data = recorded(short)
    del turn(data, 4)["bonus"]
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 1
    assert ("turn 4, Ann: a bonus card is owed (bonus triangle 0-7-8 complete) but the log "
            "lists none, and the display holds 4 cards") in result.stderr
    data = recorded(short)
    del data["rounds"][0]["leftover"]
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 1 and "round 1 records no leftover cards" in result.stderr
    data = recorded(short)
    data["rounds"][0]["leftover"].pop()
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 1
    assert "round 1, leftover: 2 leftover cards; 3 hands of 5 after 12 turns leave 3" in \
        result.stderr
    data = recorded(short)
    data["display"].pop()
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 1
    assert "display: the setup display holds 4 cards with 3 players, not 3" in result.stderr


def test_without_a_recorded_display_a_missing_bonus_is_the_empty_display(runner, tmp_path,
                                                                         short):
    data = copy.deepcopy(short)
    del turn(data, 4)["bonus"]
    result = runner.invoke(root, ["mf", "score", "--json", write(tmp_path, data)])
    assert result.exit_code == 0
    ann = json.loads(result.output)["players"][0]
    # no goblet for Ann in turn 4: her 2 + 3 trade points go, the empty display pays 5;
    # Cid's column now scores 1 + 2 × 2 = 5 instead of 1 + 2 + 6
    assert ann["empty_display"] == 5 and ann["areas"]["trade"] == 0
    assert ann["total"] == 25 - 5 + 5
    assert json.loads(result.output)["players"][2]["total"] == 17 - 9 + 5


def test_a_turn_after_the_game_ended_is_refused(runner, tmp_path):
    data = {"format": "scorepad/mf-game@1", "players": ["Ann", "Bob"],
            "rules": {"diamonds": 1},
            "rounds": [{"start": "Ann", "turns": [
                {"player": "Ann", "card": "trade/swan/1", "action": {"place": "trade/0/swan"}},
                {"player": "Bob", "card": "trade/swan/2", "action": {"ship": True}}]}]}
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 1
    assert "turn 2, Bob: the game is over: a player has placed their last diamond" in \
        result.stderr
    data["rounds"][0]["turns"].pop()
    result = runner.invoke(root, ["mf", "score", "--json", write(tmp_path, data)])
    assert json.loads(result.output)["finished"] is True
    assert json.loads(result.output)["end"] == "diamonds"


def test_rules_file_and_log_rules(runner, tmp_path, short):
    rules = tmp_path / "rules.yaml"
    rules.write_text("ruleset: mf-1\nties: ship\n")
    result = runner.invoke(root, ["mf", "score", "--json", str(SHORT), "--rules", str(rules)])
    assert json.loads(result.output)["rules"] == {"ties": "ship"}
    data = copy.deepcopy(short)
    data["rules"] = {"ties": "shared"}  # the log's own rules win over --rules
    result = runner.invoke(root, ["mf", "score", "--json", write(tmp_path, data),
                                  "--rules", str(rules)])
    assert json.loads(result.output)["rules"] == {}
    rules.write_text("ties: dice\n")
    result = runner.invoke(root, ["mf", "check", str(SHORT), "--rules", str(rules)])
    assert result.exit_code == 2 and result.stderr.startswith(f"{rules}: rules.ties")


@pytest.mark.parametrize("action", [{"ship": 1}, {"ship": "yes"}, {"ship": False}])
def test_a_log_and_apply_refuse_a_ship_move_that_is_not_true_in_one_wording(
        runner, tmp_path, short, action):
    # one model (log.Play) reads the log's turns and apply's moves: `ship: 1` is refused by
    # both, in the same words
    from scorepad.rules.common.errors import RuleViolation
    from scorepad.rules.mille_fiori.game import GAME

    data = copy.deepcopy(short)
    turn(data, 3).update(action=action)
    result = runner.invoke(root, ["mf", "check", write(tmp_path, data)])
    assert result.exit_code == 2 and "round 1, turn 3, action.ship: a ship move is" \
        in result.stderr
    s = GAME.new(["Ann", "Bob"], start="Bob")
    with pytest.raises(RuleViolation) as info:
        GAME.apply(s, "Bob", {"card": "workshops/quartz/3", "action": action})
    assert info.value.where[-1] == "action.ship" and "a ship move is {ship: true}" \
        in str(info.value)
