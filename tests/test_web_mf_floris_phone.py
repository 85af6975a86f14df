"""Mille Fiori's and Floris's player pages on a phone (issue 32), in headless Chromium as a
phone is (touch, device scale 2, 360×640 and 390×844): tapped with a finger where the page
shows things, never scrolled. Mille Fiori: the board fills the screen (scrolling inside its
frame), every legal space has a handle, the handles on the screen are thumb-sized and the
element under the finger, the cards for a space come in the bar in the thumb zone; Floris:
the bouquet field with Check and Present in the thumb zone, a refusal said beside them.
Screenshots go to ``output/screenshots/{mf,fl}-phone-*.png``."""

from __future__ import annotations

import httpx
import pytest
from web_browser import PHONES, chromium, handles, shot, tap_at, thumb_sized, touch_phone
from web_server import START, serving

from scorepad.web.games import default_games


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def start(base: str, kind: str, players: list[str]) -> tuple[dict, dict]:
    game = httpx.post(f"{base}/api/games?t={START}",
                      json={"game": kind, "players": players, "seed": "phone"}).json()
    url = f"{base}/api/games/{game['id']}"
    host = game["host"]["url"].rsplit("t=", 1)[1]
    if httpx.get(url, params={"t": host}).json()["at_chance"]:  # the deal
        httpx.post(f"{url}/step", params={"t": host}, json={"reveal": True})
    return game, httpx.get(url, params={"t": host}).json()


def steps(page) -> int:
    return int(page.inner_text("#log-h").split("·")[1].split()[0])


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_mille_fiori_turns_tapped_through_the_handles(browser, tmp_path, size):
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game, _state = start(base, "mille-fiori", ["Ann", "Bob", "Cid"])
        links = {p["name"]: p["url"] for p in game["players"]}
        pages = {name: touch_phone(browser, url, errors, size) for name, url in links.items()}
        played = steps(pages["Ann"])
        for turn in range(4):
            name = httpx.get(game["host"]["url"].replace("/g/", "/api/games/")).json()["to_move"][0]
            page = pages[name]
            page.wait_for_selector(f"#log-h:has-text('· {played} step')")
            page.wait_for_selector(".mf-frame [data-space].legal rect[data-hit], #mf-ship")
            page.wait_for_timeout(150)
            scrolled = page.evaluate("window.scrollY")
            # every legal space has a handle; those on the screen are a thumb's target
            legal = page.eval_on_selector_all(".mf-area [data-space].legal", "gs => gs.length")
            assert page.locator(".mf-area [data-space].legal [data-hit]").count() == legal
            shown = handles(page, ".mf-area [data-hit]")
            assert thumb_sized(shown) == []
            if turn == 0:
                shot(page, f"mf-phone-{size['width']}-1-turn", full_page=False)
            if shown:
                target = shown[turn % len(shown)]
                page.touchscreen.tap(target["x"], target["y"])
            else:
                tap_at(page, "#mf-ship")
            page.wait_for_selector(".mf-thumb .mf-card")
            if turn == 0:
                shot(page, f"mf-phone-{size['width']}-2-cards", full_page=False)
            tap_at(page, ".mf-thumb .mf-card")
            played += 1
            page.wait_for_selector(f"#log-h:has-text('· {played} step')")
            assert page.evaluate("window.scrollY") == scrolled
    assert errors == []


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_floris_bouquets_presented_from_the_thumb_zone(browser, tmp_path, size):
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game, _ = start(base, "floris", ["Ann", "Bob"])
        page = touch_phone(browser, game["players"][0]["url"], errors, size)
        page.wait_for_selector("#fl-present:not(:empty)")
        page.wait_for_function(
            "() => getComputedStyle(document.querySelector('#fl-thumb')).position === 'fixed'")
        scrolled = page.evaluate("window.scrollY")
        bar = page.evaluate("document.querySelector('#fl-thumb').getBoundingClientRect().bottom")
        assert abs(bar - size["height"]) < 2  # at the bottom of the screen
        page.fill("#fl-spec", "rose:2 lily:2")  # no bouquet: refused beside the buttons
        tap_at(page, "#fl-present")
        page.wait_for_selector(".refusal")
        assert "not a bouquet" in page.inner_text(".refusal")
        _x, y, _w, h = page.evaluate("(() => { const r = document.querySelector('.refusal')"
                                   ".getBoundingClientRect();"
                                   " return [r.x, r.y, r.width, r.height]; })()")
        assert y >= 0 and y + h <= size["height"]  # on the screen, under the finger's row
        shot(page, f"fl-phone-{size['width']}-refused", full_page=False)
        page.fill("#fl-spec", "daisy:5")
        tap_at(page, "#fl-check")
        page.wait_for_selector("#fl-verdict.ok")
        tap_at(page, "#fl-present")
        page.wait_for_selector("#log-h:has-text('· 1 step')")
        assert page.locator(".refusal").count() == 0
        assert page.evaluate("window.scrollY") == scrolled
        # on a German page the reason is said in German too, beside the buttons
        bob = touch_phone(browser, game["players"][1]["url"] + "&lang=de", errors, size)
        bob.wait_for_selector("#fl-present:not(:empty)")
        bob.fill("#fl-spec", "rose:2 lily:2")
        tap_at(bob, "#fl-present")
        bob.wait_for_selector("#fl-verdict.bad")
        verdict = bob.inner_text("#fl-verdict")
        assert "Blumen" in verdict and "flowers" not in verdict
        top = bob.evaluate("document.querySelector('#fl-verdict').getBoundingClientRect().top")
        assert top < size["height"]
        shot(bob, f"fl-phone-{size['width']}-refused-de", full_page=False)
    assert errors == []


def host_state(game: dict) -> dict:
    return httpx.get(game["host"]["url"].replace("/g/", "/api/games/")).json()


@pytest.mark.slow
def test_a_whole_mille_fiori_game_tapped_through_the_handles(browser, tmp_path):
    """Two phones at 360×640 play a seeded game to its end with a finger: each turn a
    handle on the screen (or Ship, or the empty display) and then a card in the thumb
    zone, the page never scrolled; the end's totals are `mf score`'s."""
    from test_web_mf_floris import score_json

    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game, _ = start(base, "mille-fiori", ["Ann", "Bob"])
        pages = {p["name"]: touch_phone(browser, p["url"], errors) for p in game["players"]}
        host = game["host"]["url"].replace("/g/", "/api/games/").replace("?t=", "/step?t=")
        turns = 0
        while not (state := host_state(game))["over"]:
            if state["at_chance"]:  # a new deal: the host's Reveal
                assert httpx.post(host, json={"reveal": True}).status_code == 200
                continue
            page = pages[state["to_move"][0]]
            page.wait_for_selector(f"#log-h:has-text('· {state['steps']} step')")
            page.wait_for_selector(".mf-thumb #mf-pick p")
            scrolled = page.evaluate("window.scrollY")
            shown = handles(page, ".mf-area [data-hit]")
            assert thumb_sized(shown) == []
            card = True  # a space or the ship chosen: a card follows
            if shown:
                page.touchscreen.tap(shown[0]["x"], shown[0]["y"])
            elif page.locator("#mf-ship").count():
                tap_at(page, "#mf-ship")
            else:  # nothing to play: the display is emptied, one tap
                tap_at(page, "#mf-empty")
                card = False
            if card:
                page.wait_for_selector(".mf-thumb .mf-card")
                tap_at(page, ".mf-thumb .mf-card")
            page.wait_for_selector(f"#log-h:has-text('· {state['steps'] + 1} step')")
            assert page.evaluate("window.scrollY") == scrolled
            turns += 1
        for page in pages.values():
            page.wait_for_selector("#scoresec:not([hidden])")
        scored = score_json("mf", tmp_path / game["log"])
        shown_totals = pages["Ann"].evaluate("""() => Object.fromEntries(
            [...document.querySelectorAll('#mf-totals tr')]
            .map(tr => [tr.dataset.player, Number(tr.cells[1].textContent)]))""")
        assert shown_totals == {p["name"]: p["total"] for p in scored["players"]}
        assert turns > 20
        shot(pages["Ann"], "mf-phone-whole-game-over", full_page=False)
    assert errors == []


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_whole_floris_game_tapped_on_two_phones(browser, tmp_path, size):
    """Two phones play Floris to its end with a finger: bouquets presented from the thumb
    zone, then each player's end entered (the form opened, filled and sent where the
    phone shows it); the page never scrolled and the end's totals are `floris score`'s."""
    from test_web_mf_floris import score_json

    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game, _ = start(base, "floris", ["Ann", "Bob"])
        ann, bob = (touch_phone(browser, p["url"], errors, size) for p in game["players"])
        played = 0
        bouquets = [(ann, "daisy:5"), (bob, "rose:3 lily:3"), (ann, "cornflower:5"),
                    (bob, "lily:6")]
        for page, spec in bouquets:
            page.wait_for_selector("#fl-present:not(:empty)")
            page.fill("#fl-spec", spec)
            tap_at(page, "#fl-present")
            played += 1
            for p in (ann, bob):
                p.wait_for_selector(f"#log-h:has-text('· {played} step')")
        for page, final in [(ann, "sunflower:5"), (bob, "daisy:5")]:
            scrolled = page.evaluate("window.scrollY")
            tap_at(page, "#fl-end summary")
            page.wait_for_selector("#fl-final")
            page.fill("#fl-final", final)
            if page is ann:
                shot(page, f"fl-phone-{size['width']}-end-entry", full_page=False)
            tap_at(page, "#fl-enter")
            played += 1
            page.wait_for_selector(f"#log-h:has-text('· {played} step')")
            if page is ann:  # (the last entry ends the game: its page opens at the winner)
                assert page.evaluate("window.scrollY") == scrolled
        for page in (ann, bob):
            page.wait_for_selector("#scoresec:not([hidden])")
        scored = score_json("floris", tmp_path / game["log"])
        assert scored["finished"] is True
        shown = ann.evaluate("""() => Object.fromEntries(
            [...document.querySelectorAll('#fl-totals tr')]
            .map(tr => [tr.dataset.player, Number(tr.cells[1].textContent)]))""")
        assert shown == {p["name"]: p["total"] for p in scored["players"]}
        shot(ann, f"fl-phone-{size['width']}-over", full_page=False)
    assert errors == []
