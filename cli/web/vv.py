"""Voll verplant in the browser: the flipper's view hook for the served game page.

``flipper_view(session, player)`` shows the cards of any Voll verplant session — the
cards its game has revealed, with the seed, map and rules of its set-up — as the pages draw
them (``static/flipcard.js``): the same numbers as ``vv flip`` and the offline page
(:mod:`.flip_page`), computed from the game's own state.
"""

from __future__ import annotations

from typing import Any

from scorepad.rules.session import Session

from .flip_page import deck_summary, round_entry


def flipper_view(session: Session, player: str | None) -> dict[str, Any]:
    """``{"flip": ...}``: the big card, the pile by kind, windows left and the history."""
    from scorepad.rules.voll_verplant.replay import since_shuffle

    state = session.state
    network = state.core.network if state.core is not None else None
    summary = deck_summary(str(state.seed), state.rules, network)
    cards = state.cards
    history = [[card.code, since_shuffle(cards[:n + 1], state.rules)[1]]
               for n, card in enumerate(cards)]
    return {"flip": {**summary, "position": len(cards),
                     "entry": round_entry(cards, state.rules, summary),
                     "history": history, "last": session.is_over()}}
