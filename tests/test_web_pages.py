"""The served pages in headless Chromium: phones at one table see every step live, come
back after a reload and a server restart, and may do only what their link allows."""

from __future__ import annotations

import httpx
import pytest
from web_browser import PHONE, chromium, horizontal_overflow, phone, shot, small_targets
from web_server import START, free_port, serving
from web_toy import toy_games

from scorepad import store

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def new_game(base: str, players: list[str], rounds: int = 3) -> dict:
    r = httpx.post(f"{base}/api/games?t={START}", json={
        "game": "toy", "players": players, "seed": "p1", "setup": {"rounds": rounds}})
    assert r.status_code == 201, r.text
    return r.json()


def test_six_phones_see_every_step_live(browser, tmp_path):
    errors: list[str] = []
    with serving(toy_games(), tmp_path) as base:
        game = new_game(base, NAMES)
        host = phone(browser, game["host"]["url"], errors)
        players = [phone(browser, p["url"], errors) for p in game["players"]]
        assert all(p.inner_text("#status") == "Next: a card or a deal" for p in players)
        assert all(p.is_hidden("#hostbar") and p.is_hidden("#end") for p in players)
        host.click("#reveal")
        for name, page in zip(NAMES, players, strict=True):
            page.wait_for_selector("#moves button:has-text('take: true')")
            assert page.inner_text("#moves h2") == f"Your moves ({name})"
            assert page.locator("#moves h2").count() == 1  # only their own moves
        assert host.locator("#moves h2").count() == 6
        shot(players[0], "toy-player-move")
        for i, page in enumerate(players):
            page.click("#moves button:has-text('take: true')" if i == 0 else
                       "#moves button:has-text('take: false')")
        for page in [host, *players]:
            page.wait_for_selector("#status:has-text('Next: a card')")
            assert page.inner_text("#log-h") == "Log · 7 steps"
            assert page.locator("#log").is_hidden()  # no log while the game runs
        shot(host, "toy-host")
        for page in [host, *players]:
            assert small_targets(page) == [] and horizontal_overflow(page) == 0
        log = store.load(tmp_path / game["log"], toy_games()["toy"].game).to_log()
        assert log["rounds"][0]["moves"] == {n: {"take": n == "Ann"} for n in NAMES}
    assert errors == []


def test_start_page_makes_a_game_with_join_links(browser, tmp_path):
    errors: list[str] = []
    with serving(toy_games(), tmp_path) as base:
        page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/?t={START}")
        page.wait_for_selector("#kind option", state="attached")
        assert page.inner_text("#create") == "Spiel starten"
        page.click("#langs button:has-text('EN')")
        assert page.inner_text("#create") == "Start the game"
        page.fill("#players", "Ann\nBob")
        page.select_option("#setup-rounds", label="1")
        page.fill("#seed", "start-1")
        page.click("#create")
        page.wait_for_selector("#made:not([hidden])")
        assert page.locator("#links li").count() == 4  # host, watcher, Ann, Bob
        assert page.locator("#links img").count() == 4
        assert small_targets(page) == [] and horizontal_overflow(page) == 0
        shot(page, "start")
        # every link's chip and the chosen one's QR code on the first screen of a 360×640 phone
        assert page.evaluate("Math.max(...[...document.querySelectorAll("
                             "'#links img, #links .chip')]"
                             ".map((e) => e.getBoundingClientRect().bottom))") <= PHONE["height"]
        page.click("#again")
        page.fill("#players", "Ann\nann")
        page.click("#create")
        page.wait_for_selector("#error:not([hidden])")
        assert "named twice" in page.inner_text("#error")
        host_url = page.locator("a.join").first.get_attribute("href")
        page.reload()  # the game started here is listed for going back to it
        page.wait_for_selector("#mine:not([hidden])")
        assert page.locator("#mine-list a").get_attribute("href") == host_url
        page.goto(host_url)
        page.wait_for_selector("#reveal:not([disabled])")
        assert page.inner_text("#who") == "You are the host"
        page.click("#join-h")  # the join links again, for the host at the table
        page.wait_for_selector("#links img")
        assert page.locator("#links li").count() == 3  # watcher, Ann, Bob
        shot(page, "host-join-links")
        (saved,) = list(tmp_path.glob("*.yaml"))
        assert "seed: start-1" in saved.read_text()
    assert errors == []


def test_reload_and_server_restart_come_back(browser, tmp_path):
    errors: list[str] = []
    port = free_port()
    with serving(toy_games(), tmp_path, port=port) as base:
        game = new_game(base, ["Ann", "Bob"])
        ann = phone(browser, game["players"][0]["url"], errors)
        host_t = game["host"]["url"].rsplit("t=", 1)[1]
        step = f"{base}/api/games/{game['id']}/step"
        httpx.post(step, params={"t": host_t}, json={"reveal": True})
        ann.wait_for_selector("#moves button")
        ann.click("#moves button:has-text('take: true')")
        ann.wait_for_selector("#moves p:has-text('Waiting')")
        ann.reload()
        ann.wait_for_selector("#moves p:has-text('Waiting')")
        assert ann.inner_text("#log-h") == "Log · 2 steps"
    ann.wait_for_selector("#conn:not([hidden])", timeout=10_000)
    assert "reconnecting" in ann.inner_text("#conn")
    shot(ann, "toy-player-offline")
    with serving(toy_games(), tmp_path, port=port) as base:
        httpx.post(step, params={"t": host_t}, json={"player": "Bob", "move": {"take": False}})
        ann.wait_for_selector("#log-h:has-text('3 steps')", timeout=15_000)
        assert ann.is_hidden("#conn")
        assert ann.inner_text("#status") == "Next: a card or a deal"
    assert errors == []


def test_wrong_token_and_player_token_are_refused(browser, tmp_path):
    errors: list[str] = []
    with serving(toy_games(), tmp_path) as base:
        game = new_game(base, ["Ann", "Bob"])
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{base}/g/{game['id']}?t={'x' * 24}")
        page.wait_for_selector("#error:not([hidden])")
        assert "token is not one of this game's" in page.inner_text("#error")
        assert page.locator("#moves button").count() == 0
        ann = phone(browser, game["players"][0]["url"], errors)
        status = ann.evaluate("""async (id) => {
            const t = new URLSearchParams(location.search).get('t');
            const out = [];
            const url = (what) => `/api/games/${id}/${what}?t=${t}`;
            for (const what of ['undo', 'end']) {
              out.push((await fetch(url(what), {method: 'POST'})).status);
            }
            out.push((await fetch(url('step'), {method: 'POST', body: '{"reveal": true}',
                                  headers: {'Content-Type': 'application/json'}})).status);
            // a body that is not declared JSON (a form's, another site's) is refused first
            out.push((await fetch(url('step'), {method: 'POST', body: '{"reveal": true}'})).status);
            return out; }""", game["id"])
        assert status == [403, 403, 403, 415]
        assert ann.inner_text("#log-h") == "Log · 0 steps"
    assert errors == []


def test_a_game_page_module_draws_the_board(browser, tmp_path):
    from dataclasses import replace

    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "toy.js").write_text("""
export function render(root, state, ctx) {
  root.replaceChildren();
  const p = document.createElement('p'); p.id = 'cards';
  p.textContent = ctx.t('round', {n: state.view.cards.length}) + ': ' + state.view.cards.join(' ');
  root.append(p);
  for (const [player, moves] of Object.entries(state.legal)) {
    const b = document.createElement('button'); b.id = 'take-' + player; b.textContent = 'take';
    b.addEventListener('click', () => ctx.step(player, moves[0])); root.append(b);
  }
  return {generic: false};
}""")
    games = toy_games()
    games["toy"] = replace(games["toy"], page="toy.js")
    errors: list[str] = []
    with serving(games, tmp_path, pages=pages) as base:
        game = new_game(base, ["Ann", "Bob"])
        host = phone(browser, game["host"]["url"], errors)
        host.click("#reveal")
        host.wait_for_selector("#take-Ann")
        assert host.inner_text("#cards").startswith("Round 1: ")
        assert host.locator("#moves button").count() == 0  # the module said: no generic moves
        host.click("#take-Ann")
        host.wait_for_selector("#log-h:has-text('2 steps')")
    assert errors == []


def test_the_voll_verplant_flipper_shows_the_same_card_on_every_phone(browser, tmp_path, runner):
    import json

    from scorepad.main import root
    from scorepad.web.games import default_games

    deck = json.loads(runner.invoke(root, ["vv", "deck", "--seed", "table-42", "--count", "9",
                                           "--json"]).stdout)["cards"]
    errors: list[str] = []
    with serving(default_games(), tmp_path) as base:
        r = httpx.post(f"{base}/api/games?t={START}", json={"game": "voll-verplant", "players": [],
                                                  "seed": "table-42", "setup": {"map": "berlin"}})
        game = r.json()
        host = phone(browser, game["host"]["url"], errors)
        watchers = [phone(browser, game["watch"]["url"], errors) for _ in range(3)]
        for count in range(1, 10):
            host.click("#reveal")
            for page in [host, *watchers]:
                page.wait_for_selector(f"[data-part=round]:has-text('Round {count}')")
        face = {"T": "+", "F": "★"}.get(str(deck[8]), str(deck[8]))
        for page in [host, *watchers]:
            assert page.inner_text("[data-part=face]") == face
            assert page.locator("[data-part=history] li").count() == 9
            assert small_targets(page) == [] and horizontal_overflow(page) == 0
        shot(watchers[0], "vv-flip-watch")
        # the same numbers as the offline page of the same seed and map
        from scorepad.app.flipper import flip_data
        from scorepad.rules.voll_verplant.maps import bundled_map
        from scorepad.rules.voll_verplant.ruleset import default_rules

        offline = flip_data("table-42", default_rules(), bundled_map("berlin"))
        view = httpx.get(f"{base}/api/games/{game['id']}",
                         params={"t": game["watch"]["url"].rsplit("t=", 1)[1]}).json()
        assert view["view"]["flip"]["entry"] == offline["rounds"][8]
        assert watchers[0].inner_text("[data-part=pile-h]") == \
            f"Still in the pile: {sum(offline['rounds'][8][3])}"
        host.click("#undo")
        for page in watchers:
            page.wait_for_selector("[data-part=round]:has-text('Round 8')")
    assert errors == []


WAKE_LOCK_SPY = """
window.__wake = [];
Object.defineProperty(navigator, 'wakeLock', {value: {request: async (type) => {
  window.__wake.push(type);
  return {release: async () => window.__wake.push('released'), addEventListener() {}};
}}});
"""


def test_the_screen_is_kept_awake_while_the_game_runs(browser, tmp_path):
    with serving(toy_games(), tmp_path) as base:
        game = new_game(base, ["Ann", "Bob"], rounds=1)
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(WAKE_LOCK_SPY)
        page = context.new_page()
        page.goto(game["host"]["url"])
        page.wait_for_function("() => window.__wake.length > 0")
        assert page.evaluate("window.__wake") == ["screen"]
        for lang in ("DE", "FR"):  # longer words still fit the phone
            page.click(f"#langs button:has-text('{lang}')")
            assert small_targets(page) == [] and horizontal_overflow(page) == 0
        page.click("#reveal")
        page.wait_for_selector("#moves button")
        steps = page.inner_text("#log-h")
        page.locator("#moves .moves").nth(0).locator("button").nth(0).click()
        # the page draws the moves again once Ann's step is in: tap Bob's after that, not a
        # button of the page being replaced (a busy machine loses that tap)
        page.wait_for_function("(t) => document.querySelector('#log-h').innerText !== t", arg=steps)
        page.locator("#moves .moves").nth(0).locator("button").nth(1).click()
        page.wait_for_selector("#scoresec:not([hidden])")  # over: the lock is let go
        page.wait_for_function("() => window.__wake.includes('released')")
        assert page.inner_text("#status") == "Partie terminée"
        shot(page, "toy-over-fr")


WAKE_LOCK_STUB = """
window.__locks = {requested: 0, released: 0, held: 0};
Object.defineProperty(navigator, 'wakeLock', {value: {request: async () => {
  window.__locks.requested++; window.__locks.held++;
  await new Promise((r) => setTimeout(r, 50));  // a request takes a while: calls overlap
  const listeners = [];
  return {addEventListener: (k, f) => listeners.push(f),
          release: async () => { window.__locks.released++; window.__locks.held--;
                                 listeners.forEach((f) => f()); }};
}}});
"""


def test_one_wake_lock_held_while_the_game_runs_and_released_at_its_end(browser, tmp_path):
    errors: list[str] = []
    with serving(toy_games(), tmp_path) as base:
        game = new_game(base, ["Ann"], rounds=1)
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(WAKE_LOCK_STUB)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(game["host"]["url"])
        page.wait_for_selector("#reveal:not([disabled])")
        page.click("#reveal")
        page.wait_for_selector("#moves button:has-text('take: true')")
        locks = page.evaluate("window.__locks")
        assert locks["requested"] == 1 and locks["held"] == 1  # one lock, however many states
        page.click("#moves button:has-text('take: true')")
        page.wait_for_selector("#scoresec:not([hidden])")
        page.wait_for_function("window.__locks.held === 0")
        assert page.evaluate("window.__locks") == {"requested": 1, "released": 1, "held": 0}
        assert "Ann" in page.inner_text("#winner")
    assert errors == []
