"""Voll verplant in the browser: the flipper's view hook for the served game page.

``flipper_view(session, player)`` reads what any Voll verplant session shows of its cards
— the seed, map and rules of its set-up and the cards of its log's rounds — and returns
the flipper as the pages draw it (``static/flipcard.js``): the same
:class:`~scorepad.rules.voll_verplant.flipper.Flipper` and the same numbers as
``vv flip`` and the offline page. It needs nothing of the game object but its log, so it
works for a flip-only table and for a full game alike.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from scorepad.rules.session import Session

from .flip_page import deck_summary, round_entry


@lru_cache(maxsize=16)
def _start(seed: str, rules_json: str, map_ref: str | None):
    import json

    from scorepad.rules.voll_verplant.flipper import Flipper
    from scorepad.vv.common import load_network, load_rules

    rules = load_rules(None, json.loads(rules_json) or None)
    network = load_network(map_ref) if map_ref else None
    flipper = Flipper.start(seed, rules, network)
    summary = deck_summary(flipper, list(rules.deck), map_name=network.name if network else None)
    return flipper, summary


def flipper_view(session: Session, player: str | None) -> dict[str, Any]:
    """``{"flip": ...}``: the big card, the pile by kind, windows left and the history."""
    import json

    setup = session.setup
    flipper, summary = _start(str(setup["seed"]), json.dumps(setup.get("rules") or {},
                                                             sort_keys=True), setup.get("map"))
    codes = [rnd["card"] for rnd in session.to_log().get("rounds", []) if "card" in rnd]
    now, history = flipper, []
    for code in codes:  # the log's cards, checked against the seed one by one
        now = now.resumed([code])
        assert now.last is not None
        history.append([now.last.card.code, now.last.reshuffle_after])
    return {"flip": {**summary, "position": now.position, "entry": round_entry(now, summary),
                     "history": history, "last": now.over}}
