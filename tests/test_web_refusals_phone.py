"""Refusals beside the finger (issue 32), on a phone (touch, device scale 2, 360×640): a
step the server refuses is said next to the control that was tapped, on the screen, as
text (no tooltip), in the page's words with the server's or engine's sentence after
them — Voll verplant's Confirm in the thumb bar (a player's, and the host's moving for a
player without a phone), Mille Fiori's card in the picker, the
host's Undo in its bar fixed at the bottom (Floris's Present: test_web_mf_floris_phone).
The server's answer is stood in for at the page's request (Playwright's ``route``): the
pages only offer legal moves, so an engine's refusal comes from a table that moved on in
between, which no test can time; what is tested is where and how the page says it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from web_browser import PHONE, box, chromium, shot, tap_at, touch_phone
from web_server import START, serving
from web_vv import vv_games

from scorepad.web.games import default_games

SENTENCE = "the table moved on: line B is no longer yours to take"
#: the page's words for a 422 and a 409 (the catalogues' web.… messages), then the
#: server's sentence
KIND = {("en", 422): "", ("de", 422): "Nach den Regeln nicht erlaubt: ",
        ("en", 409): "", ("de", 409): "Das Spiel ist weiter"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def refuse_next(page: Page, path: str, status: int) -> None:
    """The page's next request to ``path`` (…/step, …/undo) is answered with a refusal."""
    page.route(f"**/{path}?*", lambda route: route.fulfill(
        status=status, content_type="application/json",
        body=json.dumps({"error": SENTENCE, "rule": "test"})), times=1)


def said_beside(page: Page, control: str, lang: str, status: int) -> None:
    """The refusal is on the screen within a finger's reach of ``control`` (its box at most
    80 CSS px above or below it), as text in the page's words, with no tooltip."""
    page.wait_for_selector(".refusal")
    text = page.inner_text(".refusal")
    assert SENTENCE in text and KIND[(lang, status)] in text
    assert page.get_attribute(".refusal", "title") is None
    said, tapped = box(page, ".refusal"), box(page, control)
    assert said["y"] >= 0 and said["bottom"] <= PHONE["height"]
    gap = max(said["y"] - tapped["bottom"], tapped["y"] - said["bottom"], 0)
    assert gap <= 80, (said, tapped)


def start(base: str, kind: str, players: list[str], **extra: Any) -> dict[str, Any]:
    game: dict[str, Any] = httpx.post(f"{base}/api/games?t={START}",
                      json={"game": kind, "players": players, "seed": "refuse", **extra}).json()
    host = game["host"]["url"].replace("/g/", "/api/games/")
    if httpx.get(host).json()["at_chance"]:
        assert httpx.post(host.replace("?t=", "/step?t="), json={"reveal": True}).status_code == 200
    return game


#: whose page, the bar that holds the move picker, the screenshot's name
VV_PAGES = [("player", ".vv-thumb", "refused-vv"), ("host", ".vv-hostbar", "refused-vv-host")]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("link", "bar", "name"), VV_PAGES)
def test_voll_verplant_confirm_refused_in_the_thumb_bar(
        browser: Browser, tmp_path: Path, lang: str, link: str, bar: str, name: str) -> None:
    """A player's own phone, and the host moving for a player without a phone (the bar
    stands on Reveal and Undo): the refusal is said in the bar, by Confirm."""
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game = start(base, "voll-verplant", ["Ann", "Bob"], setup={"map": "tiny.yaml"})
        url = game["players"][0]["url"] if link == "player" else game["host"]["url"]
        page = touch_phone(browser, f"{url}&lang={lang}", errors)
        choices = f"{bar} :is(.vv-chip, .vv-decline, .vv-pass)"
        page.wait_for_selector(choices)
        tap_at(page, choices)
        page.wait_for_selector("#vv-confirm:not([disabled])")
        page.wait_for_selector(".vv-preview-text")
        refuse_next(page, "step", 422)
        tap_at(page, "#vv-confirm")
        said_beside(page, "#vv-confirm", lang, 422)
        assert page.locator(f"{bar} .refusal").count() == 1  # in the bar, by Confirm
        assert page.evaluate("window.scrollY") == 0
        shot(page, f"{name}-{lang}", full_page=False)
    assert errors == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_mille_fiori_card_refused_in_the_picker(
        browser: Browser, tmp_path: Path, lang: str) -> None:
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game = start(base, "mille-fiori", ["Ann", "Bob"])
        first = httpx.get(game["host"]["url"].replace("/g/", "/api/games/")).json()["to_move"][0]
        url = next(p for p in game["players"] if p["name"] == first)["url"]
        page = touch_phone(browser, f"{url}&lang={lang}", errors)
        page.wait_for_selector(".mf-frame [data-space].legal rect[data-hit], #mf-ship")
        page.wait_for_timeout(150)
        if page.locator(".mf-frame [data-space].legal rect[data-hit]").count():
            tap_at(page, ".mf-frame [data-space].legal rect[data-hit]")
        else:
            tap_at(page, "#mf-ship")
        page.wait_for_selector(".mf-thumb .mf-card")
        refuse_next(page, "step", 422)
        tap_at(page, ".mf-thumb .mf-card")
        said_beside(page, ".mf-thumb .mf-card", lang, 422)
        shot(page, f"refused-mf-{lang}", full_page=False)
    assert errors == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hosts_undo_refused_in_its_bar_at_the_bottom(
        browser: Browser, tmp_path: Path, lang: str) -> None:
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game = start(base, "voll-verplant", ["Ann", "Bob"], setup={"map": "tiny.yaml"})
        page = touch_phone(browser, f"{game['host']['url']}&lang={lang}", errors)
        page.wait_for_selector("#undo:not([disabled])")
        refuse_next(page, "undo", 409)
        tap_at(page, "#undo")
        said_beside(page, "#undo", lang, 409)
        position = "getComputedStyle(document.querySelector('#hostbar')).position"
        assert page.evaluate(position) == "fixed"
        assert page.locator("#hostbar .refusal").count() == 1  # inside the bar, above Undo
        shot(page, f"refused-host-{lang}", full_page=False)
    assert errors == []
