"""Ctrl-C stops a self-play run on several worker processes at once: every worker ends,
one line, exit 130 (in a real terminal, where Ctrl-C reaches every process of the run)."""

from __future__ import annotations

import json
import os
import re
import sys
import time

import pytest
from pty_table import as_from_a_shell

pexpect = pytest.importorskip("pexpect")
psutil = pytest.importorskip("psutil")


@pytest.mark.parametrize("args", [["vv", "simulate", "berlin"], ["mf", "simulate"]])
def test_ctrl_c_stops_every_worker_at_once(tmp_path, args):
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environ.update({"TERM": "xterm", "NO_COLOR": "1"})
    child = pexpect.spawn(sys.executable, ["-m", "scorepad", *args, "-n", "1000000",
                                           "--jobs", "2"], cwd=str(tmp_path), env=environ,
                          encoding="utf-8", dimensions=(24, 80), timeout=60,
                          preexec_fn=as_from_a_shell)
    child.expect(r"[1-9]\d*/1000000")  # the bar moves: the workers are running
    workers = psutil.Process(child.pid).children(recursive=True)
    assert len(workers) == 2
    child.sendintr()
    child.expect(pexpect.EOF, timeout=15)
    child.close()
    assert child.exitstatus == 130
    said = child.before.replace("\r", "").split("\n")
    # "interrupted", or, once some chunks are in, their figures and how many they are
    assert said[-1] == "" and "Traceback" not in child.before
    assert re.fullmatch(r"interrupted( after [\d,]+ of 1,000,000 games: the figures are "
                        r"those [\d,]+)?", said[-2]), said[-2]
    # The workers end with the run; one still running after 30 s (a generous bound against
    # a worker left behind, not a speed target) fails the test as left running.
    deadline = time.monotonic() + 30
    while any(w.is_running() and w.status() != psutil.STATUS_ZOMBIE for w in workers):
        assert time.monotonic() < deadline, "a worker is still running"
        time.sleep(0.1)


@pytest.mark.slow  # a second of progress bar at each width
@pytest.mark.parametrize("columns", [50, 80])
def test_the_progress_bar_stays_on_one_line(tmp_path, columns):
    """Each update redraws the one bar line: none reaches the terminal's edge (a line
    that does wraps, and every update then starts a new line)."""
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environ.update({"TERM": "xterm", "NO_COLOR": "1"})
    child = pexpect.spawn(sys.executable, ["-m", "scorepad", "mf", "simulate", "-n", "1600",
                                           "--jobs", "1", "--seed", "s"], cwd=str(tmp_path),
                          env=environ, encoding="utf-8", dimensions=(24, columns), timeout=60,
                          preexec_fn=as_from_a_shell)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = re.sub(r"\x1b\[[?0-9;]*[A-Za-z]", "", child.before)
    bar = [line for line in text.split("\r\n") if "1600/1600" in line]
    assert len(bar) == 1, text  # every update on the same line
    draws = [d for d in bar[0].split("\r") if d.strip()]
    assert len(draws) >= 8 and all(len(d) < columns for d in draws), draws


# --- the figures of the games played --------------------------------------------------------

def _cut_after(monkeypatch, chunks: int) -> None:
    """Ctrl-C once ``chunks`` chunks have come in (in this process, no terminal)."""
    import scorepad.parallel as parallel

    real = parallel._results

    def results(*args):
        for i, item in enumerate(real(*args)):
            if i == chunks:
                raise KeyboardInterrupt
            yield item

    monkeypatch.setattr(parallel, "_results", results)


@pytest.mark.parametrize(("args", "chunk"), [
    (["vv", "simulate", "berlin", "--bot", "random"], 2000),
    (["mf", "simulate", "--players", "3"], 200),
])
def test_ctrl_c_after_some_games_prints_their_figures(runner, monkeypatch, args, chunk):
    from scorepad.main import root

    common = [*args, "--seed", "cut", "--jobs", "1"]
    whole = runner.invoke(root, [*common, "-n", str(2 * chunk), "--json"])
    assert whole.exit_code == 0, whole.output
    _cut_after(monkeypatch, 2)
    cut = runner.invoke(root, [*common, "-n", str(5 * chunk), "--json"])
    assert cut.exit_code == 130
    assert cut.stderr.strip() == (f"interrupted after {2 * chunk:,} of {5 * chunk:,} games: "
                                  f"the figures are those {2 * chunk:,}")
    figures, expected = json.loads(cut.stdout), json.loads(whole.stdout)
    assert figures.pop("interrupted") == {"games": 2 * chunk, "of": 5 * chunk}
    for data in (figures, expected):
        data.pop("games_per_second", None)
    assert figures == expected  # the first games of the run, as a run of that many
    text = runner.invoke(root, [*common, "-n", str(5 * chunk)])
    assert text.exit_code == 130 and f"{2 * chunk} games" in text.stdout


def test_ctrl_c_before_any_game_is_one_word(runner, monkeypatch):
    from scorepad.main import root

    _cut_after(monkeypatch, 0)
    result = runner.invoke(root, ["vv", "simulate", "berlin", "-n", "5000", "--jobs", "1"])
    assert result.exit_code == 130 and result.stderr == "interrupted\n" and not result.stdout
