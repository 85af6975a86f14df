"""A bounded load test of ``scorepad serve`` on loopback (used by bench_web and the tests).

The server runs in its own process on 127.0.0.1 (the real games, and the toy game of
``tests/web_toy.py``). ``games`` tables get ``clients`` listening phones each
(server-sent events); one driver per table plays a step every ``games / rate`` seconds
(the tables staggered; at a real table a card comes every half minute or so) once every
phone of its table has seen the last one, until ``steps`` steps have been played in all.

It measures the server, not itself:

- **Lightweight phones.** All phones live in this one asyncio process, each a raw TCP
  connection reading its event stream in 64 kB reads: no HTTP library, no decoding, no
  JSON. A read is searched (``bytes.find``) for the event's ``id:`` (the state's version)
  and the blank line that ends the event; the time is taken right after the read that
  completes it returns. So a phone costs the client a few microseconds an event, however
  large the state.
- **Apart on the cores.** With two or more CPUs the server is pinned to one and this
  client to another (``sched_setaffinity``), so they do not take turns on one core.
- **The server's own counters.** Its CPU is the user + system time the kernel counts for
  the server's process (``/proc``, read with psutil) over the run, per step; its memory
  its resident set after the first tenth of the steps and at the end.
- **The client and the machine checked.** The client's CPU (the same counters, its own
  process), the lag of its event loop (a 5 ms timer's lateness, p99) and the CPU every
  other process of the machine used meanwhile (in cores) are reported beside: when the
  loop lags, a phone's time of receipt is late by as much; when other processes keep the
  cores busy, the server waits for a core, and the latencies are the machine's.

Measured: the time from sending a step to each phone receiving it (p50/p99/max). Every
loop is bounded in count and time; only 127.0.0.1 is contacted.
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
app = create_app({{**default_games(), **toy_games()}},
                 folder=__import__("pathlib").Path({folder!r}),
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
    """One listening phone: a raw connection to its event stream; the latest version it
    received in whole, and when (taken as the read that completed it returned)."""

    def __init__(self) -> None:
        self.version = -1
        self.at = 0.0
        self.changed = asyncio.Event()

    async def listen(self, host: str, port: int, target: str) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            writer.write(f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(head.split(b"\r\n", 1)[0].decode())
            buf, pending = b"", -1  # pending: the id of an event begun, not yet ended
            while chunk := await reader.read(1 << 16):
                now = time.perf_counter()
                buf += chunk
                pos = 0
                while True:
                    if pending < 0:  # an event begins with its id (sse-starlette's order)
                        i = buf.find(b"id: ", pos)
                        j = buf.find(b"\r", i) if i >= 0 else -1
                        if j < 0:
                            buf = buf[i:] if i >= 0 else buf[-8:]
                            break
                        pending, pos = int(buf[i + 4:j]), j
                    else:  # ... and ends with a blank line
                        k = buf.find(b"\r\n\r\n", pos)
                        if k < 0:
                            buf = buf[-3:]
                            break
                        self.version, self.at, pending, pos = pending, now, -1, k + 4
                        self.changed.set()
        finally:
            writer.close()

    async def reached(self, version: int) -> float:
        """When this phone received ``version`` (or a later one)."""
        while self.version < version:
            self.changed.clear()
            await self.changed.wait()
        return self.at


def _busy() -> float:
    """CPU seconds the whole machine has been busy (every core, every process)."""
    t = psutil.cpu_times()
    return sum(t) - t.idle - getattr(t, "iowait", 0.0)


async def _loop_lag(lags: list[float], period: float = 0.005) -> None:
    """How late a ``period`` timer fires, again and again: the event loop's lag."""
    while True:
        due = time.perf_counter() + period
        await asyncio.sleep(period)
        lags.append(time.perf_counter() - due)


@contextmanager
def pinned(server_pid: int):
    """The server on the last CPU and this client on the others while in the block (this
    process's CPUs as they were afterwards); yields whether it could (two CPUs or more)."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(cpus) < 2:
        yield False
        return
    os.sched_setaffinity(server_pid, {cpus[-1]})
    os.sched_setaffinity(0, set(cpus[:-1]))
    try:
        yield True
    finally:
        os.sched_setaffinity(0, set(cpus))


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
    host, port = base.removeprefix("http://").rsplit(":", 1)
    # the drivers' connections (the phones have their own); idle ones dropped before the
    # server's 5 s keep-alive timeout closes them under us
    limits = httpx.Limits(max_connections=games + 10, keepalive_expiry=2.0)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        tables = []
        for _ in range(games):
            r = await client.post(f"{base}/api/games?t={START}", json=NEW_GAME[kind](
                PLAYERS[:clients] if clients <= 6 else PLAYERS))
            r.raise_for_status()
            tables.append(r.json())
        listeners, streams = [], []
        for table in tables:
            mine = []
            for i in range(clients):
                link = table["players"][i % len(table["players"])]
                phone = Phone()
                target = f"/api/games/{table['id']}/events?t={link['url'].rsplit('t=', 1)[1]}"
                listeners.append(asyncio.create_task(phone.listen(host, int(port), target)))
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

        lags: list[float] = []
        listeners.append(asyncio.create_task(_loop_lag(lags)))
        machine_before = _busy()
        cpu_before = sum(proc.cpu_times()[:2])
        me = psutil.Process()
        client_before = sum(me.cpu_times()[:2])
        per = [steps // games + (1 if i < steps % games else 0) for i in range(games)]
        start = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(
            drive(i, t, s, c)
            for i, (t, s, c) in enumerate(zip(tables, streams, per, strict=True)))),
            limit_seconds)
        elapsed = time.perf_counter() - start
        memory["end"] = proc.memory_info().rss
        server_cpu = sum(proc.cpu_times()[:2]) - cpu_before
        client_cpu = sum(me.cpu_times()[:2]) - client_before
        others = _busy() - machine_before - server_cpu - client_cpu
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    latencies.sort()
    lags.sort()
    return {"steps": done, "deliveries": len(latencies), "seconds": elapsed,
            "steps_per_s": done / elapsed,
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
            "max_ms": 1000 * latencies[-1], "server_cpu_ms_per_step": 1000 * server_cpu / done,
            # the load client's own work (reading every phone's stream): when it is near
            # a whole core, the latencies measure the client, not the server
            "client_cpu_ms_per_step": 1000 * client_cpu / done,
            # the share of a core each process used over the run
            "server_cpu_share": server_cpu / elapsed, "client_cpu_share": client_cpu / elapsed,
            # what every other process on the machine used meanwhile, in cores: more than
            # a fraction of one, and the latencies wait for the CPU, not for the server
            "others_cores": max(others, 0.0) / elapsed,
            "loop_lag_p99_ms": 1000 * lags[int(0.99 * (len(lags) - 1))] if lags else 0.0,
            "rss_warm_mb": memory["warm"] / 2**20, "rss_end_mb": memory["end"] / 2**20}


def load(games: int = 50, clients: int = 6, steps: int = 1000, rate: float = 50.0,
         limit_seconds: float = 300, kind: str = "toy") -> dict[str, float]:
    """Run the load test against a fresh server in a temporary folder; the figures.

    ``rate``: steps per second over all tables (50: each table steps once a second);
    ``kind``: ``toy`` or ``voll-verplant`` (a real 6-player game on Berlin).
    """
    with tempfile.TemporaryDirectory() as folder, toy_server(Path(folder)) as (base, pid):
        with pinned(pid) as apart:
            figures = asyncio.run(_run(base, games, clients, steps, pid, limit_seconds, rate, kind))
        return {**figures, "pinned": float(apart)}


if __name__ == "__main__":
    print(load(*(float(a) if i == 3 else int(a) for i, a in enumerate(sys.argv[1:5]))))
    os._exit(0)
