"""The Mille Fiori and Floris pages' server side: the view hooks, the board diagram, the
bouquet checker endpoint and scorekeeper games without a seed (on loopback, no browser)."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from click.testing import CliRunner
from mf_play import greedy_game
from web_server import START, serving

from scorepad.main import root
from scorepad.rules.mille_fiori.board import board
from scorepad.web.games import default_games
from scorepad.web.mf import area_svgs, initials, mf_view


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    with serving(default_games(), tmp_path_factory.mktemp("games")) as url:
        yield url


def new(base: str, **body) -> dict:
    r = httpx.post(f"{base}/api/games?t={START}", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def api(link: dict, what: str = "") -> str:
    return link["url"].replace("/g/", "/api/games/").replace("?t=", f"{what}?t=")


# ---------------------------------------------------------------- the board diagram

def test_every_space_is_drawn_once_with_its_owner_initial():
    b = board()
    owner = tuple(i % 3 - 1 for i in range(b.spaces))  # free, Ann, Bob, free, ...
    svgs = dict(area_svgs(owner, ("A", "B")))
    text = "".join(svgs.values())
    drawn = re.findall(r'data-space="([^"]+)"', text)
    assert sorted(drawn) == sorted(b.space_ids)
    for space in ("workshops/1", "residences/0", "trade/4/swan", "harbor/2/1"):
        i = b.space_index[space]
        group = re.search(rf'data-space="{space}">(.*?)</g>', text).group(1)
        mark = re.search(r'class="owner"[^>]*>([^<]*)<', group)
        assert (mark.group(1) if mark else None) == {-1: None, 0: "A", 1: "B"}[owner[i]]
    assert set(svgs) == {"workshops", "residences", "nobili", "populi", "trade"}


def test_initials_tell_the_players_apart():
    assert initials(["Ann", "Bob"]) == ("A", "B")
    assert len(set(initials(["Ann", "Anna", "Bob"]))) == 3


def test_the_view_shows_totals_with_laps_as_score_json():
    s = greedy_game("laps")
    view = mf_view(s, None)
    scored = s.score()["players"]
    assert any(p["total"] >= 100 for p in scored)  # the case the laps are for
    for shown, want in zip(view["players"], scored, strict=True):
        assert (shown["total"], shown["laps"]) == (want["total"], want["laps"])
        assert shown["track"] + 100 * shown["laps"] == want["total"]
    # each recent step carries the engine's own events of that step
    # the fields: the values taken and who took them, as the engine holds them
    g = s.state.g
    for f in view["fields"]:
        area = ("workshops", "residences", "nobili", "populi", "trade").index(f["area"])
        assert f["taken"] == g.field_taken[area]
        assert f["taken"] == sum(f["area"] in p["fields"] for p in view["players"])
    assert sum(p["bonus_fields"] for p in scored) > 0  # the case the fields are for
    assert view["recent"][0]["number"] == len(s.steps)
    assert view["recent"][0]["events"] == [
        {"player": s.players[e.player] if e.player >= 0 else None, "points": e.points,
         "kind": e.kind, "why": e.why} for e in s.states[-1].g.events]


# ---------------------------------------------------------------- Mille Fiori on the server

def test_a_seeded_game_shows_each_phone_only_its_own_hand(base):
    game = new(base, game="mille-fiori", players=["Ann", "Bob"], seed="hands")
    host = game["host"]
    assert httpx.post(api(host, "/step"), json={"reveal": True}).status_code == 200
    ann = httpx.get(api(game["players"][0])).json()
    bob = httpx.get(api(game["players"][1])).json()
    watch = httpx.get(api(game["watch"])).json()
    # no phone gets the log or the seed of the running game, only its own hand
    hands = [ann["state"]["hand"], bob["state"]["hand"]]
    for seen in (ann, bob, watch):
        assert seen["log"] is None and seen["game"]["seed"] is None
    assert json.dumps(hands[1]) not in json.dumps(ann) and watch["state"]["hand"] is None
    assert ann["view"]["hands"] == {"Ann": hands[0]}
    assert watch["view"]["hands"] == {} and httpx.get(api(host)).json()["view"]["hands"] == {}
    assert len(ann["view"]["display"]) > 0 and ann["view"]["seeded"] is True
    # Ann's moves are her hand's cards only
    assert {m["card"] for m in ann["legal"]["Ann"]} == set(hands[0])


def _hidden_ids_in(state: dict, secret: set[str]) -> dict[str, list[str]]:
    """The ids of ``secret`` found anywhere in each field of a state (its JSON text)."""
    found = {}
    for key, value in state.items():
        text = json.dumps(value, ensure_ascii=False)
        hits = sorted(card for card in secret if card in text)
        if hits:
            found[key] = hits
    return found


@pytest.mark.parametrize("seed", ["hands", "other", "third"])
def test_no_field_of_a_phone_state_holds_another_players_hand(base, seed):
    names = ["Ann", "Bob", "Cid"]
    game = new(base, game="mille-fiori", players=names, seed=seed)
    host = game["host"]
    links = dict(zip(names, game["players"], strict=True))
    assert httpx.post(api(host, "/step"), json={"reveal": True}).status_code == 200
    for turn in range(2):  # after the deal, then after Ann has played (hands unchanged)
        states = {n: httpx.get(api(links[n])).json() for n in names}
        states["watch"] = httpx.get(api(game["watch"])).json()
        states["host"] = httpx.get(api(host)).json()
        hands = {n: set(states[n]["state"]["hand"]) for n in names}
        display = set(states["watch"]["state"]["display"] or ())
        assert all(hands.values()) and "state" in states["Ann"] and "view" in states["Ann"]
        for viewer, state in states.items():
            # every card held by someone else, and not lying open in the display
            secret = set().union(*(h for n, h in hands.items() if n != viewer)) - display
            secret -= hands.get(viewer, set())
            if viewer in ("host", "watch"):  # no hand in any form, move buttons included:
                secret |= set().union(*hands.values()) - display  # the mover's is theirs
                assert state["legal"] == {}
                assert state["moves_elsewhere"] == (["Ann", "Bob"][turn:turn + 1]
                                                    if viewer == "host" else [])
            assert secret and _hidden_ids_in(state, secret) == {}, (viewer, turn)
        if turn == 0:
            move = states["Ann"]["legal"]["Ann"][0]
            r = httpx.post(api(links["Ann"], "/step"), json={"player": "Ann", "move": move})
            assert r.status_code == 200, r.text


def test_the_creator_gets_no_seed_of_a_seeded_game_with_hidden_hands_until_it_is_over(base):
    game = new(base, game="mille-fiori", players=["Ann", "Bob"], seed="creator")
    assert game["seed"] is None     # with the seed, the host could re-deal every hand
    links = httpx.get(api(game["host"], "/links"))
    assert links.status_code == 200 and links.json()["seed"] is None
    assert httpx.post(api(game["host"], "/end")).status_code == 200
    assert httpx.get(api(game["host"], "/links")).json()["seed"] == "creator"
    # Voll verplant hides its deck order (info.hidden_information): the same holds
    vv = new(base, game="voll-verplant", players=["Ann"], seed="deck", setup={"map": "berlin"})
    assert vv["seed"] is None


def test_a_scorekeeper_game_has_no_seed_and_no_chance_step(base):
    game = new(base, game="mille-fiori", players=["Ann", "Bob"], deal=False)
    assert game["seed"] is None
    state = httpx.get(api(game["host"])).json()
    assert state["to_move"] == ["Ann"] and state["at_chance"] is False
    assert state["view"]["display"] is None and state["view"]["seeded"] is False
    assert state["log"] is None  # a running game's page gets no log
    # every card kind the deck holds may be played
    assert len({m["card"] for m in state["legal"]["Ann"]}) == len(board().cards)
    # ended, the log is there for checking: a game without a seed
    ended = httpx.post(api(game["host"], "/end")).json()
    assert ended["log"] is not None and ended["log"].get("seed") is None


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "floris", "players": ["Ann", "Bob"], "deal": False}, "no game without a seed"),
    ({"game": "mille-fiori", "players": ["Ann", "Bob"], "deal": False, "seed": "s"},
     "has no seed"),
])
def test_games_without_a_seed_only_where_offered(base, body, words):
    r = httpx.post(f"{base}/api/games?t={START}", json=body)
    assert r.status_code == 400 and words in r.json()["error"]


def test_kinds_say_which_games_keep_score_without_a_seed(base):
    kinds = {k["id"]: k for k in httpx.get(f"{base}/api/kinds").json()}
    assert kinds["mille-fiori"]["scorekeeper"] is True
    assert kinds["floris"]["scorekeeper"] is False


# ---------------------------------------------------------------- the bouquet checker

@pytest.mark.parametrize("spec", ["rose:3 lily:2", "r3 l3", "daisy:4", "sunflower:1 rose:2 lily:3"])
def test_the_checker_says_what_floris_bouquet_says(base, spec):
    game = new(base, game="floris", players=["Ann", "Bob"])
    r = httpx.post(api(game["players"][1], "/check"), json={"move": spec})
    assert r.status_code == 200
    got = r.json()
    cli = CliRunner().invoke(root, ["floris", "bouquet", spec])
    as_json = json.loads(CliRunner().invoke(root, ["floris", "bouquet", spec, "--json"]).stdout)
    assert got["lines"] == cli.stdout.splitlines()
    for key in ("valid", "pattern", "flowers", "points", "reason", "fix", "counts"):
        assert got[key] == as_json[key], key
    # checking plays nothing
    assert httpx.get(api(game["host"])).json()["steps"] == 0


def test_the_checker_reads_like_the_command_and_asks_for_a_token(base):
    game = new(base, game="floris", players=["Ann", "Bob"])
    r = httpx.post(api(game["watch"], "/check"), json={"move": "rose:3 tulip:2"})
    assert r.status_code == 200 and r.json()["readable"] is False
    assert "tulip" in r.json()["lines"][0]
    bad = (game["watch"]["url"].split("?t=")[0].replace("/g/", "/api/games/")
           + "/check?t=" + "x" * 24)
    assert httpx.post(bad, json={"move": "rose:5"}).status_code == 403
    mf = new(base, game="mille-fiori", players=["Ann", "Bob"])
    assert httpx.post(api(mf["host"], "/check"), json={"move": "rose:5"}).status_code == 404
    assert httpx.post(api(game["host"], "/check"), json={"spec": "x"}).status_code == 400


def test_what_a_step_scored_is_worded_in_every_page_language(base):
    game = new(base, game="mille-fiori", players=["Ann", "Bob"], seed="words")
    host = game["host"]
    assert httpx.post(api(host, "/step"), json={"reveal": True}).status_code == 200
    links = {p["name"]: p for p in game["players"]}
    for _ in range(4):
        # the host gets no move from a hand: each player moves on their own page
        [player] = httpx.get(api(host)).json()["moves_elsewhere"]
        moves = httpx.get(api(links[player])).json()["legal"][player]
        r = httpx.post(api(links[player], "/step"), json={"player": player, "move": moves[0]})
        assert r.status_code == 200, r.text
    recent = httpx.get(api(host)).json()["view"]["recent"]
    worded = [e for step in recent for e in step["events"] if e["whys"]]
    assert worded
    for e in worded:
        # the English words are the engine's why; German and French are their own
        assert e["whys"]["en"] == e["why"]
        assert e["whys"]["de"] != e["why"] and e["whys"]["fr"] != e["why"]
