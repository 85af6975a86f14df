"""The pages' JavaScript against the types of what the server sends them.

The state a page receives is typed in Python (``TypedDict``s: ``GAME.view`` and events in
``rules/<game>/schema.py``, the page views in ``scorepad.web.<short>``, the whole in
``scorepad.web.schema``). Two sides are held to those types here:

* the JavaScript: TypeScript declarations made from their JSON schema, and ``tsc
  --checkJs`` over the game page and every game's page module (Debian's node-typescript,
  which ``make install`` brings), so a page reading a field no state has fails; a copy
  of a page with a misspelt field proves the check reads the types;
* the server: every state a real game sends (each link: host, players, watcher; from the
  first step to the end) validated against the same types, with no key the types omit.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter
from web_server import START, serving

from scorepad.rules.game import GameView
from scorepad.web.games import default_games
from scorepad.web.schema import PageState, json_schemas, page_types, typescript, write_js_check

TSC = shutil.which("tsc")


# -- the JavaScript ------------------------------------------------------------------------

#: a page read wrong on purpose: a field of the Mille Fiori page view misspelt
TYPO = ("games/mille-fiori.js", "v.ship_track", "v.ship_trak")


def test_the_pages_read_only_what_the_server_sends(tmp_path: Path) -> None:
    assert TSC is not None, ("no tsc: `make install` brings it (Debian's node-typescript: "
                             "apt-get install node-typescript)")
    folder = tmp_path / "pages"
    pages = write_js_check(folder)
    assert set(pages) >= {"game.js", "games/voll-verplant.js", "games/mille-fiori.js",
                          "games/floris.js"}
    # the misspelt copy is checked in the same run (tsc takes seconds to start)
    page, right, wrong = TYPO
    text = (folder / page).read_text()
    assert right in text
    typo = page.replace(".js", ".typo.js")
    (folder / typo).write_text(text.replace(right, wrong))
    config = folder / "tsconfig.json"
    config.write_text(config.read_text().replace(f'"{page}"', f'"{page}", "{typo}"'))
    done = subprocess.run([TSC, "-p", "."], cwd=folder, capture_output=True, text=True,
                          timeout=600)
    errors = [line for line in done.stdout.splitlines() if "error TS" in line]
    assert [e for e in errors if not e.startswith(typo)] == [], done.stdout
    assert len(errors) == 1 and "'ship_trak' does not exist on type 'MfPageView'" in errors[0]


def test_the_declarations_follow_the_schema() -> None:
    schemas = json_schemas()
    assert set(schemas) == {"page", *default_games()}
    text = typescript(schemas["voll-verplant"])
    assert "export interface PageState {" in text
    assert "  state: VVView;" in text and "  view: VvPageView | null;" in text
    assert "  bonus: \"first\" | \"later\";" in text   # a Literal
    assert "  entry: [number | string, boolean, boolean, number[], number | null] | null;" \
        in text                                         # a tuple
    assert "  paper?: boolean;" in text                 # NotRequired
    assert "  transfers: { [key: string]: number };" in text


# -- the server ------------------------------------------------------------------------------

def _unknown_keys(value: Any, schema: Mapping[str, Any], defs: Mapping[str, Any],
                  where: str = "") -> Iterator[str]:
    """The places in ``value`` holding a key its schema does not name (an object with
    ``properties``), so a field sent but not typed is found, not ignored."""
    if not isinstance(schema, Mapping):
        return
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    for option in schema.get("anyOf", ()):
        if option.get("type") != "null" or value is None:
            yield from _unknown_keys(value, option, defs, where)
    if isinstance(value, dict):
        props = schema.get("properties")
        for key, item in value.items():
            if props is not None and key not in props:
                yield f"{where}.{key}"
            sub = props.get(key, {}) if props is not None else \
                schema.get("additionalProperties", {})
            # additionalProperties true: any value (a ruleset option, a score's part)
            yield from _unknown_keys(item, sub, defs, f"{where}.{key}")
    elif isinstance(value, list):
        items = schema.get("prefixItems") or [schema.get("items") or {}] * len(value)
        for i, (item, sub) in enumerate(zip(value, items, strict=False)):
            yield from _unknown_keys(item, sub, defs, f"{where}[{i}]")


def _links(base: str, game: str, players: list[str], **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/games?t={START}",
                   json={"game": game, "players": players, **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _api(url: str, what: str = "") -> str:
    return url.replace("/g/", "/api/games/").replace("?t=", f"{what}?t=")


#: each game as the conformance test plays it, and a short game of it: the steps the
#: test plays (the end is then declared by the host, so the end screen is seen too)
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "voll-verplant": ({"setup": {"map": "berlin"}, "seed": "types-1"}, 30),
    "mille-fiori": ({"seed": "types-2"}, 30),
    "floris": ({}, 12)}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_state_a_page_receives_has_its_types(tmp_path: Path, game_id: str) -> None:
    webs = default_games()
    game_view, page_view = page_types(webs[game_id])
    typed = PageState[game_view, page_view]  # type: ignore[valid-type]  # (found at run time)
    adapter: TypeAdapter[Any] = TypeAdapter(typed)
    schema = adapter.json_schema()
    body, steps = GAMES[game_id]
    seen = 0

    def check(url: str) -> dict[str, Any]:
        nonlocal seen
        text = httpx.get(_api(url)).text
        state = adapter.validate_json(text, strict=True)   # each field of its type
        raw = httpx.Response(200, text=text).json()
        assert list(_unknown_keys(raw, schema, schema.get("$defs", {}))) == []
        seen += 1
        return dict(state)

    with serving(webs, tmp_path / "games") as base:
        links = _links(base, game_id, ["Ann", "Bob"], **body)
        urls = [links["host"]["url"], links["watch"]["url"], *(p["url"] for p in
                                                               links["players"])]
        by_name = {p["name"]: p["url"] for p in links["players"]}
        for _ in range(steps):
            states = [check(url) for url in urls]
            host = states[0]
            if host["over"]:
                break
            if host["at_chance"]:
                move: dict[str, Any] = {"reveal": True}
                url = urls[0]
            else:  # the first mover's first move, from the page that may make it
                name = host["to_move"][0]
                url = urls[0] if name in host["legal"] else by_name[name]
                mine = check(url)["legal"][name]
                move = {"player": name, "move": mine[0]}
            r = httpx.post(_api(url, "/step"), json=move)
            assert r.status_code == 200, r.text
        host = check(urls[0])
        if host["can_undo"]:  # a step taken back: every page says whose
            r = httpx.post(_api(urls[0], "/undo"), json={"steps": host["steps"]})
            assert r.status_code == 200, r.text
            assert check(urls[1])["undone"] is not None
        r = httpx.post(_api(urls[0], "/end"))
        assert r.status_code == 200, r.text
        for url in urls:
            end = check(url)
            assert end["ended"] and end["log"] is not None
    assert seen > steps


def test_a_view_of_another_shape_is_refused() -> None:
    """The check above can fail: a state missing a field, or with a field of the wrong
    type, is refused by the same types."""
    adapter: TypeAdapter[Any] = TypeAdapter(PageState[GameView, Any])
    with pytest.raises(ValueError, match="to_move"):
        adapter.validate_python({"game": {}, "state": {"game": "x", "viewer": None}},
                                strict=True)
    schema = adapter.json_schema()
    view = {"game": "x", "viewer": None, "to_move": [], "hand": ["a"]}
    found = list(_unknown_keys({"state": view}, schema, schema.get("$defs", {})))
    assert found == [".state.hand"]
