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

