"""The game host over HTTP on loopback: create, state, step, undo, end, tokens, limits,
saving after every step, resuming after a restart, server-sent events. Played with the
toy game of ``web_toy`` (the real games plug into the same host)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import httpx
import pytest
import yaml
from web_server import START, free_port, serving
from web_toy import TOY, toy_games

from scorepad import store
from scorepad.main import root
from scorepad.rules.common.errors import RuleViolation
from scorepad.web.models import MAX_BODY


def new_game(base: str, players=("Ann", "Bob"), **body) -> dict:
    r = httpx.post(f"{base}/api/games?t={START}", json={"game": "toy", "players": list(players),
                                              "seed": "s1", **body})
    assert r.status_code == 201, r.text
    return r.json()


def token(link: dict) -> str:
    return link["url"].rsplit("t=", 1)[1]


class Client:
    """One link's calls."""

    def __init__(self, base: str, game: dict, link: dict) -> None:
        self.url = f"{base}/api/games/{game['id']}"
        self.t = token(link)

    def get(self, what: str = "") -> httpx.Response:
        return httpx.get(self.url + what, params={"t": self.t})

    def post(self, what: str, body: object = None) -> httpx.Response:
        return httpx.post(self.url + what, params={"t": self.t}, json=body)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "games"


@pytest.fixture
def base(folder: Path):
    with serving(toy_games(), folder) as url:
        yield url


def test_create_gives_distinct_unguessable_links_and_saves(base, folder):
    game = new_game(base, ("Ann", "Bob", "Cid"))
    tokens = [token(game["host"]), token(game["watch"])] + [token(p) for p in game["players"]]
    assert len(set(tokens + [game["id"]])) == 6 and all(len(t) >= 22 for t in tokens)
    assert [p["name"] for p in game["players"]] == ["Ann", "Bob", "Cid"]
    assert all(p["qr"].startswith("data:image/svg+xml") for p in game["players"])
    log = folder / game["log"]
    assert yaml.safe_load(log.read_text())["players"] == ["Ann", "Bob", "Cid"]
    assert (folder / (log.stem + ".web.json")).exists()


def test_steps_are_saved_after_every_step_and_match_the_session(base, folder):
    game = new_game(base)
    host, ann = Client(base, game, game["host"]), Client(base, game, game["players"][0])
    bob = Client(base, game, game["players"][1])
    steps = [(host, {"reveal": True}), (ann, {"player": "Ann", "move": {"take": True}}),
             (bob, {"player": "Bob", "move": {"take": False}}), (host, {"reveal": True})]
    for number, (who, body) in enumerate(steps, start=1):
        r = who.post("/step", body)
        assert r.status_code == 200, r.text
        view = r.json()
        assert view["steps"] == number
        on_disk = store.load(folder / game["log"], TOY)
        # the log on disk is the session's; a phone gets no log of a running game (nor
        # its seed: the next cards), only the game's view of the state it saved
        assert len(on_disk.steps) == number and view["log"] is None
        assert view["state"] == on_disk.view(None)
        assert view["game"]["seed"] is None and on_disk.to_log()["seed"] == "s1"
    assert view["to_move"] == ["Ann", "Bob"] and view["legal"] == {
        "Ann": [{"take": True}, {"take": False}], "Bob": [{"take": True}, {"take": False}]}
    assert ann.get().json()["legal"] == {"Ann": [{"take": True}, {"take": False}]}
    assert ann.get().json()["view"] == {"cards": view["view"]["cards"], "viewer": "Ann"}
    assert view["view"]["viewer"] is None  # the host


def test_who_may_do_what(base):
    game = new_game(base, ("host", "Ann"))
    host, ann = Client(base, game, game["host"]), Client(base, game, game["players"][1])
    named_host = Client(base, game, game["players"][0])  # a player called "host" is a player
    watch = Client(base, game, game["watch"])
    wrong = Client(base, game, {"url": "x?t=" + "A" * 24})
    for r in (wrong.get(), wrong.get("/links"), wrong.post("/step", {"reveal": True}),
              wrong.post("/undo"), wrong.post("/end"), wrong.get("/events")):
        assert r.status_code == 403, r.text
    assert httpx.get(f"{base}/api/games/nope", params={"t": ann.t}).status_code == 404
    # a player's link (and the watcher's) is refused for every host action
    for link in (ann, named_host, watch):
        for r in (link.post("/step", {"reveal": True}), link.post("/step", {"move": 2}),
                  link.post("/undo"), link.post("/end"), link.get("/links")):
            assert r.status_code == 403, r.text
    assert host.post("/step", {"reveal": True}).status_code == 200
    r = ann.post("/step", {"player": "host", "move": {"take": True}})
    assert r.status_code == 403 and "only for Ann" in r.json()["error"]
    r = watch.post("/step", {"player": "Ann", "move": {"take": True}})
    assert r.status_code == 403 and "only watches" in r.json()["error"]
    seen = watch.get().json()
    assert seen["you"] == {"host": False, "player": None, "watch": True} and seen["legal"] == {}
    assert named_host.get().json()["you"]["host"] is False
    # the host may move for any player (one phone keeping score for the table)
    assert host.post("/step", {"player": "host", "move": {"take": True}}).status_code == 200
    assert host.get("/links").json()["players"][1]["url"].endswith(ann.t)


def test_the_engine_refuses_with_its_own_message(base):
    game = new_game(base)
    host, ann = Client(base, game, game["host"]), Client(base, game, game["players"][0])
    state = TOY.apply(TOY.new(["Ann", "Bob"], seed="s1"), None, TOY.legal_moves(
        TOY.new(["Ann", "Bob"], seed="s1"), None)[0])
    with pytest.raises(RuleViolation) as engine:
        TOY.apply(state, "Ann", {"take": "maybe"})
    host.post("/step", {"reveal": True})
    r = ann.post("/step", {"player": "Ann", "move": {"take": "maybe"}})
    assert r.status_code == 422
    assert r.json() == {"error": str(engine.value), "rule": "toy-move"}
    before = ann.get().json()
    assert before["steps"] == 1
    assert ann.post("/step", {"player": "Ann", "move": {"take": True}}).status_code == 200
    r = ann.post("/step", {"player": "Ann", "move": {"take": True}})
    assert r.status_code == 422 and r.json()["rule"] == "not-your-turn"


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"game": "chess", "players": ["A"]}, 400, "unknown game"),
    ({"game": "toy", "players": list("ABCDEFG")}, 400, "the game takes 1 to 6"),
    ({"game": "toy", "players": ["Ann", "Ann"]}, 400, "named twice"),
    ({"game": "toy", "players": ["Ann", "ann"]}, 400, "'ann' is named twice"),
    ({"game": "toy", "players": ["Ann", "Bo\x85b"]}, 400, "control character"),
    ({"game": "toy", "players": ["Ann"], "setup": {"rounds": "../../etc/passwd"}}, 400,
     "is not one of 3, 1, 1000"),
    ({"game": "toy", "players": ["Ann"], "setup": {"map": "/etc/passwd"}}, 400,
     "no set-up option 'map'"),
    ({"game": "toy", "players": ["Ann"], "surprise": 1}, 400, "surprise"),
    ({"game": "toy", "players": ["A\x00"]}, 400, "players.0"),
    ({"game": "toy", "players": ["Ann"], "seed": "a\x1bb"}, 400,
     "seed cannot hold a control character"),
    ({"game": "toy", "players": ["Ann"], "rules": {"x": 1}}, 400, "no such option"),
])
def test_new_games_are_validated(base, folder, body, status, words):
    r = httpx.post(f"{base}/api/games?t={START}", json=body)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]
    assert not folder.exists() or not list(folder.iterdir())


def test_bodies_are_limited(base):
    game = new_game(base)
    host = Client(base, game, game["host"])
    big = {"player": "Ann", "move": "x" * (MAX_BODY + 1)}
    assert host.post("/step", big).status_code == 413
    deep: object = 1
    for _ in range(40):
        deep = [deep]
    r = host.post("/step", {"player": "Ann", "move": deep})
    assert r.status_code == 400 and "deeper" in r.json()["error"]
    as_json = {"Content-Type": "application/json"}
    r = httpx.post(host.url + "/step", params={"t": host.t}, content=b"{not json",
                   headers=as_json)
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    # a body claiming a huge length is refused before it is read
    r = httpx.post(host.url + "/step", params={"t": host.t}, content=b"[" * (MAX_BODY + 10),
                   headers=as_json)
    assert r.status_code == 413
    # nested 450 deep and under the size limit: refused in words, not a crash
    r = httpx.post(host.url + "/step", params={"t": host.t}, headers=as_json,
                   content=b'{"player": "Ann", "move": ' + b"[" * 450 + b"]" * 450 + b"}")
    assert r.status_code == 400 and "deeper" in r.json()["error"]
    # any other content type is refused: a form of another site cannot post one
    r = httpx.post(host.url + "/step", params={"t": host.t}, content=b'{"reveal": true}',
                   headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "JSON" in r.json()["error"]


def test_undo_end_and_score(base):
    game = new_game(base, ("Ann", "Bob"), setup={"rounds": 1})
    host = Client(base, game, game["host"])
    assert host.post("/undo").status_code == 422  # nothing to undo yet: the session says so
    host.post("/step", {"reveal": True})
    host.post("/step", {"player": "Bob", "move": {"take": False}})
    view = host.post("/step", {"player": "Ann", "move": {"take": True}}).json()
    assert view["over"] and view["score"] == TOY.score(TOY.from_log(view["log"]))
    assert view["score"]["winners"] == ["Ann"]
    view = host.post("/undo").json()
    assert not view["over"] and view["steps"] == 2 and view["score"] is None
    view = host.post("/end").json()
    assert view["ended"] and view["score"]["finished"] is False and view["to_move"] == []
    r = host.post("/step", {"player": "Ann", "move": {"take": True}})
    assert r.status_code == 422 and r.json()["rule"] == "game-ended"


def test_a_restart_resumes_every_game_with_its_undo_history(folder):
    port = free_port()
    with serving(toy_games(), folder, port=port) as base:
        a, b = new_game(base, ("Ann", "Bob")), new_game(base, ("Cid",))
        host = Client(base, a, a["host"])
        host.post("/step", {"reveal": True})
        host.post("/step", {"player": "Ann", "move": {"take": True}})
        before = host.get().json()
    (folder / "broken.web.json").write_text("{}")
    with serving(toy_games(), folder, port=port) as base:
        again = Client(base, a, a["host"])
        after = again.get().json()
        assert after.pop("version") > before.pop("version")  # versions only grow
        assert after == before
        assert Client(base, b, b["players"][0]).get().status_code == 200
        view = again.post("/undo").json()
        assert view["steps"] == 1 and view["log"] is None
        assert store.load(folder / a["log"], TOY).to_log()["rounds"][0]["moves"] == {}
    from scorepad.web.app import create_app

    problems = create_app(toy_games(), folder=folder).state.host.problems
    assert len(problems) == 1 and "broken.web.json: not resumed" in problems[0]


def read_events(url: str, token_: str, count: int, out: list, ready: threading.Event) -> None:
    """Collect ``count`` state events from the stream into ``out``."""
    with httpx.stream("GET", url + "/events", params={"t": token_}, timeout=10) as stream:
        ready.set()
        for line in stream.iter_lines():
            if line.startswith("data: "):
                out.append(json.loads(line[6:]))
                if len(out) == count:
                    return


def test_every_listener_sees_a_step_and_a_reconnect_comes_back(base):
    game = new_game(base, ("Ann", "Bob"))
    host = Client(base, game, game["host"])
    seen: dict[str, list] = {"host": [], "Ann": [], "Bob": []}
    links = {"host": game["host"], "Ann": game["players"][0], "Bob": game["players"][1]}
    threads = []
    for who, events in seen.items():
        ready = threading.Event()
        thread = threading.Thread(target=read_events, args=(host.url, token(links[who]), 2,
                                                            events, ready), daemon=True)
        thread.start()
        assert ready.wait(5)
        threads.append(thread)
    for _ in range(50):  # every stream has sent its first state before the step
        if all(seen.values()):
            break
        threading.Event().wait(0.05)
    host.post("/step", {"reveal": True})
    for thread in threads:
        thread.join(10)
    assert [e["version"] for e in seen["Ann"]] == [0, 1]
    assert seen["Ann"][1]["legal"] == {"Ann": [{"take": True}, {"take": False}]}
    assert seen["Bob"][1]["legal"] == {"Bob": [{"take": True}, {"take": False}]}
    assert set(seen["host"][1]["legal"]) == {"Ann", "Bob"}
    again: list = []
    read_events(host.url, token(links["Ann"]), 1, again, threading.Event())
    assert again[0]["version"] == 1 and again[0] == seen["Ann"][1]


def test_serve_lan_prints_the_join_url_and_a_qr_code(runner, monkeypatch, tmp_path):
    import uvicorn

    import scorepad.web.lan as lan

    calls = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server: calls.append(server.config))
    monkeypatch.setattr(lan, "lan_address", lambda: "127.0.0.1")
    result = runner.invoke(root, ["serve", "--lan", "--port", "8123", "--folder", str(tmp_path)])
    assert result.exit_code == 0, result.output
    # the start link holds the token that creates games
    token = result.output.split("http://127.0.0.1:8123/?t=", 1)[1].split()[0]
    assert len(token) >= 22 and "▀" in result.output
    config = calls[0]
    assert (config.host, config.port) == ("127.0.0.1", 8123)
    # the limits that keep a slow or flooding client from stalling the table
    assert config.timeout_keep_alive == 5 and config.limit_concurrency == 1000
    assert config.h11_max_incomplete_event_size == 16 * 1024 and not config.access_log
    assert "--lan" not in result.output  # the phones' links: no hint
    result = runner.invoke(root, ["serve", "--folder", str(tmp_path)])
    assert calls[-1].host == "127.0.0.1" and "▀" not in result.output
    assert result.output.split("?t=", 1)[1].split()[0] != token  # a fresh token a run
    # a server only this computer reaches says so in one line, with the command for phones
    hint = [line for line in result.output.splitlines() if "Phones cannot open" in line]
    assert hint == [f"Phones cannot open these links (this server listens only on this "
                    f"computer): restart with `scorepad serve --lan --folder {tmp_path}`."]


def test_serve_help_has_an_example(runner):
    result = runner.invoke(root, ["serve", "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output and "scorepad serve --lan --port 8080" in result.output
