"""A Voll verplant player's phone at the table (issue 32), in headless Chromium as a phone
is (touch, device scale 2, 360×640 and 390×844, portrait), tapped with a finger where the
page shows things, never scrolled: the card strip on top, the sheet filling the screen,
the bar in the thumb zone; after a number card every legal line's handle is on the
screen at once, thumb-sized and the element under the finger; a tap previews the move
in the game's words, Confirm saves it and "Change my move" takes its place beside
Confirm; after a free ride the view zooms so the station handles on the screen are
thumb-sized; a tap on a legal line's drawn track chooses it too. Screenshots go to
``output/screenshots/vv-phone-*.png``."""

from __future__ import annotations

import httpx
import pytest
from web_browser import (
    PHONES,
    chromium,
    handles,
    horizontal_overflow,
    shot,
    tap_at,
    thumb_sized,
    touch_phone,
)
from web_server import START, serving
from web_vv import vv_games

from scorepad.rules.session import Session


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def berlin(base: str, seed: str) -> tuple[dict, str]:
    """A two-player Berlin game with its first card revealed: (links, host API URL)."""
    game = httpx.post(f"{base}/api/games?t={START}", json={
        "game": "voll-verplant", "players": ["Ann", "Bob"], "seed": seed,
        "setup": {"map": "berlin"}}).json()
    host = game["host"]["url"].replace("/g/", "/api/games/")
    assert httpx.post(host.replace("?t=", "/step?t="), json={"reveal": True}).status_code == 200
    return game, host


def first_card(seed: str):
    return Session.start("voll-verplant", ["Ann", "Bob"], seed=seed, map="berlin").reveal()


def steps(page) -> int:
    return int(page.inner_text("#log-h").split("·")[1].split()[0])


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_number_card_chosen_confirmed_and_changed_without_scrolling(browser, tmp_path, size):
    seed = "s0"  # the first card is a 3
    assert first_card(seed).state.cards[-1].kind == "number"
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game, _ = berlin(base, seed)
        ann_t = game["players"][0]["url"].rsplit("t=", 1)[1]
        legal = httpx.get(f"{base}/api/games/{game['id']}",
                          params={"t": ann_t}).json()["legal"]["Ann"]
        page = touch_phone(browser, game["players"][0]["url"], errors, size)
        page.wait_for_selector(".vv-base .map [data-line].legal")
        page.wait_for_timeout(200)  # the sheet framed
        scrolled = page.evaluate("window.scrollY")
        name = f"vv-phone-{size['width']}"
        shot(page, f"{name}-1-card", full_page=False)

        # every legal target has a handle; every legal line's handle is on the screen at
        # once, thumb-sized and the element the browser finds at its centre
        lines = sorted({m["line"] for m in legal})
        marked = page.eval_on_selector_all(".legal[data-line], .legal[data-station]",
                                           "els => [...new Set(els.map("
                                           "e => e.dataset.line ?? e.dataset.station))]")
        assert sorted(marked) == lines
        for target in marked:
            assert page.locator(f".legal[data-line='{target}'][data-hit], "
                                f".legal[data-line='{target}'] [data-hit]").count() >= 1
        shown = handles(page)
        assert sorted(h["line"] for h in shown) == lines
        assert thumb_sized(shown) == []
        # the card strip on top is compact, the sheet fills the rest, nothing to scroll sideways
        strip = page.evaluate(
            "document.querySelector('.vv-flip .card').getBoundingClientRect().bottom")
        assert strip <= 110
        frame = page.evaluate("(() => { const r = document.querySelector('.vv-scroll')"
                              ".getBoundingClientRect(); return [r.top, r.bottom]; })()")
        bar = page.evaluate("document.querySelector('.vv-thumb').getBoundingClientRect().top")
        assert frame[0] < strip + 20 and bar - 12 <= frame[1] <= bar
        assert horizontal_overflow(page) == 0

        # a tap on a line's chip previews the move on the sheet, worded by the game
        line = lines[1]
        chip = next(h for h in shown if h["line"] == line)
        page.touchscreen.tap(chip["x"], chip["y"])
        page.wait_for_selector(".vv-preview-text")
        most = max(m.get("crosses", 0) for m in legal if m["line"] == line)
        said = page.inner_text(".vv-preview-text")
        assert said.startswith(f"line {line}: {most} cross") and "✕" not in said
        crossed = page.eval_on_selector_all(".vv-base [data-station].preview", "els => els.length")
        assert crossed == most
        assert steps(page) == 1  # nothing played before Confirm
        shot(page, f"{name}-2-preview", full_page=False)

        # Confirm is in the thumb zone; the move is saved; "Change my move" is beside it
        tap_at(page, "#vv-confirm")
        page.wait_for_selector("#log-h:has-text('· 2 steps')")
        page.wait_for_selector(".vv-retract")
        confirm = page.evaluate("document.querySelector('#vv-confirm').getBoundingClientRect().top")
        change = page.evaluate("document.querySelector('.vv-retract').getBoundingClientRect().top")
        assert abs(confirm - change) < 2
        assert page.evaluate("window.scrollY") == scrolled
        shot(page, f"{name}-3-saved", full_page=False)

        # changed: the move is taken back and the lines are offered again
        tap_at(page, ".vv-retract")
        page.wait_for_selector(".vv-chip")
        assert steps(page) == 1

        # a tap on a legal line's drawn track (not its chip) chooses that line
        spot = page.evaluate("""() => {
          const frame = document.querySelector('.vv-scroll').getBoundingClientRect();
          for (const t of document.querySelectorAll('.vv-base .map [data-line].legal .vv-track')) {
            const pts = t.getAttribute('points').trim().split(/\\s+/)
              .map(p => p.split(',').map(Number));
            const svg = t.ownerSVGElement, m = t.getScreenCTM();
            for (let i = 1; i < pts.length; i++) {
              const p = svg.createSVGPoint();
              p.x = (pts[i - 1][0] + pts[i][0]) / 2; p.y = (pts[i - 1][1] + pts[i][1]) / 2;
              const s = p.matrixTransform(m);
              if (s.x < frame.left + 8 || s.x > frame.right - 8
                  || s.y < frame.top + 8 || s.y > frame.bottom - 8) continue;
              const found = document.elementFromPoint(s.x, s.y);
              if (found === t) return {x: s.x, y: s.y, line: t.parentNode.dataset.line};
            }
          } return null; }""")
        assert spot is not None
        page.touchscreen.tap(spot["x"], spot["y"])
        page.wait_for_selector(f".vv-chip[data-line='{spot['line']}'][aria-pressed=true]")
        page.wait_for_selector(".vv-preview-text")
        assert page.inner_text(".vv-preview-text").startswith(f"line {spot['line']}:")
        tap_at(page, "#vv-confirm")
        page.wait_for_selector("#log-h:has-text('· 2 steps')")
        assert page.evaluate("window.scrollY") == scrolled
        # "photograph my sheet" is no part of a running game's screen (a menu below)
        assert page.locator("#scanmenu[open]").count() == 0
    assert errors == []


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_free_ride_zooms_to_thumb_sized_station_handles(browser, tmp_path, size):
    seed = "s7"  # the first card is a free ride
    assert first_card(seed).state.cards[-1].kind == "free"
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game, _ = berlin(base, seed)
        page = touch_phone(browser, game["players"][0]["url"], errors, size)
        page.wait_for_selector(".vv-base [data-station].legal circle[data-hit]")
        page.wait_for_timeout(200)
        scrolled = page.evaluate("window.scrollY")
        shown = handles(page, ".vv-base [data-hit]")
        assert len(shown) >= 3  # a part of the sheet, enlarged; panning reaches the rest
        assert thumb_sized(shown) == []
        assert all(h["station"] is not None for h in shown)
        assert float(page.get_attribute(".vv-scroll", "data-scale")) > 2
        shot(page, f"vv-phone-{size['width']}-4-free-ride", full_page=False)
        pick = shown[len(shown) // 2]
        page.touchscreen.tap(pick["x"], pick["y"])
        page.wait_for_selector(".vv-preview-text")
        assert page.inner_text(".vv-preview-text") == f"free ride to station {pick['station']}"
        crosses = page.locator(f".vv-base [data-station='{pick['station']}'].preview .vv-x")
        assert crosses.count() == 2
        tap_at(page, "#vv-confirm")
        page.wait_for_selector("#log-h:has-text('· 2 steps')")
        assert page.evaluate("window.scrollY") == scrolled
    assert errors == []


def test_a_phone_held_sideways_keeps_the_bar_beside_the_sheet(browser, tmp_path):
    """Landscape uses the width: the sheet left, the bar at the right; every legal line's
    chip and Confirm on the screen; reveal → choose → confirm with no scrolling."""
    size = {"width": 740, "height": 360}
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game, _ = berlin(base, "s0")
        page = touch_phone(browser, game["players"][0]["url"], errors, size)
        page.wait_for_selector(".vv-chip")
        page.wait_for_timeout(200)
        scrolled = page.evaluate("window.scrollY")
        shown = handles(page)
        assert len(shown) == page.locator(".vv-chip").count() and thumb_sized(shown) == []
        frame = page.evaluate("(() => { const r = document.querySelector('.vv-scroll')"
                              ".getBoundingClientRect();"
                              " return [r.right, r.bottom, r.height]; })()")
        bar = page.evaluate("document.querySelector('.vv-thumb').getBoundingClientRect().left")
        assert frame[0] <= bar and frame[1] <= size["height"] and frame[2] >= 200
        page.touchscreen.tap(shown[0]["x"], shown[0]["y"])
        page.wait_for_selector(".vv-preview-text")
        shot(page, "vv-phone-landscape", full_page=False)
        tap_at(page, "#vv-confirm")
        page.wait_for_selector("#log-h:has-text('· 2 steps')")
        assert page.evaluate("window.scrollY") == scrolled
    assert errors == []
