"""Where each game lives, and what it says of itself, readable without loading any game.

:data:`PACKAGES` is the registry: one line a game, its id and its folder. A game declares,
in its folder, its protocol object (``<package>.game:GAME``) and, in ``<package>.about``,
its :class:`About`: its names, short name, BoardGameGeek id, file prefix, page and what the
browser offers. The command line reads the ``About`` of every game to build its groups, the
store its file names, BG Stats its names and ids, the server its pages: nothing outside a
game's folders names a game (``tests/test_game_facts.py``). The module is small and loads no
game, so ``scorepad --help`` can read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from typing import NamedTuple

#: Every game scorepad knows: its id and the package of its folder (``scorepad.rules.<x>``).
PACKAGES: dict[str, str] = {
    "voll-verplant": "scorepad.rules.voll_verplant",
    "mille-fiori": "scorepad.rules.mille_fiori",
    "floris": "scorepad.rules.floris",
}


class About(NamedTuple):
    """What a game says of itself beyond its rules (``<package>.about.ABOUT``; also its
    ``GameInfo.about``). A named tuple, not a dataclass: the command line reads it on every
    start, and ``dataclasses`` costs its import."""

    #: the game id (``GAMES``' key, ``score --json``'s ``game``)
    id: str
    #: the game's name in each language (en, de, fr), as pages and BG Stats show it
    names: Mapping[str, str]
    #: the short name: the command line's alias (``scorepad vv``), the name of the game's
    #: command-line package (``scorepad.vv``, with ``group``) and of its browser module
    #: (``scorepad.web.vv``, with ``HOOKS``) where it has one
    short: str
    #: the start of a saved game's file name (``vv-2026-12-01-1.yaml``)
    file_prefix: str
    #: the game's BoardGameGeek id, where it is confirmed (BG Stats matches the game by it)
    bgg_id: int | None = None
    #: the game's page module under ``static/games/`` (None: the generic page)
    page: str | None = None
    #: what the browser offers besides a table of players: ``"flipper"`` (a game of no
    #: players: a card flipper for a paper game), ``"scorekeeper"`` (a game without a seed:
    #: the table deals, the server keeps score)
    pages: tuple[str, ...] = ()
    #: whether a player may photograph their paper sheet into the game (``vv scan``'s flow)
    scans: bool = False


@cache
def about(game_id: str) -> About:
    """What the game ``game_id`` says of itself (KeyError: no such game)."""
    found = import_module(f"{PACKAGES[game_id]}.about").ABOUT
    assert isinstance(found, About) and found.id == game_id, game_id
    return found


def abouts() -> Mapping[str, About]:
    """Every game's :class:`About`, by id, in the registry's order."""
    return {game_id: about(game_id) for game_id in PACKAGES}
