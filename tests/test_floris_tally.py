"""``scorepad floris tally``: score kept during a game on the shared table loop, one line
per prompt (scripted input through Click's CliRunner; the real terminal is in
tests/test_floris_tally_pty.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from scorepad.main import root

LOG = Path("game.yaml")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    """Run in the test's folder: short paths in messages, and output/ is the test's own."""
    monkeypatch.chdir(tmp_path)


def tally(runner, lines, *args):
    return runner.invoke(root, ["floris", "tally", *args], input="".join(f"{x}\n" for x in lines))


def read(path):
    return yaml.safe_load(Path(path).read_text())


def said(result) -> str:
    """The output with the console's wrapping undone (a long message spans lines)."""
    return " ".join(result.stdout.split())


def test_a_whole_game_from_first_bouquet_to_final_table(runner):
    lines = [
        "ann rose:3 lily:3",        # Ann 6 (equal counts)
        "Bob 1 daisy, 2 roses, 3 lilies",   # Bob 6 (run 1-2-3)
        "bob s10",                  # Bob 10 + 2 bonus = 12 → 18
        "end",
        "s5", "2", "1",             # Ann: final 5, 2 in hand, 1 discarded: 6 + 5 - 3 = 8
        "", "0", "0",               # Bob: no final bouquet: 18
    ]
    result = tally(runner, lines, "--players", "Ann, Bob", "--log", str(LOG))
    assert result.exit_code == 0, result.output
    assert "Ann: equal counts, 6 flowers = 6 points" in result.stdout
    assert "Bob: one type, 10 flowers + 2 bonus = 12 points" in result.stdout
    assert "Bob: run 1-2-3, 6 flowers = 6 points" in result.stdout
    # the final round's steps show their events as the game words them (GAME.explain)
    assert "Ann: final bouquet one type, 5 flowers = 5 points\nAnn: 3 penalty cards: -3 points" \
        in result.stdout
    assert "Bob: no final bouquet, no penalty" in result.stdout
    assert "totals: Ann 6, Bob 18" in result.stdout
    assert "The game is over." in result.stdout and "--resume" not in result.stdout
    *_, winner, saved, command = result.stdout.rstrip().splitlines()
    assert winner == "Winner: Bob"
    assert saved == f"Saved in {LOG}. Score it again:"
    assert command == f"scorepad floris score {LOG}"   # on a line of its own, never wrapped
    assert read(LOG) == {
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
    scored = runner.invoke(root, ["floris", "score", str(LOG)])
    assert scored.exit_code == 0 and "Winner: Bob" in scored.stdout


def test_invalid_bouquets_and_unknown_players_are_refused_not_recorded(runner):
    result = tally(runner, ["ann r2 l3", "zed r5", "a tulip:5", "ann r3", "ann"],
                   "--players", "Ann,Bob", "--log", str(LOG))
    assert result.exit_code == 130          # the end of input stops the tally
    out = said(result)
    assert "Not allowed: 'r2 l3' is not a bouquet" in out
    assert "smallest fix: add 1 rose for equal counts" in out
    assert "Not read: no player 'zed' (players: Ann, Bob)" in out
    assert "unknown flower 'tulip'" in out
    assert "only 3 flowers" in out
    assert "write the bouquet after the name, e.g. ann rose:3 lily:3" in out
    assert read(LOG)["players"]["Ann"]["bouquets"] == []
    assert "\x1b" not in result.output            # no terminal: no colour


def test_log_is_saved_after_every_entry_and_input_end_leaves_it_unfinished(runner, tmp_path):
    result = tally(runner, ["ann r5", "bob l3 r3"], "--players", "Ann,Bob", "--log", str(LOG))
    assert result.exit_code == 130
    data = read(LOG)
    assert data["finished"] is False
    assert data["players"]["Ann"]["bouquets"] == ["rose:5"]
    assert data["players"]["Bob"]["bouquets"] == ["rose:3 lily:3"]
    assert result.stdout.rstrip().splitlines()[-2:] == [
        f"Stopped; saved in {LOG}. Continue:", f"scorepad floris tally --resume {LOG}"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]      # no temporary files left


def test_undo_takes_back_the_last_bouquet(runner):
    result = tally(runner, ["ann r5", "bob l5", "u", "u", "u", "t", "q"],
                   "--players", "Ann,Bob", "--log", str(LOG))
    assert result.exit_code == 0
    assert "Took back Bob's move: bouquet lily:5" in result.stdout
    assert "Took back Ann's move: bouquet rose:5" in result.stdout
    assert "Nothing to undo." in result.stdout
    assert read(LOG)["players"] == {n: {"bouquets": [], "final": "", "left_in_hand": 0,
                                        "discarded": 0} for n in ("Ann", "Bob")}


def test_undo_in_the_final_round_takes_back_an_entry(runner):
    result = tally(runner, ["ann r5", "end", "", "1", "0", "u", "", "0", "0", "", "0", "0"],
                   "--players", "Ann,Bob", "--log", str(LOG))
    assert result.exit_code == 0, result.output
    assert "Took back Ann's move: no final bouquet, 1 in hand" in result.stdout
    assert read(LOG)["players"]["Ann"]["left_in_hand"] == 0


def test_undoing_every_entry_comes_back_to_end_and_then_to_play(runner):
    first = tally(runner, ["ann r5", "end", "", "1", "0"], "--players", "Ann,Bob",
                  "--log", str(LOG))
    assert first.exit_code == 130
    result = tally(runner, ["u", "s5", "0", "0", "u", "u", "bob l5", "q"], "--resume", str(LOG))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Took back Ann's move: no final bouquet, 1 in hand" in out
    assert "Took back Ann's move: final sunflower:5, no cards left" in out
    assert out.count("Ann, final bouquet (empty for none)> ") == 2   # asked again, twice
    assert "Took back Ann's move: bouquet rose:5" in out             # then into play again
    assert "Bob: one type, 5 flowers = 5 points" in out
    assert read(LOG)["players"]["Bob"]["bouquets"] == ["lily:5"]
    assert read(LOG)["players"]["Ann"]["bouquets"] == []


def test_resume_continues_a_saved_game(runner):
    tally(runner, ["ann r5"], "--players", "Ann,Bob", "--log", str(LOG))
    result = tally(runner, ["bob r3 l3", "end", "", "0", "0", "", "1", "0"], "--resume", str(LOG))
    assert result.exit_code == 0, result.output
    assert "Resumed after 1 step." in result.stdout
    data = read(LOG)
    assert data["finished"] is True
    assert data["players"]["Bob"]["left_in_hand"] == 1
    assert "Winners (shared): Ann, Bob" in result.stdout      # Ann 5, Bob 6 - 1 = 5
    before = LOG.read_bytes()
    again = tally(runner, [], "--resume", str(LOG))         # a finished game says so
    assert again.exit_code == 0
    assert "The game is over." in again.stdout and "--resume" not in again.stdout
    assert LOG.read_bytes() == before


def test_resume_continues_exactly_where_it_stopped(runner):
    answers = ["ann r3 l3", "bob s5", "u", "bob l6", "ann d1 r2 l3", "end", "s5", "1", "0",
               "", "0", "2"]
    whole, part = Path("whole.yaml"), Path("part.yaml")
    assert tally(runner, answers, "--players", "Ann,Bob", "--log", str(whole)).exit_code == 0
    for cut in (4, 7):               # stopped in play, and half-way through Ann's entry
        part.unlink(missing_ok=True)
        first = tally(runner, answers[:cut], "--players", "Ann,Bob", "--log", str(part))
        assert first.exit_code == 130
        rest = answers[cut:] if cut < 6 else answers[6:]   # a half-made entry is asked again
        result = tally(runner, rest if cut < 6 else ["end", *rest], "--resume", str(part))
        assert result.exit_code == 0, result.output
        assert part.read_bytes() == whole.read_bytes()


def test_an_existing_log_is_refused_and_left_byte_identical(runner):
    LOG.write_bytes(b"format: scorepad/floris-game@1\r\nplayers: {Ann: {final: s5}}\n# mine\n")
    before = LOG.read_bytes()
    result = tally(runner, ["ann r5"], "--players", "Ann,Bob", "--log", str(LOG))
    assert result.exit_code == 2
    assert LOG.read_bytes() == before
    assert result.stderr.strip() == (
        f"{LOG}: already exists and is never overwritten; continue it with "
        f"`scorepad floris tally --resume {LOG}` or choose another --log")


def test_without_log_the_game_is_saved_under_output_with_a_new_name(runner):
    paths = []
    for _ in range(2):
        result = tally(runner, ["ann r5", "q"], "--players", "Ann,Bob")
        assert result.exit_code == 0
        line = next(x for x in result.stdout.splitlines() if x.startswith("Saved after"))
        paths.append(Path(line.rsplit(" ", 1)[1]))
        assert said(result).endswith(f"Continue: scorepad floris tally --resume {paths[-1]}")
    assert paths[0] != paths[1]
    assert all(p.parent == Path("output") and read(p)["players"]["Ann"]["bouquets"] == ["rose:5"]
               for p in paths)


def test_the_totals_tally_shows_are_what_floris_score_gives(runner):
    lines = ["cid s4 s6", "ann r3 l3", "bob d1 r2 l3", "ann c1 c1 c1 c1 c1", "end",
             "s5", "2", "1", "", "0", "0", "l5", "0", "3"]
    result = tally(runner, lines, "--players", "Ann,Bob,Cid", "--log", str(LOG))
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    head = out.index("Rank  Player  Bouquets  Points  Final  Penalty  Total")
    shown = {row.split()[1]: int(row.split()[-1]) for row in out[head + 1:head + 4]}
    scored = json.loads(runner.invoke(root, ["floris", "score", str(LOG), "--json"]).stdout)
    assert shown == {p["name"]: p["total"] for p in scored["players"]}
    assert shown == {"Ann": 6 + 5 + 5 - 3, "Bob": 6, "Cid": 12 + 5 - 3}
    last = [line for line in out if line.startswith("totals: ")][-1]
    assert last == "totals: Ann 13, Bob 6, Cid 12"    # before Cid's entry
    check = runner.invoke(root, ["floris", "check", str(LOG)])
    assert check.exit_code == 0 and "ok, 3 players, 6 bouquets (finished)" in check.stdout


def test_final_round_asks_again_after_an_invalid_final_bouquet(runner):
    result = tally(runner, ["end", "r4", "r4 r1", "0", "0", "", "x", "46", "0", "0"],
                   "--players", "Ann,Bob")
    assert result.exit_code == 0, result.output
    assert "Not allowed: 'r4' is not a bouquet" in result.stdout
    assert "a number of cards, 0 to 45" in result.stdout
    assert "Winner: Ann" in result.stdout


def test_whole_hand_option_does_not_ask_for_cards_left(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("final_bouquet: whole_hand\n")
    result = tally(runner, ["end", "r5", "2", "", "3", "0"],
                   "--players", "Ann,Bob", "--rules", str(rules), "--log", str(LOG))
    assert result.exit_code == 0, result.output
    assert "Ann, cards left in hand" not in result.stdout
    assert "Bob, cards left in hand [0]> 3" in result.stdout
    data = read(LOG)
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
    assert not Path("output").exists()          # nothing is saved for a refused start


def test_resume_takes_neither_players_nor_rules(runner, tmp_path):
    tally(runner, ["ann r5"], "--players", "Ann,Bob", "--log", str(LOG))
    before = LOG.read_bytes()
    rules = tmp_path / "rules.yaml"
    rules.write_text("reserve_penalty: true\n")
    both = tally(runner, [], "--resume", str(LOG), "--players", "Ann,Bob")
    assert both.exit_code == 2 and "either --players or --resume" in both.stderr
    ruled = tally(runner, [], "--resume", str(LOG), "--rules", str(rules))
    assert ruled.exit_code == 2 and "the rules its log records" in ruled.stderr
    assert LOG.read_bytes() == before


def test_five_players_may_tally(runner):
    result = tally(runner, ["eve r5", "q"], "--players", "Ann,Bob,Cid,Dee,Eve")
    assert result.exit_code == 0, result.output
    assert "totals: Ann 0, Bob 0, Cid 0, Dee 0, Eve 5" in said(result)


def test_cards_left_in_reserve_are_asked_when_they_cost(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("reserve_penalty: true\n")
    result = tally(runner, ["ann r3 l3", "end", "", "1", "0", "2", "s5", "0", "0", "0"],
                   "--players", "Ann,Bob", "--rules", str(rules), "--log", str(LOG))
    assert result.exit_code == 0, result.output
    assert "Ann, cards left in reserve [0]>" in result.stdout
    assert "(ruleset floris-1, reserve_penalty: True)" in result.stdout
    data = read(LOG)
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
    assert ("Not read: cannot read bouquet 'rose:0 lily:5': card 1 (rose:0) shows no flowers"
            in said(result))
    assert "totals: Ann 0, Bob 0" in result.stdout


def test_resume_during_the_final_round_asks_the_players_still_missing(runner):
    first = tally(runner, ["ann r5", "end", "l5", "1", "0"], "--players", "Ann,Bob",
                  "--log", str(LOG))
    assert first.exit_code == 130 and f"--resume {LOG}" in first.stdout
    assert (read(LOG)["finished"], read(LOG)["final_round"]) == (False, ["Ann"])
    result = tally(runner, ["s5", "0", "0"], "--resume", str(LOG))
    assert result.exit_code == 0, result.output
    assert "Ann, final bouquet" not in result.stdout
    assert "Bob, final bouquet (empty for none)>" in result.stdout
    data = read(LOG)
    assert data["finished"] is True and "final_round" not in data
    assert "Winner: Ann" in result.stdout            # Ann 5 + 5 - 1 = 9, Bob 5


def test_output_fits_40_columns_with_rows_unbroken(runner, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    lines = ["annabelle r3 l3", "bob d1 r2 l3", "bob r2 l3", "t", "help", "sheet anna", "end",
             "s5", "2", "1", "", "0", "0"]
    result = tally(runner, lines, "--players", "Annabelle Montgomery-Smythe,Bob",
                   "--log", str(LOG))
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert max(len(line) for line in out) <= 40, max(out, key=len)
    rows = [line for line in out if line[:2] in ("1 ", "2 ")]
    assert len(rows) == 4 and all(row.split()[-1].lstrip("-").isdigit() for row in rows)
    assert any((line.startswith("Annabelle Montgo") and line.endswith("final bouquet>  s5"))
               or line.endswith("final bouquet> s5") for line in out)


@pytest.mark.parametrize(("args", "words"), [
    (["--players", "Ann,Bob", "--log", "."], "is a directory"),
    (["--resume", "."], "is a directory"),
    (["--resume", "nothere.yaml"], "nothere.yaml: no such file"),
    (["--players", "Ann,Bob", "--log", "-"], "need a file name, not -"),
])
def test_a_log_that_cannot_be_used_is_a_usage_error(runner, args, words):
    result = tally(runner, [], *args)
    assert result.exit_code == 2
    assert words in result.stderr and "Traceback" not in result.output
    assert not Path("output").exists()


def test_one_player_is_accepted_as_by_floris_score(runner, tmp_path):
    """The engine takes one player (practice, worked examples) and `floris score` scores
    such a file: the tally takes one too, and the count it states is the engine's."""
    result = tally(runner, ["ann r3 l3"], "--players", "Ann", "--log", str(tmp_path / "g.yaml"))
    assert result.exit_code == 130, result.output
    assert read(tmp_path / "g.yaml")["players"]["Ann"]["bouquets"] == ["rose:3 lily:3"]
    help_text = runner.invoke(root, ["floris", "tally", "--help"]).output
    assert "1-5 distinct names" in help_text


def test_the_tally_has_no_list_to_pick_from_and_no_winner_mid_game(runner, tmp_path):
    """`?` does not list the hundreds of valid bouquets, `#3` plays none as Ann's, `t`
    names the leader (nobody has won yet), a mistyped flower gets "did you mean"."""
    log = tmp_path / "g.yaml"
    result = tally(runner, ["?", "#3", "ann r3 l3", "t", "bob lilys:3"], "--players",
                   "Ann,Bob", "--log", str(log))
    assert result.exit_code == 130, result.output
    out = said(result)
    assert out.count("Bouquets are typed, not picked from a list: NAME SPEC") == 2
    assert "Leading: Ann" in out and "Winner" not in out
    assert "unknown flower 'lilys' (did you mean 'lily'?" in out
    players = read(log)["players"]
    assert players["Ann"]["bouquets"] == ["rose:3 lily:3"]
    assert not players["Bob"].get("bouquets")


def test_help_lists_only_the_words_the_tally_accepts(runner, tmp_path):
    result = tally(runner, ["help"], "--players", "Ann,Bob", "--log", str(tmp_path / "g.yaml"))
    shown = result.output.split("> help\n", 1)[1]
    assert "u       undo the last move" in shown and "end     final bouquets" in shown
    assert "the legal moves, numbered" not in shown and "play choice N" not in shown
