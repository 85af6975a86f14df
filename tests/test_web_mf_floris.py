"""The Mille Fiori scorekeeper and the Floris tally in headless Chromium: turns tapped on
the board diagram from the players' phones (a bonus chain included), a reload mid-game,
a bouquet checked and presented, the end of a Floris game; every total the pages show
equals ``score --json`` of the saved log."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from mf_play import greedy_game
from web_browser import PHONE, chromium, horizontal_overflow, phone, shot, small_targets
from web_server import START, serving

from scorepad.main import root
from scorepad.rules.mille_fiori.board import WORKSHOPS, board
from scorepad.web.games import default_games


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def steps(page) -> int:
    return int(page.inner_text("#log-h").split("·")[1].split()[0])


def score_json(game: str, log: Path) -> dict:
    result = CliRunner().invoke(root, [game, "score", str(log), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def shown_totals(page, selector: str) -> dict[str, int]:
    return page.evaluate(f"""() => Object.fromEntries(
        [...document.querySelectorAll('{selector} tr')]
        .map(tr => [tr.dataset.player, Number(tr.cells[1].textContent)]))""")


def workshop_card(space: str) -> str:
    """A card of the space's material (the scorekeeper offers every ship number)."""
    b = board()
    return f"workshops/{b.symbols[WORKSHOPS][b.space_symbol[b.space_index[space]]]}/3"


def tap(page, space: str, card: str) -> None:
    """On the board diagram: the space, then the card; waits for the step to be played."""
    page.click(f"[data-space='{space}'].legal")  # once this phone knows it is its turn
    before = steps(page)
    page.click(f".mf-card[data-card='{card}']")
    page.wait_for_function(
        f"() => document.querySelector('#log-h').textContent.includes('· {before + 1} ')")


def test_mille_fiori_turns_with_a_bonus_chain_from_the_phones(browser, tmp_path):
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game = httpx.post(f"{base}/api/games?t={START}",
                          json={"game": "mille-fiori", "players": ["Ann", "Bob"],
                                "deal": False}).json()
        ann, bob = (phone(browser, p["url"], errors) for p in game["players"])
        ann.wait_for_selector(".legal")
        bob.wait_for_selector("#mf-totals")
        # Bob cannot tap while it is Ann's turn: no space of his is marked
        assert bob.locator(".legal").count() == 0 and ann.locator(".legal").count() > 0
        plan = [(ann, "workshops/0"), (bob, "workshops/1"), (ann, "workshops/7"),
                (bob, "workshops/2")]
        for page, space in plan:
            tap(page, space, workshop_card(space))
        # the owner shows as an initial, not only a colour, on every phone
        assert bob.text_content("[data-space='workshops/0'] .owner") == "A"
        ann.reload()  # a phone that reloads comes back to where the game is
        ann.wait_for_selector("[data-space='workshops/8'].legal")
        ann.click("[data-space='workshops/8']")  # what the phone shows: the cards for it
        ann.wait_for_selector("#mf-pick h3")
        shot(ann, "mf-pick-card", full_page=False)
        # Ann fills triangle 0-7-8: a bonus card; she plays it to fill 1-2-9: another
        tap(ann, "workshops/8", workshop_card("workshops/8"))
        assert "bonus triangle 0-7-8 complete" in ann.inner_text("#mf-owed")
        tap(ann, "workshops/9", workshop_card("workshops/9"))
        assert "bonus triangle 1-2-9 complete" in ann.inner_text("#mf-owed")
        for page in (ann, bob):  # every phone lists what the chain scored, and why
            page.wait_for_selector("#mf-recent li:has-text('1-2-9 complete')")
            assert "Ann: +4 Workshops – group of 4" in page.inner_text("#mf-recent")
        shot(ann, "mf-bonus-chain")
        ann.click("#mf-ship")  # the second bonus card moves the ship
        before = steps(ann)
        ann.click(".mf-card[data-card='harbor/-/4']")
        ann.wait_for_function(
            f"() => document.querySelector('#log-h').textContent.includes('· {before + 1} ')")
        bob.wait_for_selector("#mf-recent li:has-text('harbor') >> nth=0")
        assert ann.locator("#mf-owed").count() == 0 and bob.locator(".legal").count() > 0
        tap(bob, "residences/0", "residences/-/2")
        bob.wait_for_selector("[data-space='residences/0'] .owner")
        for page in (ann, bob):
            assert small_targets(page) == [] and horizontal_overflow(page) == 0
        # every space of the diagram is a touch target of at least 44×44 CSS pixels
        sizes = bob.evaluate("""() => [...document.querySelectorAll('[data-space]')]
            .map(g => g.getBoundingClientRect()).map(r => Math.min(r.width, r.height))""")
        assert len(sizes) == board().spaces and min(sizes) >= 44
        bob.click("button:has-text('DE')")  # the board's words follow the language
        board_text = bob.inner_text("#mf-board")
        assert "Pigmente" in board_text and "Werkstätten" in board_text
        assert horizontal_overflow(bob) == 0
        shot(bob, "mf-player-de")
        scored = score_json("mf", tmp_path / game["log"])
        shown = shown_totals(ann, "#mf-totals")
        assert shown == {p["name"]: p["total"] for p in scored["players"]}
        assert shown["Ann"] > 0 and shown["Bob"] > 0
    assert errors == []


def test_a_whole_seeded_game_shows_laps_and_the_final_score(browser, tmp_path):
    errors: list[str] = []
    played = greedy_game("laps")
    with serving(default_games(), tmp_path) as base:
        game = httpx.post(f"{base}/api/games?t={START}",
                          json={"game": "mille-fiori", "players": ["Ann", "Bob"],
                                "seed": "laps"}).json()
        step = game["host"]["url"].replace("/g/", "/api/games/").replace("?t=", "/step?t=")
        ann = phone(browser, game["players"][0]["url"], errors)
        with httpx.Client() as client:
            for player, move in played.steps:  # the host's link keeps score for the table
                body = {"reveal": True} if player is None else {"player": player, "move": move}
                assert client.post(step, json=body).status_code == 200
        ann.wait_for_selector("#scoresec:not([hidden])")
        scored = score_json("mf", tmp_path / game["log"])
        assert shown_totals(ann, "#mf-totals") == {p["name"]: p["total"] for p in scored["players"]}
        for p in scored["players"]:  # past 100 the track starts a new lap
            row = ann.inner_text(f"#mf-totals tr[data-player='{p['name']}']")
            lap = f"{p['total'] % 100} on the track, lap {p['laps'] + 1}"
            assert (lap in row) == (p["laps"] > 0)
        assert any(p["laps"] for p in scored["players"])
        assert ann.inner_text("#mf-end").startswith("Game over: ")
        assert ("last diamond" in ann.inner_text("#mf-end")) == (scored["end"] == "diamonds")
        assert ann.locator(".legal").count() == 0 and ann.locator("#mf-pick").inner_text() == ""
        shot(ann, "mf-over")
    assert errors == []


def test_the_host_page_shows_no_hand_and_opens_the_movers_own_page(browser, tmp_path):
    """A seeded game: the host may move for anyone, but a move from a hand shows the hand,
    so the host's page offers no move for the player to move, only a link to their page,
    which does."""
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game = httpx.post(f"{base}/api/games?t={START}",
                          json={"game": "mille-fiori", "players": ["Ann", "Bob"],
                                "seed": "own"}).json()
        host = phone(browser, game["host"]["url"], errors)
        host.click("#reveal")  # the deal
        host.wait_for_selector("p.elsewhere")
        assert host.inner_text("p.elsewhere") == ("Ann moves on their own page: only it shows "
                                                  "their hand")
        assert host.locator(".legal").count() == 0
        assert "hand" not in host.inner_text("#mf-board").lower()
        assert host.inner_text("#log-h") == "Log · 1 step"  # the deal; one, not "1 steps"
        host.locator("p.elsewhere").scroll_into_view_if_needed()
        shot(host, "mf-host-no-hand", full_page=False)
        with host.context.expect_page() as opened:
            host.click("button:has-text(\"Open Ann's page\")")
        ann = opened.value
        ann.wait_for_selector(".legal")  # Ann's own page: her hand and her moves
        assert ann.url == game["players"][0]["url"]
        assert "Hand of Ann" in ann.inner_text("body")
        shot(ann, "mf-host-opened-ann", full_page=False)
    assert errors == []


def test_floris_tally_to_the_end_with_the_bouquet_checker(browser, tmp_path):
    errors: list[str] = []
    runner = CliRunner()
    with serving(default_games(), tmp_path) as base:
        game = httpx.post(f"{base}/api/games?t={START}",
                          json={"game": "floris", "players": ["Ann", "Bob"]}).json()
        host = phone(browser, game["host"]["url"], errors)
        ann, bob = (phone(browser, p["url"], errors) for p in game["players"])
        for spec in ("rose:3 lily:2", "r3 l3"):  # the checker says what floris bouquet says
            ann.fill("#fl-spec", spec)
            ann.click("#fl-check")
            ann.wait_for_selector(".fl-line")
            cli = runner.invoke(root, ["floris", "bouquet", spec]).stdout.splitlines()
            ann.wait_for_function("() => document.querySelector('#fl-verdict').innerText"
                                  f".includes({json.dumps(cli[-1])})")
            assert [e.inner_text() for e in ann.query_selector_all(".fl-line")] == cli
        assert ann.inner_text("#fl-verdict").startswith("✓")
        ann.click("#fl-present")
        bob.fill("#fl-spec", "rose:2 lily:2")  # not a bouquet: the engine refuses it
        bob.click("#fl-present")
        # the refusal is said beside the button that caused it, as text (no tooltip)
        bob.wait_for_selector(".refusal")
        refusal = bob.inner_text(".refusal")
        assert "not a bouquet" in refusal and "smallest fix" in refusal
        below = bob.evaluate("document.querySelector('.refusal').getBoundingClientRect().top"
                             " - document.querySelector('#fl-present')"
                             ".getBoundingClientRect().bottom")
        assert 0 <= below < 40
        assert bob.get_attribute(".refusal", "title") is None
        bob.fill("#fl-spec", "daisy:5")
        bob.click("#fl-present")
        for page in (host, ann, bob):
            page.wait_for_selector("#log-h:has-text('· 2 ')")
        bob.reload()
        bob.wait_for_selector("#fl-totals tr[data-player='Bob']")
        assert shown_totals(bob, "#fl-totals") == {"Ann": 6, "Bob": 5}
        shot(ann, "floris-player")
        # the end: Ann with a final bouquet and a card left, the host enters Bob's
        ann.click("#fl-end summary")
        ann.fill("#fl-final", "sunflower:5")
        ann.fill("#fl-discarded", "1")
        ann.click("#fl-enter")
        host.wait_for_selector("#fl-phase")  # the final round: only Bob's entry is missing
        assert host.inner_text("#fl-for") == "Enter for Bob"
        assert "no more bouquets" in bob.inner_text("#fl-phase") and bob.is_hidden("#fl-play")
        host.fill("#fl-hand", "2")
        host.click("#fl-enter")
        host.wait_for_selector("#scoresec:not([hidden])")
        assert "Winner: Ann" in host.inner_text("#fl-phase")
        shot(host, "floris-host-over")
        bob.click("#langs button:has-text('FR')")  # longer words still fit the phone
        bob.wait_for_selector("#fl-totals:has-text('bouquet')")
        assert "Gagnant : Ann" in bob.inner_text("#fl-phase")
        for page in (host, ann, bob):
            assert small_targets(page) == [] and horizontal_overflow(page) == 0
        scored = score_json("floris", tmp_path / game["log"])
        assert scored["finished"] is True
        assert shown_totals(host, "#fl-totals") == {p["name"]: p["total"]
                                                    for p in scored["players"]}
        assert host.inner_text("#fl-totals tr[data-player='Ann']").endswith("rank 1")
    assert errors == []


def test_the_start_page_offers_a_scorekeeper_for_cards_dealt_at_the_table(browser, tmp_path):
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        page = browser.new_context(viewport=PHONE).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/?t={START}")
        page.wait_for_selector("#kind option", state="attached")
        page.select_option("#kind", "floris")
        assert page.locator("#deal").count() == 0  # Floris deals nothing
        page.select_option("#kind", "mille-fiori")
        page.select_option("#deal", "table")
        page.click("#langs button:has-text('FR')")  # the choice is named in the language
        assert page.inner_text("#deal-l") == "Cartes" and page.input_value("#deal") == "table"
        page.click("#create")
        page.wait_for_selector("#made:not([hidden])")
        host = page.locator("a.join").first.get_attribute("href")
        state = httpx.get(host.replace("/g/", "/api/games/")).json()
        assert state["game"]["seed"] is None and state["to_move"] == ["Ann"]
        assert small_targets(page) == [] and horizontal_overflow(page) == 0
    assert errors == []


@pytest.mark.parametrize(("locale", "said"), [("de-DE", "kein Strauß"),
                                              ("fr-FR", "n'est pas un bouquet")])
def test_a_refused_bouquet_is_said_in_the_pages_language(browser, tmp_path, locale, said):
    # the page sends its language (Accept-Language); the engine's reason comes back in it
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        game = httpx.post(f"{base}/api/games?t={START}",
                          json={"game": "floris", "players": ["Ann", "Bob"]}).json()
        bob = phone(browser, game["players"][1]["url"], errors, locale=locale)
        bob.fill("#fl-spec", "rose:2 lily:2")
        bob.click("#fl-present")
        bob.wait_for_selector(".refusal")
        text = bob.inner_text(".refusal")
        assert said in text and "not a bouquet" not in text, text
    assert errors == []
