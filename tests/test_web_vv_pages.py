"""Voll verplant at the table in headless Chromium: phones as players on the short test map
(tests/data/tiny.yaml), the host revealing; a whole game played from the phones whose
saved log ``vv score`` scores as the page showed; six phones seeing the same card and the
completions; reload and server restart mid-game; refused tokens."""

from __future__ import annotations

import json

import httpx
import pytest
from web_browser import PHONE, SHOTS, chromium, horizontal_overflow, phone, shot, small_targets
from web_server import START, free_port, serving
from web_vv import vv_games

from scorepad.main import root

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def new_game(base: str, players: list[str], seed: str) -> dict:
    r = httpx.post(f"{base}/api/games?t={START}", json={"game": "voll-verplant", "players": players,
                                              "seed": seed, "setup": {"map": "tiny.yaml"}})
    assert r.status_code == 201, r.text
    return r.json()


def version(page) -> int:
    return page.evaluate("() => window.__vvVersion ?? -1")


def confirm(page) -> None:
    """Play the move the phone previews (every tapped move waits for Confirm)."""
    page.locator("#vv-confirm").click()


def tap_move(page, k: int) -> str:
    """Make this phone's move by taps: the k-th line (wrapping), the first ring direction,
    the most crosses; for a free ride the first station; then Confirm. Says what the
    buttons offered."""
    pick = page.locator(".vv-pick")
    pick.wait_for()
    if page.locator(".vv-station").count():  # the list below the sheet
        page.locator(".vv-station").first.click()
        confirm(page)
        return "station"
    if pick.locator(".vv-pass").count():
        pick.locator(".vv-pass").click()
        confirm(page)
        return "pass"
    lines = pick.locator(".vv-line")
    lines.nth(k % lines.count()).click()
    if page.locator(".vv-pick .vv-dir").count():
        page.locator(".vv-pick .vv-dir").first.click()
    crosses = page.locator(".vv-pick .vv-cross")
    kind = "line"
    if crosses.count():
        crosses.last.click()
        kind = "crosses"
    confirm(page)
    return kind


def marks_of(page) -> str:
    """The pen marks the phone shows: the SVG its marks image holds (checked loaded)."""
    page.wait_for_function("() => document.querySelector('img.vv-marks')?.naturalWidth > 0 && "
                           "document.querySelector('.vv-base svg')")
    return page.evaluate(
        "async () => (await fetch(document.querySelector('img.vv-marks').src)).text()")


def wait_steps(page, n: int) -> None:
    page.wait_for_selector(f"#log-h:has-text('· {n} step')")


def test_a_whole_game_from_two_phones_scores_as_vv_score(browser, tmp_path, runner):
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game = new_game(base, NAMES[:2], "t7")
        host = phone(browser, game["host"]["url"], errors)
        players = [phone(browser, p["url"], errors) for p in game["players"]]
        steps, seen_follow, seen_news, kinds = 0, False, False, set()
        for rnd in range(1, 20):
            if host.locator("#scoresec:not([hidden])").count():
                break
            host.click("#reveal")
            steps += 1
            for page in [host, *players]:  # the same card on every phone
                page.wait_for_selector(f"[data-part=round]:has-text('Round {rnd}')")
            faces = {p.inner_text("[data-part=face]") for p in [host, *players]}
            assert len(faces) == 1
            if rnd == 1:
                shot(players[0], "vv-table-player")
                for lang in ("FR", "DE", "EN"):  # longer words still fit the phone
                    players[0].click(f"#langs button:has-text('{lang}')")
                    assert small_targets(players[0]) == [] and horizontal_overflow(players[0]) == 0
            for i, page in enumerate(players):
                while page.locator(".vv-pick").count():
                    if page.locator(".vv-follow").count():
                        seen_follow = True
                        shot(page, "vv-table-follow-up")
                    kinds.add(tap_move(page, rnd + i))
                    steps += 1
                    wait_steps(page, steps)
            for page in [host, *players]:
                wait_steps(page, steps)
            if not players[0].locator("#scoresec:not([hidden])").count():
                assert players[0].inner_text(".vv-wait") == "Next: a card or a deal"
            if players[0].locator(".vv-news").count():
                seen_news = True
                assert {p.inner_text(".vv-news") for p in [host, *players]} == \
                    {players[0].inner_text(".vv-news")}  # announced to all alike
        assert seen_follow and seen_news and {"station", "crosses", "line"} <= kinds
        for page in [host, *players]:
            page.wait_for_selector("#scoresec:not([hidden])")
        shot(players[1], "vv-table-over")
        shot(host, "vv-table-host-over")
        shown = [[c.inner_text() for c in row.locator("td").all()]
                 for row in host.locator("#score tr").all()]
        printed = runner.invoke(root, ["vv", "score", "--json", str(folder / game["log"])])
        assert printed.exit_code == 0, printed.output
        score = json.loads(printed.stdout)
        # the end screen opens with the winner, then the ranks in order
        ranked = sorted(score["players"], key=lambda p: p["rank"])
        assert shown == [[f"rank {p['rank']}", p["name"], f"{p['total']:g} points"]
                         for p in ranked]
        assert ranked[0]["name"] in host.inner_text("#winner")
        assert host.evaluate("document.querySelector('#winner').getBoundingClientRect().top"
                             " < 640")
        for p in score["players"]:
            assert f"= {p['total']:g}" in host.inner_text(".vv-breakdown")
        for page in [host, *players]:
            assert small_targets(page) == [] and horizontal_overflow(page) == 0
        players[1].click("#vv-zoom-in")  # the sheet larger, panned inside its frame
        players[1].wait_for_selector(".vv-scroll[data-scale='1.50']")
        assert horizontal_overflow(players[1]) == 0
        players[1].locator(".vv-sheet").screenshot(path=str(SHOTS / "vv-table-zoom.png"))
        assert "Game over: every wagon window is filled." in host.inner_text("[data-part=windows]")
    assert errors == []


def test_six_phones_see_the_card_and_the_completions(browser, tmp_path):
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game = new_game(base, NAMES, "t2")
        host = phone(browser, game["host"]["url"], errors)
        players = [phone(browser, p["url"], errors) for p in game["players"]]
        host.click("#reveal")  # a 6: everyone takes the ring R as far as it goes
        for page in [host, *players]:
            page.wait_for_selector("[data-part=round]:has-text('Round 1')")
            assert page.inner_text("[data-part=face]") == "6"
        steps = 1
        for page in players:
            page.locator(".vv-line[data-line=R]").click()
            page.locator(".vv-dir[data-dir=cw]").click()
            page.locator(".vv-cross").last.click()
            confirm(page)
            steps += 1
            wait_steps(page, steps)
            # 8 is special: the follow-up is asked on this phone only
            assert page.locator(".vv-follow").count() == 1
        host.wait_for_selector(f"#log-h:has-text('· {steps} step')")  # the host has them all
        # the host's phone: one player's picker at a time (the first to move), a chip each
        assert host.locator(".vv-pick").count() == 1 and host.locator(".vv-follow").count() == 1
        assert host.locator(".vv-who.vv-mine").count() == 6
        assert host.locator(".vv-players li:has-text('★ follow-up at 8')").count() == 6
        shot(host, "vv-table-host-six")
        for page in players:
            page.locator(".vv-line[data-line=A]").click()
            page.locator(".vv-cross").last.click()
            confirm(page)
            steps += 1
        for page in [host, *players]:
            wait_steps(page, steps)
            page.wait_for_selector(".vv-news")
            assert page.inner_text(".vv-news").count(
                f"line R completed by {', '.join(NAMES)} – first bonus, 3 points") == 1
        host.click("#langs button:has-text('DE')")
        assert "Linie R abgeschlossen von Ann, Bob" in host.inner_text(".vv-news")
        assert small_targets(host) == [] and horizontal_overflow(host) == 0
        shot(players[0], "vv-table-completions")
        # the host's link reveals; a player's link and a wrong one may not
        ann_t = game["players"][0]["url"].rsplit("t=", 1)[1]
        status = players[0].evaluate("""async ([id, t]) => {
            const out = [];
            for (const [what, body] of [['step', '{"reveal": true}'], ['undo', ''], ['end', '']]) {
              for (const tok of [t, 'x'.repeat(24)])
                out.push((await fetch(`/api/games/${id}/${what}?t=${tok}`, {method: 'POST', body,
                headers: {'Content-Type': 'application/json'}})).status);
            }
            return out; }""", [game["id"], ann_t])
        assert status == [403] * 6
        wrong = browser.new_context(viewport=PHONE).new_page()
        wrong.goto(f"{base}/g/{game['id']}?t={'y' * 24}")
        wrong.wait_for_selector("#error:not([hidden])")
        assert wrong.locator(".vv-pick").count() == 0
        assert host.inner_text("#log-h").endswith(f"{steps} Schritte")
    assert errors == []


def test_reload_and_restart_mid_game_come_back_to_the_same_sheet(browser, tmp_path):
    errors: list[str] = []
    folder = tmp_path / "games"
    port = free_port()
    with serving(vv_games(folder), folder, port=port) as base:
        game = new_game(base, NAMES[:2], "t7")
        host = phone(browser, game["host"]["url"], errors)
        ann, bob = (phone(browser, p["url"], errors) for p in game["players"])
        host.click("#reveal")
        ann.locator(".vv-line[data-line=R]").click()
        ann.locator(".vv-dir[data-dir=cw]").click()
        ann.locator(".vv-cross").last.click()
        confirm(ann)
        ann.wait_for_selector(".vv-follow")  # a follow-up owed, mid-round
        marks = marks_of(ann)
        assert "cross-7" in marks and "cross-8" in marks
        offered = ann.inner_text(".vv-pick")
        ann.reload()
        ann.wait_for_selector(".vv-follow")
        assert marks_of(ann) == marks and ann.inner_text(".vv-pick") == offered
    bob.wait_for_selector("#conn:not([hidden])", timeout=10_000)
    with serving(vv_games(folder), folder, port=port) as base:
        bob.wait_for_selector("#conn", state="hidden", timeout=15_000)
        ann.wait_for_selector(".vv-follow", timeout=15_000)
        assert marks_of(ann) == marks and ann.inner_text(".vv-pick") == offered
        bob.locator(".vv-line[data-line=A]").click()
        bob.locator(".vv-cross").last.click()
        confirm(bob)
        for page in (ann, bob, host):
            wait_steps(page, 3)
        assert "✓ moved" in ann.inner_text(".vv-players li[data-player=Bob]")
        assert bob.inner_text(".vv-wait") == "Waiting for the others…"
        shot(bob, "vv-table-waiting")
        assert "★ follow-up at 8" in bob.inner_text(".vv-players li[data-player=Ann]")
    assert errors == []
    assert SHOTS.exists()
