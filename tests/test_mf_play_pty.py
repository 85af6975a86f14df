"""``mf play`` in a real pseudo-terminal (pexpect): line editing and history, Ctrl-C at
several prompts (saved, exit 130, the resumed game ends exactly as an uninterrupted one),
an existing --log refused byte-identical, and a 40-column terminal."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

import pty_table  # noqa: E402
import yaml  # noqa: E402
from pty_table import as_from_a_shell, typed, wrapped  # noqa: E402

MF_PLAY = typed("scorepad mf play")
ARROW_UP, ARROW_LEFT, BACKSPACE, CTRL_C = "\x1b[A", "\x1b[D", "\x7f", "\x03"
ESCAPES = re.compile(r"\x1b\[[?0-9;]*[A-Za-z]")

# Two rounds of a 2-player game with a bonus chain (w0 completes 0-7-8, the bonus card
# w2 completes 1-2-9, the display is empty for the second one).
ANSWERS = ["w7 quartz 3", "bob w8 lime 1", "ann w1 ash 1", "bob w9 quartz 1", "ann w0 pig 1",
           "w2 pig 2", "none", "ship swan 4", "coin 1", "1", "r", "ship", "goblet", "2"]


def spawn(tmp_path: Path, *args: str, columns: int = 100):
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environ.update({"TERM": "xterm", "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"})
    return pexpect.spawn(sys.executable, ["-m", "scorepad", "mf", "play", *args],
                         cwd=str(tmp_path), env=environ, encoding="utf-8",
                         preexec_fn=as_from_a_shell,
                         dimensions=(24, columns), timeout=30)


def answer(child, answers: list[str]) -> None:
    for text in answers:
        child.expect("> ")
        child.send(text + "\r")


def finish(child) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def test_arrow_keys_edit_the_line_and_recall_history(tmp_path):
    child = spawn(tmp_path, "--players", "Ann,Bob", "--log", "g.yaml")
    child.expect(r"turn 1 · Ann> ")
    child.send("w7 uartz 3" + ARROW_LEFT * 7 + "q\r")  # "q" inserted before "uartz"
    child.expect(r"Ann \+1 workshops")
    child.expect(r"turn 2 · Bob> ")
    child.send("w8 lime 9\r")  # refused; the answer stays in the history
    child.expect("Not read: cannot read '9'")
    child.expect("> ")
    child.send(ARROW_UP + BACKSPACE + "1\r")  # recalled and edited into "w8 lime 1"
    child.expect(r"Bob \+1 workshops")
    child.expect("> ")
    child.send("q\r")
    assert finish(child) == 0
    turns = yaml.safe_load((tmp_path / "g.yaml").read_text())["rounds"][0]["turns"]
    assert [t["card"] for t in turns] == ["workshops/quartz/3", "workshops/lime/1"]
    assert "\x1b[D" not in (tmp_path / "g.yaml").read_text()


@pytest.mark.parametrize("stop_after", [
    2,    # at a turn prompt
    5,    # at the bonus prompt, Ann owing a bonus card
    8,    # at round 2's first prompt
    9,    # at the question "which space?" of 'coin 1'
])
def test_ctrl_c_saves_exits_130_and_resume_continues_exactly(tmp_path, stop_after):
    whole = spawn(tmp_path, "--players", "Ann,Bob", "--log", "whole.yaml")
    answer(whole, [*ANSWERS, "q"])
    assert finish(whole) == 0

    child = spawn(tmp_path, "--players", "Ann,Bob", "--log", "part.yaml")
    answer(child, ANSWERS[:stop_after])
    child.expect("> ")
    pty_table.press_stop(child, CTRL_C, f"Stopped; saved in part.yaml. Continue:\r\n"
                         f"{MF_PLAY} --resume part.yaml\r\n")
    assert finish(child) == 130

    rest = ANSWERS[stop_after:]
    if stop_after == 9:  # a question is no step: the line that asked it is typed again
        rest = ANSWERS[stop_after - 1:]
    child = spawn(tmp_path, "--resume", "part.yaml")
    child.expect("Resumed after turn")
    answer(child, [*rest, "q"])
    assert finish(child) == 0
    assert (tmp_path / "part.yaml").read_bytes() == (tmp_path / "whole.yaml").read_bytes()


def test_ctrl_c_at_the_display_prompt_and_at_the_leftovers(tmp_path):
    display = ("goblet 1, goblet 2, carafe 3, earrings 1, house 1, harbor 1, shell 1, ash 1, "
               "lion 1")
    child = spawn(tmp_path, "--players", "Ann,Bob", "--log", "g.yaml", "--display")
    child.expect(r"Display \(9 face-up cards\): type them")
    child.expect("display> ")
    pty_table.press_stop(child, CTRL_C, f"Continue:\r\n{MF_PLAY} --display --resume g.yaml\r\n")
    assert finish(child) == 130
    child = spawn(tmp_path, "--display", "--resume", "g.yaml")
    child.expect("display> ")
    child.send(display + "\r")
    answer(child, ["w7 quartz 3", "w8 lime 1", "w9 quartz 2", "ship swan 4", "ship swan 5",
                   "ship coin 5"])
    child.expect("which 4 leftover hand cards go to the display")
    child.expect("leftovers> ")
    pty_table.press_stop(child, CTRL_C, f"Continue:\r\n{MF_PLAY} --resume g.yaml\r\n")
    assert finish(child) == 130
    child = spawn(tmp_path, "--resume", "g.yaml")
    child.expect("leftovers> ")
    child.send("house 2, house 3, harbor 2, goblet 3\r")
    child.expect(r"Round 2 of 10: Bob starts")
    child.expect("> ")
    child.send("q\r")
    assert finish(child) == 0
    saved = yaml.safe_load((tmp_path / "g.yaml").read_text())
    assert saved["rounds"][0]["leftover"] == ["residences/-/2", "residences/-/3", "harbor/-/2",
                                              "trade/goblet/3"]


def test_an_existing_log_is_refused_byte_identical(tmp_path):
    log = tmp_path / "g.yaml"
    log.write_bytes(b"an earlier game\n\x00 kept as it is\n")
    before = log.read_bytes()
    child = spawn(tmp_path, "--players", "Ann,Bob", "--log", "g.yaml")
    child.expect_exact("g.yaml: already exists and is never overwritten; continue it with "
                       f"`{MF_PLAY} --resume g.yaml`")
    assert finish(child) == 2
    assert log.read_bytes() == before


def test_40_columns_without_split_words(tmp_path):
    child = spawn(tmp_path, "--players", "Annabelle,Bob", "--log", "g.yaml", columns=40)
    child.logfile_read = seen = io.StringIO()
    answer(child, [*ANSWERS[:9], "help", "s", "sheet bob", "1", "q"])
    assert finish(child) == 0
    text = ESCAPES.sub("", seen.getvalue()).replace("\r\n", "\n").replace("\r", "")
    rows = wrapped(text.split("\n"))
    assert max(len(row) for row in rows) <= 40, max(rows, key=len)
    words = text.split()
    for word in ("pigments)", "bonus", "Totals:", "n7", "Annabelle"):
        assert word in words
    assert "Totals: Annabelle 21 · Bob 3" in text  # a total stays beside its name
