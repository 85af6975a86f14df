"""Pig in the browser: the view its page module (``static/games/pig-dice.js``) draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorepad.rules.game import LANGS
from scorepad.rules.session import Session


def view(session: Session, player: str | None) -> dict[str, Any]:
    """The banked totals, the turn's points and the last step in every page language."""
    return {**session.view(player),
            "said": {lang: [session.game.explain(ev, lang) for ev in session.events()]
                     for lang in LANGS}}


#: This game's hooks, by :class:`~scorepad.web.games.WebGame` field (the server finds this
#: module by the game's short name).
HOOKS: dict[str, Callable[..., Any]] = {"view": view}
