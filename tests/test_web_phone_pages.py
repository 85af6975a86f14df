"""The smaller parts of a phone at the table (issue 32), in headless Chromium at 360×640:
the start page of a loopback-only server names the ``--lan`` command and shows maps by
their names; the host's words match its buttons; a link that opens no game says what to
do; QR codes have at least 3 CSS px a module; the end screen shows penalties as negative
numbers; the pages and the offline flipper are installable (a manifest and icons)."""

from __future__ import annotations

import base64
import json
import re

import httpx
import pytest
import segno
from web_browser import PHONE, chromium, phone, shot
from web_server import START, serving
from web_vv import vv_games


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def new_game(base: str, players: list[str]) -> dict:
    r = httpx.post(f"{base}/api/games?t={START}", json={
        "game": "voll-verplant", "players": players, "seed": "p1", "setup": {"map": "tiny.yaml"}})
    assert r.status_code == 201, r.text
    return r.json()


def px_per_module(page, selector: str) -> list[float]:
    """CSS px a module of every QR code image ``selector`` shows (its URL read from the
    link around it, its modules counted by segno as the server made it)."""
    found = page.eval_on_selector_all(selector, """imgs => imgs.map(i => [i.closest('a').href,
        i.getBoundingClientRect().width, i.src])""")
    out = []
    for url, width, _src in found:
        error = "l" if "bgstatsapp" in url else "m"
        modules = segno.make(url, error=error).symbol_size(scale=1, border=2)[0]
        out.append(width / modules)
    return out


def test_start_page_names_the_lan_command_and_the_maps(browser, tmp_path):
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder, lan_hint="scorepad serve --lan --port 8123") as base:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{base}/?t={START}")
        page.wait_for_selector("#loopback:not([hidden])")
        assert page.inner_text("#loopback") == (
            "Phones cannot open these links: this server listens "
            "only on this computer. Restart it with: scorepad serve --lan --port 8123")
        page.select_option("#kind", "voll-verplant")
        labels = page.eval_on_selector_all("#setup-map option", "os => os.map(o => o.textContent)")
        assert "Berlin" in labels and "berlin" not in labels  # the test server offers tiny, berlin
        page.click("#langs button:has-text('DE')")
        assert "scorepad serve --lan --port 8123" in page.inner_text("#loopback")
        assert page.inner_text("#loopback").startswith("Telefone können")
        page.click("#langs button:has-text('EN')")
        page.fill("#players", "Ann\nBob\nCid")
        page.click("#create")
        page.wait_for_selector("#made:not([hidden])")
        assert min(px_per_module(page, "#links img")) >= 3
        shot(page, "phone-start-links", full_page=False)
    with serving(vv_games(folder), folder) as base:  # reachable by the phones: no hint
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{base}/?t={START}")
        page.wait_for_selector("#kind option", state="attached")
        assert page.is_hidden("#loopback")


def test_host_words_bad_links_qr_codes_and_negative_penalties(browser, tmp_path):
    errors: list[str] = []
    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        game = new_game(base, ["Ann", "Bob"])
        host = phone(browser, game["host"]["url"], errors)
        # before the first card the host is told to tap the button it has
        host.wait_for_selector("#reveal:not(:empty)")
        reveal = host.inner_text("#reveal")
        assert f"“{reveal}”" in host.inner_text("[data-part=does]")
        ann = phone(browser, game["players"][0]["url"], errors)
        assert ann.inner_text("[data-part=does]") == "The host reveals the first card."

        # a link that opens no game says what it is and what to do
        for token, words in (("x" * 24, "Ask the host for your link again"),):
            bad = browser.new_context(viewport=PHONE).new_page()
            bad.goto(f"{base}/g/{game['id']}?t={token}")
            bad.wait_for_selector("#error:not([hidden])")
            assert bad.inner_text("#title") == "This link opens no game"
            assert words in bad.inner_text("#status")
        gone = browser.new_context(viewport=PHONE).new_page()
        gone.goto(f"{base}/g/nosuchgame?t=abc")
        gone.wait_for_selector("#error:not([hidden])")
        assert "This server has no such game" in gone.inner_text("#status")
        shot(gone, "phone-bad-link", full_page=False)

        # ended at once: every station is empty; the penalty is shown as subtracted
        host.once("dialog", lambda d: d.accept())
        host.click("#end")
        ann.wait_for_selector("#scoresec:not([hidden])")
        score = httpx.get(game["players"][0]["url"].replace("/g/", "/api/games/")).json()["score"]
        penalty = score["players"][0]["empty_penalty"]
        assert penalty > 0
        ann.click("#breakdown summary >> nth=0")
        texts = "es => es.map(e => e.textContent)"
        shown = dict(zip(ann.eval_on_selector_all("#breakdown details >> nth=0 >> dt", texts),
                         ann.eval_on_selector_all("#breakdown details >> nth=0 >> dd", texts),
                         strict=True))
        assert shown["empty ÷ 2"] == f"−{penalty:g}"
        # the BG Stats code at the end: 3 CSS px a module at least
        ann.wait_for_selector("#bgstats img")
        assert min(px_per_module(ann, "#bgstats img")) >= 3
        shot(ann, "phone-end", full_page=True)
    assert errors == []


def test_pages_and_the_offline_flipper_are_installable(browser, tmp_path, runner):
    from scorepad.main import root

    folder = tmp_path / "games"
    with serving(vv_games(folder), folder) as base:
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{base}/?t={START}")
        href = page.get_attribute("link[rel=manifest]", "href")
        manifest = httpx.get(f"{base}{href}").json()
        assert manifest["display"] == "standalone" and "start_url" not in manifest
        sizes = set()
        for icon in manifest["icons"]:
            r = httpx.get(f"{base}{icon['src']}")
            assert r.status_code == 200 and r.headers["content-type"].startswith(icon["type"])
            sizes.add(icon["sizes"])
        assert {"192x192", "512x512"} <= sizes
    out = tmp_path / "flip.html"
    result = runner.invoke(root, ["vv", "flip", "--html", str(out), "--seed", "s1"])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    found = re.search(
        r'<link rel="manifest" href="data:application/manifest\+json;base64,([^"]+)">', text)
    assert found is not None
    offline = json.loads(base64.b64decode(found.group(1)))
    assert {i["sizes"] for i in offline["icons"]} >= {"192x192", "512x512"}
    assert all(i["src"].startswith("data:image/") for i in offline["icons"])
