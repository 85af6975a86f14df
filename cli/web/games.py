"""Which games the server offers, and what the browser may choose for each.

A :class:`WebGame` wraps a game of the protocol (:mod:`scorepad.rules.game`) with the
little the browser needs beyond it: the only values each set-up keyword may take (so no
file path ever comes from a browser: a Voll verplant map is a bundled id), an optional
per-game view hook and an optional page module. The app factory takes a mapping of
them (``create_app(games=...)``); :func:`default_games` builds it from ``GAMES``, leaving
out games whose module is not installed.

The view hook: ``view(session, player) -> dict`` gets the :class:`Session` and the viewer
(a player's name, or ``None`` for the host) and returns plain JSON-able data for that
viewer only (a sheet as SVG, the card to show); its result is the ``view`` field of the
state the server sends. The check hook, ``check(session, move) -> dict``, says what the
game makes of a move before anyone plays it (Floris: the bouquet's verdict). The page module is an
ES module under ``static/games/`` whose
``render(root, state, ctx)`` draws the game (see ``static/game.js``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from scorepad.rules.game import GAMES, AnyGame
from scorepad.rules.session import Session

#: ``view(session, player)``: what one viewer (a player, or None = the host) sees of a game.
ViewHook = Callable[[Session, "str | None"], Mapping[str, Any]]
#: ``asset(session, name)``: a file the game's page fetches once (text, media type), or None.
AssetHook = Callable[[Session, str], "tuple[str, str] | None"]
#: ``check(session, move)``: what the game says of a move before it is played (a verdict).
CheckHook = Callable[[Session, Any], Mapping[str, Any]]
#: ``owner(session, what)``: the player a check's query or an asset's name is about (None:
#: nobody's in particular); the server answers it only to that player's link or the host.
OwnerHook = Callable[[Session, Any], "str | None"]


@dataclass(frozen=True)
class WebGame:
    """A game as the server offers it."""

    game: AnyGame
    #: set-up keyword → the values a browser may choose (the first is the default)
    setup_choices: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    view: ViewHook | None = None
    #: answers ``POST /api/games/{id}/check`` (None: the game offers no check)
    check: CheckHook | None = None
    #: the game can be kept without a seed (``"deal": false``): the table deals its own
    #: cards and the server keeps score (Mille Fiori's scorekeeper)
    scorekeeper: bool = False
    #: file name of the game's page module under ``static/games/`` (None: the generic page)
    page: str | None = None
    #: whether a game of no players may be started: a card flipper for a paper game (chance
    #: steps only), as Voll verplant's ``vv flip``
    flipper: bool = False
    #: files the page module fetches (``GET /api/games/{id}/asset/{name}``), e.g. a blank sheet
    asset: AssetHook | None = None
    #: whose a check's query is (e.g. Voll verplant's ``{"player": NAME, ...}``)
    check_owner: OwnerHook | None = None
    #: whose an asset is (e.g. a player's marked sheet); the watch link may fetch it too
    asset_owner: OwnerHook | None = None
    #: whether a player may photograph their paper sheet (``vv scan``'s flow, cli/web/scan.py)
    scan: bool = False
    #: ``setup_name(keyword, value)``: a set-up value as players know it (a map's name),
    #: or None (the start page shows the value itself)
    setup_name: Callable[[str, Any], str | None] | None = None

    @property
    def id(self) -> str:
        return self.game.id


def _setup_choices(game: AnyGame) -> dict[str, list[Any]]:
    """The set-up values the browser may choose, from the game's ``info`` (the default
    first; a choice without listed values, such as a map file, is not offered)."""
    return {c.name: [c.default, *(v for v in c.values if v != c.default)]
            for c in game.info.setup if c.values}


def default_games(registry: Mapping[str, AnyGame] = GAMES) -> dict[str, WebGame]:
    """Every game of ``registry`` whose module is installed, as the server offers it."""
    out: dict[str, WebGame] = {}
    for game_id in registry:
        try:
            game = registry[game_id]
        except ModuleNotFoundError:  # a game not built yet on this install
            continue
        out[game_id] = WebGame(game, _setup_choices(game), **_pages(game))
    return out


def _pages(game: AnyGame) -> dict[str, Any]:
    """The page, abilities and hooks of a game, from what it declares (``info.about``:
    its page, what the browser offers, whether it scans) and from its browser module, named
    by its short name (``scorepad.web.vv``), whose ``HOOKS`` map :class:`WebGame` fields to
    functions. A game registered nowhere (a test's) gets the generic page."""
    about = game.info.about
    if about is None:
        return {}
    fields: dict[str, Any] = {"page": about.page, "flipper": "flipper" in about.pages,
                              "scorekeeper": "scorekeeper" in about.pages,
                              "scan": about.scans}
    name = f"{__package__}.{about.short}"
    if find_spec(name) is None:  # a game without a browser module: the generic page
        return fields
    return {**fields, **import_module(name).HOOKS}
