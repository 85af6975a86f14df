"""``mf play`` on the shared table loop, scripted through Click's runner: the behaviour every
interactive tool shares (issue 12) and resume = check (issue 13). The scorekeeper's own
words (the short form, bonus cards, the display) are in test_mf_cli.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from scorepad.main import root

# A bonus chain: Ann's w0 completes the triangle 0-7-8, the bonus card on w2 completes
# 1-2-9, and the display is empty for the second bonus card (+5).
CHAIN = ["w7 quartz 3", "bob w8 lime 1", "ann w1 ash 1", "bob w9 quartz 1",
         "ann w0 pig 1", "w2 pig 2", "none"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    """Run in the test's folder, so messages name short relative paths."""
    monkeypatch.chdir(tmp_path)


def play(runner, *args: str, input: str = "", columns: int = 100):
    return runner.invoke(root, ["mf", "play", *args], input=input,
                         env={"COLUMNS": str(columns)})


def lines(*answers: str) -> str:
    return "\n".join(answers) + "\n"


def test_an_existing_log_is_refused_and_left_byte_identical(runner):
    log = Path("game.yaml")
    log.write_bytes(b"format: scorepad/mf-game@1\r\nplayers: [Ann, Bob]\n# a finished game\n")
    before = log.read_bytes()
    result = play(runner, "--players", "Ann,Bob", "--log", "game.yaml", input=lines(*CHAIN))
    assert result.exit_code == 2
    assert log.read_bytes() == before
    assert result.stderr.strip() == ("game.yaml: already exists and is never overwritten; "
                                     "continue it with `scorepad mf play --resume game.yaml` "
                                     "or choose another --log")


def test_without_log_the_game_is_saved_under_output_with_a_new_name(runner):
    names = []
    for _ in range(2):
        result = play(runner, "--players", "Ann,Bob", input=lines("w7 quartz 3", "q"))
        assert result.exit_code == 0, result.output
        said = next(x for x in result.output.splitlines() if x.startswith("Saved after"))
        names.append(Path(said.rsplit(" ", 1)[1]))
    assert names[0] != names[1]
    for path in names:
        assert path.parent == Path("output")
        assert yaml.safe_load(path.read_text())["rounds"][0]["turns"][0]["card"] == \
            "workshops/quartz/3"


def test_end_of_input_saves_and_prints_the_exact_resume_command(runner):
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml", input=lines(*CHAIN[:5]))
    assert result.exit_code == 130
    assert result.output.strip().splitlines()[-2:] == [
        "Stopped; saved in g.yaml. Continue:", "scorepad mf play --resume g.yaml"]
    # saved while Ann owes the bonus card: resumed, she is asked for it
    assert yaml.safe_load(Path("g.yaml").read_text())["rounds"][0]["turns"][-1]["bonus_owed"]
    again = play(runner, "--resume", "g.yaml", input=lines(*CHAIN[5:], "q"))
    assert again.exit_code == 0
    assert "bonus · Ann> w2 pig 2" in again.output
    assert "Ann: bonus triangle 1-2-9 complete: bonus card earned" in again.output


def test_a_bonus_chain_then_mf_score_gives_the_totals_the_tool_showed(runner):
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml",
                  input=lines(*CHAIN, "ship swan 4", "s", "q"))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  * Ann: bonus triangle 0-7-8 complete: bonus card earned" in out
    assert "  Ann +6 workshops (group of 3, ×2 on pigments)" in out  # w0 joins 1 and 7
    assert "  Ann +8 workshops (group of 4, ×2 on pigments)" in out  # so does w2
    assert "  Ann +5 empty display (the display is empty)" in out
    shown = [x for x in out.splitlines() if x.startswith("Totals: ")]
    assert shown[-2:] == ["Totals: Ann 21 · Bob 3", "Totals: Ann 21 · Bob 6"]
    scored = json.loads(runner.invoke(root, ["mf", "score", "--json", "g.yaml"]).output)
    assert [(p["name"], p["total"]) for p in scored["players"]] == [("Ann", 21), ("Bob", 6)]
    turn = yaml.safe_load(Path("g.yaml").read_text())["rounds"][0]["turns"][4]
    assert turn["bonus"] == [{"card": "workshops/pigments/2",
                              "action": {"place": "workshops/2"}}]


def test_undo_takes_back_one_card_of_a_bonus_chain(runner):
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml",
                  input=lines(*CHAIN[:6], "u", "ship goblet 3", "none", "q"))
    assert "Took back Ann's move: w2 pigments 2" in result.output
    turn = yaml.safe_load(Path("g.yaml").read_text())["rounds"][0]["turns"][4]
    assert turn["bonus"] == [{"card": "trade/goblet/3", "action": {"ship": True}}]


def test_a_finished_game_says_so_without_resume(runner):
    log = Path("g.yaml")
    log.write_text(yaml.safe_dump({
        "format": "scorepad/mf-game@1", "players": ["Ann", "Bob"], "rules": {"diamonds": 1},
        "rounds": [{"start": "Ann", "turns": [
            {"player": "Ann", "card": "trade/swan/1", "action": {"place": "trade/0/swan"}}]}]}))
    result = play(runner, "--resume", "g.yaml")
    assert result.exit_code == 0
    assert "The game is over: a player has placed their last diamond." in result.output
    assert "game over" not in result.output and "Winner: Ann" in result.output
    assert "--resume" not in result.output
    assert "Score it again:\nscorepad mf score g.yaml\n" in result.output


def _chain_session(runner, columns: int) -> str:
    result = play(runner, "--players", "Ann Lee,Bob", "--log", f"w{columns}.yaml",
                  input=lines(*CHAIN, "coin 1", "help", "s", "sheet ann", "d", "?", "q"),
                  columns=columns)
    assert result.exit_code == 0, result.output
    return result.output.replace(f"w{columns}.yaml", "LOG")


def test_40_columns_without_split_words(runner):
    narrow, wide = _chain_session(runner, 40), _chain_session(runner, 100)
    assert max(len(x) for x in narrow.splitlines()) <= 40
    assert max(len(x) for x in wide.splitlines()) > 40  # the wide run is really wider
    # wrapping changes only where lines break: the same words in the same order
    assert narrow.split() == wide.split()
    assert "Totals: Ann Lee 21 · Bob 3" in wide and "Ann Lee 21" in narrow


def test_four_players_at_40_columns_get_a_row_per_player(runner):
    result = play(runner, "--players", "Annabelle,Bartholomew,Cid,Dee", "--log", "g.yaml",
                  input=lines("w7 quartz 3", "t1 goblet 2", "s", "q"), columns=40)
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert max(len(x) for x in out) <= 40
    assert "1. Bartholomew 1" in out and "   trade 1" in out
    assert "Leading: Annabelle, Bartholomew" in out


# ----------------------------------------------------------------------- resume = check
def _tracked_round(leftover: list[str]) -> dict:
    display = ["trade/goblet/1", "trade/goblet/2", "trade/carafe/3", "trade/earrings/1",
               "residences/-/1", "harbor/-/1", "populi/shell/1", "workshops/ash/1",
               "nobili/lion/1"]
    turns = [("Ann", "workshops/quartz/3", "workshops/7"), ("Bob", "workshops/lime/1",
             "workshops/8"), ("Ann", "workshops/quartz/2", "workshops/9"),
             ("Bob", "trade/swan/4", None), ("Ann", "trade/swan/5", None),
             ("Bob", "nobili/coin/5", None)]
    return {"format": "scorepad/mf-game@1", "players": ["Ann", "Bob"], "display": display,
            "rounds": [{"start": "Ann", "leftover": leftover, "turns": [
                {"player": p, "card": c, "action": {"place": s} if s else {"ship": True}}
                for p, c, s in turns]}]}


BAD_LOGS = {
    "no rounds": ("format: scorepad/mf-game@1\nplayers: [Ann, Bob]\n", 2, "rounds"),
    "players -1": ("format: scorepad/mf-game@1\nplayers: -1\nrounds: []\n", 2, "players"),
    "three leftovers": (yaml.safe_dump(_tracked_round(["residences/-/2", "residences/-/3",
                                                       "harbor/-/2"])), 1, "leftover"),
    "a leftover the deck lacks": (yaml.safe_dump(_tracked_round(
        ["residences/-/2", "residences/-/3", "harbor/-/2", "trade/goblet/1"])), 1,
        "trade/goblet/1"),
}


@pytest.mark.parametrize("case", sorted(BAD_LOGS))
def test_resume_refuses_what_check_refuses_and_leaves_the_file(runner, case):
    text, code, word = BAD_LOGS[case]
    log = Path("bad.yaml")
    log.write_text(text)
    checked = runner.invoke(root, ["mf", "check", "bad.yaml"])
    resumed = play(runner, "--resume", "bad.yaml", input=lines("w7 quartz 3", "q"))
    assert checked.exit_code == resumed.exit_code == code
    assert resumed.stderr.startswith("bad.yaml: ") and word in resumed.stderr
    assert len(resumed.stderr.strip().splitlines()) == 1 and "Traceback" not in resumed.stderr
    assert resumed.stderr == checked.stderr
    assert log.read_text() == text


def test_a_valid_tracked_log_resumes_at_its_next_round(runner):
    log = Path("ok.yaml")
    log.write_text(yaml.safe_dump(_tracked_round(
        ["residences/-/2", "residences/-/3", "harbor/-/2", "trade/goblet/3"])))
    assert runner.invoke(root, ["mf", "check", "ok.yaml"]).exit_code == 0
    result = play(runner, "--resume", "ok.yaml", input=lines("d", "q"))
    assert result.exit_code == 0
    assert "Round 2 of 10: Bob starts" in result.output
    assert "house 2, house 3" in result.output


STOPS = {  # where the input ends: each saved log must pass mf check
    "at a turn": ("", ["w7 quartz 3", "bob w8 lime 1"]),
    "owing a bonus card": ("", CHAIN[:5]),
    "in a question": ("", ["w7 quartz 3", "coin 1"]),
    "at the display": ("--display", []),
    "at a leftover prompt": ("--display", [
        "goblet 1, goblet 2, carafe 3, earrings 1, house 1, harbor 1, shell 1, ash 1, lion 1",
        "w7 quartz 3", "w8 lime 1", "w9 quartz 2", "ship swan 4", "ship swan 5",
        "ship coin 5"]),
}


@pytest.mark.parametrize("stop", sorted(STOPS))
def test_whatever_mf_play_writes_mf_check_accepts(runner, stop):
    option, answers = STOPS[stop]
    args = ["--players", "Ann,Bob", "--log", "g.yaml", *([option] if option else [])]
    result = play(runner, *args, input=lines(*answers) if answers else "")
    assert result.exit_code == 130, result.output
    checked = runner.invoke(root, ["mf", "check", "g.yaml"])
    assert checked.exit_code == 0, checked.stderr
    resumed = play(runner, "--resume", "g.yaml", *([option] if option else []), input="q\n")
    assert resumed.exit_code == 0, resumed.output
    assert runner.invoke(root, ["mf", "check", "g.yaml"]).exit_code == 0


def test_resume_with_other_players_is_refused_and_the_file_kept(runner):
    play(runner, "--players", "Ann,Bob", "--log", "g.yaml", input=lines("w7 quartz 3", "q"))
    before = Path("g.yaml").read_bytes()
    result = play(runner, "--resume", "g.yaml", "--players", "Ann,Cid", input="q\n")
    assert result.exit_code == 2
    assert result.stderr.strip() == \
        "g.yaml: --players differs from the players of the resumed log"
    assert Path("g.yaml").read_bytes() == before


def test_the_display_prompt_knows_help_and_quit_and_the_hint_keeps_display(runner):
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml", "--display",
                  input=lines("help", "q"))
    assert result.exit_code == 0
    assert "With --display, card lists" in result.output
    assert result.output.strip().splitlines()[-2:] == [
        "Saved in g.yaml. Continue:", "scorepad mf play --display --resume g.yaml"]
    display = "goblet 1, goblet 2, carafe 3, earrings 1, house 1, harbor 1, shell 1, ash 1, lion 1"
    again = play(runner, "--display", "--resume", "g.yaml", input=lines(display, "d", "q"))
    assert again.exit_code == 0
    assert again.output.count("Display: ash 1, house 1, lion 1, shell 1, goblet 1,") == 2
    assert len(yaml.safe_load(Path("g.yaml").read_text())["display"]) == 9


def test_a_20_15_10_5_field_is_announced_and_scored(runner):
    # Ann's diamonds on all four materials: quartz, ash, pigments, lime → the workshops field
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml",
                  input=lines("w7 quartz 3", "ship swan 1", "w1 ash 1", "ship swan 2",
                              "w0 pig 1", "ship swan 3", "t0 goblet 1", "w3 lime 1", "q"))
    out = result.output
    assert "  Ann +20 20/15/10/5 (workshops field)" in out
    scored = json.loads(runner.invoke(root, ["mf", "score", "--json", "g.yaml"]).output)
    assert scored["players"][0]["bonus_fields"] == 20


def test_totals_past_100_show_the_score_tracks_lap():
    from scorepad.mf.table import totals_lines
    from scorepad.rules.mille_fiori.engine import NCAT
    from scorepad.rules.mille_fiori.game import GAME
    from scorepad.table.console import fit

    g = GAME.new(["Annabelle", "Bob"]).g
    points = [0] * (2 * NCAT)
    points[0], points[NCAT + 1] = 112, 99
    g = g._replace(points=tuple(points))
    assert totals_lines(g, 80) == ["Totals: Annabelle 112 [track 12, lap 2] · Bob 99"]
    assert totals_lines(g, 44) == ["Totals: Annabelle 112 [track 12, lap 2] ·", "  Bob 99"]
    narrow = fit(totals_lines(g, 30), 30)  # a part wider than the line: the console wraps it
    assert max(len(x) for x in narrow) <= 30 and narrow[0].startswith("Totals: Annabelle 112")


def test_while_a_space_is_asked_the_loops_choices_are_the_cards_spaces(runner):
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml",
                  input=lines("coin 1", "?", "#9", "#2", "q"))
    out = result.output
    assert "  1. n7 coin 1\n  2. n8 coin 1\n" in out and "  6. ship coin 1\n" in out
    assert "There are choices 1 to 6" in out
    assert "  Ann +2 nobili (bottom space, ×2 coin)" in out
    turn = yaml.safe_load(Path("g.yaml").read_text())["rounds"][0]["turns"][0]
    assert turn["action"] == {"place": "nobili/8"}


def test_a_wrong_answer_leaves_the_question_standing(runner):
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml",
                  input=lines("ann w9 quartz", "9", "2", "q"))
    out = result.output
    assert "Not read: cannot read '9'" in out
    assert "Ann · number> 2" in out and "  Ann +1 workshops (group of 1)" in out
    turn = yaml.safe_load(Path("g.yaml").read_text())["rounds"][0]["turns"][0]
    assert turn["card"] == "workshops/quartz/2"


def test_an_unknown_player_is_answered_with_the_players(runner):
    """As in every game: "no player ... (players: ...)"; a mistyped card word still gets
    the card words."""
    result = play(runner, "--players", "Ann,Bob,Cid", "--log", "g.yaml",
                  input=lines("dan w7 quartz 1", "quarz", "ann w7 quartz 1", "q"))
    out = result.output
    assert "Not read: no player 'dan' (players: Ann, Bob, Cid)" in out
    assert "Not read: cannot read 'quarz' (try: w17 quartz" in out
    assert "  Ann +1 workshops" in out


def test_a_residences_card_goes_to_the_next_residence_without_a_question(runner):
    """`r 2` (house 2): the residences fill in order, so there is one space and no list
    to pick from (the ship is typed as `ship house 2`)."""
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml", input=lines("r 2", "q"))
    assert result.exit_code == 0, result.output
    assert "can go:" not in result.output and "ship" not in result.output.split("r 2", 1)[1]
    turn = yaml.safe_load(Path("g.yaml").read_text())["rounds"][0]["turns"][0]
    assert turn == {"player": "Ann", "card": "residences/-/2",
                    "action": {"place": "residences/0"}}


def test_a_harbor_card_says_where_its_diamond_went(runner):
    result = play(runner, "--players", "Ann,Bob", "--log", "g.yaml",
                  input=lines("h0 harbor 1", "q"))
    assert result.exit_code == 0, result.output
    shown = result.output.split("h0 harbor 1", 1)[1]
    assert "Ann: diamond on harbor/0/0" in shown and "+1 ship" in shown


def test_resume_says_once_where_it_goes_on(runner):
    played = play(runner, "--players", "Ann,Bob", "--log", "g.yaml", input=lines(*CHAIN[:4]))
    assert played.exit_code == 130
    result = play(runner, "--resume", "g.yaml", input=lines("q"))
    assert result.exit_code == 0, result.output
    assert "Resumed after turn 4." in result.output
    assert "steps" not in result.output and "Resuming" not in result.output


def test_a_seeded_game_shows_the_hot_seat_only_the_movers_hand(runner):
    """A dealt game (started in the browser, resumed here): before each turn the terminal
    shows the hand of the player to move, read from that player's view, and no other."""
    from scorepad.mf.shorthand import card_words
    from scorepad.rules.mille_fiori.board import board
    from scorepad.rules.session import Session

    session = Session.start("mille-fiori", ["Ann", "Bob"], seed="hot").reveal()
    Path("g.yaml").write_text(yaml.safe_dump(session.to_log(), sort_keys=False))
    b = board()

    def words(player: str, s: Session) -> str:
        return f"{player}'s hand: " + card_words(b, [b.card(c) for c in s.view(player)["hand"]])

    after = session.step("Ann", session.legal_moves("Ann")[0])  # what "#1" plays
    result = play(runner, "--resume", "g.yaml", input=lines("#1", "q"))
    assert result.exit_code == 0, result.output
    shown = [line for line in result.output.splitlines() if "'s hand: " in line]
    assert shown == [words("Ann", session), words("Bob", after)]
    assert words("Bob", session) not in result.output.split(shown[1])[0]  # not before his turn
