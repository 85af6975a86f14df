"""Memory of reading large photos: six phones upload a 49-megapixel photo of their sheet to
one ``scorepad serve`` at the same moment, and one ``vv scan`` reads one from the command
line.

Figures (goal from issue 34):

* server peak — the serving process's peak resident memory (``VmHWM``) over the six
  uploads, and before them (≤ 600 MB);
* the six answers — how many were read (200), refused by the photo's reader (400), or
  asked to come back (429);
* CLI peak — ``vv scan`` of one such photo, the child's peak resident memory.

The photos are synthetic (``tests/scan_photos.py``: a played Berlin sheet, 49 MP, JPEG
quality 90), made before anything is measured; ``output/scan-cache`` keeps the prints.
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
SCOREPAD = str(Path(sys.executable).with_name("scorepad"))
PHONES = 6
MEGAPIXELS = 49


def _peak_mb(pid: int) -> float:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", text).group(1)) / 1024  # type: ignore[union-attr]


def _serve(folder: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen([SCOREPAD, "serve", "--folder", str(folder), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    token = re.search(r"\?t=([\w-]+)", line)
    assert token, line
    import httpx

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/kinds", timeout=2)
            break
        except httpx.TransportError:
            time.sleep(0.2)
    return server, token.group(1)


def main() -> list[str]:
    import httpx
    from scan_photos import make_photo
    from web_server import free_port

    cache = ROOT / "output" / "scan-cache"
    cache.mkdir(parents=True, exist_ok=True)
    photos = [make_photo(9000 + n, cache, map_id="berlin", megapixels=MEGAPIXELS, tilt=10,
                         blur=0.3, quality=90).jpeg for n in range(PHONES)]
    size = max(len(p) for p in photos) / 1e6
    with tempfile.TemporaryDirectory() as tmp:
        folder, port = Path(tmp) / "games", free_port()
        server, start = _serve(folder, port)
        try:
            base = f"http://127.0.0.1:{port}"
            players = [f"P{n + 1}" for n in range(PHONES)]
            game = httpx.post(f"{base}/api/games?t={start}", timeout=30, json={
                "game": "voll-verplant", "players": players, "seed": "mem",
                "setup": {"map": "berlin"}}).json()
            host = game["host"]["url"].rsplit("t=", 1)[1]
            before = _peak_mb(server.pid)

            def upload(n: int) -> int:
                return httpx.post(f"{base}/api/games/{game['id']}/scan",
                                  params={"t": host, "name": players[n]},
                                  content=photos[n], headers={"Content-Type": "image/jpeg"},
                                  timeout=300).status_code

            with concurrent.futures.ThreadPoolExecutor(PHONES) as pool:
                codes = list(pool.map(upload, range(PHONES)))
            peak = _peak_mb(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=10)
        photo = Path(tmp) / "big.jpg"
        photo.write_bytes(photos[0])
        # measured by a small interpreter of its own: a child forked from this one (which
        # holds the photos) would count this one's memory as its own until it runs scorepad
        measure = ("import resource, subprocess, sys; code = subprocess.run(sys.argv[1:], "
                   "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode; "
                   "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        done = subprocess.run([sys.executable, "-c", measure, SCOREPAD, "vv", "scan", str(photo),
                               "--json"], cwd=tmp, capture_output=True, text=True, check=True)
        cli_code, cli_kb = done.stdout.split()
        cli_peak = int(cli_kb) / 1024
    counts = {code: codes.count(code) for code in sorted(set(codes))}
    return [f"photos: {PHONES} x {MEGAPIXELS} MP JPEG (largest {size:.1f} MB)",
            f"server peak: {peak:.0f} MB over {PHONES} concurrent uploads "
            f"(before them: {before:.0f} MB) (≤ 600 MB)",
            f"answers: {', '.join(f'{n} x {code}' for code, n in counts.items())}",
            f"vv scan of one photo: peak {cli_peak:.0f} MB (exit {cli_code})",
            f"cpu cores: {os.cpu_count()}"]


if __name__ == "__main__":
    print("\n".join(main()))
