"""What the server saves it can read, and what it refuses it refuses quietly (issue 34):
every control and invisible character in a web move is refused with a 4xx or saved so
that ``check`` and resume read it; a client hanging up mid-body costs no traceback; a
full disk is 503 (and a line on the server's terminal); photos are read a few at a time.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_server import START, serving

from scorepad import store
from scorepad.io import dump_yaml
from scorepad.main import root
from scorepad.rules.common.reader import parse_document
from scorepad.rules.session import Session
from scorepad.web.games import default_games

#: Every control character, the line and paragraph separators, and invisible format
#: characters (zero-width space and joiners, word joiner, byte-order mark, soft hyphen,
#: direction overrides and isolates).
ODD = ([chr(c) for c in range(0x20)] + [chr(c) for c in range(0x7F, 0xA0)]
       + ["\u2028", "\u2029", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad",
          "\u202e", "\u2066", "\u061c"])


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("games")


@pytest.fixture(scope="module")
def base(folder):
    with serving(default_games(), folder) as url:
        yield url


def api(link: dict, what: str = "") -> str:
    return link["url"].replace("/g/", "/api/games/").replace("?t=", f"{what}?t=")


def test_every_odd_character_in_a_web_move_is_refused_or_read_back(base, folder):
    game = httpx.post(f"{base}/api/games?t={START}",
                      json={"game": "floris", "players": ["Ann", "Bob"]}).json()
    ann = game["players"][0]
    log = folder / game["log"]
    saved = 0
    for char in ODD:
        r = httpx.post(api(ann, "/step"), json={"player": "Ann", "move": f"rose:3{char}lily:3"})
        assert r.status_code in (200, 400, 422), (repr(char), r.text)
        if r.status_code == 200:
            saved += 1
            check = CliRunner().invoke(root, ["floris", "check", str(log)])
            assert check.exit_code in (0, 1), (repr(char), check.output)
            assert len(store.load(log, "floris").steps) == r.json()["steps"]
            assert httpx.post(api(game["host"], "/undo")).status_code == 200
        else:
            assert "control character" in r.json()["error"] or r.status_code == 422, r.text
    assert saved == 0  # none of them is a bouquet: refused at the door or by the engine
    r = httpx.post(api(ann, "/step"), json={"player": "Ann", "move": "rose:3\u0085lily:3"})
    assert r.status_code == 400 and "control character" in r.json()["error"]


def _game_moves() -> list[tuple[str, Session]]:
    sessions = []
    for game, players in (("floris", ["Ann", "Bob"]), ("mille-fiori", ["Ann", "Bob"]),
                          ("voll-verplant", ["Ann", "Bob"])):
        session = Session.start(game, players, seed="door",
                                **({"map": "berlin"} if game == "voll-verplant" else {}))
        while session.at_chance():
            session = session.reveal()
        sessions.append((game, session))
    return sessions


def _with_char(move, char: str, at: int):
    """``move`` with ``char`` put into its first text (a key or a value)."""
    if isinstance(move, str):
        at %= len(move) + 1
        return move[:at] + char + move[at:]
    if isinstance(move, dict):
        first = next(iter(move))
        if isinstance(move[first], (str, dict, list)):
            return {**move, first: _with_char(move[first], char, at)}
        return {_with_char(first, char, at): move[first], **{k: v for k, v in move.items()
                                                              if k != first}}
    if isinstance(move, list) and move:
        return [_with_char(move[0], char, at), *move[1:]]
    return move


SESSIONS = _game_moves()


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(SESSIONS) - 1), pick=st.integers(0, 50),
       char=st.sampled_from(ODD) | st.characters(), at=st.integers(0, 40))
def test_the_write_path_writes_only_what_the_reader_reads(which, pick, char, at):
    """Any legal move with any character put into it: refused at the door, or the log
    written for it is read back by the reader and resumes to the same steps."""
    game, session = SESSIONS[which]
    player = session.to_move()[0]
    moves = session.legal_moves(player)
    move = _with_char(moves[pick % len(moves)], char, at)
    try:
        after = session.step(player, move)
    except Exception as err:  # noqa: BLE001 - refused: by the door (InputError) or the engine
        from scorepad.rules.common.errors import ScorepadError

        assert isinstance(err, ScorepadError), repr(err)
        return
    doc = parse_document(dump_yaml(after.to_log()).encode(), "log.yaml")
    assert Session.resume(game, doc).steps == after.steps


def test_a_client_hanging_up_mid_body_prints_nothing(base, capfd):
    host = base.removeprefix("http://")
    name, port = host.split(":")
    capfd.readouterr()
    for _ in range(3):
        with socket.create_connection((name, int(port))) as sock:
            sock.sendall(f"POST /api/games?t={START} HTTP/1.1\r\nHost: {host}\r\n"
                         "Content-Type: application/json\r\nContent-Length: 50\r\n\r\n"
                         '{"game": "flor'.encode())
        time.sleep(0.2)
    assert httpx.get(f"{base}/api/kinds").status_code == 200  # the server goes on
    _out, err = capfd.readouterr()
    assert "Traceback" not in err and "internal error" not in err and "ClientDisconnect" not in err


def test_a_full_disk_is_503_and_a_line_on_the_server(folder, capfd, monkeypatch):
    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    with serving(default_games(), folder / "full") as url:
        game = httpx.post(f"{url}/api/games?t={START}",
                          json={"game": "floris", "players": ["Ann", "Bob"]}).json()
        monkeypatch.setattr("scorepad.store.atomic_write", full)
        r = httpx.post(f"{url}/api/games?t={START}",
                       json={"game": "floris", "players": ["Cid", "Dan"]})
        assert r.status_code == 503 and "could not be saved" in r.json()["error"]
        step = httpx.post(api(game["players"][0], "/step"),
                          json={"player": "Ann", "move": "rose:3 lily:3"})
        assert step.status_code == 503
        err = capfd.readouterr().err
        assert err.count("scorepad serve: not saved:") == 2 and "No space left" in err
        assert ".yaml" in err and ".yaml" not in r.text + step.text  # the file: only here
    left = sorted(p.name for p in (folder / "full").iterdir() if p.suffix == ".yaml")
    assert left == [game["log"]]  # the refused game left no empty log


def test_photos_are_read_two_at_a_time_and_the_rest_wait_or_get_429(monkeypatch):
    from scorepad.web import scan
    from scorepad.web.host import TooMany

    monkeypatch.setattr(scan, "SCANS_WAITING", 3)
    turns = scan._Turns()
    running, most, release = [0], [0], threading.Event()

    def read(n: int) -> int:
        running[0] += 1
        most[0] = max(most[0], running[0])
        release.wait(10)
        running[0] -= 1
        return n

    async def main() -> list:
        tasks = [asyncio.ensure_future(turns.run(read, n)) for n in range(6)]
        await asyncio.sleep(0.3)
        release.set()
        return await asyncio.gather(*tasks, return_exceptions=True)

    results = asyncio.run(main())
    assert most[0] == scan.SCANS_AT_ONCE == 2
    assert results[:5] == [0, 1, 2, 3, 4] and isinstance(results[5], TooMany)
