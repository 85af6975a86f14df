"""``vv check`` / ``vv score`` on game logs: output, JSON and every kind of bad input."""

from __future__ import annotations

import json

import pytest
import yaml
from vv_helpers import TINY

from scorepad.main import root

GAME = {
    "format": "scorepad/vv-game@1",
    "map": str(TINY),
    "players": ["Ann", "Bob"],
    "rounds": [
        {"card": 4, "moves": {"Ann": {"line": "A", "crosses": 4},
                              "Bob": {"line": "B", "crosses": 2}}},
        {"card": "T", "moves": {"Ann": {"line": "B"}, "Bob": {"line": "A"}}},
        {"card": "E3", "moves": {"Ann": {"line": "R", "then": [{"line": "B"}]},
                                 "Bob": {"line": "R", "crosses": 1}}},
    ],
}


def write(tmp_path, data, name="game.yaml"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False))
    return str(path)


def test_score_json_matches_the_hand_computed_result(runner, tmp_path):
    result = runner.invoke(root, ["vv", "score", write(tmp_path, GAME), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "voll-verplant" and data["map"] == "tiny" and data["finished"] is False
    ann, bob = data["players"]
    # Ann: A and B complete first (5 + 4), transfer 1 on station 5, only station 9 empty.
    assert (ann["line_points"], ann["transfer_sum"], ann["transfer_points"]) == (9, 1, 2)
    assert (ann["empty_stations"], ann["empty_penalty"], ann["total"], ann["rank"]) \
        == (1, 0.5, 10.5, 1)
    # Bob: 5 2 (B), transfer 1 on station 1, 7 (R): 5 empty.
    assert (bob["total"], bob["empty_stations"], bob["rank"]) == (-0.5, 5, 2)
    assert set(bob["lines"]) == {"A", "B", "R"}
    assert data["winners"] == ["Ann"]


def test_score_text_report_and_check(runner, tmp_path):
    path = write(tmp_path, GAME)
    result = runner.invoke(root, ["vv", "score", path])
    assert result.exit_code == 0
    assert "Ann: 10.5 points (rank 1)" in result.output and "Winner: Ann" in result.output
    result = runner.invoke(root, ["voll-verplant", "check", path])
    assert result.exit_code == 0
    assert result.output.strip() == f"{path}: ok: Tiny, 2 players, 3 rounds, not finished"


def test_bgstats_record(runner, tmp_path):
    result = runner.invoke(root, ["vv", "score", write(tmp_path, GAME), "--format", "bgstats"])
    data = json.loads(result.output)
    # BG Stats' import format (cli/bgstats.py cites it): ids stable from play to play
    assert data["game"] == {"name": "Voll verplant", "sourceGameId": "voll-verplant",
                            "bggId": 346482, "highestWins": True, "noPoints": False}
    # three rounds of a game not finished: Ann leads, nobody has won yet
    assert data["players"][0] == {"name": "Ann", "sourcePlayerId": "Ann", "score": 10.5,
                                  "winner": False, "rank": 1}
    again = json.loads(runner.invoke(root, ["vv", "score", write(tmp_path, GAME), "--format",
                                            "bgstats"]).output)
    assert again["sourcePlayId"] == data["sourcePlayId"]  # the same game, the same play


def test_map_path_is_relative_to_the_log(runner, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "tiny.yaml").write_text(TINY.read_text())
    game = dict(GAME, map="maps/tiny.yaml")
    result = runner.invoke(root, ["vv", "check", write(tmp_path, game)])
    assert result.exit_code == 0, result.output


def test_log_from_stdin(runner):
    result = runner.invoke(root, ["vv", "score", "-", "--json"], input=json.dumps(GAME))
    assert result.exit_code == 0 and json.loads(result.output)["players"][0]["total"] == 10.5


def _bad(round_index, player, move):
    game = json.loads(json.dumps(GAME))
    game["rounds"][round_index]["moves"][player] = move
    return game


@pytest.mark.parametrize(("game", "code", "message"), [
    ("a: [1, 2\n", 2, "game.yaml: line 2, column 1: invalid YAML"),
    ("- 1\n- 2\n", 2, "game.yaml: expected a mapping of keys, found list"),
    (dict(GAME, format="scorepad/vv-game@9"), 2,
     "game.yaml: format: wrong format 'scorepad/vv-game@9', expected 'scorepad/vv-game@1'"),
    ({k: v for k, v in GAME.items() if k != "format"}, 2, "game.yaml: format: missing key"),
    (dict(GAME, players="Ann"), 2, "game.yaml: players: "),
    (_bad(0, "Ann", {"line": "A", "crosses": "four"}), 2, "game.yaml: round 1, Ann, crosses: "),
    (_bad(0, "Ann", {"line": "A", "crosses": 4, "speed": 2}), 2,
     "game.yaml: round 1, Ann, speed: unknown key"),
    (dict(GAME, map="atlantis"), 1, "game.yaml: unknown map 'atlantis'"),
    (_bad(0, "Ann", {"line": "Q", "crosses": 4}), 1,
     "game.yaml: round 1, Ann, line Q: no such line"),
    (_bad(1, "Ann", {"station": 99}), 1,
     "game.yaml: round 2, Ann: a transfer card is played on a line"),
    (_bad(0, "Ann", {"line": "A", "crosses": 5}), 1,
     "game.yaml: round 1, Ann: line A: at most 4 crosses possible (the card allows 4), not 5"),
    (_bad(0, "Zed", {"line": "A", "crosses": 1}), 1, "game.yaml: round 1: Zed is not a player"),
    (dict(GAME, rounds=[{"card": 12, "moves": {}}]), 1,
     "game.yaml: round 1, card: unknown card 12 (cards: 3-6, E2, E3, T, F)"),
    (dict(GAME, rounds=[{"card": [4], "moves": {}}]), 2, "game.yaml: round 1, card: "),
])
def test_bad_logs_give_one_line_and_the_right_exit_code(runner, tmp_path, game, code, message):
    path = write(tmp_path, game)
    result = runner.invoke(root, ["vv", "score", path])
    assert result.exit_code == code, result.output
    assert result.stderr.startswith(str(tmp_path / message.split(": ", 1)[0]) + ": "
                                    + message.split(": ", 1)[1]), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_missing_file_is_exit_2(runner, tmp_path):
    result = runner.invoke(root, ["vv", "check", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2 and "nope.yaml: no such file" in result.stderr


def test_unknown_station_on_free_ride(runner, tmp_path):
    game = json.loads(json.dumps(GAME))
    game["rounds"].append({"card": "F",
                           "moves": {"Ann": {"station": 42}, "Bob": {"station": None}}})
    result = runner.invoke(root, ["vv", "check", write(tmp_path, game)])
    assert result.exit_code == 1
    assert "round 4, Ann, station 42: no such station" in result.stderr


def test_card_sequence_checked_against_seed_and_deck(runner, tmp_path):
    seeded = dict(GAME, seed="table-42")  # the seed's first card is a 5, not a 4
    result = runner.invoke(root, ["vv", "check", write(tmp_path, seeded)])
    assert result.exit_code == 1
    assert ("round 1: card 4 does not follow from seed 'table-42' (the seed gives 5)"
            in result.stderr)
    flip = {"format": "scorepad/vv-game@1", "players": [],
            "rounds": [{"card": "E3"}, {"card": 4}, {"card": "E3"}]}
    result = runner.invoke(root, ["vv", "check", write(tmp_path, flip, "flip.yaml")])
    assert result.exit_code == 1
    assert "round 3: card E3 comes 2 times before a reshuffle; the deck holds 1" in result.stderr
    flip["rounds"][1] = {"card": 6}  # the 6 reshuffles: a second E3 is fine now
    result = runner.invoke(root, ["vv", "check", write(tmp_path, flip, "flip.yaml")])
    assert result.exit_code == 0, result.stderr


def test_several_files_report_each_and_exit_with_the_worst(runner, tmp_path):
    good = write(tmp_path, GAME, "good.yaml")
    bad = write(tmp_path, "format: [\n", "bad.yaml")
    result = runner.invoke(root, ["vv", "check", good, bad])
    assert result.exit_code == 2
    assert "good.yaml: ok" in result.output and "bad.yaml: line" in result.stderr


def test_rules_file_changes_rounding(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("empty_rounding: up\n")
    result = runner.invoke(root, ["vv", "score", write(tmp_path, GAME), "--json",
                                  "--rules", str(rules)])
    assert json.loads(result.output)["players"][0]["total"] == 10  # 9 + 2 - ceil(0.5)
    rules.write_text("empty_rounding: sideways\n")
    result = runner.invoke(root, ["vv", "score", write(tmp_path, GAME), "--rules", str(rules)])
    assert result.exit_code == 2 and "rules.empty_rounding" in result.stderr


# --- a move carrying a field its card does not use is refused (exit 1), not ignored -------

def _with_free_ride(move):
    game = json.loads(json.dumps(GAME))
    game["rounds"].append({"card": "F", "moves": {"Ann": move, "Bob": {"station": None}}})
    return game


@pytest.mark.parametrize(("game", "message"), [
    (_bad(1, "Ann", {"line": "B", "crosses": 1}),
     "round 2, Ann, crosses: line B takes no number of crosses on a transfer card: write "
     "only `line: B`"),
    (_bad(1, "Ann", {"line": "B", "crosses": 0}),
     "round 2, Ann, crosses: line B takes no number of crosses on a transfer card"),
    (_bad(0, "Ann", {"line": "A", "crosses": 4, "station": 3}),
     "round 1, Ann: a number 4 card is played on a line: give `line`, not `station`"),
    (_bad(0, "Ann", {"line": "A", "crosses": 4, "direction": "cw"}),
     "round 1, Ann, direction: line A is not a ring: it has no direction to choose"),
    (_bad(2, "Ann", {"line": "R", "then": [{"line": "B", "direction": "ccw"}]}),
     "round 3, Ann, follow-up 1, direction: line B is not a ring"),
    (_bad(2, "Ann", {"line": "R", "then": [{"line": "B", "station": 4}]}),
     "round 3, Ann, follow-up 1: an express 3 card is played on a line"),
    (_with_free_ride({"line": "A", "station": 3}),
     "round 4, Ann: a free ride takes `station: ID` (or `station: null` to decline), "
     "not a line"),
    (_with_free_ride({"station": 3, "crosses": 1}),
     "round 4, Ann, crosses: a free ride crosses the one station it names: it takes no "
     "`crosses`"),
    (_with_free_ride({"station": 3, "direction": "cw"}),
     "round 4, Ann, direction: a free ride crosses the one station it names"),
    (_with_free_ride({}), "round 4, Ann: a free ride takes `station: ID`"),
])
def test_a_field_the_card_does_not_use_exits_1_naming_round_player_and_field(
        runner, tmp_path, game, message):
    path = write(tmp_path, game)
    for command in ("check", "score"):
        result = runner.invoke(root, ["vv", command, path])
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"{path}: {message}"), result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
