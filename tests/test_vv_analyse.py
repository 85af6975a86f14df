"""``vv analyse``: the best play a search finds on a game's own cards, and the player's
costliest steps; a flipper's log with a paper sheet; a seed's target score."""

from __future__ import annotations

import json

import yaml
from test_simulate_streaming import _run_with_terminal_stderr
from vv_helpers import TINY, tiny

from scorepad.main import root
from scorepad.play.voll_verplant.simulate import final_totals, play_game
from scorepad.rules.voll_verplant.ruleset import default_rules

# Tiny map (tests/data/tiny.yaml): A 1-2-3-4 (5/3), B 5-2-6-4 (4/2), ring R 7-8-6-9 (3/1)
# with station 8 special. Round 2 is thrown away on purpose: the 3 on the ring crosses
# nothing, where R 3 would have crossed 7, 8 (special: a follow-up 3) and 6.
BAD = {"format": "scorepad/vv-game@1", "map": str(TINY), "players": ["Ann"], "rounds": [
    {"card": 4, "moves": {"Ann": {"line": "A", "crosses": 4}}},
    {"card": 3, "moves": {"Ann": {"line": "R", "crosses": 0}}},
    {"card": "T", "moves": {"Ann": {"line": "B"}}},
    {"card": "E2", "moves": {"Ann": {"line": "B", "crosses": 1}}},
    {"card": 5, "moves": {"Ann": {"line": "A", "crosses": 0}}},
]}


def write(tmp_path, data, name):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def analyse_json(runner, *args):
    result = runner.invoke(root, ["vv", "analyse", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_thrown_away_round_is_the_costliest(runner, tmp_path):
    data = analyse_json(runner, write(tmp_path, BAD, "bad.yaml"))
    assert data["score"] == 9.5  # what `vv score` gives: 5 + 4 + 2 x 1 - 3/2
    worst = data["costliest"][0]
    assert (worst["round"], worst["card"], worst["played"]) == (2, 3, {"line": "R", "crosses": 0})
    assert worst["cost"] > 0 and worst["best_total"] > worst["played_total"]
    assert data["best"] >= worst["best_total"] and data["gain"] == data["best"] - 9.5


def test_json_shape_and_the_best_line_replays_to_the_best_score(runner, tmp_path):
    data = analyse_json(runner, write(tmp_path, BAD, "bad.yaml"), "--rollouts", "2")
    assert {"map", "player", "seed", "rollouts", "score", "best", "gain", "costliest",
            "best_play", "judged"} <= data.keys()
    assert (data["map"], data["player"], data["rollouts"], data["judged"]) == ("tiny", "Ann", 2,
                                                                            True)
    for entry in data["costliest"]:
        assert {"round", "follow_up", "card", "played", "played_text", "best", "best_text",
                "played_total", "best_total", "cost"} <= entry.keys()
    # the best line is a legal game on the same cards that scores the best total
    log = dict(BAD, rounds=[{"card": r["card"], "moves": {"Ann": r["move"]}}
                            for r in data["best_play"]])
    score = runner.invoke(root, ["vv", "score", write(tmp_path, log, "best.yaml"), "--json"])
    assert score.exit_code == 0, score.output
    assert json.loads(score.stdout)["players"][0]["total"] == data["best"]


def test_text_names_round_move_and_alternative(runner, tmp_path):
    result = runner.invoke(root, ["vv", "analyse", write(tmp_path, BAD, "bad.yaml")])
    assert result.exit_code == 0, result.output
    assert "You scored 9.5; the search found" in result.stdout
    assert "round 2 (card 3): you played R 0;" in result.stdout
    assert "would have given ~+" in result.stdout


def test_the_same_budget_gives_the_same_analysis(runner, tmp_path):
    path = write(tmp_path, BAD, "bad.yaml")
    assert analyse_json(runner, path, "--rollouts", "3") == analyse_json(runner, path,
                                                                        "--rollouts", "3")


def test_a_seed_alone_gives_a_target_at_least_greedy(runner):
    data = analyse_json(runner, "--seed", "target", "--map", str(TINY))
    assert data["score"] is None and data["costliest"] == [] and data["seed"] == "target"
    greedy = play_game(tiny(), default_rules(), ["P1"], "greedy", "target").state
    assert data["best"] >= final_totals(greedy)[0]


def test_a_flipper_log_with_a_paper_sheet(runner, tmp_path):
    flip = {"format": "scorepad/vv-game@1", "map": str(TINY), "players": [],
            "rounds": [{"card": c} for c in (4, 3, "T", "E2", 5)]}
    sheet = {"format": "scorepad/vv-sheet@1", "map": str(TINY), "player": "Ann",
             "empty": [7, 8, 9], "transfers": {5: 1}, "first": ["A", "B"]}
    flip_path, sheet_path = write(tmp_path, flip, "flip.yaml"), write(tmp_path, sheet, "ann.yaml")
    data = analyse_json(runner, flip_path, "--sheet", sheet_path)
    assert data["player"] == "Ann" and data["score"] == 9.5 and data["judged"] is False
    assert data["best"] >= 9.5 and data["costliest"] == []
    alone = analyse_json(runner, flip_path)
    assert alone["score"] is None and alone["best"] == data["best"]
    other = write(tmp_path, dict(flip, map="berlin"), "berlin-flip.yaml")
    refused = runner.invoke(root, ["vv", "analyse", other, "--sheet", sheet_path])
    assert refused.exit_code == 1 and "map 'berlin', the sheet on 'tiny'" in refused.stderr


def test_a_player_of_several_must_be_named_and_is_matched(runner, tmp_path):
    bob = [{"line": "B", "crosses": 0}, {"line": "B", "crosses": 0}, {"line": "A"},
           {"line": "A", "crosses": 0}]
    two = dict(BAD, players=["Ann", "Bob"], rounds=[
        {"card": r["card"], "moves": {**r["moves"], "Bob": move}}
        for r, move in zip(BAD["rounds"], bob, strict=False)])
    path = write(tmp_path, two, "two.yaml")
    result = runner.invoke(root, ["vv", "analyse", path])
    assert result.exit_code == 2 and "--player" in result.output
    assert analyse_json(runner, path, "--player", "bo")["player"] == "Bob"
    wrong = runner.invoke(root, ["vv", "analyse", path, "--player", "Anne"])
    assert wrong.exit_code == 1 and "did you mean 'Ann'?" in wrong.stderr


def test_files_that_are_not_game_logs_exit_2(runner, tmp_path):
    for data in ({"format": "scorepad/vv-map@1", "id": "x"}, {"hello": 1},
                 {"format": "scorepad/vv-sheet@1", "map": "tiny", "player": "A", "empty": []}):
        result = runner.invoke(root, ["vv", "analyse", write(tmp_path, data, "x.yaml")])
        assert result.exit_code == 2, result.output
        assert "x.yaml" in result.stderr and "Traceback" not in result.output
    bad = write(tmp_path, BAD, "bad.yaml")
    for args in ([], ["--seed", "s"], [str(TINY), "--seed", "s"], [bad, "--map", "berlin"],
                 [bad, "--sheet", bad]):
        assert runner.invoke(root, ["vv", "analyse", *args]).exit_code == 2


def test_progress_bar_on_a_terminal_only(runner, tmp_path):
    path = write(tmp_path, BAD, "bad.yaml")
    out, err = _run_with_terminal_stderr(["vv", "analyse", path, "--rollouts", "2"])
    assert "Tiny: searching" in err and "You scored" in out
    out, err = _run_with_terminal_stderr(["vv", "analyse", path, "--rollouts", "2", "--json"])
    assert err == "" and json.loads(out)["player"] == "Ann"
    piped = runner.invoke(root, ["vv", "analyse", path, "--rollouts", "2"])
    assert piped.exit_code == 0 and "searching" not in piped.stderr


def test_help_ends_with_an_example(runner):
    result = runner.invoke(root, ["vv", "analyse", "--help"])
    assert result.exit_code == 0
    text = result.output.split("Options:")[0].strip().splitlines()
    example = [line.strip() for line in text].index("Example:")
    assert example > 0 and all("scorepad vv analyse" in line for line in text[example + 1:])
    assert len(text) > example + 1


def test_simulated_games_with_follow_ups_best_at_least_own_and_costs_above_0(runner, tmp_path):
    # Greedy 2-player games on the tiny map (its ring has a special station): every
    # player's finished game. The played step is among those tried, and after a player's
    # last step the game ends as logged, so the best found is never below the own total.
    logs = tmp_path / "logs"
    result = runner.invoke(root, ["vv", "simulate", str(TINY), "-n", "4", "-p", "2", "--logs",
                                  str(logs), "--jobs", "1", "-s", "fu"])
    assert result.exit_code == 0, result.output
    follow_ups = 0
    for path in sorted(logs.glob("game-*.yaml")):
        follow_ups += path.read_text().count("then:")
        for name in ("P1", "P2"):
            data = analyse_json(runner, str(path), "--player", name, "--rollouts", "2")
            assert data["best"] >= data["score"], (path.name, name, data)
            assert all(d["cost"] > 0 for d in data["costliest"])
    assert follow_ups  # the games did exercise special-station follow-ups


def test_a_time_budget_still_answers(runner, tmp_path):
    data = analyse_json(runner, write(tmp_path, BAD, "bad.yaml"), "--budget", "0.001")
    assert data["best"] >= data["score"]
    result = runner.invoke(root, ["vv", "simulate", str(TINY), "-n", "2", "--bot", "search",
                                  "--budget", "0.01", "--jobs", "1"])
    # the default budget
    assert result.exit_code == 0 and "search bot (16 rollouts)" in result.output


def test_crosses_left_out_mean_the_most_and_analyse_the_same(runner, tmp_path):
    short = dict(BAD, rounds=[{"card": 4, "moves": {"Ann": {"line": "A"}}}] + BAD["rounds"][1:])
    assert (analyse_json(runner, write(tmp_path, short, "short.yaml"), "--rollouts", "2")
            == analyse_json(runner, write(tmp_path, BAD, "bad.yaml"), "--rollouts", "2"))


def test_the_players_points_come_from_the_games_events(runner, tmp_path):
    """`points` lists the player's scoring events (the game's own record of each step):
    line A first (5), the transfer number 1 (2), line B's first bonus (4) and the end
    penalty; they add up to the score."""
    data = analyse_json(runner, write(tmp_path, BAD, "bad.yaml"), "--rollouts", "1")
    points = data["points"]
    assert sum(e["points"] for e in points) == data["score"] == 9.5
    assert [(e["round"], e["type"]) for e in points][:1] == [(1, "line")]
    assert {e["type"] for e in points} == {"line", "transfer", "empty"}
    assert all(e["player"] == "Ann" and e["why"] for e in points)
    text = runner.invoke(root, ["vv", "analyse", write(tmp_path, BAD, "bad.yaml"),
                                "--rollouts", "1"]).stdout
    assert "Where your points came from:" in text
    assert "round 1: line A completed first: 5 points" in text
