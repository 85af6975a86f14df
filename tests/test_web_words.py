"""Every word in the page's language: the start page and the Voll verplant pages (flipper,
host, player, end screen) in German and French show no English word, by a word list made
from the words table itself (every word of an English text that no German or French text
uses) and the words the issue found left over. The page's language comes from the
browser's; the buttons change it."""

from __future__ import annotations

import re

import httpx
import pytest
from web_browser import PHONE, chromium, shot
from web_server import START, serving
from web_vv import vv_games

from scorepad.web.words import all_words

#: English words seen on German and French pages before (game ids, labels, verdicts).
SEEN = {"next", "card", "deal", "voll-verplant", "ruleset", "options", "players", "undo",
        "reveal", "waiting", "others", "moved", "sheet", "rank", "points", "score", "game",
        "over", "the", "and", "your", "move", "host", "watch", "link", "links", "open", "log",
        "steps", "round", "windows", "free", "line", "lines", "completed", "winner", "won"}


def english_words() -> set[str]:
    words = all_words()
    split = lambda lang: {w.lower() for text in words[lang].values()  # noqa: E731
                          for w in re.findall(r"[A-Za-z][A-Za-z'’-]{2,}", text)}
    other = split("de") | split("fr")
    return (split("en") | SEEN) - other - {"scorepad", "zoom", "json", "bgstats", "stats"}


def words_on(page) -> set[str]:
    """The words the page shows, the sheet's drawing left out (the sheets layer draws it
    in the page's language; the test map's own note is English map data)."""
    text = page.evaluate("""() => {
      const svgs = [...document.querySelectorAll('.vv-base svg')];
      svgs.forEach((s) => { s.style.display = 'none'; });
      const text = document.body.innerText;
      svgs.forEach((s) => { s.style.display = ''; });
      return text; }""")
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'’-]{2,}", text)}


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.mark.parametrize(("locale", "lang"), [("de-DE", "de"), ("fr-FR", "fr")])
def test_no_english_word_on_german_and_french_pages(browser, tmp_path, locale, lang):
    english = english_words()
    assert {"next", "reveal", "undo"} <= english
    folder = tmp_path / "games"
    names = {"ann", "bob", "tiny"}
    with serving(vv_games(folder), folder) as base:
        context = browser.new_context(viewport=PHONE, locale=locale)
        page = context.new_page()
        page.goto(f"{base}/?t={START}")
        page.wait_for_selector("#kind option", state="attached")
        assert page.evaluate("document.documentElement.lang") == lang
        left = {}
        left["start"] = words_on(page) & english
        page.fill("#players", "Ann\nann")  # refused, in the page's words
        page.click("#create")
        page.wait_for_selector("#error:not([hidden])")
        assert "ann" in page.inner_text("#error")
        left["name-error"] = (words_on(page) & english) - names
        page.fill("#players", "Ann\nBob")
        page.click("#create")
        page.wait_for_selector("#made:not([hidden])")
        left["links"] = words_on(page) & english
        game = httpx.post(f"{base}/api/games?t={START}", json={
            "game": "voll-verplant", "players": ["Ann", "Bob"], "seed": "w1",
            "setup": {"map": "tiny.yaml"}}).json()
        flipper = httpx.post(f"{base}/api/games?t={START}", json={
            "game": "voll-verplant", "players": [], "seed": "w1"}).json()
        host, ann = context.new_page(), context.new_page()
        host.goto(game["host"]["url"])
        ann.goto(game["players"][0]["url"])
        host.wait_for_selector("#reveal:not([disabled])")
        left["host-before"] = (words_on(host) & english) - names
        host.click("#reveal")
        ann.wait_for_selector(".vv-pick")
        ann.locator(".vv-line").first.click()
        for part in (".vv-dir", ".vv-cross"):
            if ann.locator(f".vv-pick {part}").count():
                ann.locator(f".vv-pick {part}").last.click()
        ann.wait_for_selector(".vv-preview-text")
        left["player"] = (words_on(ann) & english) - names
        shot(ann, f"vv-player-{lang}")
        ann.locator("#vv-confirm").click()
        host.wait_for_selector("#log-h:has-text('2')")
        left["host"] = (words_on(host) & english) - names
        host.once("dialog", lambda d: d.accept())
        host.click("#end")
        ann.wait_for_selector("#scoresec:not([hidden])")
        left["end"] = (words_on(ann) & english) - names
        shot(ann, f"vv-end-{lang}")
        flip = context.new_page()
        flip.goto(flipper["host"]["url"])
        flip.wait_for_selector("#reveal:not([disabled])")
        flip.click("#reveal")
        flip.wait_for_selector("[data-part=round]:has-text('1')")
        left["flipper"] = (words_on(flip) & english) - names
        shot(flip, f"vv-flipper-{lang}")
    assert {k: v for k, v in left.items() if v} == {}
