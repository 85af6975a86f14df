"""``vv flip`` and ``vv play`` in a real pseudo-terminal (pexpect): line editing and
history, Ctrl-C and Ctrl-D at several prompts (saved, exit 130, resume continues with the
same cards), an existing --log refused byte-identical, 40 columns without broken rows
and the flipper's card at 30 columns.

Seed ``table-42`` reveals 5 3 T 4 4 F T 6 ... (pinned in test_vv_deck.py). The tiny map:
line A 1-2-3-4, B 5-2-6-4, ring R 7-8-6-9 with the special station 8.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

import pty_table  # noqa: E402
from vv_helpers import TINY  # noqa: E402

from scorepad.io import read_mapping  # noqa: E402
from scorepad.rules.voll_verplant.game import GAME  # noqa: E402

TABLE_42 = [5, 3, "T", 4, 4, "F", "T", 6, "F", 3]
ARROW_UP, BACKSPACE = "\x1b[A", "\x7f"
ESCAPES = re.compile(r"\x1b\[[?0-9;]*[A-Za-z]")


def spawn(tmp_path: Path, *args: str, columns: int = 80):
    """``scorepad ARGS`` in a terminal ``columns`` wide, without colour."""
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environ.update({"TERM": "xterm", "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"})
    child = pexpect.spawn(sys.executable, ["-m", "scorepad", *args], cwd=str(tmp_path),
                          env=environ, encoding="utf-8", dimensions=(40, columns), timeout=30,
                          preexec_fn=pty_table.as_from_a_shell)
    child.logfile_read = io.StringIO()
    return child


def finish(child) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def screen_lines(child) -> list[str]:
    text = ESCAPES.sub("", child.logfile_read.getvalue()).replace("\r\n", "\n")
    return [line.rstrip("\r") for line in text.split("\n")]


def steps(path: Path) -> tuple:
    """The steps of a saved log (a map file is not needed to list them)."""
    return tuple(GAME.log_steps(read_mapping(path))[1])


def cards(path: Path) -> list:
    return [m for p, m in steps(path) if p is None]


FLIP = ["vv", "flip", "--seed", "table-42"]
PLAY = ["vv", "play", str(TINY), "--players", "Ann,Bob", "--seed", "table-42"]


# --- vv flip ------------------------------------------------------------------------------

def test_flip_arrow_keys_recall_and_edit_an_answer(tmp_path):
    child = spawn(tmp_path, *FLIP, "--log", "f.yaml")
    child.expect("Enter: next card> ")
    child.send("fx\r")  # refused; the answer stays in the history
    child.expect("unknown input 'fx'")
    child.expect("> ")
    child.send(ARROW_UP + BACKSPACE + "\r")  # "fx" recalled and edited into "f": a flip
    child.expect("ROUND 1")
    child.expect("> ")
    child.send("q\r")
    assert finish(child) == 0
    assert cards(tmp_path / "f.yaml") == [5]


@pytest.mark.parametrize(("flips", "stop"), [(0, "\x03"), (3, "\x03"), (2, "\x04")])
def test_flip_interrupt_saves_exits_130_and_resume_brings_the_same_cards(tmp_path, flips,
                                                                         stop):
    child = spawn(tmp_path, *FLIP, "--log", "f.yaml")
    for _ in range(flips):
        child.expect("Enter: next card> ")
        child.send("\r")
    child.expect("Enter: next card> ")
    pty_table.press_stop(child, stop, "Stopped; saved in f.yaml. Continue:\r\n"
                         f"{pty_table.typed('scorepad vv flip')} --resume f.yaml\r\n")
    assert finish(child) == 130
    assert cards(tmp_path / "f.yaml") == TABLE_42[:flips]
    child = spawn(tmp_path, "vv", "flip", "--resume", "f.yaml")
    for _ in range(2):
        child.expect("Enter: next card> ")
        child.send("\r")
    child.expect("Enter: next card> ")
    child.send("q\r")
    assert finish(child) == 0
    assert cards(tmp_path / "f.yaml") == TABLE_42[:flips + 2]  # exactly the seed's next two


def test_flip_card_at_30_columns(tmp_path):
    child = spawn(tmp_path, *FLIP, "--map", "berlin", "--log", "f.yaml", columns=30)
    for _ in range(8):  # up to the 6 and its reshuffle
        child.expect("Enter: next card> ")
        child.send("\r")
    child.expect("Enter: next card> ")
    child.send("q\r")
    assert finish(child) == 0
    lines = screen_lines(child)
    fitted = pty_table.wrapped(lines)
    assert max(len(line) for line in fitted) <= 30, max(fitted, key=len)
    frames = [line for line in lines if line.startswith(("╭", "│", "╰"))]
    assert len(frames) >= 8 * 9 and {len(line) for line in frames} == {30}
    text = "\n".join(lines)
    assert "⟲ SHUFFLE ⟲" in text and "RESHUFFLE" in text and "windows left" in text
    assert "In the pile (7): 3 3 4 5 6 E2 E3" in " ".join(text.split())


# --- vv play ------------------------------------------------------------------------------

def test_play_arrow_keys_recall_and_edit_a_refused_move(tmp_path):
    child = spawn(tmp_path, *PLAY, "--log", "g.yaml")
    child.expect(r"Ann \(card 5\) \[A 4\]> ")
    child.send("A 6\r")
    child.expect("Not allowed: line A: at most 4 crosses")
    child.expect("> ")
    child.send(ARROW_UP + BACKSPACE + "3\r")  # "A 6" recalled and edited into "A 3"
    child.expect("Ann: A 3: crosses 1 2 3")
    child.expect(r"Bob \(card 5\)")
    child.send("q\r")
    assert finish(child) == 0
    assert steps(tmp_path / "g.yaml") == ((None, 5), ("Ann", {"line": "A", "crosses": 3}))


@pytest.mark.parametrize(("answers", "stop", "prompt"), [
    ([], "\x03", r"Ann \(card 5\) \[A 4\]"),                      # the first prompt
    (["A 3", "B", "R 2"], "\x03", r"Ann \(follow-up 8, card 3\)"),  # a follow-up prompt
    (["A 3"], "\x04", r"Bob \(card 5\)"),                          # Ctrl-D mid-round
])
def test_play_interrupt_saves_exits_130_and_resume_continues_exactly(tmp_path, answers, stop,
                                                                     prompt):
    child = spawn(tmp_path, *PLAY, "--log", "g.yaml")
    for answer in answers:
        child.expect("> ")
        child.send(answer + "\r")
    child.expect(prompt + r"[^\r\n]*> ")
    pty_table.press_stop(child, stop, "Stopped; saved in g.yaml. Continue:\r\n"
                         f"{pty_table.typed('scorepad vv play')} --resume g.yaml\r\n")
    assert finish(child) == 130
    saved = steps(tmp_path / "g.yaml")
    assert [m for p, m in saved if p] == list([
        {"line": "A", "crosses": 3}, {"line": "B", "crosses": 4},
        {"line": "R", "crosses": 2, "direction": "cw"}][:len(answers)])
    child = spawn(tmp_path, "vv", "play", "--resume", "g.yaml")
    child.expect(prompt + r"[^\r\n]*> ")  # asked exactly where it stopped, the same card
    child.send("q\r")
    assert finish(child) == 0
    assert steps(tmp_path / "g.yaml") == saved


@pytest.mark.parametrize("tool", [PLAY, FLIP])
def test_an_existing_log_is_refused_byte_identical(tmp_path, tool):
    log = tmp_path / "g.yaml"
    log.write_bytes(b"an earlier game\r\n\x00 kept as it is\n")
    before = log.read_bytes()
    child = spawn(tmp_path, *tool, "--log", "g.yaml", columns=200)
    child.expect_exact("g.yaml: already exists and is never overwritten; continue it with "
                       f"`{pty_table.typed('scorepad vv ' + tool[1])} --resume g.yaml`")
    assert finish(child) == 2
    assert log.read_bytes() == before


def test_play_at_40_columns_without_broken_rows(tmp_path):
    child = spawn(tmp_path, "vv", "play", str(TINY), "--players",
                  "Annabelle Montgomery-Smythe,Bob,Cid", "--seed", "table-42",
                  "--log", "g.yaml", columns=40)
    for answer in ["?", "sheet bob", "s", *[""] * 40]:
        if child.expect(["> ", "The game is over"]) == 1:
            break
        child.send(answer + "\r")
    assert finish(child) == 0
    lines = screen_lines(child)
    fitted = pty_table.wrapped(lines)
    assert max(len(line) for line in fitted) <= 40, max(fitted, key=len)
    summary = [line for line in lines if re.search(r"\d free( |$)", line)]
    assert summary and all(re.fullmatch(r"\S.* +-?[\d.]+ +\d+ free( +done [A-Z]+)?", line)
                           for line in summary), summary
    sheet_rows = [line for line in lines if re.match(r"  [ABR] \[", line)]
    assert len(sheet_rows) == 3  # Bob's sheet, each line's row whole
    assert "Winner" in "\n".join(lines) or "Shared victory" in "\n".join(lines)
