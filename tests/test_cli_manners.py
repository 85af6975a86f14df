"""How the whole command line behaves: names matched with "did you mean", conflicting
options refused, the error boundary (exit 70, --debug, 130), a closed pipe, BG Stats."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from scorepad.main import root
from scorepad.options import match_name, parse_players
from scorepad.rules.common.errors import ContentError

DATA = Path(__file__).parent / "data"


# --- names ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "names"), [
    ("Ann Lee,Bob", ["Ann Lee", "Bob"]),
    (" Ann ,  Bob,Cid ", ["Ann", "Bob", "Cid"]),
])
def test_players_are_comma_separated_and_trimmed(text, names):
    assert parse_players(text, 2, 4) == names


@pytest.mark.parametrize(("text", "words"), [
    ("Ann", "1 player; the game takes 2 to 4"),
    ("A,B,C,D,E", "5 players; the game takes 2 to 4"),
    ("Ann,ann", "'ann' is named twice"),
    ("Ann,,Bob", "an empty name"),
    ("Ann," + "x" * 41, "longer than 40"),
])
def test_bad_player_lists_are_refused(text, words):
    with pytest.raises(click.BadParameter, match=words):
        parse_players(text, 2, 4)


def test_names_match_in_any_case_or_by_a_unique_start():
    names = ["Ann", "Annette", "Bob"]
    assert match_name("bob", names) == "Bob"
    assert match_name("ANN", names) == "Ann"
    assert match_name("anne", names) == "Annette"
    assert match_name("b", names) == "Bob"
    with pytest.raises(ContentError, match="'an' is ambiguous: Ann, Annette"):
        match_name("an", names, what="player")
    with pytest.raises(ContentError, match=r"^no player 'Bobby' \(players: Ann, Annette, Bob; "
                                           r"did you mean 'Bob'\?\)$"):
        match_name("Bobby", names, what="player")


def test_player_count_is_the_games(runner):
    result = runner.invoke(root, ["floris", "tally", "--players", "A,B,C,D,E,F"])
    assert result.exit_code == 2
    assert "6 players; the game takes 1 to 5" in result.stderr


def test_a_mistyped_command_gets_did_you_mean(runner):
    result = runner.invoke(root, ["vv", "scroe"])
    assert result.exit_code == 2
    assert "No such command 'scroe' (did you mean 'score'?)" in result.stderr
    result = runner.invoke(root, ["flor"])
    assert "did you mean 'floris'?" in result.stderr


def test_commands_and_map_ids_in_another_case(runner, tmp_path):
    result = runner.invoke(root, ["VV", "sheet", "Berlin", "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "b.svg").exists()


def test_a_mistyped_map_gets_did_you_mean(runner, tmp_path):
    result = runner.invoke(root, ["vv", "sheet", "berln", "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 1
    assert "unknown map 'berln' (did you mean 'berlin'?)" in result.stderr


def test_bot_names_in_any_case(runner):
    result = runner.invoke(root, ["mf", "simulate", "--bot", "Greedy", "-n", "1", "--json"])
    assert result.exit_code == 0, result.output
    refused = runner.invoke(root, ["mf", "simulate", "--bot", "gredy", "-n", "1"])
    assert refused.exit_code == 2 and "did you mean 'greedy'?" in refused.stderr


# --- conflicting options and formats ---------------------------------------------------

@pytest.mark.parametrize("game", ["vv", "mf", "floris"])
def test_json_with_another_format_is_refused(runner, game):
    result = runner.invoke(root, [game, "score", "x.yaml", "--json", "--format", "text"])
    assert result.exit_code == 2
    assert "--json and --format text contradict each other" in result.stderr


@pytest.mark.parametrize(("game", "gid", "log"), [
    ("mf", "mille-fiori", DATA / "mf_short.yaml"),
    ("floris", "floris", DATA / "floris_game.yaml"),
])
def test_bgstats_records_agree_with_the_score(runner, game, gid, log):
    score = json.loads(runner.invoke(root, [game, "score", str(log), "--json"]).output)
    same = json.loads(runner.invoke(root, [game, "score", str(log), "--json",
                                           "--format", "JSON"]).output)
    assert same == score
    result = runner.invoke(root, [game, "score", str(log), "--format", "bgstats"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["sourceName"] == "scorepad"
    assert record["game"]["name"] == {"mille-fiori": "Mille Fiori", "floris": "Floris"}[gid]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in record["players"]] == [
        (p["name"], p["total"], p["rank"], p["name"] in score["winners"] and score["finished"])
        for p in score["players"]]


def test_bgstats_of_an_unfinished_game_names_no_winner(runner):
    """mf_short.yaml stops after two rounds: Ann leads, but nobody has won yet."""
    score = json.loads(runner.invoke(root, ["mf", "score", str(DATA / "mf_short.yaml"),
                                            "--json"]).output)
    assert score["finished"] is False and score["winners"]
    result = runner.invoke(root, ["mf", "score", str(DATA / "mf_short.yaml"), "--format",
                                  "bgstats"])
    assert not any(p["winner"] for p in json.loads(result.output)["players"])


# --- the error boundary ------------------------------------------------------------------

def test_an_internal_error_is_one_line_and_exit_70(runner, monkeypatch):
    import scorepad.rules.voll_verplant.cards as cards

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cards, "deal", broken)
    result = runner.invoke(root, ["vv", "deck", "-s", "x"])
    assert result.exit_code == 70
    assert result.stderr.strip().splitlines() == [
        "scorepad voll-verplant deck: internal error (ZeroDivisionError: a bug); run it "
        "again with scorepad --debug ... to see the details"]
    debug = runner.invoke(root, ["--debug", "vv", "deck", "-s", "x"])
    assert debug.exit_code == 70
    assert "Traceback (most recent call last)" in debug.stderr
    assert "ZeroDivisionError" in debug.stderr


def test_ctrl_c_outside_a_game_exits_130(runner, monkeypatch):
    import scorepad.rules.voll_verplant.cards as cards

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cards, "deal", interrupted)
    result = runner.invoke(root, ["vv", "deck", "-s", "x"])
    assert result.exit_code == 130
    assert result.stderr.strip() == "interrupted"


def test_a_closed_pipe_exits_quietly_with_0():
    deck = subprocess.Popen([sys.executable, "-m", "scorepad", "vv", "deck", "--count", "10000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert deck.stdout is not None
    deck.stdout.readline()
    deck.stdout.close()  # as `| head -1` does
    _, err = deck.communicate(timeout=60)
    assert deck.returncode == 0
    assert err == b""


@pytest.mark.parametrize("args", [
    ["vv", "deck", "--seed", "a\x1bb"],
    ["vv", "flip", "--seed", "a\x1bb", "--log", "g.yaml"],
    ["vv", "play", "berlin", "--players", "Ann,Bob", "--seed", "a\nb", "--log", "g.yaml"],
    ["vv", "simulate", "berlin", "-n", "1", "--seed", "a\x00b"],
    ["mf", "deal", "-p", "2", "--seed", "a\x07b"],
    ["mf", "simulate", "-n", "1", "--seed", "a\x7fb"],
    ["vv", "play", "berlin", "--players", "A\x07n,Bob", "--log", "g.yaml"],
    ["mf", "play", "--players", "Ann,B\tob", "--log", "g.yaml"],
    ["floris", "tally", "--players", "A\x07n,Bob", "--log", "g.yaml"],
])
def test_a_control_character_in_a_seed_or_name_is_refused_up_front(runner, tmp_path,
                                                                   monkeypatch, args):
    """The log such a seed or name gives could not be read back (check, --resume and a
    restarted server refuse control characters): refused before anything is written."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(root, args, input="")
    assert result.exit_code == 2, result.output
    assert "cannot hold a control character or line break" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_session_refuses_a_control_character_for_every_front_end():
    """The browser starts games through the same session: the same refusal (exit 2)."""
    from scorepad.rules.common.errors import InputError
    from scorepad.rules.session import Session

    with pytest.raises(InputError, match=r"player name cannot hold a control .*\(\\x07\)"):
        Session.start("floris", ["A\x07n", "Bob"])
    with pytest.raises(InputError, match=r"seed cannot hold a control"):
        Session.start("mille-fiori", ["Ann", "Bob"], seed="a\x1bb")


def test_score_reports_fit_a_50_column_terminal(runner, tmp_path):
    """No line of a score report is wider than the terminal (COLUMNS, as the shell sets
    it): the terminal would hard-wrap its columns into a mess."""
    result = runner.invoke(root, ["vv", "simulate", "madrid", "--players", "6", "-n", "1",
                                  "--logs", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for args in (["vv", "score", str(tmp_path / "game-0.yaml")],
                 ["mf", "score", str(DATA / "mf_short.yaml")],
                 ["floris", "score", str(DATA / "floris_game.yaml")]):
        wide = runner.invoke(root, args, env={"COLUMNS": "100"}).stdout
        narrow = runner.invoke(root, args, env={"COLUMNS": "50"}).stdout
        # a path is never cut (it stays whole on its line); everything else fits
        lines = [line for line in narrow.splitlines() if not line.startswith(args[-1])]
        assert max(map(len, lines)) <= 50, (args, narrow)
        assert max(map(len, wide.splitlines())) > 50, (args, wide)
        for word in ("Ann", "Cid", "P6", "(first)", "(later)", "14", "25", "31.5"):
            if word in wide.split():  # the narrow report says the same things
                assert word in narrow.split(), (args, word)
