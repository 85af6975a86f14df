""""Photograph my sheet" in headless Chromium: two players' phones send photos of their
paper sheets (synthetic, tests/scan_photos.py), the page draws what was read over the
photo, a tap changes a cell, confirming scores the table; the API refuses what it must."""

from __future__ import annotations

import httpx
import pytest
from web_browser import chromium, phone, shot
from web_server import START, serving
from web_vv import vv_games

pytest.importorskip("cv2")
from scan_photos import make_photo  # needs cv2


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    cache = tmp_path_factory.mktemp("prints")
    folder = tmp_path_factory.mktemp("photos")
    out = {}
    for name, seed in (("Ann", 11), ("Bob", 12)):
        photo = make_photo(seed, cache, map_id="berlin", megapixels=4, tilt=12, blur=0.3,
                           quality=85)
        path = folder / f"{name}.jpg"
        path.write_bytes(photo.jpeg)
        out[name] = (path, photo.truth)
    return out


def new_game(base: str) -> dict:
    r = httpx.post(f"{base}/api/games?t={START}",
                   json={"game": "voll-verplant", "players": ["Ann", "Bob"], "seed": "scan",
                         "setup": {"map": "berlin"}})
    assert r.status_code == 201, r.text
    return r.json()


def test_players_photograph_their_sheets_and_the_table_shows_the_winner(browser, photos, tmp_path):
    errors: list[str] = []
    with serving(vv_games(tmp_path), tmp_path) as base:
        links = new_game(base)
        pages = {}
        for player in links["players"]:
            name = player["name"]
            page = phone(browser, player["url"], errors)
            page.wait_for_selector("#scan-file", state="attached")
            assert page.get_attribute("#scan-file", "capture") == "environment"
            assert page.get_attribute("#scan-file", "accept") == "image/*"
            page.set_input_files("#scan-file", str(photos[name][0]))
            page.wait_for_selector("#scan-view .cell", timeout=60_000)
            pages[name] = page
        ann = pages["Ann"]
        truth = photos["Ann"][1]
        cells = ann.eval_on_selector_all("#scan-view .cell", "els => els.map(e => e.dataset.cell)")
        assert set(cells) == set(truth)
        shot(ann, "scan-read")
        # a tap changes a cell (a window: blank <-> filled), a second tap changes it back
        window = next(c for c in cells if c.startswith("window"))
        before = ann.get_attribute(f'#scan-view .cell[data-cell="{window}"]', "class")
        ann.click(f'#scan-view .cell[data-cell="{window}"]', force=True)
        after = ann.get_attribute(f'#scan-view .cell[data-cell="{window}"]', "class")
        assert ("v-filled" in before) != ("v-filled" in after) and "changed" in after
        ann.click(f'#scan-view .cell[data-cell="{window}"]', force=True)
        for page in pages.values():
            page.click("#scan-confirm")
            page.wait_for_selector("#scan-status:has-text('Sheet confirmed')", timeout=30_000)
        bob = pages["Bob"]
        bob.wait_for_selector("#scan-table tr:nth-child(3)", timeout=15_000)
        scores = httpx.get(f"{base}/api/games/{links['id']}/scan/scores",
                           params={"t": links["host"]["url"].split("t=")[1]}).json()
        assert sorted(p["name"] for p in scores["players"]) == ["Ann", "Bob"]
        assert bob.inner_text("#scan-winner").endswith(", ".join(scores["winners"]))
        shown = bob.eval_on_selector_all("#scan-table tr td:nth-child(3)",
                                         "els => els.map(e => e.textContent)")
        assert len(shown) == 2
        shot(bob, "scan-scores")
        # the confirmed sheets are written beside the log
        assert len(list(tmp_path.glob("*-Ann.sheet.yaml"))) == 1
    assert not errors, errors


def test_scan_api_refuses_what_it_must(photos, tmp_path):
    with serving(vv_games(tmp_path), tmp_path) as base:
        links = new_game(base)
        gid = links["id"]
        watch = links["watch"]["url"].split("t=")[1]
        ann = links["players"][0]["url"].split("t=")[1]
        url = f"{base}/api/games/{gid}/scan"
        jpeg = {"Content-Type": "image/jpeg"}  # as a phone's browser sends a photo
        r = httpx.post(url, headers=jpeg, params={"t": watch},
                       content=photos["Ann"][0].read_bytes())
        assert r.status_code == 403
        r = httpx.post(url, headers=jpeg, params={"t": "nobody"}, content=b"x")
        assert r.status_code == 403
        r = httpx.post(url, headers=jpeg, params={"t": ann}, content=b"not a photo")
        assert r.status_code == 400 and "not an image" in r.json()["error"]
        r = httpx.post(url, headers=jpeg, params={"t": ann}, content=b"\0" * (16 * 1024 * 1024))
        assert r.status_code == 413 or r.status_code == 400
        assert "larger than" in r.json()["error"]
        r = httpx.post(f"{url}/confirm", params={"t": ann}, json={"values": {}})
        assert r.status_code == 400 and "photograph the sheet first" in r.json()["error"]
