"""Any name, any script: players called 王芳, محمد or 😀 play Mille Fiori and Voll verplant
in the browser (the board and the sheets are SVG the phone draws with its own fonts), a
restarted server resumes their games, and names the command line refuses are refused."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from web_server import START

from scorepad.web.app import create_app

NAMES = ["王芳", "محمد", "😀 Ann"]


def tok(link: dict) -> str:
    return link["url"].rsplit("t=", 1)[1]


def client(folder) -> TestClient:
    return TestClient(create_app(folder=folder, start_token=START),
                      raise_server_exceptions=False)


@pytest.mark.parametrize(("game", "setup"), [("mille-fiori", {}),
                                             ("voll-verplant", {"map": "berlin"})])
def test_any_script_plays_and_resumes(tmp_path, game, setup):
    c = client(tmp_path)
    made = c.post(f"/api/games?t={START}", json={"game": game, "players": NAMES, "seed": "u",
                                                 "setup": setup}).json()
    gid, host = made["id"], tok(made["host"])
    for _ in range(8):
        view = c.get(f"/api/games/{gid}?t={host}").json()
        if view["at_chance"]:
            r = c.post(f"/api/games/{gid}/step?t={host}", json={"reveal": True})
        else:
            name = view["to_move"][0]
            # the player's own page lists their moves (the host's shows none from a hand)
            own = tok(next(p for p in made["players"] if p["name"] == name))
            move = c.get(f"/api/games/{gid}?t={own}").json()["legal"][name][0]
            r = c.post(f"/api/games/{gid}/step?t={host}", json={"player": name, "move": move})
        assert r.status_code == 200, r.text
    view = r.json()
    for sheet in (view["view"].get("table") or {}).get("sheets", []):
        svg = c.get(f"/api/games/{gid}/asset/marks-{sheet['seat']}-en-{sheet['marks']}.svg"
                    f"?t={host}")
        assert svg.status_code == 200 and svg.text.startswith("<svg")
    if game == "mille-fiori":
        assert any("王" in area["svg"] for area in view["view"]["areas"])
    # a restarted server resumes the game; every phone's state answers
    again = client(tmp_path)
    for link in [made["host"], *made["players"]]:
        assert again.get(f"/api/games/{gid}?t={tok(link)}").status_code == 200


@pytest.mark.parametrize("players", [["Ann", "ann"], ["Ann", "B\u0007ob"], ["Ann", "ÄNN", "änn"]])
def test_names_the_command_line_refuses_are_refused(tmp_path, players):
    r = client(tmp_path).post(f"/api/games?t={START}",
                              json={"game": "mille-fiori", "players": players})
    assert r.status_code == 400 and r.json()["error"].startswith("players")
