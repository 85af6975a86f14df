"""What a game's score is exported as, for the terminal's ``score --format json|bgstats``
and the browser's BG Stats link alike: the score object as JSON, or BG Stats play records.

One BG Stats play record from any game's score object (:func:`bgstats_record`):

Every game's ``score --json`` object has ``players`` (``name``, ``total``, ``rank``) and
``winners``; BG Stats imports a play from that, the game's name and its
BoardGameGeek id (left out where the id is not confirmed, BG Stats then matches the
name).

The record's shape is BG Stats' published import format: "Push plays to BG Stats from
other apps or websites", https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
(read 1 Dec 2026): ``board``, ``durationMin``, ``comments``, ``game`` (``bggId``,
``highestWins``, ``name``, ``noPoints``, ``sourceGameId``), ``location``, ``playDate``
(``"2020-10-23 19:16:58"``) and ``players`` (``startPlayer``, ``name``, ``rank``,
``role``, ``score``, ``sourcePlayerId``, ``winner``). ``sourceName`` and
``sourcePlayId`` were not in the part of that page that could be read; apps that push to
BG Stats send both (the app's name; an id of the play, so a play sent twice is known), so
they are sent too. The ids are stable, as the page asks: BG Stats remembers the game and
the players they were matched to.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

#: The export formats of ``score --format`` (besides each game's own ``text``).
FORMATS = ("json", "bgstats")


def exported(game_id: str, scores: Sequence[Mapping[str, Any]], fmt: str, *,
             boards: Sequence[str | None] | None = None, many: bool | None = None) -> str:
    """``scores`` (``score --json`` objects of the game ``game_id``) as ``fmt`` (``json`` or
    ``bgstats``): one object, or a list of them when ``many`` (default: when there are several).
    ``boards``: each play's board for BG Stats (a Voll verplant map's name)."""
    from scorepad.io import emit_json

    if fmt not in FORMATS:
        raise ValueError(f"no export format {fmt!r}")
    objects: list[Any] = list(scores)
    if fmt == "bgstats":
        when = now()
        objects = [bgstats_record(game_id, score, when, board=board) for score, board
                   in zip(scores, boards or [None] * len(scores), strict=True)]
    return emit_json(objects if (len(objects) != 1 if many is None else many) else objects[0])


def bgstats_record(game_id: str, score: Mapping[str, Any], when: datetime, *,
                   board: str | None = None, play: str | None = None) -> dict[str, Any]:
    """The play record BG Stats imports, from ``score`` (a ``score --json`` object).

    ``play`` names the play for ``sourcePlayId`` (a web game's id; by default the score
    itself: the same game scored twice is the same play), sent only as a digest."""
    import json  # here: `score`'s text table loads no JSON (tests/test_startup.py)

    from scorepad.rules.registry import PACKAGES, about

    # the name and BoardGameGeek id the game declares (its About), where it is registered
    facts = about(game_id) if game_id in PACKAGES else None
    game: dict[str, Any] = {"name": facts.names["en"] if facts else game_id,
                            "sourceGameId": game_id}
    if facts and facts.bgg_id is not None:
        game["bggId"] = facts.bgg_id
    game["highestWins"] = True
    game["noPoints"] = False
    what = play if play is not None else json.dumps(score, sort_keys=True, default=str)
    record: dict[str, Any] = {
        "sourceName": "scorepad",
        "sourcePlayId": hashlib.sha256(f"{game_id}\n{what}".encode()).hexdigest()[:20],
        "playDate": when.strftime("%Y-%m-%d %H:%M:%S"),
        "game": game,
    }
    if board is not None:
        record["board"] = board
    # an unfinished game has no winner yet, whoever leads (Mille Fiori names the leaders)
    winners = set(score.get("winners", [])) if score.get("finished", True) else set()
    # a player's name is their id here: the same name is the same player in every play
    record["players"] = [{"name": p["name"], "sourcePlayerId": p["name"], "score": p["total"],
                          "winner": p["name"] in winners, "rank": p["rank"]}
                         for p in score["players"]]
    return record


def now() -> datetime:
    """The play date of a record written now (to the second)."""
    return datetime.now().replace(microsecond=0)
