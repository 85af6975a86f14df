"""Light steps (issue 32): every event stream message a phone gets is at most 8 KB on the
wire, for every game, whatever the state's size (Mille Fiori's is about 65 kB): a browser
asks for gzip and the stream is gzipped as it goes, each message flushed at once. Read as
a phone reads it: raw bytes off the socket (chunked, gzip), each chunk one message."""

from __future__ import annotations

import json
import socket
import zlib

import httpx
import pytest
from web_server import START, serving

from scorepad.web.games import default_games

LIMIT = 8 * 1024
GAMES = [("mille-fiori", ["Ann", "Bob", "Cid", "Dan"], {}),
         ("floris", ["Ann", "Bob", "Cid"], {}),
         ("voll-verplant", ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"],
          {"setup": {"map": "berlin"}})]


def open_stream(base: str, path: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n"
                 "Accept-Encoding: gzip, deflate, br\r\n\r\n".encode())
    return sock


def read_all(sock: socket.socket) -> bytes:
    sock.settimeout(1.5)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        pass
    sock.close()
    return data


def chunks(raw: bytes) -> tuple[str, list[bytes]]:
    """The response's head and its body's chunks (HTTP/1.1 chunked encoding)."""
    head, _, body = raw.partition(b"\r\n\r\n")
    out = []
    while body:
        size_line, _, rest = body.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            break
        out.append(rest[:size])
        body = rest[size + 2:]
    return head.decode(), out


def play(base: str, game: dict, steps: int) -> int:
    """Up to ``steps`` steps, each the first legal move of a player to move (by the
    player's own link), a card revealed by the host's; returns how many were played."""
    host = game["host"]["url"].rsplit("t=", 1)[1]
    tokens = {p["name"]: p["url"].rsplit("t=", 1)[1] for p in game["players"]}
    url = f"{base}/api/games/{game['id']}"
    played = 0
    for _ in range(steps):
        state = httpx.get(url, params={"t": host}).json()
        if state["over"]:
            break
        if state["at_chance"]:
            body, token = {"reveal": True}, host
        else:
            name = state["to_move"][0]
            legal = httpx.get(url, params={"t": tokens[name]}).json()["legal"][name]
            body, token = {"player": name, "move": legal[0]}, tokens[name]
        r = httpx.post(f"{url}/step", params={"t": token}, json=body)
        assert r.status_code == 200, r.text
        played += 1
    return played


@pytest.mark.parametrize(("kind", "players", "extra"), GAMES, ids=[g[0] for g in GAMES])
def test_every_message_a_phone_gets_is_at_most_8_kb_on_the_wire(tmp_path, kind, players, extra):
    with serving(default_games(), tmp_path) as base:
        game = httpx.post(f"{base}/api/games?t={START}",
                          json={"game": kind, "players": players, "seed": "light", **extra}).json()
        links = [p["url"] for p in game["players"]] + [game["host"]["url"], game["watch"]["url"]]
        paths = [u.replace(base, "").replace("/g/", "/api/games/").replace("?t=", "/events?t=")
                 for u in links]
        streams = [open_stream(base, p) for p in paths]
        played = play(base, game, 12)
        assert played >= 6
        for sock in streams:
            head, pieces = chunks(read_all(sock))
            assert "content-encoding: gzip" in head.lower()
            unpack = zlib.decompressobj(16 + zlib.MAX_WBITS)
            states = []
            for piece in pieces:
                assert len(piece) <= LIMIT, f"{kind}: a message of {len(piece)} bytes"
                text = unpack.decompress(piece).decode()
                states += [json.loads(line[6:]) for line in text.splitlines()
                           if line.startswith("data: ")]
            # the whole state at once on connecting, then one a step (a phone may miss
            # none: each is the state after it)
            versions = [s["version"] for s in states]
            assert versions[0] == 0 and versions[-1] == played
            assert sorted(set(versions)) == versions
