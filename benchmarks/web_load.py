"""A bounded load test of ``scorepad serve`` on loopback (used by bench_web and the tests).

The server runs in its own process on 127.0.0.1 with the toy game of ``tests/web_toy.py``
(the real games plug into the same host). ``games`` tables get ``clients`` listening
phones each (server-sent events); one driver per table plays a step every
``games / rate`` seconds (the tables staggered; at a real table a card comes every half
minute or so) once every phone of its table has seen the last one, until ``steps``
steps have been played in all. The pace keeps the load-test client (one Python process
reading every stream) from measuring its own backlog instead of the server. Measured: the time from sending a step to each phone receiving
it (p50/p99/max), and the server's resident memory after the first tenth of the steps
and at the end. Every loop is bounded in count and time; only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
SERVER = """
import sys, uvicorn
sys.path.insert(0, {tests!r})
from web_toy import toy_games
from scorepad.web.app import create_app
from scorepad.web.games import default_games
from scorepad.web.serve import server_config
app = create_app({{**default_games(), **toy_games()}}, folder=__import__("pathlib").Path({folder!r}),
                 start_token={start!r})
# the server's own settings (connection cap, timeouts), as scorepad serve runs it
uvicorn.Server(server_config(app, "127.0.0.1", {port})).run()
"""
PLAYERS = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
#: the start page's token of the load server (creating games needs it)
START = "load-start-token-0123456789"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def toy_server(folder: Path):
    """The server in a child process; yields (base URL, pid); stopped on leaving."""
    port = _free_port()
    code = SERVER.format(tests=str(ROOT / "tests"), folder=str(folder), port=port, start=START)
    proc = subprocess.Popen([sys.executable, "-c", code])
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(base + "/api/kinds", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the load-test server did not start") from None
                time.sleep(0.1)
        yield base, proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


class Phone:
    """One listening client: the latest version it received, and when."""

    def __init__(self) -> None:
        self.version = -1
        self.at = 0.0
        self.changed = asyncio.Event()

    async def listen(self, client: httpx.AsyncClient, url: str, token: str) -> None:
        async with client.stream("GET", url, params={"t": token}) as stream:
            version = -1
            async for line in stream.aiter_lines():
                if line.startswith("id: "):
                    version = int(line[4:])
                elif line.startswith("data: "):
                    self.version, self.at = version, time.perf_counter()
                    self.changed.set()

    async def reached(self, version: int) -> float:
        """When this phone received ``version`` (or a later one)."""
        while self.version < version:
            self.changed.clear()
            await self.changed.wait()
        return self.at


#: What a table of each kind is started with: the toy, or a real 6-player Voll verplant game
#: on Berlin (each phone's state then holds its sheet, the host's all six).
NEW_GAME = {
    "toy": lambda players: {"game": "toy", "players": players, "seed": "load",
                            "setup": {"rounds": 1000}},
    "voll-verplant": lambda players: {"game": "voll-verplant", "players": players,
                                      "seed": "load", "setup": {"map": "berlin"}},
}


def _next_step(view: dict, n: int) -> dict:
    """The next step of a table from the host's state: the card when at chance, else the
    first player to move plays one of their legal moves (varied by ``n``)."""
    if view["at_chance"]:
        return {"reveal": True}
    player = view["to_move"][0]
    legal = view["legal"][player]
    return {"player": player, "move": legal[n % len(legal)]}


async def _run(base: str, games: int, clients: int, steps: int, pid: int,
               limit_seconds: float, rate: float, kind: str = "toy") -> dict[str, float]:
    proc = psutil.Process(pid)
    # idle connections dropped before the server's 5 s keep-alive timeout closes them under us
    limits = httpx.Limits(max_connections=games * clients + games + 10, keepalive_expiry=2.0)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        tables = []
        for _ in range(games):
            r = await client.post(f"{base}/api/games?t={START}", json=NEW_GAME[kind](
                PLAYERS[:clients] if clients <= 6 else PLAYERS))
            r.raise_for_status()
            tables.append(r.json())
        listeners, streams = [], []
        for table in tables:
            url = f"{base}/api/games/{table['id']}/events"
            mine = []
            for i in range(clients):
                link = table["players"][i % len(table["players"])]
                phone = Phone()
                listeners.append(asyncio.create_task(
                    phone.listen(client, url, link["url"].rsplit("t=", 1)[1])))
                mine.append(phone)
            streams.append(mine)
        await asyncio.wait_for(asyncio.gather(*(p.reached(0) for s in streams for p in s)), 30)
        latencies: list[float] = []
        memory: dict[str, float] = {}
        done = 0
        warm = max(steps // 10, 1)

        interval = games / rate

        async def drive(index: int, table: dict, mine: list, count: int) -> None:
            nonlocal done
            await asyncio.sleep(interval * index / games)
            step_url = f"{base}/api/games/{table['id']}/step"
            host = table["host"]["url"].rsplit("t=", 1)[1]
            view = (await client.get(f"{base}/api/games/{table['id']}",
                                     params={"t": host})).json()
            for n in range(count):
                if view["over"]:
                    break
                due = time.perf_counter() + interval
                body = _next_step(view, n)
                sent = time.perf_counter()
                r = await client.post(step_url, params={"t": host}, json=body)
                r.raise_for_status()
                view = r.json()
                version = view["version"]
                for phone in mine:
                    latencies.append(await phone.reached(version) - sent)
                done += 1
                if done == warm:
                    memory["warm"] = proc.memory_info().rss
                await asyncio.sleep(max(due - time.perf_counter(), 0))

        cpu_before = sum(proc.cpu_times()[:2])
        me = psutil.Process()
        client_before = sum(me.cpu_times()[:2])
        per = [steps // games + (1 if i < steps % games else 0) for i in range(games)]
        start = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(
            drive(i, t, s, c) for i, (t, s, c) in enumerate(zip(tables, streams, per, strict=True)))),
            limit_seconds)
        elapsed = time.perf_counter() - start
        memory["end"] = proc.memory_info().rss
        server_cpu = sum(proc.cpu_times()[:2]) - cpu_before
        client_cpu = sum(me.cpu_times()[:2]) - client_before
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    latencies.sort()
    return {"steps": done, "deliveries": len(latencies), "seconds": elapsed,
            "steps_per_s": done / elapsed,
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
            "max_ms": 1000 * latencies[-1], "server_cpu_ms_per_step": 1000 * server_cpu / done,
            # the load client's own work (reading every phone's stream): when it is near
            # a whole core, the latencies measure the client, not the server
            "client_cpu_ms_per_step": 1000 * client_cpu / done,
            "rss_warm_mb": memory["warm"] / 2**20, "rss_end_mb": memory["end"] / 2**20}


def load(games: int = 50, clients: int = 6, steps: int = 1000, rate: float = 50.0,
         limit_seconds: float = 300, kind: str = "toy") -> dict[str, float]:
    """Run the load test against a fresh server in a temporary folder; the figures.

    ``rate``: steps per second over all tables (50: each table steps once a second);
    ``kind``: ``toy`` or ``voll-verplant`` (a real 6-player game on Berlin).
    """
    with tempfile.TemporaryDirectory() as folder, toy_server(Path(folder)) as (base, pid):
        return asyncio.run(_run(base, games, clients, steps, pid, limit_seconds, rate, kind))


if __name__ == "__main__":
    print(load(*(float(a) if i == 3 else int(a) for i, a in enumerate(sys.argv[1:5]))))
    os._exit(0)
