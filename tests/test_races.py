"""Two processes meeting one file (issue 34): default names and new logs are claimed
exclusively, a game log has one writer at a time, and nothing confirmed is lost.

Real processes (forked children let go at one moment, ``racing.race``; a real
``scorepad`` for ``kill -9``), 20 runs of each race.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from racing import race

from scorepad import lock
from scorepad.main import root

RUNS = 20
SCOREPAD = str(Path(sys.executable).with_name("scorepad"))


@pytest.fixture(scope="module", autouse=True)
def warm(tmp_path_factory) -> None:
    """The commands run once in this process (their modules imported, their fonts and
    maps loaded), so every forked child starts at once."""
    folder = tmp_path_factory.mktemp("warm")
    runner = CliRunner()
    for args in (["mf", "play", "-p", "Ann,Bob", "--log", str(folder / "g.yaml")],
                 ["vv", "play", "berlin", "-p", "Ann", "--log", str(folder / "v.yaml")],
                 ["vv", "sheet", "berlin", "--lang", "fr", "-o", str(folder / "b.pdf")]):
        assert runner.invoke(root, args, input="#1\n").exit_code in (0, 130)


def _mf_turns(log: Path) -> int:
    data = yaml.safe_load(log.read_text())
    return sum(len(r.get("turns") or []) for r in data.get("rounds") or [])


def test_two_games_started_at_once_never_share_a_default_name(tmp_path):
    for run in range(RUNS):
        folder = tmp_path / str(run)
        folder.mkdir()
        a, b = race(folder, (["mf", "play", "-p", "Ann,Bob"], "#1\n#1\n#1\n"),
                    (["mf", "play", "-p", "Cid,Dan"], "#1\n#1\n#1\n#1\n#1\n"))
        logs = {}
        for ran, players, turns in ((a, ["Ann", "Bob"], 3), (b, ["Cid", "Dan"], 5)):
            assert ran.code == 130, ran.stderr  # the end of input: saved and stopped
            name = re.search(r"log: (\S+)", ran.stdout).group(1)
            logs[name] = (players, turns)
        assert len(logs) == 2, logs  # two names
        for name, (players, turns) in logs.items():
            data = yaml.safe_load((folder / name).read_text())
            assert data["players"] == players and _mf_turns(folder / name) == turns
        assert sorted(p.name for p in (folder / "output").iterdir()) == sorted(
            Path(n).name for n in logs)  # no lock file, no temporary left


def test_two_vv_games_of_one_seed_started_at_once_never_share_a_log(tmp_path):
    for run in range(RUNS):
        folder = tmp_path / str(run)
        folder.mkdir()
        results = race(folder, (["vv", "play", "berlin", "-p", "Ann", "--seed", "7"], "\n" * 3),
                       (["vv", "play", "berlin", "-p", "Bob", "--seed", "7"], "\n" * 5))
        assert all(r.code == 130 for r in results), [r.stderr for r in results]
        names = [re.search(r"saved in (\S+)\. Continue", r.stdout).group(1) for r in results]
        assert sorted(names) == ["output/play-7-1.yaml", "output/play-7-2.yaml"]
        for name, player, moves in zip(names, ["Ann", "Bob"], [3, 5], strict=True):
            data = yaml.safe_load((folder / name).read_text())
            assert data["players"] == [player]
            assert sum(1 for r in data["rounds"] if r.get("moves")) == moves


def test_a_name_taken_between_look_and_claim_goes_to_the_next_and_says_so(
        tmp_path, monkeypatch, capsys):
    from scorepad import io

    (tmp_path / "a-1.yaml").write_text("another process's\n")
    monkeypatch.setattr(io.os.path, "lexists", lambda path: False)  # looked: free
    got = io.free_name(tmp_path / f"a-{n}.yaml" for n in range(1, 5))
    assert got == tmp_path / "a-2.yaml" and got.read_bytes() == b""  # claimed, empty
    assert (tmp_path / "a-1.yaml").read_text() == "another process's\n"
    assert capsys.readouterr().err == (f"note: {tmp_path / 'a-1.yaml'} was just taken by another "
                                       "process; the file goes to the next free name\n")
    io.unclaim(got)
    assert not got.exists()


def test_two_sheets_printed_at_once_never_share_a_default_name(tmp_path):
    for run in range(RUNS):
        folder = tmp_path / str(run)
        folder.mkdir()
        results = race(folder, (["vv", "sheet", "berlin", "--lang", "de"], ""),
                       (["vv", "sheet", "berlin", "--lang", "fr"], ""))
        names = [re.search(r"wrote (\S+)", r.stdout).group(1) for r in results]
        assert all(r.code == 0 for r in results), [r.stderr for r in results]
        assert sorted(names) == ["output/berlin-2.pdf", "output/berlin.pdf"]
        for name in names:
            data = (folder / name).read_bytes()
            assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")


def test_two_games_given_one_log_one_plays_the_other_is_refused(tmp_path):
    for run in range(RUNS):
        folder = tmp_path / str(run)
        folder.mkdir()
        a, b = race(folder, (["mf", "play", "-p", "Ann,Bob", "--log", "g.yaml"], "#1\n#1\n"),
                    (["mf", "play", "-p", "Cid,Dan", "--log", "g.yaml"], "#1\n#1\n#1\n"))
        won = [r for r in (a, b) if r.code == 130]
        lost = [r for r in (a, b) if r.code == 2]
        assert len(won) == 1 and len(lost) == 1, (a, b)
        assert "g.yaml: already exists" in lost[0].stderr
        assert len(lost[0].stderr.strip().splitlines()) == 1
        data = yaml.safe_load((folder / "g.yaml").read_text())
        mine = ["Ann", "Bob"] if won[0] is a else ["Cid", "Dan"]
        assert data["players"] == mine and _mf_turns(folder / "g.yaml") == (2 if won[0] is a else 3)


def test_two_resumes_of_one_log_lose_no_confirmed_step(tmp_path):
    runner = CliRunner()
    for run in range(RUNS):
        folder = tmp_path / str(run)
        folder.mkdir()
        log = folder / "g.yaml"
        runner.invoke(root, ["mf", "play", "-p", "Ann,Bob", "--log", str(log)], input="#1\n")
        assert _mf_turns(log) == 1
        results = race(folder, (["mf", "play", "--resume", "g.yaml"], "#1\n" * 6),
                       (["mf", "play", "--resume", "g.yaml"], "#1\n" * 6))
        played = [r for r in results if r.code == 130]
        refused = [r for r in results if r.code == 2]
        assert len(played) + len(refused) == 2, results
        for r in refused:  # the other one held it: named by its pid, in one line
            other = next(o for o in results if o is not r)
            assert r.stderr.strip() == (f"g.yaml: is being played by another scorepad "
                                        f"(pid {other.pid}); wait for it to end, or stop it")
        # every step a player saw confirmed is in the log: one run's six, or both runs'
        assert _mf_turns(log) == 1 + 6 * len(played)


def _start_play(folder: Path, *args: str) -> subprocess.Popen[str]:
    child = subprocess.Popen([SCOREPAD, "mf", "play", *args], cwd=folder, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    assert child.stdout is not None
    for line in child.stdout:  # the game is open (and its log held) once this is printed
        if "Saved after every move" in line:
            return child
    raise AssertionError(child.stderr.read() if child.stderr else "no output")


def test_a_second_writer_is_refused_until_the_first_is_killed(tmp_path):
    first = _start_play(tmp_path, "-p", "Ann,Bob", "--log", "g.yaml")
    try:
        second = subprocess.run([SCOREPAD, "mf", "play", "--resume", "g.yaml"], cwd=tmp_path,
                                input="#1\n", capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert second.stderr == (f"g.yaml: is being played by another scorepad (pid "
                                 f"{first.pid}); wait for it to end, or stop it\n")
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate()
    assert (tmp_path / ".g.yaml.lock").exists()  # left by kill -9, but not held by anyone
    third = subprocess.run([SCOREPAD, "mf", "play", "--resume", "g.yaml"], cwd=tmp_path,
                           input="#1\n", capture_output=True, text=True, timeout=60)
    assert third.returncode == 130, third.stderr
    assert _mf_turns(tmp_path / "g.yaml") == 1
    assert not (tmp_path / ".g.yaml.lock").exists()  # a clean end gives the lock file back


def test_the_lock_of_another_process_is_busy_and_our_own_is_shared(tmp_path):
    log = tmp_path / "g.yaml"
    log.write_text("x: 1\n")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child holds the log until told to stop
        os.close(write)
        lock.hold(log)
        os.read(read, 1)
        os._exit(0)
    os.close(read)
    try:
        deadline = time.monotonic() + 10
        while not (tmp_path / ".g.yaml.lock").exists() or \
                not (tmp_path / ".g.yaml.lock").read_text().strip():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        with pytest.raises(lock.Busy) as busy:
            lock.hold(tmp_path / "." / "g.yaml")  # another spelling of the same log
        assert busy.value.pid == pid and busy.value.exit_code == 2
    finally:
        os.write(write, b"x")
        os.waitpid(pid, 0)
    assert lock.hold(log) == lock.hold(log)  # held, and held again by the same process
    lock.release(log)
    assert not (tmp_path / ".g.yaml.lock").exists()


def test_the_server_refuses_a_log_a_terminal_plays_and_the_terminal_one_the_server_serves(
        tmp_path):
    import httpx
    from web_server import START, serving

    from scorepad.web.games import default_games

    folder = tmp_path / "games"
    with serving(default_games(), folder) as base:
        game = httpx.post(f"{base}/api/games?t={START}",
                          json={"game": "mille-fiori", "players": ["Ann", "Bob"]}).json()
        log = folder / game["log"]
        terminal = subprocess.run([SCOREPAD, "mf", "play", "--resume", str(log)], input="#1\n",
                                  capture_output=True, text=True, timeout=60)
        assert terminal.returncode == 2
        assert terminal.stderr.startswith(f"{log}: is being played by another scorepad "
                                          f"(pid {os.getpid()})")
    lock.release(log)  # the test server ran in this process: as if it had stopped
    player = _start_play(tmp_path, "--resume", str(log))
    try:
        from scorepad.web.app import create_app

        problems = create_app(default_games(), folder=folder).state.host.problems
        assert len(problems) == 1 and "being played by another scorepad" in problems[0]
        assert f"pid {player.pid}" in problems[0]
    finally:
        player.kill()
        player.communicate()
