"""``scorepad floris tally``: score kept during a game, one line per prompt (piped input)."""

from __future__ import annotations

import yaml

from scorepad.main import root


def tally(runner, lines, *args):
    return runner.invoke(root, ["floris", "tally", *args], input="".join(f"{x}\n" for x in lines))


def read(path):
    return yaml.safe_load(path.read_text())


def test_a_whole_game_from_first_bouquet_to_final_table(runner, tmp_path):
    log = tmp_path / "game.yaml"
    lines = [
        "ann rose:3 lily:3",        # Ann 6 (equal counts)
        "Bob 1 daisy, 2 roses, 3 lilies",   # Bob 6 (run 1-2-3)
        "bob s10",                  # Bob 10 + 2 bonus = 12 → 18
        "end",
        "s5", "2", "1",             # Ann: final 5, 2 in hand, 1 discarded: 6 + 5 - 3 = 8
        "", "0", "0",               # Bob: no final bouquet: 18
    ]
    result = tally(runner, lines, "--players", "Ann, Bob", "--log", str(log))
    assert result.exit_code == 0, result.output
    assert "Ann: equal counts, 6 flowers = 6 points" in result.stdout
    assert "Bob: one type, 10 flowers + 2 bonus = 12 points" in result.stdout
    assert "totals: Ann 6, Bob 18" in result.stdout
    assert result.stdout.rstrip().endswith("Winner: Bob")
    assert read(log) == {
        "format": "scorepad/floris-game@1",
        "finished": True,
        "players": {
            "Ann": {"bouquets": ["rose:3 lily:3"], "final": "sunflower:5",
                    "left_in_hand": 2, "discarded": 1},
            "Bob": {"bouquets": ["daisy:1 rose:2 lily:3", "sunflower:10"], "final": "",
                    "left_in_hand": 0, "discarded": 0},
        },
    }
    # the log tally wrote is a valid game file that scores the same
    scored = runner.invoke(root, ["floris", "score", str(log)])
    assert scored.exit_code == 0 and "Winner: Bob" in scored.stdout


def test_invalid_bouquets_and_unknown_players_are_refused_not_recorded(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = tally(runner, ["ann r2 l3", "zed r5", "a tulip:5", "ann r3"],
                   "--players", "Ann,Bob", "--log", str(log))
    assert result.exit_code == 0
    out = result.stdout
    assert "not recorded: 'r2 l3' is not a bouquet" in out
    assert "smallest fix: add 1 rose for equal counts" in out
    assert "not recorded: no player 'zed' (players: Ann, Bob)" in out
    assert "unknown flower 'tulip'" in out
    assert "only 3 flowers" in out
    assert read(log)["players"]["Ann"]["bouquets"] == []


def test_log_is_saved_after_every_entry_and_input_end_leaves_it_unfinished(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = tally(runner, ["ann r5", "bob l3 r3"], "--players", "Ann,Bob", "--log", str(log))
    assert result.exit_code == 0
    data = read(log)
    assert data["finished"] is False
    assert data["players"]["Ann"]["bouquets"] == ["rose:5"]
    assert data["players"]["Bob"]["bouquets"] == ["rose:3 lily:3"]
    assert f"--resume {log}" in result.stdout
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]      # no temporary files left


def test_undo_takes_back_the_last_bouquet(runner, tmp_path):
    log = tmp_path / "game.yaml"
    result = tally(runner, ["ann r5", "bob l5", "u", "u", "u", "t"],
                   "--players", "Ann,Bob", "--log", str(log))
    assert "undone: Bob's bouquet lily:5" in result.stdout
    assert "undone: Ann's bouquet rose:5" in result.stdout
    assert "nothing to undo" in result.stdout
    assert read(log)["players"] == {n: {"bouquets": [], "final": "", "left_in_hand": 0,
                                        "discarded": 0} for n in ("Ann", "Bob")}


def test_resume_continues_a_saved_game(runner, tmp_path):
    log = tmp_path / "game.yaml"
    tally(runner, ["ann r5"], "--players", "Ann,Bob", "--log", str(log))
    result = tally(runner, ["bob r3 l3", "end", "", "0", "0", "", "1", "0"], "--resume", str(log))
    assert result.exit_code == 0, result.output
    data = read(log)
    assert data["finished"] is True
    assert data["players"]["Bob"]["left_in_hand"] == 1
    assert "Winners (shared): Ann, Bob" in result.stdout      # Ann 5, Bob 6 - 1 = 5
    again = tally(runner, [], "--resume", str(log))
    assert again.exit_code == 1 and "finished already" in again.stderr


def test_final_round_asks_again_after_an_invalid_final_bouquet(runner):
    result = tally(runner, ["end", "r4", "r4 r1", "0", "0", "", "x", "46", "0", "0"],
                   "--players", "Ann,Bob")
    assert result.exit_code == 0, result.output
    assert "not recorded: 'r4' is not a bouquet" in result.stdout
    assert "a number of cards, 0 to 45" in result.stdout
    assert "Winner: Ann" in result.stdout


def test_whole_hand_option_does_not_ask_for_cards_left(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("final_bouquet: whole_hand\n")
    log = tmp_path / "game.yaml"
    result = tally(runner, ["end", "r5", "2", "", "3", "0"],
                   "--players", "Ann,Bob", "--rules", str(rules), "--log", str(log))
    assert result.exit_code == 0, result.output
    assert "Ann, cards left in hand" not in result.stdout
    data = read(log)
    assert data["rules"] == {"final_bouquet": "whole_hand"}     # the log records its options
    assert data["players"]["Ann"] == {"bouquets": [], "final": "rose:5", "left_in_hand": 0,
                                      "discarded": 2}
    assert data["players"]["Bob"]["left_in_hand"] == 3


def test_players_are_matched_by_whole_name_or_unique_prefix(runner):
    result = tally(runner, ["anna r5", "an r5", "ann marie l5", "b l5"],
                   "--players", "Ann Marie,Anna,Bob")
    out = result.stdout
    assert "Anna: one type" in out
    assert "'an' could be Ann Marie or Anna" in out
    assert "Ann Marie: one type" in out
    assert "Bob: one type" in out


def test_bad_player_lists_are_usage_errors(runner):
    assert tally(runner, []).exit_code == 2
    for names in ("Ann,,Bob", "Ann,ann", "A,B,C,D,E,F"):
        result = tally(runner, [], "--players", names)
        assert result.exit_code == 2, names
        assert "--players" in result.stderr


def test_five_players_may_tally(runner):
    result = tally(runner, ["eve r5", "q"], "--players", "Ann,Bob,Cid,Dee,Eve")
    assert result.exit_code == 0, result.output
    assert "totals: Ann 0, Bob 0, Cid 0, Dee 0, Eve 5" in result.stdout


def test_cards_left_in_reserve_are_asked_when_they_cost(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("reserve_penalty: true\n")
    log = tmp_path / "game.yaml"
    result = tally(runner, ["ann r3 l3", "end", "", "1", "0", "2", "s5", "0", "0", "0"],
                   "--players", "Ann,Bob", "--rules", str(rules), "--log", str(log))
    assert result.exit_code == 0, result.output
    assert "Ann, cards left in reserve [0]:" in result.stdout
    data = read(log)
    assert data["rules"] == {"reserve_penalty": True}
    assert data["players"]["Ann"] == {"bouquets": ["rose:3 lily:3"], "final": "",
                                      "left_in_hand": 1, "discarded": 0, "left_in_reserve": 2}
    assert "Winner: Bob" in result.stdout            # Ann 6 - 3 = 3, Bob 5


def test_by_default_the_reserve_is_not_asked(runner):
    result = tally(runner, ["end", "", "0", "0", "", "0", "0"], "--players", "Ann,Bob")
    assert result.exit_code == 0, result.output
    assert "reserve" not in result.stdout


def test_a_card_of_zero_flowers_is_not_recorded(runner):
    result = tally(runner, ["ann rose:0 lily:5"], "--players", "Ann,Bob")
    assert "not recorded: cannot read bouquet 'rose:0 lily:5': card 1 (rose:0) shows no flowers" \
        in result.stdout
    assert "totals: Ann 0, Bob 0" in result.stdout


def test_resume_during_the_final_round_asks_the_players_still_missing(runner, tmp_path):
    log = tmp_path / "game.yaml"
    first = tally(runner, ["ann r5", "end", "l5", "1", "0"], "--players", "Ann,Bob",
                  "--log", str(log))
    assert first.exit_code == 0 and f"--resume {log}" in first.stdout
    assert (read(log)["finished"], read(log)["final_round"]) == (False, ["Ann"])
    result = tally(runner, ["s5", "0", "0"], "--resume", str(log))
    assert result.exit_code == 0, result.output
    assert "Ann, final bouquet" not in result.stdout
    assert "Bob, final bouquet (empty for none):" in result.stdout
    data = read(log)
    assert data["finished"] is True and "final_round" not in data
    assert "Winner: Ann" in result.stdout            # Ann 5 + 5 - 1 = 9, Bob 5
