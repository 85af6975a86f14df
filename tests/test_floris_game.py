"""Floris commands: ``bouquet``, ``check`` and ``score`` (worked examples computed by hand)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad.main import root

GAME = Path(__file__).parent / "data" / "floris_game.yaml"


def run(runner, *args, **kwargs):
    return runner.invoke(root, ["floris", *args], **kwargs)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# --- bouquet ---------------------------------------------------------------------------------

def test_bouquet_valid_text(runner):
    result = run(runner, "bouquet", "rose:3 lily:3")
    assert result.exit_code == 0
    assert result.stdout == "valid bouquet: equal counts (rose 3, lily 3), 6 flowers = 6 points\n"


def test_bouquet_words_may_be_separate_arguments_and_bonus_is_shown(runner):
    result = run(runner, "bouquet", "s4", "s6")
    assert result.exit_code == 0
    assert "one type (sunflower 10), 10 flowers + 2 bonus = 12 points" in result.stdout


def test_bouquet_json_for_a_valid_run(runner):
    result = run(runner, "bouquet", "1 daisy, 2 roses, 3 lilies", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0
    assert {k: data[k] for k in ("valid", "pattern", "flowers", "points", "reason", "fix")} == \
        {"valid": True, "pattern": "ascending", "flowers": 6, "points": 6, "reason": None,
         "fix": None}
    assert data["counts"] == {"daisy": 1, "rose": 2, "lily": 3}


def test_bouquet_json_for_an_invalid_hand_exits_1_with_reason_and_fix(runner):
    result = run(runner, "bouquet", "r4 l3 d3", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 1
    assert (data["valid"], data["pattern"], data["points"], data["flowers"]) == (False, None, 0, 10)
    assert data["fix"] == "1 rose too many for equal counts"
    assert "not equal counts" in data["reason"]


def test_bouquet_text_for_too_few_flowers(runner):
    result = run(runner, "bouquet", "rose:4")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == ["not a bouquet: only 4 flowers, at least 5 needed",
                                          "smallest fix: add 1 rose to reach 5"]


def test_bouquet_unreadable_spec_exits_2_without_traceback(runner):
    result = run(runner, "bouquet", "rose:3 tulip:3")
    assert result.exit_code == 2
    assert "unknown flower 'tulip'" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_bouquet_rules_file_allows_runs_from_two(runner, tmp_path):
    rules = write(tmp_path, "rules.yaml", "run_starts_at_one: false\n")
    assert run(runner, "bouquet", "d2 r3 l4").exit_code == 1
    result = run(runner, "bouquet", "d2 r3 l4", "--rules", rules, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["points"] == 10       # 9 flowers + 1 bonus


def test_bouquet_bad_rules_file_names_file_and_option(runner, tmp_path):
    rules = write(tmp_path, "rules.yaml", "penalty_per_card: lots\n")
    result = run(runner, "bouquet", "r5", "--rules", rules)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{rules}: rules.penalty_per_card: ")


# --- check and score -------------------------------------------------------------------------

def test_score_worked_example_json(runner):
    result = run(runner, "score", str(GAME), "--json")
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout)
    assert (data["game"], data["finished"], data["ruleset"]) == ("floris", True, "floris-1")
    by_name = {p["name"]: p for p in data["players"]}
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cid"]     # the file's order
    # Ann: 6 (equal) + 6 (run) + final 5 (one type) - (2 in hand + 1 discarded) = 14
    ann = by_name["Ann"]
    assert [b["pattern"] for b in ann["bouquets"]] == ["equal", "ascending"]
    assert (ann["bouquet_points"], ann["final"]["points"], ann["penalties"], ann["total"]) == \
        (12, 5, 3, 14)
    # Bob: 10 sunflowers = 10 + 2 bonus; no final bouquet
    assert (by_name["Bob"]["total"], by_name["Bob"]["final"]) == (12, None)
    # Cid: 5 (one of each) + 9 (3-3-3, +1 bonus) = 15, one card in hand: 14
    assert [b["points"] for b in by_name["Cid"]["bouquets"]] == [5, 10]
    assert by_name["Cid"]["total"] == 14
    # a tie is shared by default
    assert [p["rank"] for p in data["players"]] == [1, 3, 1]
    assert data["winners"] == ["Ann", "Cid"]


def test_score_text_table_lists_players_by_rank(runner):
    result = run(runner, "score", str(GAME))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Floris, finished (ruleset floris-1)"
    assert [line.split()[1] for line in lines[2:5]] == ["Ann", "Cid", "Bob"]
    assert lines[-1] == "Winners (shared): Ann, Cid"


@pytest.mark.parametrize("ties, ranks, winners", [
    ("fewer_penalty_cards", [2, 3, 1], ["Cid"]),     # Ann 3 penalty cards, Cid 1
    ("more_bouquets", [1, 3, 1], ["Ann", "Cid"]),    # both presented 2 bouquets
])
def test_tie_break_options(runner, tmp_path, ties, ranks, winners):
    rules = write(tmp_path, "r.yaml", f"ties: {ties}\n")
    data = json.loads(run(runner, "score", str(GAME), "--json", "--rules", rules).stdout)
    assert [p["rank"] for p in data["players"]] == ranks
    assert data["winners"] == winners
    assert data["rules"] == {"ties": ties}


def test_penalty_per_card_option_in_the_file(runner, tmp_path):
    text = GAME.read_text().replace("players:", "rules: {penalty_per_card: 2}\nplayers:", 1)
    data = json.loads(run(runner, "score", write(tmp_path, "g.yaml", text), "--json").stdout)
    assert [p["total"] for p in data["players"]] == [17 - 6, 12, 15 - 2]


def test_check_ok(runner):
    result = run(runner, "check", str(GAME))
    assert result.exit_code == 0
    assert result.stdout == f"{GAME}: ok, 3 players, 6 bouquets (finished)\n"


BAD = """\
format: scorepad/floris-game@1
players:
  Ann:
    bouquets: ["rose:3 lily:3", "rose:2 lily:3"]
    final: "r4 l1"
  Bob:
    bouquets: ["lily:5", "sunflower:4"]
"""


def test_check_lists_every_invalid_bouquet_with_player_and_index(runner, tmp_path):
    path = write(tmp_path, "bad.yaml", BAD)
    result = run(runner, "check", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}: Ann, bouquet 2: 'rose:2 lily:3' is not a bouquet: rose 2, lily 3: not one "
        "type, not equal counts, not a run from 1 over 3+ types "
        "(smallest fix: add 1 rose for equal counts)",
        f"{path}: Ann, final bouquet: 'r4 l1' is not a bouquet: rose 4, lily 1: not one type, "
        "not equal counts, not a run from 1 over 3+ types "
        "(smallest fix: add 1 rose and remove 1 lily for all roses)",
        f"{path}: Bob, bouquet 2: 'sunflower:4' is not a bouquet: only 4 flowers, at least 5 "
        "needed (smallest fix: add 1 sunflower to reach 5)",
    ]


def test_check_reports_each_file_and_exits_with_the_worst_status(runner, tmp_path):
    bad = write(tmp_path, "bad.yaml", BAD)
    broken = write(tmp_path, "broken.yaml", "format: scorepad/floris-game@1\nplayers: 3\n")
    result = run(runner, "check", str(GAME), bad, broken)
    assert result.exit_code == 2
    assert result.stdout == f"{GAME}: ok, 3 players, 6 bouquets (finished)\n"
    assert len(result.stderr.splitlines()) == 4         # 3 bouquets in bad.yaml, 1 shape error
    assert result.stderr.splitlines()[-1].startswith(f"{broken}: players: ")


def test_score_refuses_a_game_with_an_invalid_bouquet(runner, tmp_path):
    result = run(runner, "score", write(tmp_path, "bad.yaml", BAD), "--json")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "Bob, bouquet 2" in result.stderr


@pytest.mark.parametrize("text, exit_code, message", [
    ("format: scorepad/vv-game@1\nplayers: {}\n", 2, "format: wrong format"),
    ("format: scorepad/floris-game@1\nplayers:\n  Ann: {bouquets: [5]}\n", 2,
     "Ann, bouquet 1: input should be a valid string"),
    ("format: scorepad/floris-game@1\nplayers:\n  Ann: {left: 1}\n", 2, "Ann, left: unknown key"),
    ("format: scorepad/floris-game@1\nplayers:\n  Ann: {discarded: -1}\n", 2,
     "Ann, discarded: input should be greater than or equal to 0"),
    ("format: scorepad/floris-game@1\nplayers:\n  Ann: {bouquets: ['r3 x']}\n", 2,
     "Ann, bouquet 1: cannot read bouquet 'r3 x': unknown flower 'x'"),
    ("format: scorepad/floris-game@1\nplayers: {A: {}, B: {}, C: {}, D: {}, E: {}, F: {}}\n", 1,
     "players: Floris is for 1-5 players (2-5 at a table, one for practice), this game has 6"),
    ("format: scorepad/floris-game@1\nrules: {ties: never}\nplayers: {A: {}}\n", 2,
     "rules.ties: "),
    ("players: [", 2, "invalid YAML"),
])
def test_bad_files_name_the_place(runner, tmp_path, text, exit_code, message):
    path = write(tmp_path, "g.yaml", text)
    for command in ("check", "score"):
        result = run(runner, command, path)
        assert result.exit_code == exit_code, (command, result.stderr)
        assert result.stderr.startswith(f"{path}: ")
        assert message in result.stderr
        assert "Traceback" not in result.stderr


def test_whole_hand_option_forbids_cards_left_beside_a_final_bouquet(runner, tmp_path):
    text = GAME.read_text().replace("players:", "rules: {final_bouquet: whole_hand}\nplayers:", 1)
    result = run(runner, "check", write(tmp_path, "g.yaml", text))
    assert result.exit_code == 1
    assert "Ann, final bouquet: the final bouquet must be the whole hand" in result.stderr
    assert "2 cards are left in hand" in result.stderr


def test_unfinished_game_is_scored_and_says_so(runner, tmp_path):
    text = ("format: scorepad/floris-game@1\nfinished: false\nplayers:\n"
            "  Ann: {bouquets: [r5]}\n  Bob: {}\n")
    data = json.loads(run(runner, "score", write(tmp_path, "g.yaml", text), "--json").stdout)
    assert data["finished"] is False
    assert [p["total"] for p in data["players"]] == [5, 0]
    assert data["winners"] == ["Ann"]


def test_score_reads_stdin(runner):
    result = run(runner, "score", "-", "--json", input=GAME.read_text())
    assert result.exit_code == 0
    assert json.loads(result.stdout)["winners"] == ["Ann", "Cid"]


def test_several_files_are_parts_of_one_game(runner, tmp_path):
    ann = write(tmp_path, "ann.yaml", "format: scorepad/floris-game@1\n"
                "players: {Ann: {bouquets: ['r3 l3'], left_in_hand: 1}}\n")
    bob = write(tmp_path, "bob.yaml", "format: scorepad/floris-game@1\n"
                "players: {Bob: {bouquets: ['s2 s2 s1']}}\n")
    data = json.loads(run(runner, "score", ann, bob, "--json").stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == \
        [("Ann", 5, 1), ("Bob", 5, 1)]
    again = run(runner, "score", ann, ann)
    assert again.exit_code == 1
    assert "player 'Ann' is in both" in again.stderr


def test_problems_in_several_files_name_the_players_file(runner, tmp_path):
    ann = write(tmp_path, "ann.yaml", "format: scorepad/floris-game@1\n"
                "players: {Ann: {bouquets: ['r3 l3']}}\n")
    bob = write(tmp_path, "bob.yaml", "format: scorepad/floris-game@1\n"
                "players: {Bob: {bouquets: ['s4']}}\n")
    result = run(runner, "score", ann, bob)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bob}: Bob, bouquet 1: ")


def test_commands_have_help_with_an_example(runner):
    for command in ("bouquet", "check", "score", "tally", "pad"):
        result = run(runner, command, "--help")
        assert result.exit_code == 0, command
        assert "Example" in result.stdout, command


# --- issue 15: five players, cards left in the reserve, cards of 0 flowers ------------------

FIVE = """\
format: scorepad/floris-game@1
players:
  Ann: {bouquets: [r5]}
  Bob: {bouquets: [l6]}
  Cid: {}
  Dee: {bouquets: [d1 r2 l3], discarded: 1}
  Eve: {final: s5}
"""


def test_five_players_are_scored(runner, tmp_path):
    # a published listing says 2-5 players
    result = run(runner, "score", write(tmp_path, "five.yaml", FIVE), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == \
        [("Ann", 5, 2), ("Bob", 6, 1), ("Cid", 0, 5), ("Dee", 5, 2), ("Eve", 5, 2)]
    assert data["winners"] == ["Bob"]


RESERVE = """\
format: scorepad/floris-game@1
players:
  Ann: {bouquets: ["rose:3 lily:3"], left_in_hand: 1, left_in_reserve: 2}
  Bob: {bouquets: ["sunflower:5"], discarded: 1}
"""


@pytest.mark.parametrize("option, totals, cards", [
    (None, [5, 4], [1, 1]),                    # default: the reserve costs nothing
    ("false", [5, 4], [1, 1]),
    ("true", [3, 4], [3, 1]),                  # a review: "at the end they are minus points"
])
def test_cards_left_in_reserve_cost_points_only_with_the_option(runner, tmp_path, option,
                                                                totals, cards):
    args = ["--rules", write(tmp_path, "r.yaml", f"reserve_penalty: {option}\n")] if option else []
    result = run(runner, "score", write(tmp_path, "g.yaml", RESERVE), "--json", *args)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [p["total"] for p in data["players"]] == totals
    assert [p["penalty_cards"] for p in data["players"]] == cards
    assert data["players"][0]["left_in_reserve"] == 2
    assert data["winners"] == (["Ann"] if totals[0] > totals[1] else ["Bob"])


def test_reserve_option_in_the_game_file_and_the_text_table(runner, tmp_path):
    text = RESERVE.replace("players:", "rules: {reserve_penalty: true}\nplayers:", 1)
    result = run(runner, "score", write(tmp_path, "g.yaml", text))
    assert result.exit_code == 0
    assert [line.split()[1:] for line in result.stdout.splitlines()[2:4]] == \
        [["Bob", "1", "5", "0", "-1", "4"], ["Ann", "1", "6", "0", "-3", "3"]]


def test_a_card_of_zero_flowers_is_refused_naming_the_card(runner, tmp_path):
    result = run(runner, "bouquet", "rose:0 lily:5")
    assert result.exit_code == 2
    assert "card 1 (rose:0) shows no flowers" in result.stderr
    path = write(tmp_path, "g.yaml", "format: scorepad/floris-game@1\nplayers:\n"
                 "  Ann: {bouquets: ['lily:5', 'lily:5 rose:0']}\n")
    for command in ("check", "score"):
        result = run(runner, command, path)
        assert result.exit_code == 2
        assert result.stderr == (f"{path}: Ann, bouquet 2: cannot read bouquet 'lily:5 rose:0': "
                                 "card 2 (rose:0) shows no flowers; "
                                 "every card shows at least one\n")


def test_an_unfinished_final_round_is_checked_and_no_bouquet_may_follow(runner, tmp_path):
    text = ("format: scorepad/floris-game@1\nfinished: false\nfinal_round: [Bob]\nplayers:\n"
            "  Ann: {bouquets: [r5]}\n  Bob: {final: l5, left_in_hand: 1}\n")
    path = write(tmp_path, "g.yaml", text)
    assert run(runner, "check", path).stdout == f"{path}: ok, 2 players, 2 bouquets (unfinished)\n"
    data = json.loads(run(runner, "score", path, "--json").stdout)
    assert (data["finished"], [p["total"] for p in data["players"]]) == (False, [5, 4])


def test_check_numbers_bouquets_as_the_file_does_after_a_refused_one(runner, tmp_path):
    path = write(tmp_path, "g.yaml", "format: scorepad/floris-game@1\nplayers:\n"
                 "  Ann: {bouquets: [r4, r5, l4]}\n")
    result = run(runner, "check", path)
    assert result.exit_code == 1
    assert [line.split(": ")[1] for line in result.stderr.splitlines()] == \
        ["Ann, bouquet 1", "Ann, bouquet 3"]


def test_parts_of_one_game_carry_their_end_of_game_entries(runner, tmp_path):
    ann = write(tmp_path, "ann.yaml", "format: scorepad/floris-game@1\n"
                "players: {Ann: {bouquets: [r5], discarded: 1}}\n")          # finished
    bob = write(tmp_path, "bob.yaml", "format: scorepad/floris-game@1\nfinished: false\n"
                "players: {Bob: {bouquets: [l5]}}\n")                        # still in play
    data = json.loads(run(runner, "score", ann, bob, "--json").stdout)
    assert data["finished"] is False
    assert [(p["name"], p["total"], p["discarded"]) for p in data["players"]] == \
        [("Ann", 4, 1), ("Bob", 5, 0)]
