"""The table loop in a real pseudo-terminal (pexpect): line editing and history,
Ctrl-C and Ctrl-D at several prompts, an existing --log, and a 40-column terminal.

The game is the toy of tests/toy_game.py, run as its own process.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

import pty_table  # noqa: E402
from pty_table import ARROW_LEFT, ARROW_UP, BACKSPACE, finish, screen_lines  # noqa: E402
from toy_game import TOY  # noqa: E402

from scorepad import store  # noqa: E402

SCRIPT = Path(__file__).with_name("toy_game.py")
SGR = re.compile(r"\x1b\[[0-9;]*m")  # a colour or bold escape code


def spawn(tmp_path: Path, *args: str, columns: int = 80, **env: str):
    child = pty_table.spawn([str(SCRIPT), "toy", "--folder", "out", *args], tmp_path,
                            columns=columns, **env)
    child.expect("Saved after every move")
    return child


def test_arrow_keys_edit_the_line_and_recall_history(tmp_path):
    child = spawn(tmp_path, "--log", "g.yaml")
    child.expect(r"Ann \(rolled 2\) \[\+2\]> ")
    child.send("+x\r")  # refused; the answer stays in the history
    child.expect("Not read")
    child.expect("> ")
    child.send(ARROW_UP + BACKSPACE + "1\r")  # "+x" recalled and edited into "+1"
    child.expect("Ann: \\+1")
    child.expect(r"Bob \(rolled \d\) \[\+\d\]> ")
    child.send("1" + ARROW_LEFT + "+\r")  # typed "1", moved left, inserted "+"
    child.expect("Bob: \\+1")
    child.expect("> ")
    child.send("q\r")
    assert finish(child) == 0
    moves = [m for p, m in store.load(tmp_path / "g.yaml", TOY).steps if p]
    assert moves == [{"add": 1}, {"add": 1}]


@pytest.mark.parametrize(("answers", "stop"), [
    ([], "\x03"),                 # Ctrl-C at the first move prompt
    (["", "pass"], "\x03"),       # Ctrl-C later in the game
    (["", ""], "\x04"),           # Ctrl-D (end of input)
])
def test_interrupt_saves_exits_130_and_resume_continues_exactly(tmp_path, answers, stop):
    pty_table.stop_after(spawn(tmp_path, "--log", "g.yaml"), answers, stop, "scorepad toy")
    saved = store.load(tmp_path / "g.yaml", TOY)
    assert len([p for p, _ in saved.steps if p]) == len(answers)
    assert saved.at_chance() is False and saved.steps[-1][0] is None  # the roll is kept

    child = spawn(tmp_path, "--resume", "g.yaml")
    n = len(saved.steps)
    assert f"Resumed after {n} step{'s' if n > 1 else ''}." in child.before
    roll = saved.state.roll
    child.expect(rf"{saved.to_move()[0]} \(rolled {roll}\) \[\+{roll}\]> ")
    child.send("q\r")
    assert finish(child) == 0
    assert store.load(tmp_path / "g.yaml", TOY).steps == saved.steps


def test_interrupt_at_a_chance_prompt(tmp_path):
    child = spawn(tmp_path, "--log", "g.yaml", "--seed", "")
    child.expect("roll> ")
    child.send("3\r")
    child.expect(r"Ann \(rolled 3\)")
    child.expect("> ")
    child.send("\r")
    child.expect("roll> ")
    pty_table.press_stop(child, "\x03", "Continue:\r\nscorepad toy --resume g.yaml\r\n")
    assert finish(child) == 130
    assert store.load(tmp_path / "g.yaml", TOY).steps == ((None, 3), ("Ann", {"add": 3}))


def test_an_existing_log_is_refused_byte_identical(tmp_path):
    pty_table.refuses_existing_log([str(SCRIPT), "toy", "--log", "g.yaml"], tmp_path,
                                   "scorepad toy")


def test_40_columns_without_broken_rows_and_no_color(tmp_path):
    import io

    child = spawn(tmp_path, "--players", "Annabelle Montgomery-Smythe,Bob", "--log", "g.yaml",
                  columns=40, NO_COLOR="1")
    child.logfile_read = seen = io.StringIO()
    for answer in ["?", "help", "s", "sheet bob", *[""] * 30]:
        if child.expect(["> ", "The game is over"]) == 1:
            break
        child.send(answer + "\r")
    assert finish(child) == 0
    transcript = seen.getvalue()
    assert not SGR.search(transcript)
    lines = screen_lines(transcript)
    assert max(len(line) for line in lines) <= 40, max(lines, key=len)
    rows = [line for line in lines if re.match(r" [12]\. ", line)]
    assert rows and all(line.split()[-1].isdigit() for line in rows)  # rows never broken
    assert "Winner" in transcript


def test_colour_only_in_a_terminal_without_no_color(tmp_path):
    plain = spawn(tmp_path, "--log", "a.yaml", NO_COLOR="1")
    plain.expect("> ")
    seen = plain.before
    plain.send("q\r")
    assert finish(plain) == 0
    assert not SGR.search(seen)
    coloured = spawn(tmp_path, "--log", "b.yaml")
    coloured.expect("> ")
    seen = coloured.before
    coloured.send("q\r")
    assert finish(coloured) == 0
    assert SGR.search(seen)  # the status line is bold
