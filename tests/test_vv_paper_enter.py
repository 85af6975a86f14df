"""``vv enter`` (a paper sheet typed in answer by answer, from a non-terminal stdin) and
``vv template`` (a blank sheet file), on tests/data/tiny.yaml."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pexpect
import yaml
from pty_table import as_from_a_shell
from vv_helpers import TINY

from scorepad.main import root


def answers(*lines: str) -> str:
    return "".join(f"{line}\n" for line in lines)


# Ann's sheet of test_vv_paper (10.5 points), with refused answers on the way.
ANN_DIALOGUE = answers(
    "Ann",          # player
    "",             # empty or marked: the default, empty
    "9, 99",        # refused: no station 99
    "9",
    "5:2",          # refused: one line passes through station 5
    "5:1",
    "R",            # refused: R is not complete
    "a b",
    "y",            # windows too
    "4 7",          # refused: 7 is no card value
    "4",            # line A
    "+ E3",         # line B
    "",             # line R: none
)


def test_enter_asks_again_after_a_bad_answer_and_writes_the_sheet(runner, tmp_path):
    out = tmp_path / "sheets" / "ann.yaml"
    result = runner.invoke(root, ["vv", "enter", str(TINY), "-o", str(out)], input=ANN_DIALOGUE)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # lines are fitted to the terminal's width
    assert "✗ empty, station 99: no such station (the map has 1-9). Please try again." in said
    assert "✗ transfers, station 5: 2 written, but 1 line (B) passes through it." in said
    assert ("✗ first, line R: the first bonus needs a complete line, but station 9 is empty."
            in said)
    assert "✗ windows, line A, entry 2: 7 is not a card value" in said
    assert "Complete lines on this sheet: A, B" in said
    assert "Ann: 10.5 points (lines 9, transfers 2, 1 empty −0.5)" in said
    assert f"Written to {out}" in said
    data = yaml.safe_load(out.read_text())
    assert {k: v for k, v in data.items() if k != "map"} == {
        "format": "scorepad/vv-sheet@1", "player": "Ann", "empty": [9], "transfers": {5: 1},
        "first": ["A", "B"], "windows": {"A": [4], "B": ["+", "E3"]}}
    # The map path inside the file is relative to the file's folder.
    assert not Path(data["map"]).is_absolute()
    assert (out.parent / data["map"]).resolve() == TINY.resolve()
    scored = runner.invoke(root, ["vv", "score", str(out), "--json"])
    assert json.loads(scored.stdout)["players"][0]["total"] == 10.5


def test_enter_marked_stations_without_windows(runner, tmp_path):
    # Bob of test_vv_paper, typed in as marked stations: 1 is his transfer station.
    dialogue = answers("Bob", "marked", "2, 5, 7", "1:1", "")
    out = tmp_path / "bob.yaml"
    result = runner.invoke(root, ["vv", "enter", str(TINY), "-o", str(out)], input=dialogue)
    assert result.exit_code == 0, result.output
    assert "No line is complete on this sheet." in result.output
    data = yaml.safe_load(out.read_text())
    assert data["marked"] == [2, 5, 7] and "empty" not in data and "windows" not in data
    assert "Bob: -0.5 points" in result.output.replace("−", "-")


def test_enter_default_output_never_overwrites(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # output/ is relative to the working folder
    shutil.copy(TINY, "tiny.yaml")
    dialogue = answers("Ann Lee", "", "-", "-", "", "")
    first = runner.invoke(root, ["vv", "enter", "tiny.yaml"], input=dialogue)
    assert first.exit_code == 0, first.output
    assert "Written to output/Ann_Lee.yaml" in first.output
    second = runner.invoke(root, ["vv", "enter", "tiny.yaml"], input=dialogue)
    assert "Written to output/Ann_Lee-2.yaml" in second.output
    data = yaml.safe_load(Path("output/Ann_Lee.yaml").read_text())
    assert data["map"] == "../tiny.yaml" and data["player"] == "Ann Lee"
    assert data["empty"] == [] and data["first"] == []  # all marked, none claimed
    # Everything marked, nothing claimed first: A, B and R score later: 3 + 2 + 1.
    assert "Ann Lee: 6 points" in first.output


def test_enter_windows_asked_again_when_the_plus_do_not_fit(runner, tmp_path):
    # All marked but 9 (R incomplete): a "+" on R with no transfer number on R is refused
    # after the last line, and the windows are asked again.
    dialogue = answers("Cy", "", "9", "-", "", "y", "", "", "+", "", "", "3")
    out = tmp_path / "cy.yaml"
    result = runner.invoke(root, ["vv", "enter", str(TINY), "-o", str(out)], input=dialogue)
    assert result.exit_code == 0, result.output
    assert ('✗ windows, line R: "+" written 1 time, but no transfer number is on the line'
            in result.output)
    assert "Please type the windows again." in result.output
    assert yaml.safe_load(out.read_text())["windows"] == {"R": [3]}


def test_enter_stops_cleanly_when_input_ends(runner, tmp_path):
    out = tmp_path / "ann.yaml"
    result = runner.invoke(root, ["vv", "enter", str(TINY), "-o", str(out)],
                           input=answers("Ann", "", "9"))
    assert result.exit_code == 2
    assert result.stderr.strip() == ("input ended before the sheet was complete; nothing was "
                                     "written")
    assert not out.exists() and "Traceback" not in result.output


def test_enter_unknown_map(runner):
    result = runner.invoke(root, ["vv", "enter", "atlantis"], input="")
    assert result.exit_code == 1 and "unknown map 'atlantis'" in result.stderr


def test_template_filled_in_scores(runner, tmp_path):
    result = runner.invoke(root, ["vv", "template", str(TINY)])
    assert result.exit_code == 0
    text = result.stdout
    assert "format: scorepad/vv-sheet@1" in text and "# windows:" in text
    assert "on this map: 2: 2, 4: 2, 6: 2." in text  # the interchanges, for transfer numbers
    data = yaml.safe_load(text)
    assert data["player"] == "" and data["empty"] == [] and data["transfers"] == {}
    # Unchanged, it is refused for want of a name; with one, it is a valid sheet.
    blank = tmp_path / "blank.yaml"
    blank.write_text(text)
    refused = runner.invoke(root, ["vv", "check", str(blank)])
    assert refused.exit_code == 2 and "player: a player name is needed" in refused.stderr
    filled = text.replace('player: ""', "player: Ann").replace("empty: []", 'empty: "1-9"')
    blank.write_text(filled)
    scored = runner.invoke(root, ["vv", "score", str(blank), "--json"])
    assert json.loads(scored.stdout)["players"][0]["total"] == -4.5  # 9 empty


def test_template_to_a_file_with_a_relative_map(runner, tmp_path):
    out = tmp_path / "deep" / "sheet.yaml"
    result = runner.invoke(root, ["vv", "template", str(TINY), "-o", str(out)])
    assert result.exit_code == 0 and result.stdout == ""
    assert f"Blank Tiny sheet written to {out}" in result.stderr
    ref = yaml.safe_load(out.read_text())["map"]
    assert not Path(ref).is_absolute() and (out.parent / ref).resolve() == TINY.resolve()


def test_help_ends_with_an_example(runner):
    for cmd in ("enter", "template"):
        result = runner.invoke(root, ["vv", cmd, "--help"])
        assert result.exit_code == 0 and "Example:" in result.output
        assert "scorepad vv" in result.output.split("Example:")[1]


def test_a_stray_enter_at_the_stations_is_not_a_perfect_sheet(runner, tmp_path):
    """An empty answer at "Empty stations" is asked again: none is typed as -."""
    out = tmp_path / "cy.yaml"
    result = runner.invoke(root, ["vv", "enter", str(TINY), "-o", str(out)],
                           input=answers("Cy", "", "", "9", "-", "", "n"))
    assert result.exit_code == 0, result.output
    assert "✗ type the station numbers, or - for none. Please try again." in result.output
    assert yaml.safe_load(out.read_text())["empty"] == [9]


def _enter_in_a_terminal(tmp_path, columns: int = 80):
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environ.update({"TERM": "xterm", "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"})
    return pexpect.spawn(sys.executable, ["-m", "scorepad", "vv", "enter", str(TINY), "-o",
                                          "ann.yaml"], cwd=str(tmp_path), env=environ,
                         encoding="utf-8", dimensions=(24, columns), timeout=30,
                         preexec_fn=as_from_a_shell)


def test_enter_edits_answers_with_the_arrow_keys_in_a_terminal(tmp_path):
    """The table tools' prompt: the left arrow moves in the answer (no ^[[D in it)."""
    child = _enter_in_a_terminal(tmp_path)
    for answer in ["Ann", "", "9\x1b[D8, ", "-", "", "n"]:  # 9, ←, "8, ": "8, 9"
        child.expect("> ")
        child.send(answer + "\r")
    child.expect("Written to ann.yaml")
    child.expect(pexpect.EOF)
    data = yaml.safe_load((tmp_path / "ann.yaml").read_text())
    assert data["empty"] == [8, 9]


def test_ctrl_c_stops_enter_with_130_and_writes_nothing(tmp_path):
    child = _enter_in_a_terminal(tmp_path)
    child.expect("> ")
    child.send("Ann\r")
    child.expect("> ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert child.before.replace("\r", "").strip().endswith("Stopped; nothing was written.")
    assert "input ended" not in child.before and not (tmp_path / "ann.yaml").exists()


def test_enter_fits_a_50_column_terminal(tmp_path):
    import io
    import re

    child = _enter_in_a_terminal(tmp_path, columns=50)
    child.logfile_read = seen = io.StringIO()
    for answer in ["Ann", "", "9, 99", "9", "5:1", "a b", "y", "4", "+ E3", ""]:
        child.expect("> ")
        child.send(answer + "\r")
    child.expect("Written to ann.yaml")
    child.expect(pexpect.EOF)
    text = re.sub(r"\x1b\[[?0-9;]*[A-Za-z]", "", seen.getvalue()).replace("\r", "")
    assert max(len(line) for line in text.split("\n")) <= 50, text
    assert "no such station" in text
