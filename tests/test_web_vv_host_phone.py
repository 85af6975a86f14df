"""The host's Voll verplant page on a phone (issue 32), in headless Chromium as a phone is
(touch, device scale 2, 360×640 and 390×844 portrait, 740×360 sideways), tapped with a
finger where the page shows things, never scrolled: the card strip on top, the shown
player's sheet filling the screen, and in the thumb zone that player's move picker and a
chip a player above the host's Reveal and Undo. Whole rounds for two players without a
phone: reveal, pick a line (or a station) for each, confirm, reveal the next card, with
``window.scrollY`` unchanged; a chip shows another player's sheet and picker (a refusal
said in the bar: test_web_refusals_phone). Screenshots go to
``output/screenshots/vv-host-*.png``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from web_browser import (
    PHONES,
    box,
    chromium,
    handles,
    horizontal_overflow,
    shot,
    size_id,
    tap_at,
    thumb_sized,
    touch_phone,
)
from web_server import START, serving
from web_vv import vv_games

SIDEWAYS = {"width": 740, "height": 360}
SIZES = [*PHONES, SIDEWAYS]
PLAYERS = ["Ann", "Bob"]
SEED = "s7"  # a free ride first, then number cards (lines to pick)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def steps(page: Page) -> int:
    """The steps the game's log holds, as the page says."""
    return int(page.inner_text("#log-h").split("·")[1].split()[0])


def laid_out(page: Page, size: dict[str, int]) -> None:
    """The strip on top, the sheet below it down to the bar, the bar on the host's Reveal
    and Undo (at the bottom; at the right of a phone held sideways), nothing sideways.
    Measured two frames after the last state (the page fits the sheet to a bar that has
    grown or shrunk in a ResizeObserver, which runs before the next frame is painted)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    card, frame = box(page, ".vv-flip > .card"), box(page, ".vv-scroll")
    bar, host = box(page, ".vv-hostbar"), box(page, "#hostbar")
    assert card["height"] <= 90 and card["y"] >= 0
    assert frame["y"] >= card["bottom"] and frame["height"] >= 140
    assert abs(host["bottom"] - size["height"]) < 2
    assert abs(bar["bottom"] - host["y"]) < 3  # the bar stands on Reveal and Undo
    if size is SIDEWAYS:
        assert frame["right"] <= bar["x"] + 1 and abs(bar["x"] - host["x"]) < 2
    else:
        assert frame["bottom"] <= bar["y"] + 1 and bar["y"] - frame["bottom"] < 12
    assert horizontal_overflow(page) == 0


def move_for(page: Page, name: str, shots: str) -> None:
    """The host moves for ``name`` (their sheet and picker shown): a tap on a legal line's
    chip, a station's handle on the sheet or the pass, then Confirm; all thumb's targets."""
    page.wait_for_selector(f".vv-hostbar .vv-pick[data-player='{name}']")
    page.wait_for_selector(f".vv-sheet[data-player='{name}'] .vv-base svg")
    assert page.get_attribute(".vv-who[aria-pressed='true']", "data-player") == name
    before = steps(page)
    if page.locator(".vv-hostbar .vv-chip.vv-line").count():
        chips = handles(page, ".vv-hostbar .vv-chip[data-hit]")
        # every legal line's chip on the screen at once, a thumb's target each
        assert len(chips) == page.locator(".vv-hostbar .vv-chip.vv-line").count()
        assert thumb_sized(chips) == []
        page.touchscreen.tap(chips[0]["x"], chips[0]["y"])
    elif page.locator(".vv-base [data-station].legal [data-hit]").count():
        page.wait_for_function(
            "() => Number(document.querySelector('.vv-scroll').dataset.scale) > 1")
        shown = handles(page, ".vv-base [data-hit]")
        assert shown and thumb_sized(shown) == []
        page.touchscreen.tap(shown[0]["x"], shown[0]["y"])
    else:  # nothing to cross: the pass (or a declined follow-up)
        tap_at(page, ".vv-hostbar :is(.vv-pass, .vv-decline)")
    page.wait_for_selector(".vv-hostbar .vv-preview-text")
    shot(page, f"{shots}-preview", full_page=False)
    assert steps(page) == before  # nothing played before Confirm
    tap_at(page, "#vv-confirm")
    page.wait_for_selector(f"#log-h:has-text('· {before + 1} steps')")


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_host_plays_whole_rounds_for_phoneless_players_without_scrolling(
        browser: Browser, tmp_path: Path, size: dict[str, int]) -> None:
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game: dict[str, Any] = httpx.post(f"{base}/api/games?t={START}", json={
            "game": "voll-verplant", "players": PLAYERS, "seed": SEED,
            "setup": {"map": "berlin"}}).json()
        page = touch_phone(browser, game["host"]["url"], errors, size)
        page.wait_for_selector("#reveal:not([disabled])")
        scrolled = page.evaluate("window.scrollY")
        name = f"vv-host-{size_id(size)}"
        for round_ in range(1, 4):
            tap_at(page, "#reveal")
            page.wait_for_selector(".vv-hostbar .vv-pick")
            page.wait_for_selector(".vv-scroll .vv-base svg")
            laid_out(page, size)
            if round_ == 1:
                shot(page, f"{name}-1-card", full_page=False)
            for who in PLAYERS:  # the first player to move is shown, then the next
                move_for(page, who, f"{name}-{round_}-{who}")
                laid_out(page, size)
            page.wait_for_selector("#reveal:not([disabled])")
            assert page.evaluate("window.scrollY") == scrolled
        shot(page, f"{name}-2-round-done", full_page=False)
        # the moves are the game's: every player moved in every round
        api = game["host"]["url"].replace("/g/", "/api/games/")
        log = httpx.get(api).json()
        assert log["at_chance"] and log["to_move"] == []
        assert steps(page) == 3 * (1 + len(PLAYERS))
    assert errors == []


def test_a_chip_shows_another_players_sheet_and_picker(browser: Browser, tmp_path: Path) -> None:
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game: dict[str, Any] = httpx.post(f"{base}/api/games?t={START}", json={
            "game": "voll-verplant", "players": PLAYERS, "seed": "s0",
            "setup": {"map": "berlin"}}).json()
        page = touch_phone(browser, game["host"]["url"], errors, PHONES[0])
        page.wait_for_selector("#reveal:not([disabled])")
        scrolled = page.evaluate("window.scrollY")
        tap_at(page, "#reveal")
        page.wait_for_selector(".vv-hostbar .vv-pick[data-player='Ann']")
        # both players are to move (a pen on their chips); a chip shows Bob's sheet and
        # picker, and the host stays on it while Ann moves from her own phone
        assert page.locator(".vv-who.vv-mine").count() == 2
        tap_at(page, ".vv-who[data-player='Bob']")
        page.wait_for_selector(".vv-hostbar .vv-pick[data-player='Bob']")
        page.wait_for_selector(".vv-sheet[data-player='Bob'] .vv-base svg")
        assert page.get_attribute(".vv-who[aria-pressed='true']", "data-player") == "Bob"
        ann = game["players"][0]["url"].rsplit("t=", 1)[1]
        url = f"{base}/api/games/{game['id']}"
        legal = httpx.get(url, params={"t": ann}).json()["legal"]["Ann"]
        assert httpx.post(f"{url}/step", params={"t": ann},
                          json={"player": "Ann", "move": legal[0]}).status_code == 200
        page.wait_for_selector(".vv-who[data-player='Ann']:not(.vv-mine)")
        assert page.get_attribute(".vv-hostbar .vv-pick", "data-player") == "Bob"
        # Ann's chip shows her sheet, and that she moved; the bar offers to change her move
        tap_at(page, ".vv-who[data-player='Ann']")
        page.wait_for_selector(".vv-sheet[data-player='Ann'] .vv-base svg")
        assert page.locator(".vv-hostbar .vv-pick").count() == 0
        tap_at(page, ".vv-hostbar .vv-retract")
        page.wait_for_selector(".vv-hostbar .vv-pick[data-player='Ann']")
        assert page.evaluate("window.scrollY") == scrolled
        shot(page, "vv-host-chips", full_page=False)
    assert errors == []
