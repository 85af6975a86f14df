"""The sheet is the board, in headless Chromium at 360×640: a whole Voll verplant game
played by tapping the sheets of three phones (legal targets marked by the engine's legal
moves, a tap previews, Confirm plays), a mis-tap changed before the round closes, and
the saved log scored by ``vv score`` as the end screen shows it."""

from __future__ import annotations

import json

import httpx
import pytest
from web_browser import (
    PHONE,
    chromium,
    handles,
    horizontal_overflow,
    phone,
    shot,
    small_targets,
    tap_at,
    thumb_sized,
    touch_phone,
)
from web_server import START, serving
from web_vv import vv_games

from scorepad.main import root

NAMES = ["Ann", "Bob", "Cid"]


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def new_game(base: str, players: list[str], seed: str) -> dict:
    r = httpx.post(f"{base}/api/games?t={START}", json={
        "game": "voll-verplant", "players": players, "seed": seed, "setup": {"map": "tiny.yaml"}})
    assert r.status_code == 201, r.text
    return r.json()


def steps_of(page) -> int:
    return int(page.inner_text("#log-h").split("·")[1].split()[0])


def wait_steps(page, n: int) -> None:
    page.wait_for_selector(f"#log-h:has-text('· {n} step')")


def tap_sheet(page, prefer: int = 0) -> str:
    """One move tapped with a finger where the phone shows it: a station's handle on the
    sheet (a free ride), else a legal line's chip in the thumb bar (the move as far as the
    card goes), else pass; then Confirm. Every handle tapped is thumb-sized and the
    element under the finger; the page is never scrolled."""
    page.wait_for_selector(".vv-pick .vv-chip, .vv-pick .vv-pass, .vv-base circle[data-hit]")
    page.wait_for_timeout(100)  # the sheet framed for the card
    scrolled = page.evaluate("window.scrollY")
    stations = handles(page, ".vv-base [data-hit]")
    chips = handles(page, ".vv-pick [data-hit]")
    if stations:
        assert thumb_sized(stations) == []
        target, kind = stations[prefer % len(stations)], "station"
        page.touchscreen.tap(target["x"], target["y"])
    elif chips:
        assert thumb_sized(chips) == []
        target, kind = chips[prefer % len(chips)], "line"
        page.touchscreen.tap(target["x"], target["y"])
    else:
        tap_at(page, ".vv-pass")
        kind = "pass"
    page.wait_for_selector(".vv-preview-text")  # the engine's answer, worded, on the sheet
    tap_at(page, "#vv-confirm")
    assert page.evaluate("window.scrollY") == scrolled
    return kind


def test_a_whole_game_by_tapping_three_sheets_with_a_mistap_changed(browser, tmp_path):
    errors: list[str] = []
    folder = tmp_path / "games"
    runner_root = root
    with serving(vv_games(folder), folder) as base:
        game = new_game(base, NAMES, "board-1")
        host = phone(browser, game["host"]["url"], errors)
        phones = [touch_phone(browser, p["url"], errors) for p in game["players"]]
        steps, rounds, kinds = 0, 0, set()
        while not host.locator("#scoresec:not([hidden])").count():
            host.wait_for_selector("#reveal:not([disabled])")
            host.click("#reveal")
            steps += 1
            rounds += 1
            for page in phones:
                wait_steps(page, steps)
            if rounds == 1:
                legal = phones[0].locator(".vv-base .legal").count()
                assert legal > 0  # the card's targets are marked on Ann's own sheet
                assert small_targets(phones[0]) == [] and horizontal_overflow(phones[0]) == 0
                shot(phones[0], "vv-board-legal")
            for k, page in enumerate(phones):
                while page.locator(".vv-pick").count():
                    kinds.add(tap_sheet(page, prefer=rounds + k))
                    steps += 1
                    wait_steps(page, steps)
                    if rounds == 1 and k == 1 and "retracted" not in kinds:
                        # Bob mis-tapped: he changes his move while the round is open;
                        # Ann's move stays
                        tap_at(page, ".vv-retract")
                        page.wait_for_selector(".vv-pick")
                        page.wait_for_selector("#status:has-text('Bob')")
                        kinds.add("retracted")
                        # only Bob's step is taken back: Ann has moved still
                        assert steps_of(page) == steps - 1
                        assert "Ann" not in page.inner_text("#status")
                        assert "Ann" not in phones[0].inner_text("#status")
                        steps -= 1
                        shot(page, "vv-board-changed")
            if rounds > 40:
                raise AssertionError("the tiny map's game did not end")
            host.wait_for_selector(f"#log-h:has-text('· {steps} step')")
            if host.locator("#status:has-text('Game over')").count():
                break
        assert "retracted" in kinds and "line" in kinds
        for page in [host, *phones]:
            page.wait_for_selector("#scoresec:not([hidden])")
        # the end screen opens with the winner, on the first screen of the phone
        top = phones[0].evaluate("document.querySelector('#winner').getBoundingClientRect().top")
        assert 0 <= top < PHONE["height"]
        shot(phones[0], "vv-board-over")
        from click.testing import CliRunner

        printed = CliRunner().invoke(runner_root, ["vv", "score", "--json",
                                                   str(folder / game["log"])])
        assert printed.exit_code == 0, printed.output
        score = json.loads(printed.stdout)
        ranked = sorted(score["players"], key=lambda p: p["rank"])
        shown = [[c.inner_text() for c in row.locator("td").all()]
                 for row in phones[1].locator("#score tr").all()]
        assert shown == [[f"rank {p['rank']}", p["name"], f"{p['total']:g} points"]
                         for p in ranked]
    assert errors == []


def test_names_show_on_tap_and_the_preview_marks_the_crosses(browser, tmp_path):
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game = new_game(base, NAMES[:2], "t2")  # a 6 first: the ring R
        host = phone(browser, game["host"]["url"], errors)
        ann = phone(browser, game["players"][0]["url"], errors)
        host.click("#reveal")
        wait_steps(ann, 1)
        ann.wait_for_selector(".vv-base .lines-table [data-line=R].legal")
        # the view framed the legal lines' tracks: zoomed out, the whole sheet is in view
        ann.wait_for_function("() => document.querySelector('.vv-scroll').dataset.scale")
        while float(ann.get_attribute(".vv-scroll", "data-scale")) > 1:
            ann.click("#vv-zoom-out")
        # only the engine's legal lines are marked
        marked = ann.eval_on_selector_all(".vv-base .lines-table [data-line].legal",
                                          "els => els.map(e => e.dataset.line)")
        ann_t = game["players"][0]["url"].rsplit("t=", 1)[1]
        legal = httpx.get(f"{base}/api/games/{game['id']}", params={"t": ann_t}).json()["legal"]
        assert marked == sorted({m["line"] for m in legal["Ann"] if "line" in m})
        ann.locator(".vv-base .lines-table [data-line=R]").click()
        ann.locator(".vv-dir[data-dir=cw]").click()
        ann.locator(".vv-cross").last.click()
        ann.wait_for_selector(".vv-preview-text")
        crossed = ann.eval_on_selector_all(".vv-base [data-station].preview",
                                           "els => els.map(e => e.dataset.station)")
        assert crossed and all(ann.locator(f".vv-base [data-station='{s}'] .vv-x").count() == 2
                               for s in crossed)
        assert steps_of(ann) == 1  # nothing played before Confirm
        ann.locator(".vv-cancel").click()
        assert ann.locator(".vv-base .preview").count() == 0
        ann.locator(".vv-base [data-station='1']").click()  # names on tap
        assert ann.inner_text(".vv-tapped").startswith("1")
    assert errors == []


def test_the_start_page_guides_the_host(browser, tmp_path):
    """A flipper from the start page with the names still filled in (no map: no players),
    a ruleset option chosen among the game's own (no JSON to type), a refusal shown beside
    Start, and one game however often Start is tapped."""
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/?t={START}")
        page.wait_for_selector("#kind option", state="attached")
        page.select_option("#kind", "voll-verplant")
        assert page.locator("#rules").count() == 0  # no JSON box
        page.fill("#players", "Ann\nann")  # refused: said beside Start
        page.click("#create")
        page.wait_for_selector("#error:not([hidden])")
        below = page.evaluate("document.querySelector('#error').getBoundingClientRect().top"
                              " - document.querySelector('#create').getBoundingClientRect().bottom")
        assert 0 <= below < 40
        page.fill("#players", "Ann\nBob")
        page.click("#rules-h")
        options = page.eval_on_selector_all("#opt-game_end option",
                                            "os => os.map(o => o.textContent)")
        assert options == ["every sheet is full (standard)", "one sheet is full"]
        page.select_option("#opt-game_end", label="one sheet is full")
        page.select_option("#setup-map", label="none: a card flipper for any map")
        assert page.locator("#players").is_disabled()  # "Ann", "Bob" stay, unasked
        page.evaluate("document.querySelector('#create').click();"
                      "document.querySelector('#create').click()")  # a double tap
        page.wait_for_selector("#made:not([hidden])")
        assert page.locator("#links li").count() == 2  # host and watchers: a flipper
        assert page.is_hidden("#error")
        assert len(list(folder.glob("*.web.json"))) == 1
        host = page.eval_on_selector("#links a", "a => a.href").replace("/g/", "/api/games/")
        assert httpx.get(host).json()["game"]["rules"] == {"game_end": "any_full"}
        shot(page, "start-flipper-links")
    assert errors == []


def test_every_line_badge_has_contrast_of_at_least_3_to_1(browser, tmp_path):
    """The badge's ink (the page module's own choice, black or white) on every line colour
    of the bundled maps (Berlin's E and J were under 3:1)."""
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map

    colors = sorted({line.color for m in BUNDLED_MAPS for line in bundled_map(m).lines})
    with serving(vv_games(tmp_path / "games"), tmp_path / "games") as base:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{base}/?t={START}")
        ratios = page.evaluate("""async (colors) => {
          const m = await import('/static/games/voll-verplant.js');
          const lum = (c) => m.luminance(c);
          return colors.map((c) => {
            const a = lum(c), b = lum(m.inkOn(c));
            return [c, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
          }); }""", colors)
    assert len(ratios) >= 10  # every colour of the four maps
    assert [c for c, r in ratios if r < 3] == []


def test_a_card_revealed_while_the_sheet_is_on_its_way_is_the_one_marked(browser, tmp_path):
    """The first card can come before the blank sheet has arrived (a phone on a slow
    network opening its link as the host reveals): the sheet drawn when it arrives carries
    the newest state's legal lines, not the state of the page's first draw."""
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game = new_game(base, NAMES[:2], "t2")  # a 6 first: the ring R
        host = phone(browser, game["host"]["url"], errors)
        ann = browser.new_context(viewport=PHONE).new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))
        held: list = []
        let_through = []  # once set, a sheet asked for is fetched at once

        def hold(route) -> None:
            if let_through:
                route.continue_()
            else:
                held.append(route)

        ann.route("**/asset/sheet-*", hold)  # the blank sheet waits here
        ann.goto(game["players"][0]["url"])
        ann.wait_for_selector("#status:not(:empty)")
        ann.wait_for_function("() => document.querySelector('.vv-base') !== null")
        assert held, "the page asked for its sheet"
        host.click("#reveal")
        wait_steps(ann, 1)  # drawn again for the card, the sheet still on its way
        assert ann.locator(".vv-base svg").count() == 0
        let_through.append(True)
        for route in held:
            route.continue_()
        ann.wait_for_selector(".vv-base .lines-table [data-line=R].legal")
    assert errors == []
