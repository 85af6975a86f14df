"""``score --format bgstats``: one BG Stats play record from any game's score object.

Every game's ``score --json`` object has ``players`` (``name``, ``total``, ``rank``) and
``winners``; BG Stats imports a play from that, the game's name and its
BoardGameGeek id (left out where the id is not confirmed, BG Stats then matches the
name).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

#: The BoardGameGeek id of each game, where it is confirmed.
BGG_IDS: dict[str, int] = {"voll-verplant": 346482}
#: The names BG Stats shows.
NAMES = {"voll-verplant": "Voll verplant", "mille-fiori": "Mille Fiori", "floris": "Floris"}


def bgstats_record(game_id: str, score: Mapping[str, Any], when: datetime, *,
                   board: str | None = None) -> dict[str, Any]:
    """The play record BG Stats imports, from ``score`` (a ``score --json`` object)."""
    game: dict[str, Any] = {"name": NAMES.get(game_id, game_id)}
    if game_id in BGG_IDS:
        game["bggId"] = BGG_IDS[game_id]
    game["highestWins"] = True
    record: dict[str, Any] = {
        "sourceName": "scorepad",
        "playDate": when.strftime("%Y-%m-%d %H:%M:%S"),
        "game": game,
    }
    if board is not None:
        record["board"] = board
    # an unfinished game has no winner yet, whoever leads (Mille Fiori names the leaders)
    winners = set(score.get("winners", [])) if score.get("finished", True) else set()
    record["players"] = [{"name": p["name"], "score": p["total"], "winner": p["name"] in winners,
                          "rank": p["rank"]} for p in score["players"]]
    return record


def now() -> datetime:
    """The play date of a record written now (to the second)."""
    return datetime.now().replace(microsecond=0)
