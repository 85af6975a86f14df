"""The end screen's BG Stats link in BG Stats' published import format ("Push plays to BG
Stats from other apps or websites": ``https://app.bgstatsapp.com/createPlay.html?data=``
with the url-encoded JSON of the play)."""

from __future__ import annotations

import json
from urllib.parse import unquote

from scorepad.web.bgstats_link import bgstats_link

SCORE = {"finished": True, "winners": ["Ann"],
         "players": [{"name": "Ann", "total": 61, "rank": 1},
                     {"name": "王芳", "total": 48, "rank": 2}]}


def play_of(url: str) -> dict:
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert url.startswith(prefix)
    return json.loads(unquote(url[len(prefix):]))


def test_the_link_is_bg_stats_create_play_with_the_documented_fields():
    link = bgstats_link("voll-verplant", SCORE, "game-id-1")
    play = play_of(link["url"])
    assert link["qr"].startswith("data:image/svg+xml")
    assert play["sourceName"] == "scorepad"
    assert play["game"] == {"name": "Voll verplant", "sourceGameId": "voll-verplant",
                            "bggId": 346482,
                            "highestWins": True, "noPoints": False}
    assert [(p["name"], p["sourcePlayerId"], p["score"], p["rank"], p["winner"])
            for p in play["players"]] \
        == [("Ann", "Ann", 61, 1, True), ("王芳", "王芳", 48, 2, False)]
    date, time = play["playDate"].split(" ")  # "2020-10-23 19:16:58"
    assert len(date) == 10 and len(time) == 8 and date.count("-") == 2 and time.count(":") == 2
    # the same play is the same id (BG Stats knows a play sent twice); another play another
    for game_id, same in (("game-id-1", True), ("game-id-2", False)):
        again = play_of(bgstats_link("voll-verplant", SCORE, game_id)["url"])
        assert (play["sourcePlayId"] == again["sourcePlayId"]) == same
    assert "game-id-1" not in link["url"]  # the game's id leaves only as a digest
