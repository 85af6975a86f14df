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

from scorepad.app.words import all_words
from scorepad.rules.common.catalogue import table

#: English words seen on German and French pages before (game ids, labels, verdicts).
SEEN = {"next", "card", "deal", "voll-verplant", "ruleset", "options", "players", "undo",
        "reveal", "waiting", "others", "moved", "sheet", "rank", "points", "score", "game",
        "over", "the", "and", "your", "move", "host", "watch", "link", "links", "open", "log",
        "steps", "round", "windows", "free", "line", "lines", "completed", "winner", "won"}


def english_words() -> set[str]:
    """Every word of an English text of the pages' words table and the games' words
    tables (Mille Fiori's whys, Floris's verdicts) that no German or French text uses."""
    from scorepad.rules.floris import words as floris
    from scorepad.rules.mille_fiori import words as mf

    words = all_words()
    tables = [table(floris.TEXTS), table(mf.TEXTS)]  # (mf.TEXTS holds its whys and names)
    texts = {lang: [*words[lang].values(), *(t[lang] for tab in tables for t in tab.values())]
             for lang in words}
    split = lambda lang: {w.lower() for text in texts[lang]  # noqa: E731
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


def _play(url: str, player: str, space: str) -> None:
    """The host plays ``player``'s first legal card on ``space`` (Mille Fiori)."""
    api = url.replace("/g/", "/api/games/")
    moves = httpx.get(api).json()["legal"][player]
    move = next(m for m in moves if m["action"].get("place") == space)
    step = api.replace("?t=", "/step?t=")
    assert httpx.post(step, json={"player": player, "move": move}).status_code == 200


@pytest.mark.parametrize(("locale", "lang"), [("de-DE", "de"), ("fr-FR", "fr")])
def test_no_english_word_on_mille_fiori_and_floris_pages(browser, tmp_path, locale, lang):
    """Mille Fiori with a bonus card owed (the banner's why, the events' whys) and Floris
    with verdicts (the tally's bouquets, the checker's verdict and smallest fix)."""
    from scorepad.web.games import default_games

    english = english_words()
    assert {"smallest", "triangle", "complete"} - english == {"triangle"}  # French has it
    names = {"ann", "bob"}
    left = {}
    with serving(default_games(), tmp_path) as base:
        context = browser.new_context(viewport=PHONE, locale=locale)
        mf = httpx.post(f"{base}/api/games?t={START}", json={
            "game": "mille-fiori", "players": ["Ann", "Bob"], "deal": False}).json()
        host = mf["host"]["url"]
        # Ann fills the bonus triangle 0-7-8: a bonus card is owed
        for player, space in [("Ann", "workshops/0"), ("Bob", "workshops/1"),
                              ("Ann", "workshops/7"), ("Bob", "workshops/2"),
                              ("Ann", "workshops/8")]:
            _play(host, player, space)
        state = httpx.get(host.replace("/g/", "/api/games/")).json()
        owed = state["view"]["bonus_owed"]
        assert owed["why"] == "bonus triangle 0-7-8 complete"
        assert owed["whys"]["en"] == owed["why"] and owed["whys"][lang] != owed["why"]
        ann = context.new_page()
        ann.goto(mf["players"][0]["url"])
        ann.wait_for_selector("#mf-owed")
        assert owed["whys"][lang] in ann.inner_text("#mf-owed")
        assert owed["whys"][lang] in ann.inner_text("#mf-owed-pick")
        left["mf-owed"] = (words_on(ann) & english) - names
        shot(ann, f"mf-owed-{lang}")

        fl = httpx.post(f"{base}/api/games?t={START}", json={
            "game": "floris", "players": ["Ann", "Bob"]}).json()
        step = fl["host"]["url"].replace("/g/", "/api/games/").replace("?t=", "/step?t=")
        for player, spec in [("Ann", "rose:3 lily:3"), ("Bob", "daisy:1 rose:2 lily:3")]:
            assert httpx.post(step, json={"player": player, "move": spec}).status_code == 200
        bob = context.new_page()
        bob.goto(fl["players"][1]["url"])
        bob.wait_for_selector("#fl-totals tr[data-player='Bob']")
        for spec in ("rose:3 lily:2", "daisy:1 rose:3"):  # no bouquet: the reason and the fix
            bob.fill("#fl-spec", spec)
            bob.click("#fl-check")
            bob.wait_for_selector(f".fl-line:has-text('{'Rose' if lang == 'de' else 'rose'} 3')")
            lines = [e.inner_text() for e in bob.query_selector_all(".fl-line")]
            assert len(lines) == 2, lines  # the reason and the smallest fix, in the page's words
            left[f"floris-check {spec}"] = (words_on(bob) & english) - names
        shot(bob, f"floris-verdict-{lang}")
        assert (words_on(bob) & {"daisy", "lily", "lilies", "sunflower", "bouquet:"}) == set()
    assert {k: v for k, v in left.items() if v} == {}
