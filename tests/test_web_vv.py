"""Voll verplant through the server (loopback HTTP, no browser): the flipper of a game
with no players, the table's view (own sheet, everyone's for the host, follow-ups owed,
completions with their bonuses), the sheet asset and who may fetch it."""

from __future__ import annotations

import itertools
import json

import httpx
import pytest
from test_web_host import Client as Link
from web_server import START, serving
from web_vv import vv_games

from scorepad.main import root


def create(base: str, players: list[str], seed: str, map_ref: object = "tiny.yaml"):
    return httpx.post(f"{base}/api/games?t={START}",
                      json={"game": "voll-verplant", "players": players,
                            "seed": seed, "setup": {"map": map_ref}})


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "games"


@pytest.fixture
def base(folder):
    with serving(vv_games(folder), folder) as url:
        yield url


def test_a_flipper_game_has_no_players_and_shows_the_seeds_cards(base, runner):
    r = create(base, [], "table-42", "berlin")
    assert r.status_code == 201, r.text
    game = r.json()
    host, watch = Link(base, game, game["host"]), Link(base, game, game["watch"])
    for _ in range(5):
        assert host.post("/step", {"reveal": True}).status_code == 200
    state = watch.get().json()
    assert state["to_move"] == [] and state["at_chance"] and "table" not in state["view"]
    flip = state["view"]["flip"]  # the offline page's numbers: tests/test_web_pages.py
    deck = json.loads(runner.invoke(root, ["vv", "deck", "--seed", "table-42", "--count", "5",
                                           "--json"]).stdout)["cards"]
    assert [code for code, _ in flip["history"]] == deck and flip["position"] == 5
    assert flip["entry"][0] == deck[4] and flip["map"] == "Berlin"
    assert host.post("/undo").json()["view"]["flip"]["position"] == 4
    assert watch.post("/step", {"reveal": True}).status_code == 403


def test_a_flipper_without_a_map_and_a_table_without_one(base):
    from scorepad.web.games import default_games

    (kind,) = httpx.get(f"{base}/api/kinds").json()
    assert kind["max_players"] == 6 and None in kind["setup"]["map"]
    offered = default_games()["voll-verplant"].setup_choices["map"]
    assert offered[0] == "berlin" and offered[-1] is None
    r = create(base, [], "s", None)
    assert r.status_code == 201
    game = r.json()
    flip = Link(base, game, game["host"]).post("/step", {"reveal": True}).json()["view"]["flip"]
    assert flip["any_map"] is True and flip["map"] is None and flip["position"] == 1
    refused = create(base, ["Ann"], "s", None)
    assert refused.status_code == 422 and "map" in refused.json()["error"]  # the engine says
    assert create(base, ["Ann"], "s", "no-such-map").status_code == 400


def play_to_end(host: Link, players: list[str]) -> list[dict]:
    """The host plays for everyone: the engine's first legal move each time; every state."""
    seen = []
    state = host.get().json()
    while not state["over"]:
        if state["at_chance"]:
            state = host.post("/step", {"reveal": True}).json()
        else:
            name = state["to_move"][0]
            state = host.post("/step", {"player": name, "move": state["legal"][name][-1]}).json()
        seen.append(state)
    return seen


def test_the_table_view_sheets_follow_ups_and_completions(base, folder, runner):
    game = create(base, ["Ann", "Bob"], "t7").json()
    host = Link(base, game, game["host"])
    ann, bob = (Link(base, game, p) for p in game["players"])
    state = host.post("/step", {"reveal": True}).json()
    table = state["view"]["table"]
    assert [s["player"] for s in table["sheets"]] == ["Ann", "Bob"]
    assert [ln["id"] for ln in table["lines"]] == ["A", "B", "R"]
    mine = ann.get().json()
    assert [s["player"] for s in mine["view"]["table"]["sheets"]] == ["Ann"]
    assert list(mine["legal"]) == ["Ann"]
    # the marks are SVG in the blank sheet's viewBox; the blank sheet is the asset
    sheet = httpx.get(f"{ann.url}/asset/sheet-de.svg", params={"t": ann.t})
    assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("image/svg")
    key = mine["view"]["table"]["sheets"][0]["marks"]
    marks = httpx.get(f"{ann.url}/asset/marks-0-de-{key}.svg", params={"t": ann.t})
    box = sheet.text.split('viewBox="', 1)[1].split('"', 1)[0]
    assert marks.text.startswith("<svg") and f'viewBox="{box}"' in marks.text
    assert "cross-" not in marks.text  # nothing marked yet
    assert httpx.get(f"{ann.url}/asset/../../x", params={"t": ann.t}).status_code == 404
    assert httpx.get(f"{ann.url}/asset/sheet-xx.svg", params={"t": ann.t}).status_code == 404
    assert httpx.get(f"{ann.url}/asset/sheet-en.svg", params={"t": "x" * 24}).status_code == 403
    # round 1 is a 6 on the ring R: 8 is special, so Ann owes a follow-up and stays to move
    assert state["view"]["flip"]["entry"][0] == 6
    move = {"line": "R", "crosses": 2}
    state = ann.post("/step", {"player": "Ann", "move": move}).json()
    assert state["to_move"] == ["Ann", "Bob"]  # Ann owes the follow-up, Bob his move
    me = state["view"]["table"]["players"][0]
    assert me["asking"] == {"id": 8, "name": None} and me["moved"]
    assert all(m.get("line") != "R" for m in state["legal"]["Ann"])  # R has no window left
    now = state["view"]["table"]["sheets"][0]["marks"]
    assert now != key
    assert "cross-7" in httpx.get(f"{ann.url}/asset/marks-0-en-{now}.svg",
                                  params={"t": ann.t}).text
    # the marks of an older state are not served under their old name
    assert httpx.get(f"{ann.url}/asset/marks-0-en-{key}.svg",
                     params={"t": ann.t}).status_code == 404
    assert httpx.get(f"{ann.url}/asset/marks-7-en-{now}.svg",
                     params={"t": ann.t}).status_code == 404
    assert bob.post("/step", {"player": "Ann", "move": {"line": "A"}}).status_code == 403
    seen = play_to_end(host, ["Ann", "Bob"])
    final = seen[-1]
    done = final["view"]["table"]["completions"]
    score = {p["name"]: p for p in final["score"]["players"]}
    for name, p in score.items():
        won = {c["line"]: (c["bonus"], c["points"]) for c in done if c["player"] == name}
        assert won == {line: (v["bonus"], v["points"]) for line, v in p["lines"].items()
                       if v["bonus"]}
    # each round's completions are announced while the next round runs
    for before, after in itertools.pairwise(seen):
        news = after["view"]["table"]["news"]
        if news and not before["view"]["table"]["news"]:
            table = after["view"]["table"]
            closed = table["round"] - (1 if table["card"]["in_round"] else 0)
            assert {c["round"] for c in news} == {closed}
    printed = runner.invoke(root, ["vv", "score", "--json", str(folder / game["log"])])
    assert printed.exit_code == 0, printed.output
    assert json.loads(printed.stdout) == final["score"]


def test_the_flipper_view_reads_only_the_last_cards_and_agrees_with_a_full_scan():
    """The history the view keeps card by card (and after undo, and from scratch)
    equals the engine's scan of all cards, for the last cards the page lists."""
    from scorepad.rules.session import Session
    from scorepad.rules.voll_verplant.replay import since_shuffle
    from scorepad.web.vv import HISTORY, flipper_view

    session = Session.start("voll-verplant", [], seed="flat", map=None)
    for n in range(1, 181):
        session = session.reveal()
        if n % 50 == 0:
            session = session.undo().undo().reveal().reveal()
        cards = session.state.cards
        flip = flipper_view(session)["flip"]
        full = [[c.code, since_shuffle(cards[:k + 1], session.state.rules)[1]]
                for k, c in enumerate(cards)]
        assert flip["history"] == full[-HISTORY:] and flip["position"] == len(cards)
        assert flip["entry"][:4] == [cards[-1].code, full[-1][1], flip["entry"][2],
                                     flip["entry"][3]]
    fresh = Session.resume("voll-verplant", session.to_log())  # a restarted server
    assert flipper_view(fresh)["flip"] == flipper_view(session)["flip"]


def test_the_flippers_seed_comes_from_the_games_view_once_over():
    """The seed tells the cards to come: the flipper shows it only when the game's view
    (the one gate) has it, at the end."""
    from scorepad.rules.session import Session
    from scorepad.web.vv import flipper_view, vv_view

    session = Session.start("voll-verplant", ["Ann"], seed="end", map="berlin")
    while not session.is_over():
        assert flipper_view(session)["flip"]["seed"] is None
        assert "seed" not in session.view("Ann")
        if session.at_chance():
            session = session.reveal()
        else:
            session = session.step("Ann", session.legal_moves("Ann")[0])
    assert session.view("Ann")["seed"] == "end"
    assert vv_view(session, "Ann")["flip"]["seed"] == "end"
    assert flipper_view(session)["flip"]["seed"] == "end"


def test_per_player_routes_answer_only_that_players_link_or_the_host(base):
    """``/check`` about a player and that player's marked sheet: their own link and the
    host (the watch screen sees every sheet but asks no check); another player's link
    gets a JSON 403 that says why."""
    game = create(base, ["Ann", "Bob"], "t7").json()
    host, watch = Link(base, game, game["host"]), Link(base, game, game["watch"])
    ann, bob = (Link(base, game, p) for p in game["players"])
    host.post("/step", {"reveal": True})
    query = {"move": {"player": "Ann", "move": {"line": "R", "crosses": 2}}}
    for link in (ann, host):
        r = link.post("/check", query)
        assert r.status_code == 200 and r.json()["ok"] is True, r.text
    for link, who in ((bob, "only for Bob, not for Ann"), (watch, "no player (Ann)")):
        r = link.post("/check", query)
        assert r.status_code == 403 and r.headers["content-type"] == "application/json"
        assert who in r.json()["error"]
    # Bob asking about himself still works; a query naming no player is the game's to refuse
    assert bob.post("/check", {"move": {"player": "Bob", "move": {"line": "A"}}}).status_code == 200
    key = ann.get().json()["view"]["table"]["sheets"][0]["marks"]
    marks = "/asset/marks-0-en-" + key + ".svg"
    for link in (ann, host, watch):
        assert link.get(marks).status_code == 200
    r = bob.get(marks)
    assert r.status_code == 403 and "only for Bob, not for Ann" in r.json()["error"]
    assert bob.get("/asset/sheet-en.svg").status_code == 200  # the blank sheet is nobody's
