"""Pig's own page (``tests/fourth_game/cli/web/static/games/pig-dice.js``) in a real
browser: ``scorepad serve`` run with the tree of tests/test_fourth_game.py (the checkout plus
Pig's folders and one registry line), one phone-size page load, one tap on a move."""

from __future__ import annotations

import re
import subprocess
import sys
import time

import httpx
import pytest
from test_fourth_game import _env, build_tree
from web_browser import chromium, phone
from web_server import free_port


@pytest.fixture
def server(tmp_path):
    tree = build_tree(tmp_path / "site")
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "scorepad", "serve", "--port",
                                 str(free_port()), "--folder", str(tmp_path / "games")],
                                cwd=tmp_path, env=_env(tree), stdout=out,
                                stderr=subprocess.STDOUT)
    try:
        found = None
        while found is None and proc.poll() is None:  # the start link, once it listens
            found = re.search(r"(http://127\.0\.0\.1:\d+)/\?t=(\S+)", log.read_text())
            time.sleep(0.1)
        assert found is not None, log.read_text()
        yield found.group(1), found.group(2)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_games_page_draws_its_view_and_plays_a_tapped_move(server):
    base, start = server
    created = httpx.post(f"{base}/api/games?t={start}", timeout=30,
                         json={"game": "pig-dice", "players": ["Ann", "Bob"], "seed": "7"})
    assert created.status_code == 201, created.text
    errors: list[str] = []
    with chromium() as browser:
        page = phone(browser, created.json()["host"]["url"], errors)
        page.wait_for_selector("#pig-banked li")
        assert page.locator("#pig-banked li").all_inner_texts() == ["Ann: 0", "Bob: 0"]
        page.click("#reveal")  # the host rolls the die (a chance step)
        page.wait_for_selector(".pig-said")
        said = page.locator(".pig-said").first.inner_text()
        assert re.fullmatch(r"(Ann|Bob) rolls [2-6]", said), said
        pot = int(said.rsplit(" ", 1)[1])
        page.get_by_role("button", name="hold").click()  # the generic move buttons
        page.wait_for_selector(".pig-said:has-text('banks')")
        banked = page.locator("#pig-banked li").all_inner_texts()
        assert f"{said.split()[0]}: {pot}" in banked
    assert not errors, errors
