"""``scorepad vv play`` driven through Click's runner with scripted answers.

The tiny map (tests/data/tiny.yaml):

    line A: 1 2 3 4 (2 windows, 5/3)   line B: 5 2 6 4 (2 windows, 4/2)
    ring R: 7 8 6 9 (1 window, 3/1), cw in that order, ccw 7 9 6 8; station 8 is special.
    5 windows per sheet, so a game lasts 5 line cards (fewer with special follow-ups).

Seed ``table-42`` with the default deck reveals 5 3 T 4 4 F T 6 ... (pinned in
test_vv_deck.py; checked again below). Every score is worked out by hand from the rules.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from vv_helpers import TINY

from scorepad.main import root
from scorepad.rules.voll_verplant.cards import deal
from scorepad.rules.voll_verplant.ruleset import default_rules

#: Seeds as typed: any text but control characters and line breaks (refused up front).
PLAIN = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))  # text a person types

SEED = "table-42"
CARDS = [5, 3, "T", 4, 4, "F", "T", 6]

# Solo, round by round (cards 5 3 T 4):
#  1 (5)  A 3: crosses 1 2 3
#  2 (3)  R 2: crosses 7 8; 8 is special → follow-up A: crosses 4 → A complete, first +5
#  3 (T)  B:   writes 1 at 5 (5 is on B only)
#  4 (4)  B:   5 2 marked, crosses 6, then 4 is marked → B complete, first +4
# All 5 windows are used (A: 5 3, B: + 4, R: 3): the game ends after round 4.
# Score: lines 5 + 4, transfers 1 × 2, empty station 9 → -0.5: 10.5.
SOLO = ["A 3", "R 2", "A", "B", "B"]

# Ann, Bob, Cid, round by round (cards 5 3 T 4 4):
#  1 (5)  Ann A 3 (1 2 3); Bob B (5 2 6 4: B complete, first +4);
#         Cid A (1 2 3 4: A complete, first +5)
#  2 (3)  Ann R 2 (7 8, special) → follow-up A 1 (4): A complete, later +3;
#         Bob A 3 is refused (a marked 2 stops him after 1), then A 1 (1);
#         Cid R ccw 3 (7 9 6; 8 not reached)
#  3 (T)  Ann B (writes 1 at 5); Bob A (writes 1 at 3: A complete, later +3);
#         Cid B (writes 1 at 5: B complete, later +2)
#  4 (4)  Ann B (6: B complete, later +2; Ann's windows are full);
#         Bob R 4 is refused (6 is marked: at most 2), then R 2 (7 8, special) →
#         follow-up B (no free station: crosses nothing; Bob's windows are full);
#         Cid A 0 (fills a window)
#  5 (4)  Ann and Bob have no free window: skipped; Cid: Enter = B 0. All full: game over.
# Ann 3 + 2 + 2 - 0.5 (9) = 6.5; Bob 4 + 3 + 2 - 0.5 (9) = 8.5; Cid 5 + 2 + 2 - 0.5 (8) = 8.5.
# Bob and Cid tie with 1 empty station each: a shared victory, Ann third.
TRIO_ROUNDS = [
    ["A 3", "B", "A"],
    ["R 2", "A 1", "A 3", "A 1", "R ccw 3"],
    ["B", "A", "B"],
    ["B", "R 4", "R 2", "B", "A 0"],
    [""],
]
TRIO = [answer for rnd in TRIO_ROUNDS for answer in rnd]


def play(runner, args, answers, columns: int = 60, **kwargs):
    """Run ``vv play`` with scripted answers on a terminal ``columns`` wide (the end of
    the answers while the game goes on is a stop: exit 130)."""
    text = "".join(f"{a}\n" for a in answers)
    return runner.invoke(root, ["vv", "play", *args], input=text,
                         env={"COLUMNS": str(columns)}, **kwargs)


def new_game_args(log: Path, players: str = "Ann", *extra: str) -> list[str]:
    return [str(TINY), "--players", players, "--seed", SEED, "--log", str(log), *extra]


def flat(text: str) -> str:
    """The output with line wrapping undone (notes are wrapped to the terminal)."""
    return " ".join(text.split())


def scored(runner, log: Path) -> dict:
    result = runner.invoke(root, ["vv", "score", str(log), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_seed_gives_the_cards_these_games_are_worked_out_for():
    rules = default_rules()
    assert [c.code for c, _ in deal(SEED, len(CARDS), rules.deck, rules.shuffle_cards)] == CARDS


def test_a_whole_solo_game(runner, tmp_path):
    log = tmp_path / "solo.yaml"
    result = play(runner, new_game_args(log), SOLO)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seed: table-42" in out
    assert "station 8 is special: one more number 3" in out
    assert "Line A complete: Ann (first bonus +5)" in out
    assert "Line B complete: Ann (first bonus +4)" in out
    assert "The game is over after round 4" in out
    assert "Ann: 10.5 points (rank 1)" in out
    assert f"Saved in {log}. Score it again: scorepad vv score {log}" in flat(out)
    assert "--resume" not in out.split("The game is over")[1]  # a finished game says so
    # The log passes check and scores what the table showed.
    check = runner.invoke(root, ["vv", "check", str(log)])
    assert check.exit_code == 0
    assert "finished" in check.stdout and "not finished" not in check.stdout
    data = scored(runner, log)
    assert data["finished"] is True and data["players"][0]["total"] == 10.5
    written = yaml.safe_load(log.read_text())
    assert written["seed"] == SEED and written["players"] == ["Ann"]
    assert [r["card"] for r in written["rounds"]] == CARDS[:4]
    assert written["rounds"][1]["moves"]["Ann"] == {
        "line": "R", "crosses": 2, "direction": "cw", "then": [{"line": "A", "crosses": 1}]}


def test_each_round_ends_with_one_line_per_player_and_the_sheet_on_demand(runner, tmp_path):
    # the full sheet is no longer printed every round (#12): `sheet` shows it
    answers = [SOLO[0], "sheet", *SOLO[1:3], "sheet ann", *SOLO[3:]]
    result = play(runner, new_game_args(tmp_path / "g.yaml"), answers)
    out = result.stdout
    after_1 = out.split("-- after round 1 --")[1].split("== Round 2")[0]
    # After round 1 (A 3 with a 5): 1 2 3 marked, 6 stations empty: -3.
    assert "No line completed this round." in after_1
    assert after_1.split("\n")[2].split() == ["Ann", "-3", "4", "free"]
    sheet_1 = out.split("Ann (card 3) [R cw 3]> sheet\n")[1].split("Ann (card 3)")[0]
    assert "Ann: -3 points, 4 of 5 windows free" in sheet_1
    rows = {row.split()[0]: row for row in sheet_1.splitlines() if row.startswith("  ")}
    assert "[5 _]" in rows["A"] and "3/4" in rows["A"] and rows["A"].endswith("empty 4")
    assert rows["B"].endswith("empty 5 6 4")
    sheet_2 = out.split("> sheet ann\n")[1].split("> ")[0]
    assert "Ann: 3.5 points" in sheet_2  # 5 - 3 empty / 2
    assert out.count("windows free") == 2  # only the two sheets asked for


def test_a_whole_three_player_game(runner, tmp_path):
    log = tmp_path / "trio.yaml"
    result = play(runner, new_game_args(log, "Ann,Bob,Cid"), TRIO)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Line B complete: Bob (first bonus +4)" in out
    assert "Line A complete: Cid (first bonus +5)" in out
    assert "Line A complete: Ann (later bonus +3)" in out
    assert "Ann: no free window, nothing to do this round" in out
    assert "Bob: no free window, nothing to do this round" in out
    assert "Shared victory: Bob, Cid" in out
    # The end is said once, and the players are listed by rank (seat order within one).
    assert out.count("The game is over") == 1 and "GAME OVER" not in out
    end = out.split("The game is over after round 5: no wagon window is left.")[1]
    assert [line.split(":")[0] for line in end.splitlines() if "points (rank" in line] == \
        ["Bob", "Cid", "Ann"]
    # Everything the table shows fits the terminal (60 columns here; but the path).
    shown = [line for line in out.splitlines() if str(log) not in line]
    assert max(len(line) for line in shown) <= 60
    data = scored(runner, log)
    assert [p["total"] for p in data["players"]] == [6.5, 8.5, 8.5]
    assert [p["rank"] for p in data["players"]] == [3, 1, 1]
    assert data["winners"] == ["Bob", "Cid"]
    written = yaml.safe_load(log.read_text())
    assert len(written["rounds"]) == 5
    assert written["rounds"][3]["moves"]["Bob"] == {
        "line": "R", "crosses": 2, "direction": "cw", "then": [{"line": "B", "crosses": 0}]}
    assert written["rounds"][4]["moves"] == {"Ann": {}, "Bob": {}, "Cid": {"line": "B",
                                                                          "crosses": 0}}
    assert runner.invoke(root, ["vv", "check", str(log)]).exit_code == 0


def test_illegal_answers_are_refused_with_the_reason_and_asked_again(runner, tmp_path):
    answers = ["A 6", "Z 1", "17", "?", "help", "sheet", "-", *SOLO]
    result = play(runner, new_game_args(tmp_path / "g.yaml"), answers)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Ann (card 5) [A 4]> ") == 8  # seven answers that are not a move, then A 3
    assert ("Not allowed: line A: at most 4 crosses possible (a marked station or the end "
            "of the line stops the crosses), not 6") in flat(out)
    assert "Not read: line Z: no such line (the map has A, B, R)" in flat(out)
    assert "a number 5 card is played on a line" in flat(out)
    assert "Not allowed: a line must be chosen: 5 wagon windows are still free" in flat(out)
    assert "  4. R ccw 4  crosses 7 9 6 8; special 8" in out  # the choices, numbered
    assert "J ccw 4  a ring line (Berlin's J" in out          # the help
    assert "Ann: -4.5 points, 5 of 5 windows free" in out      # the sheet: 9 empty
    assert scored(runner, tmp_path / "g.yaml")["players"][0]["total"] == 10.5


def test_crosses_on_a_transfer_card_are_refused_in_the_players_words(runner, tmp_path):
    answers = ["A 3", "R 2", "A", "B 1", "Z 1", "B", "B"]  # round 3 is the transfer card
    result = play(runner, new_game_args(tmp_path / "g.yaml"), answers)
    assert result.exit_code == 0, result.output
    out = flat(result.stdout)
    assert "Not read: line B takes no number of crosses on a transfer card: type B" in out
    assert "Not read: line Z: no such line (the map has A, B, R)" in out  # no "type Z"
    assert "type Z" not in out and "`crosses`" not in out
    assert scored(runner, tmp_path / "g.yaml")["players"][0]["total"] == 10.5


def test_follow_up_answers_are_checked_too(runner, tmp_path):
    answers = ["A 3", "R 2", "-", "R 1", "A", "B", "B"]
    result = play(runner, new_game_args(tmp_path / "g.yaml"), answers)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Ann (follow-up 8, card 3) [A 1]> ") == 3
    assert "Not allowed: the follow-up of special station 8 must fill a wagon window" in flat(out)
    assert "Not allowed: line R has no free wagon window (1 of 1 used)" in flat(out)


def test_undo_takes_back_the_last_move_even_across_a_round(runner, tmp_path):
    # The loop's undo (#12): the last step, a follow-up included, in this round or the last
    # (was: only moves of this round, a follow-up restarting the whole move).
    log = tmp_path / "g.yaml"
    answers = [
        "A 3", "u", "B 2", "A",          # round 1: Bob takes back Ann's A 3; Ann plays B 2
        "u", "A",                        # round 2: Ann takes back Bob's A (and the card)
        "R 2", "u", "A 1",               # Ann takes back her R 2 before its follow-up
        "B 0",
        "quit",
    ]
    result = play(runner, new_game_args(log, "Ann,Bob"), answers)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Took back Ann's move: A 3" in out
    assert "Took back Bob's move: A 4" in out
    assert "Took back Ann's move: R cw 2" in out
    rounds = yaml.safe_load(log.read_text())["rounds"]
    assert rounds[0]["moves"] == {"Ann": {"line": "B", "crosses": 2},
                                  "Bob": {"line": "A", "crosses": 4}}
    # Ann: 5 2 marked, so A stops after 1; Bob: 1 2 3 4 marked, B 0 crosses nothing.
    assert rounds[1]["moves"] == {"Ann": {"line": "A", "crosses": 1},
                                  "Bob": {"line": "B", "crosses": 0}}


def test_resume_after_an_interruption_gives_the_same_cards_and_score(runner, tmp_path):
    log = tmp_path / "trio.yaml"
    first = TRIO_ROUNDS[0] + TRIO_ROUNDS[1] + ["B"]  # the input ends during round 3
    result = play(runner, new_game_args(log, "Ann,Bob,Cid"), first)
    assert result.exit_code == 130, result.output
    assert flat(result.stdout).endswith(
        f"Stopped; saved in {log}. Continue: scorepad vv play --resume {log}")
    saved = yaml.safe_load(log.read_text())
    assert [r["card"] for r in saved["rounds"]] == CARDS[:3]  # round 3 in progress, kept
    assert saved["rounds"][2]["moves"] == {"Ann": {"line": "B"}}
    assert runner.invoke(root, ["vv", "check", str(log)]).exit_code == 0
    rest = TRIO_ROUNDS[2][1:] + [a for rnd in TRIO_ROUNDS[3:] for a in rnd]
    result = play(runner, ["--resume", str(log)], rest)
    assert result.exit_code == 0, result.output
    assert "Resumed after" in result.stdout
    assert "== Round 3: TRANSFER ==" in result.stdout
    assert "Bob (card T) [" in result.stdout  # Ann's move of round 3 was kept
    assert [p["total"] for p in scored(runner, log)["players"]] == [6.5, 8.5, 8.5]
    assert [r["card"] for r in yaml.safe_load(log.read_text())["rounds"]] == CARDS[:5]


def test_quit_stops_and_resuming_a_finished_game_shows_the_result(runner, tmp_path):
    log = tmp_path / "g.yaml"
    result = play(runner, new_game_args(log), ["A 3", "quit"])
    assert result.exit_code == 0
    assert flat(result.stdout).endswith(
        f"Saved in {log}. Continue: scorepad vv play --resume {log}")
    play(runner, ["--resume", str(log)], SOLO[1:])
    result = play(runner, ["--resume", str(log)], [])
    assert result.exit_code == 0
    assert "The game is over after round 4" in result.stdout and "Score: 10.5" in result.stdout
    assert "> " not in result.stdout  # nothing was asked


CORRUPT = {
    "syntax": "format: scorepad/vv-game@1\nplayers: [Ann\n",
    "shape": "format: scorepad/vv-game@1\nmap: tiny\nseed: s\nplayers: Ann\nrounds: 5\n",
    "format": "format: scorepad/vv-sheet@1\nmap: tiny\n",
    "no seed": "format: scorepad/vv-game@1\nmap: tiny\nplayers: [Ann]\nrounds: []\n",
    "flipper": "format: scorepad/vv-game@1\nseed: s\nplayers: []\nrounds: [{card: 4}]\n",
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_a_corrupt_log_on_resume_exits_2_and_is_left_untouched(runner, tmp_path, kind):
    log = tmp_path / "bad.yaml"
    log.write_text(CORRUPT[kind])
    before = log.read_bytes()
    result = play(runner, ["--resume", str(log)], ["A 3"] * 5)
    assert result.exit_code == 2, result.output
    assert str(log) in result.stderr and "Traceback" not in result.output
    assert log.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["bad.yaml"]  # no stray temporary file


def test_an_illegal_move_in_a_resumed_log_exits_1(runner, tmp_path):
    log = tmp_path / "g.yaml"
    play(runner, new_game_args(log), ["A 3", "quit"])
    data = yaml.safe_load(log.read_text())
    data["rounds"][0]["moves"]["Ann"]["crosses"] = 5  # a 5 on A: at most 4
    log.write_text(yaml.safe_dump(data))
    before = log.read_bytes()
    result = play(runner, ["--resume", str(log)], [])
    assert result.exit_code == 1
    assert "round 1, Ann: line A: at most 4 crosses possible" in result.stderr
    assert log.read_bytes() == before


def test_resume_refuses_a_contradicting_seed_or_players(runner, tmp_path):
    log = tmp_path / "g.yaml"
    play(runner, new_game_args(log), ["quit"])
    result = play(runner, ["--resume", str(log), "--seed", "other"], [])
    assert result.exit_code == 2 and "differs from the log's seed 'table-42'" in result.stderr
    result = play(runner, ["--resume", str(log), "--players", "Bob"], [])
    assert result.exit_code == 2 and "differs from the log's players Ann" in result.stderr


@pytest.mark.parametrize(("args", "words"), [
    (["--players", "Ann"], "give the MAP"),
    ([str(TINY)], "give the players"),
    ([str(TINY), "--players", "Ann,Ann"], "'Ann' is named twice"),
    ([str(TINY), "--players", "Ann,,Bob"], "an empty name"),
    ([str(TINY), "--players", "A,B,C,D,E,F,G"], "7 players; the game takes 1 to 6"),
    ([str(TINY), "--players", "Ann", "--seed", " "], "a seed cannot be empty"),
])
def test_usage_errors_exit_2(runner, tmp_path, args, words):
    result = play(runner, [*args, "--log", str(tmp_path / "g.yaml")], [])
    assert result.exit_code == 2 and words in result.stderr
    assert not (tmp_path / "g.yaml").exists()


def test_an_unknown_map_exits_1(runner, tmp_path):
    result = play(runner, ["atlantis", "--players", "Ann", "--log", str(tmp_path / "g.yaml")], [])
    assert result.exit_code == 1 and "unknown map 'atlantis'" in result.stderr


def test_an_existing_log_is_not_overwritten(runner, tmp_path):
    log = tmp_path / "g.yaml"
    log.write_text("keep me")
    result = play(runner, new_game_args(log), SOLO)
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"{log}: already exists and is never overwritten; "
                                     f"continue it with `scorepad vv play --resume {log}` or "
                                     "choose another --log")
    assert log.read_text() == "keep me"


def test_fresh_seed_and_default_log_path(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = play(runner, [str(TINY), "--players", "Ann"], ["quit"])
    assert result.exit_code == 0
    seed = result.stdout.split("seed: ")[1].split()[0]
    assert "(fresh: share it" in result.stdout
    log = Path("output") / f"play-{seed}-1.yaml"
    assert f"Saved after every move in {log}" in result.stdout
    assert yaml.safe_load(log.read_text())["seed"] == seed
    again = play(runner, [str(TINY), "--players", "Ann", "--seed", seed], ["quit"])
    assert f"Saved after every move in output/play-{seed}-2.yaml" in again.stdout  # kept
    # The map is named relative to the log's folder, so the log can move with it.
    map_ref = yaml.safe_load(log.read_text())["map"]
    assert (log.parent / map_ref).resolve() == TINY.resolve()


def test_a_rules_file_is_recorded_in_the_log(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("empty_rounding: down\n")
    log = tmp_path / "g.yaml"
    result = play(runner, new_game_args(log, "Ann", "--rules", str(rules)), SOLO)
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(log.read_text())["rules"] == {"empty_rounding": "down"}
    # 1 empty station: half of it rounded down is 0, so 9 + 2 = 11.
    assert "Score: 11" in result.stdout
    assert scored(runner, log)["players"][0]["total"] == 11


def test_help_ends_with_an_example(runner):
    result = runner.invoke(root, ["vv", "play", "--help"])
    assert result.exit_code == 0
    example = result.stdout.split("Example:")[1]
    assert "scorepad vv play berlin --players Ann,Bob --seed table-42" in example


# --- the shared loop's behaviour (#12) and resume = check (#13) ---------------------------

def test_whatever_play_writes_vv_check_accepts_after_every_answer(runner, tmp_path):
    log = tmp_path / "trio.yaml"
    for stop in range(1, len(TRIO)):
        log.unlink(missing_ok=True)
        result = play(runner, new_game_args(log, "Ann,Bob,Cid"), TRIO[:stop])
        assert result.exit_code == 130, result.output
        check = runner.invoke(root, ["vv", "check", str(log)])
        assert check.exit_code == 0, (stop, check.output)
        # and resuming it continues exactly there: stopped at once, the log unchanged
        before = log.read_bytes()
        again = play(runner, ["--resume", str(log)], [])
        assert again.exit_code == 130 and log.read_bytes() == before


@pytest.mark.parametrize("change", ["crosses", "card", "player"])
def test_resume_refuses_what_vv_check_refuses_with_the_same_message(runner, tmp_path, change):
    log = tmp_path / "g.yaml"
    play(runner, new_game_args(log), ["A 3", "R 2", "quit"])
    data = yaml.safe_load(log.read_text())
    if change == "crosses":
        data["rounds"][0]["moves"]["Ann"]["crosses"] = 5  # a 5 on A: at most 4
    elif change == "card":
        data["rounds"][1]["card"] = 4  # not the seed's card
    else:
        data["rounds"][0]["moves"]["Zed"] = {"line": "A"}
    log.write_text(yaml.safe_dump(data))
    before = log.read_bytes()
    check = runner.invoke(root, ["vv", "check", str(log)])
    result = play(runner, ["--resume", str(log)], ["A"])
    assert check.exit_code == result.exit_code == 1
    assert result.stderr == check.stderr and str(log) in result.stderr
    assert log.read_bytes() == before


@pytest.mark.parametrize("columns", [40, 50])
def test_six_players_one_line_each_per_round_without_broken_rows(runner, tmp_path, columns):
    log = tmp_path / "six.yaml"
    names = "Annabelle Montgomery,Bob,Cid,Dora,Eve,Fritz"
    result = play(runner, [str(TINY), "--players", names, "--seed", SEED, "--log", str(log)],
                  ["sheet dora"] + [""] * 60, columns=columns)
    assert result.exit_code == 0, result.output
    out = result.stdout
    shown = [line for line in out.splitlines() if str(log) not in line]
    assert max(len(line) for line in shown) <= columns
    for block in out.split("-- after round ")[1:]:
        rows = block.split("\n\n")[0].splitlines()[1:]
        summary = [r for r in rows if " free" in r]
        assert len(summary) == 6  # one row per player, never a row broken in two
        assert all(re.fullmatch(r"\S.*? +-?[\d.]+ +\d+ free( +done [A-Z]+)?", r)
                   for r in summary), summary
    assert out.count("windows free") == 1  # the one sheet asked for, no other
    assert out.split("> sheet dora\n")[1].startswith("Dora: -4.5 points, 5 of 5 windows free")
    # round 1 (no special station reached): about 4 lines per player (and the sheet asked
    # for), not every sheet (~15 lines each)
    first = out.split("== Round 1")[1].split("== Round 2")[0]
    assert len(first.splitlines()) <= 4 * 6 + 6 + 6


def test_a_line_letter_is_a_move_even_where_it_is_a_loop_word(runner, tmp_path):
    log = tmp_path / "g.yaml"
    result = play(runner, ["berlin", "--players", "Ann", "--seed", SEED, "--log", str(log)],
                  ["h", "help", "quit"])
    assert result.exit_code == 0, result.output
    assert "Ann: H " in result.stdout  # h: line H, the most crosses (not the help)
    assert "A 3      line A, 3 crosses" in result.stdout  # the long word still helps
    move = yaml.safe_load(log.read_text())["rounds"][0]["moves"]["Ann"]
    assert move["line"] == "H" and move["crosses"] >= 1


@settings(max_examples=8, deadline=None)
@given(seed=st.text(PLAIN, min_size=1, max_size=6), picks=st.lists(st.integers(0, 99), min_size=80,
                                                            max_size=80))
def test_the_adapters_choices_and_suggestions_are_legal_and_logged_as_check_reads(seed, picks):
    from scorepad.app.vv_files import Document, load_game_log
    from scorepad.rules.session import Session
    from scorepad.rules.voll_verplant.game import GAME
    from scorepad.vv.play import play_adapter

    adapter = play_adapter()
    session = Session.start(GAME, ["Ann", "Bob"], seed=seed, map="paris")
    for pick in picks:
        if session.is_over():
            break
        if session.at_chance():
            session = session.reveal()
            continue
        player = session.to_move()[0]
        forced = adapter.forced(session, player)
        options = [m for m, _ in adapter.choices(session, player)]
        move = forced if forced is not None else (
            adapter.suggest(session, player) if pick % 3 == 0 else options[pick % len(options)])
        # the text of the move reads back to the same move
        if forced is None:
            assert adapter.parse(session, player, adapter.describe(session, player, move)) == move
        session = session.step(player, move)
    checked = load_game_log(Document("g.yaml", session.to_log(), None))
    assert checked.rounds == len(session.state.cards)
