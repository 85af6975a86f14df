"""The watchers' phones (issue 32): the watch link of a running game (a phone with no
sheet, a screen in the middle of the table) and the host's Mille Fiori page, in headless
Chromium as a phone is (touch, device scale 2, 360×640 and 390×844 portrait, 640×360
sideways). Nothing a watcher needs during a round lies below the fold: Voll verplant's
card strip on top, the chosen player's sheet filling the screen and a chip a player in the
thumb zone (tapped, it shows that sheet; it says who has moved); Mille Fiori's round,
totals and display over the board filling the screen (down to the host's Reveal and
Undo); Floris's tally. No page scrolls sideways, no text outside a drawing is under
12 CSS px. Screenshots go to ``output/screenshots/watch-*.png``."""

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
    horizontal_overflow,
    shot,
    size_id,
    small_text,
    tap_at,
    touch_phone,
)
from web_server import START, serving

from scorepad.web.games import default_games

SIDEWAYS = {"width": 640, "height": 360}
SIZES = [*PHONES, SIDEWAYS]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def start(base: str, kind: str, players: list[str], **extra: Any) -> tuple[dict[str, Any], str]:
    """A game with its first chance step (card, deal) taken: (the links, the host's token)."""
    game: dict[str, Any] = httpx.post(f"{base}/api/games?t={START}",
                      json={"game": kind, "players": players, "seed": "watch", **extra}).json()
    host = game["host"]["url"].rsplit("t=", 1)[1]
    url = f"{base}/api/games/{game['id']}"
    if httpx.get(url, params={"t": host}).json()["at_chance"]:
        revealed = httpx.post(f"{url}/step", params={"t": host}, json={"reveal": True})
        assert revealed.status_code == 200
    return game, host


def move(base: str, game: dict[str, Any], name: str) -> None:
    """``name`` plays their first legal move from their own link."""
    token = next(p for p in game["players"] if p["name"] == name)["url"].rsplit("t=", 1)[1]
    url = f"{base}/api/games/{game['id']}"
    legal = httpx.get(url, params={"t": token}).json()["legal"][name]
    answer = httpx.post(f"{url}/step", params={"t": token}, json={"player": name, "move": legal[0]})
    assert answer.status_code == 200, answer.text


def readable(page: Page) -> None:
    """No sideways scrolling and no small text on the screen."""
    assert horizontal_overflow(page) == 0
    assert small_text(page) == []


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_voll_verplant_watch_link_shows_the_round_on_one_screen(
        browser: Browser, tmp_path: Path, size: dict[str, int]) -> None:
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game, _ = start(base, "voll-verplant", ["Ann", "Bob", "Cid"], setup={"map": "berlin"})
        page = touch_phone(browser, game["watch"]["url"], errors, size)
        page.wait_for_selector(".vv-watchbar .vv-who")
        page.wait_for_selector(".vv-scroll .vv-base svg")
        page.wait_for_timeout(150)
        scrolled = page.evaluate("window.scrollY")
        card, frame = box(page, ".vv-flip > .card"), box(page, ".vv-scroll")
        bar = box(page, ".vv-watchbar")
        assert card["height"] <= 90 and card["y"] >= 0  # a strip on top
        assert frame["y"] >= card["bottom"] and frame["height"] >= 160
        if size is SIDEWAYS:  # the bar at the right, the sheet the width left of it
            assert frame["right"] <= bar["x"] + 1 and bar["bottom"] <= size["height"] + 1
        else:  # the bar at the bottom, the sheet down to it
            assert abs(bar["bottom"] - size["height"]) < 2 and frame["bottom"] <= bar["y"] + 1
        assert page.get_attribute(".vv-sheet", "data-player") == "Ann"
        readable(page)
        shot(page, f"watch-vv-{size_id(size)}", full_page=False)
        # a chip a player, a thumb's target on the screen: tapped, it shows their sheet
        for name in ["Bob", "Cid", "Ann"]:
            tap_at(page, f".vv-who[data-player='{name}']")
            page.wait_for_selector(f".vv-sheet[data-player='{name}'] .vv-base svg")
            assert page.get_attribute(".vv-who[aria-pressed='true']", "data-player") == name
        # the chips say who has moved, as the table plays
        assert "moved" not in page.inner_text(".vv-who[data-player='Bob']")
        move(base, game, "Bob")
        page.wait_for_selector(".vv-who[data-player='Bob']:has-text('moved')")
        assert page.evaluate("window.scrollY") == scrolled
        readable(page)
    assert errors == []


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_mille_fiori_watch_link_and_host_show_the_board_on_one_screen(
        browser: Browser, tmp_path: Path, size: dict[str, int]) -> None:
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game, _ = start(base, "mille-fiori", ["Ann", "Bob", "Cid", "Dan"])
        pages = {role: touch_phone(browser, game[role]["url"], errors, size)
                 for role in ["watch", "host"]}
        for role, page in pages.items():
            page.wait_for_selector(".mf-frame .mf-area svg")
            page.wait_for_timeout(150)
            scores, frame = box(page, "#mf-scores"), box(page, ".mf-frame")
            assert scores["bottom"] <= frame["y"]
            assert page.locator("#mf-scores .mf-score").count() == 4
            # the board fills the screen from below the strip: to the bottom, or to the
            # host's Reveal and Undo in the thumb zone
            bottom: float = size["height"]
            if role == "host" and size is SIDEWAYS:  # the host's bar at the right
                assert frame["right"] <= box(page, "#hostbar")["x"] + 1
            elif role == "host":
                bottom = box(page, "#hostbar")["y"]
            assert frame["height"] >= 150 and frame["bottom"] <= bottom + 1
            assert bottom - frame["bottom"] < 12
            if size is not SIDEWAYS:  # the display is above the board, on the screen
                assert box(page, ".mf-cards")["bottom"] <= frame["y"]
            readable(page)
            shot(page, f"watch-mf-{role}-{size_id(size)}", full_page=False)
        watch = pages["watch"]
        scrolled = watch.evaluate("window.scrollY")
        to_move = httpx.get(game["watch"]["url"].replace("/g/", "/api/games/")).json()["to_move"][0]
        move(base, game, to_move)
        watch.wait_for_selector("#log-h:has-text('· 2 steps')")
        assert watch.evaluate("window.scrollY") == scrolled
        readable(watch)
    assert errors == []


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_floris_watch_link_shows_the_tally_on_one_screen(
        browser: Browser, tmp_path: Path, size: dict[str, int]) -> None:
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game, _ = start(base, "floris", ["Ann", "Bob", "Cid", "Dan"])
        page = touch_phone(browser, game["watch"]["url"], errors, size)
        page.wait_for_selector("#fl-totals tr")
        token = game["players"][0]["url"].rsplit("t=", 1)[1]
        assert httpx.post(f"{base}/api/games/{game['id']}/step", params={"t": token},
                          json={"player": "Ann", "move": "daisy:5"}).status_code == 200
        page.wait_for_selector("#fl-totals tr[data-player='Ann'] .fl-total:has-text('5')")
        if size is not SIDEWAYS:  # every player's total on the first screen
            assert box(page, "#fl-totals")["bottom"] <= size["height"]
        assert page.is_hidden("#fl-play")  # a watcher presents nothing
        readable(page)
        shot(page, f"watch-fl-{size_id(size)}", full_page=False)
    assert errors == []
