"""Ctrl-C stops a self-play run on several worker processes at once: every worker ends,
one line, exit 130 (in a real terminal, where Ctrl-C reaches every process of the run)."""

from __future__ import annotations

import os
import re
import sys
import time

import pytest

pexpect = pytest.importorskip("pexpect")
psutil = pytest.importorskip("psutil")


@pytest.mark.parametrize("args", [["vv", "simulate", "berlin"], ["mf", "simulate"]])
def test_ctrl_c_stops_every_worker_at_once(tmp_path, args):
    environ = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environ.update({"TERM": "xterm", "NO_COLOR": "1"})
    child = pexpect.spawn(sys.executable, ["-m", "scorepad", *args, "-n", "1000000",
                                           "--jobs", "2"], cwd=str(tmp_path), env=environ,
                          encoding="utf-8", dimensions=(24, 80), timeout=60)
    child.expect(r"[1-9]\d*/1000000")  # the bar moves: the workers are running
    workers = psutil.Process(child.pid).children(recursive=True)
    assert len(workers) == 2
    child.sendintr()
    child.expect(pexpect.EOF, timeout=15)
    child.close()
    assert child.exitstatus == 130
    said = child.before.replace("\r", "").split("\n")
    assert said[-2:] == ["interrupted", ""] and "Traceback" not in child.before
    deadline = time.monotonic() + 5
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
                          env=environ, encoding="utf-8", dimensions=(24, columns), timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = re.sub(r"\x1b\[[?0-9;]*[A-Za-z]", "", child.before)
    bar = [line for line in text.split("\r\n") if "1600/1600" in line]
    assert len(bar) == 1, text  # every update on the same line
    draws = [d for d in bar[0].split("\r") if d.strip()]
    assert len(draws) >= 8 and all(len(d) < columns for d in draws), draws
