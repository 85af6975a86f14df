"""``vv flip --html``: the offline flipper page, its embedded cards, and the page in Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from web_browser import PHONE, chromium, horizontal_overflow, small_targets

from scorepad.app.flipper import max_windows_any_map
from scorepad.main import root
from scorepad.rules.voll_verplant.cards import FREE, parse_card


def page_data(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    found = re.search(r"const DATA = (\{.*?\});\n", text)
    assert found, "the page embeds its cards"
    return json.loads(found.group(1))


def deck_cards(runner, seed: str, count: int) -> list:
    result = runner.invoke(root, ["vv", "deck", "--seed", seed, "--count", str(count), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["cards"]


def write_page(runner, tmp_path: Path, *args: str) -> Path:
    target = tmp_path / "flip.html"
    result = runner.invoke(root, ["vv", "flip", "--html", str(target), *args])
    assert result.exit_code == 0, result.output
    assert "works offline" in result.output
    return target


def test_cards_are_the_seeds_deck_and_cover_the_largest_map(runner, tmp_path):
    data = page_data(write_page(runner, tmp_path, "--seed", "table-42"))
    cards = [r[0] for r in data["rounds"]]
    assert cards == deck_cards(runner, "table-42", len(cards))
    filling = [c for c in cards if parse_card(c).kind != FREE]
    # the game on any valid map is over once this many window-filling cards have come
    assert max_windows_any_map() == 26 * 4
    assert len(filling) == max_windows_any_map()
    assert parse_card(cards[-1]).kind != FREE, "the page stops at the last window-filling card"
    # reshuffle marks agree with vv deck's: a reshuffle follows every 6
    assert all(r[1] == (r[0] == 6) for r in data["rounds"])


def test_with_a_map_the_cards_end_with_the_game(runner, tmp_path):
    data = page_data(write_page(runner, tmp_path, "--seed", "s1", "--map", "berlin"))
    maps = json.loads(runner.invoke(root, ["vv", "maps", "--json"]).stdout)
    windows = next(m["windows"] for m in maps if m["id"] == "berlin")
    assert data["windows"] == windows
    assert [r[4] for r in data["rounds"]][-1] == 0
    assert sum(parse_card(r[0]).kind != FREE for r in data["rounds"]) == windows


def test_same_seed_same_page_and_refusals(runner, tmp_path):
    a = write_page(runner, tmp_path, "--seed", "x").read_text()
    b = write_page(runner, tmp_path, "--seed", "x").read_text()
    assert a == b
    result = runner.invoke(root, ["vv", "flip", "--html", str(tmp_path / "p.html"), "--log",
                                  str(tmp_path / "l.yaml")])
    assert result.exit_code == 2 and "--html" in result.stderr


def test_a_seed_cannot_break_out_of_the_script(runner, tmp_path):
    seed = '</script><script>alert(1)</script>"/*DATA*/'
    path = write_page(runner, tmp_path, "--seed", seed)
    text = path.read_text()
    assert text.count("</script>") == 1 and page_data(path)["seed"] == seed


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


def test_page_in_chromium_flips_undoes_keeps_progress_offline(runner, tmp_path, browser):
    path = write_page(runner, tmp_path, "--seed", "table-42", "--map", "berlin")
    expected = deck_cards(runner, "table-42", 12)
    context = browser.new_context(viewport=PHONE, offline=True)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    assert small_targets(page) == [] and horizontal_overflow(page) == 0
    faces = []
    for _ in range(9):
        page.click("#next")
        faces.append(page.inner_text("[data-part=face]"))
    want = [{"T": "+", "F": "★"}.get(str(c), str(c)) for c in expected[:9]]
    assert faces == want
    six = expected.index(6)
    # the round after the 6: the reshuffle is announced in words, not colour only
    page.click("#undo")
    for _ in range(8 - (six + 1)):
        page.click("#undo")
    assert page.inner_text("[data-part=round]") == f"Round {six + 1}"
    assert page.is_visible("[data-part=banner]")
    assert "Reshuffle" in page.inner_text("[data-part=banner]")
    assert "14" in page.inner_text("[data-part=pile-h]")
    page.click("#undo")
    assert not page.is_visible("[data-part=banner]")
    pile = page.inner_text("[data-part=pile-h]")
    assert pile == f"Still in the pile: {14 - six}"
    windows = page_data(path)["windows"]
    left = windows - sum(1 for c in expected[:six] if c != 'F')
    assert page.inner_text("[data-part=windows]").startswith(f"{left} windows left")
    page.screenshot(path=str(tmp_path / "flip-phone.png"), full_page=True)
    # progress and language survive a reload (localStorage, keyed by seed and cards)
    page.click("#langs button:has-text('DE')")
    assert page.inner_text("#next") == "Nächste Karte"
    page.reload()
    assert page.inner_text("[data-part=round]") == f"Runde {six}"
    assert page.locator("[data-part=history] li").count() == six
    for lang in ("DE", "FR"):  # longer words still fit the phone
        page.click(f"#langs button:has-text('{lang}')")
        assert small_targets(page) == [] and horizontal_overflow(page) == 0
    assert requests == [path.as_uri(), path.as_uri()] and errors == []
    context.close()


def test_a_deck_that_fills_no_window_is_refused(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("deck: [F, F]\nshuffle_cards: [F]\n")
    result = runner.invoke(root, ["vv", "flip", "--html", str(tmp_path / "p.html"), "--seed", "a",
                                  "--rules", str(rules)])
    assert result.exit_code == 2 and "does any card fill a window" in result.stderr
    assert not (tmp_path / "p.html").exists()
