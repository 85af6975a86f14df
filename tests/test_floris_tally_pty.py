"""``scorepad floris tally`` in a real pseudo-terminal (pexpect): line editing and history,
Ctrl-C and Ctrl-D at a play prompt and half-way through a final-round entry (saved, exit
130, resume continues exactly), an existing --log refused byte-identical, 40 columns."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml

pexpect = pytest.importorskip("pexpect")

import pty_table  # noqa: E402
from pty_table import ARROW_LEFT, ARROW_UP, BACKSPACE, finish, screen_lines  # noqa: E402

TALLY = ["-m", "scorepad", "floris", "tally"]


def spawn(tmp_path: Path, *args: str, columns: int = 80, **env: str):
    child = pty_table.spawn([*TALLY, *args], tmp_path, columns=columns, **env)
    child.expect("Saved after every move")
    return child


def answer(child, prompt: str, text: str) -> None:
    child.expect_exact(prompt)
    child.send(text + "\r")


def players(path: Path) -> dict:
    return yaml.safe_load(path.read_text())["players"]


def test_arrow_keys_edit_the_line_and_recall_history(tmp_path):
    child = spawn(tmp_path, "--players", "Ann,Bob", "--log", "g.yaml")
    answer(child, "> ", "ann r2 l3")
    child.expect("Not allowed: 'r2 l3' is not a bouquet")
    child.expect_exact("> ")
    child.send(ARROW_UP + ARROW_LEFT * 3 + BACKSPACE + "3\r")   # recalled, r2 edited into r3
    child.expect("Ann: equal counts, 6 flowers = 6 points")
    answer(child, "> ", "q")
    assert finish(child) == 0
    assert players(tmp_path / "g.yaml")["Ann"]["bouquets"] == ["rose:3 lily:3"]


# Ann 5; Bob 6; Ann's final 5 roses, 1 card in hand; Bob's final 5 lilies, 2 discarded
GAME = ["ann r5", "bob l3 r3", "end", "s5", "1", "0", "l5", "0", "2"]
WHOLE = {"Ann": {"bouquets": ["rose:5"], "final": "sunflower:5", "left_in_hand": 1,
                 "discarded": 0},
         "Bob": {"bouquets": ["rose:3 lily:3"], "final": "lily:5", "left_in_hand": 0,
                 "discarded": 2}}


@pytest.mark.parametrize(("typed", "stop", "again", "rest"), [
    (1, "\x03", "> ", GAME[1:]),                           # Ctrl-C at a play prompt
    (2, "\x04", "> ", GAME[2:]),                           # Ctrl-D (end of input) there
    (7, "\x03", "Bob, final bouquet (empty for none)> ", GAME[6:]),  # half-way through Bob's entry
    (4, "\x03", "> ", GAME[2:]),                           # half-way through the first entry
])
def test_interrupt_saves_exits_130_and_resume_continues_exactly(tmp_path, typed, stop, again,
                                                                rest):
    pty_table.stop_after(spawn(tmp_path, "--players", "Ann,Bob", "--log", "g.yaml"),
                         GAME[:typed], stop, pty_table.typed("scorepad floris tally"))
    saved = yaml.safe_load((tmp_path / "g.yaml").read_text())
    assert saved["finished"] is False

    child = spawn(tmp_path, "--resume", "g.yaml")
    for n, text in enumerate(rest):
        child.expect_exact(again if n == 0 else "> ")
        child.send(text + "\r")
    child.expect("The game is over")
    child.expect_exact("Winners (shared): Ann, Bob")      # Ann 5 + 5 - 1, Bob 6 + 5 - 2
    assert finish(child) == 0
    assert players(tmp_path / "g.yaml") == WHOLE


def test_an_existing_log_is_refused_byte_identical(tmp_path):
    pty_table.refuses_existing_log([*TALLY, "--players", "Ann,Bob", "--log", "g.yaml"],
                                   tmp_path, pty_table.typed("scorepad floris tally"))


def test_40_columns_without_broken_rows_and_no_color(tmp_path):
    child = spawn(tmp_path, "--players", "Annabelle Montgomery-Smythe,Bob", "--log", "g.yaml",
                  columns=40, NO_COLOR="1")
    child.logfile_read = seen = io.StringIO()
    for text in ["annabelle r3 l3", "bob d1 r2 l3", "t", "help", "sheet bob", "end",
                 "s5", "2", "1", "", "0", "0"]:
        child.expect("> ")
        child.send(text + "\r")
    child.expect("The game is over")
    assert finish(child) == 0
    assert not re.search(r"\x1b\[[0-9;]*m", seen.getvalue())    # NO_COLOR: no colour
    lines = screen_lines(seen.getvalue())
    fitted = pty_table.wrapped(lines)
    assert max(len(line) for line in fitted) <= 40, max(fitted, key=len)
    rows = [line for line in lines if re.match(r"[12] ", line)]
    assert len(rows) >= 4 and all(line.split()[-1].lstrip("-").isdigit() for line in rows)
    assert "Annabe…, final bouquet> s5" in lines
