"""A flip-only Voll verplant table for the browser tests: the real game, offered with the
flipper's view hook and page (a game of no players is a flipper's, as ``vv flip`` plays it)."""

from __future__ import annotations


def flip_games():
    from scorepad.rules.voll_verplant.game import GAME
    from scorepad.web.games import WebGame
    from scorepad.web.vv import flipper_view

    return {"voll-verplant": WebGame(GAME, {"map": ["berlin", "paris"]},
                                     view=flipper_view, page="voll-verplant.js", flipper=True)}
