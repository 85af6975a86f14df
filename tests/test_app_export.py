"""The one export both front-ends call (``scorepad.app.export``): a score object as JSON or
as BG Stats play records, one or a list."""

from __future__ import annotations

import json

import pytest

from scorepad.app.export import exported

SCORE = {"game": "x", "finished": True, "winners": ["Ann"],
         "players": [{"name": "Ann", "total": 12, "rank": 1},
                     {"name": "Bob", "total": 7, "rank": 2}]}


def test_one_score_is_one_object_and_several_are_a_list():
    assert json.loads(exported("floris", [SCORE], "json")) == SCORE
    assert json.loads(exported("floris", [SCORE], "json", many=True)) == [SCORE]
    assert json.loads(exported("floris", [SCORE, SCORE], "json")) == [SCORE, SCORE]


def test_bg_stats_records_carry_each_plays_board_and_the_games_name():
    records = json.loads(exported("voll-verplant", [SCORE, SCORE], "bgstats",
                                  boards=["Berlin", None]))
    assert [r.get("board") for r in records] == ["Berlin", None]
    assert {r["game"]["name"] for r in records} == {"Voll verplant"}
    assert [(p["name"], p["score"], p["winner"]) for p in records[0]["players"]] == [
        ("Ann", 12, True), ("Bob", 7, False)]


def test_text_is_each_games_own_and_not_an_export():
    with pytest.raises(ValueError):
        exported("floris", [SCORE], "text")
