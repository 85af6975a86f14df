"""A phone at the table (issue 32): tap → preview on a cheap phone, and the bytes a step
sends each phone.

* **tap → preview**: a Voll verplant player's page on Berlin in headless Chromium (Debian's
  chromium, 360×640, touch, device scale 2) with the CPU throttled 4× (CDP
  ``Emulation.setCPUThrottlingRate``, as a cheap phone); a finger taps a legal line's chip
  and the time is taken in the page from the touch to the preview's words on the screen
  (the check's round trip to the server on loopback included). Median of 9 taps.
* **bytes per step per phone**: real games of every game played through the API while
  every phone's event stream is read raw off the socket (gzip, as a browser asks): the
  largest and the mean message, and the state's size before compression.

``python benchmarks/run.py web_phone``; figures in ``docs/performance.md``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

TAPS = 9
THROTTLE = 4


def tap_to_preview() -> list[float]:
    """Milliseconds from a tap on a line's chip to its preview shown, ``TAPS`` times."""
    import httpx
    from web_browser import chromium, touch_phone
    from web_server import START, serving
    from web_vv import vv_games

    folder = Path(tempfile.mkdtemp()) / "games"
    times = []
    with serving(vv_games(folder), folder) as base, chromium() as browser:
        game = httpx.post(f"{base}/api/games?t={START}", json={
            "game": "voll-verplant", "players": ["Ann", "Bob"], "seed": "s0",
            "setup": {"map": "berlin"}}).json()
        host = game["host"]["url"].replace("/g/", "/api/games/").replace("?t=", "/step?t=")
        httpx.post(host, json={"reveal": True})
        errors: list[str] = []
        page = touch_phone(browser, game["players"][0]["url"], errors)
        page.wait_for_selector(".vv-chip")
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                {"rate": THROTTLE})
        for k in range(TAPS):
            chip = page.locator(".vv-chip").nth(k % page.locator(".vv-chip").count())
            box = chip.bounding_box()
            page.evaluate("""() => { window.__shown = null; window.__tap = null;
              addEventListener('touchstart', () => { window.__tap = performance.now(); },
                               {once: true, capture: true});
              new MutationObserver((list, obs) => {
                if (document.querySelector('.vv-preview-text')) {
                  window.__shown = performance.now(); obs.disconnect(); }
              }).observe(document.body, {childList: true, subtree: true}); }""")
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function("() => window.__shown !== null")
            times.append(page.evaluate("window.__shown - window.__tap"))
            page.locator(".vv-cancel").tap()
            page.wait_for_selector(".vv-preview-text", state="detached")
        assert errors == [], errors
    return times


def bytes_per_step() -> dict[str, tuple[int, float, int]]:
    """Game → (largest message, mean message, largest state before gzip), in bytes."""
    import zlib

    import httpx
    from test_web_light_steps import GAMES, chunks, open_stream, play, read_all
    from web_server import START, serving

    from scorepad.web.games import default_games

    out = {}
    for kind, players, extra in GAMES:
        folder = Path(tempfile.mkdtemp())
        with serving(default_games(), folder) as base:
            game = httpx.post(f"{base}/api/games?t={START}",
                              json={"game": kind, "players": players, "seed": "bench",
                                    **extra}).json()
            links = [p["url"] for p in game["players"]]
            streams = [open_stream(base, u.replace(base, "").replace("/g/", "/api/games/")
                                   .replace("?t=", "/events?t=")) for u in links]
            play(base, game, 30)
            sizes, raw = [], []
            for sock in streams:
                _, pieces = chunks(read_all(sock))
                unpack = zlib.decompressobj(16 + zlib.MAX_WBITS)
                for piece in pieces:
                    text = unpack.decompress(piece).decode()
                    states = [line[6:] for line in text.splitlines() if line.startswith("data: ")]
                    if states:
                        sizes.append(len(piece))
                        raw += [len(s.encode()) for s in states]
            out[kind] = (max(sizes), statistics.mean(sizes), max(raw))
    return out


def main() -> list[str]:
    lines = []
    for kind, (most, mean, raw) in bytes_per_step().items():
        lines.append(f"{kind}: a message to a phone at most {most / 1024:.1f} KB on the wire, "
                     f"mean {mean / 1024:.1f} KB (the state {raw / 1024:.1f} kB unpacked) "
                     f"(target: at most 8 KB)")
    times = tap_to_preview()
    lines.append(f"tap → preview, CPU ×{THROTTLE} slower: "
                 f"median {statistics.median(times):.0f} ms, "
                 f"slowest {max(times):.0f} ms of {TAPS} taps (target: under 100 ms feels instant)")
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
