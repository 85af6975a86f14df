"""Mille Fiori in the browser: the view hook of the scorekeeper page.

``mf_view(session, player)`` gives what a phone draws (``static/games/mille-fiori.js``):
the board's areas as SVG diagrams from the sheets layer
(:mod:`scorepad.sheets.mille_fiori.board_svg`, each space's id in ``data-space``), the
players' totals with laps past 100, ship positions, diamonds and bonus cards, the
20/15/10/5 fields, the display when the game keeps it, the viewer's own hand (seeded
games; the host's and the watchers' views show none), the bonus card owed and why, and the
last steps with the events the engine gave for each (who got how many points and why,
bonus cards, fields, the end). What the viewer may not see (other hands, the deal to come)
is read only through the game's view (``session.view(player)``,
:func:`scorepad.rules.mille_fiori.game.view`), the one gate: the hand and the display come
from it. Which spaces and cards are legal comes from the state's ``legal`` (the engine's
legal moves), never from here or the page. What the page receives is typed
(:class:`MfPageView`, exported by :mod:`scorepad.web.schema`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from typing_extensions import NotRequired, TypedDict

from scorepad.rules.common.catalogue import LANGS
from scorepad.rules.mille_fiori.board import AREAS
from scorepad.rules.mille_fiori.schema import MFBonusOwed, MFView
from scorepad.rules.mille_fiori.scoring import TRACK, breakdown
from scorepad.rules.session import AnySession
from scorepad.sheets.mille_fiori.board_svg import PLAYER_COLORS, area_pages
from scorepad.sheets.svg import render_svg

RECENT = 8  # the steps whose events the page lists


# -- what the page receives (the view hook's result; scorepad.web.schema exports it) -----

class MfArea(TypedDict):
    id: str
    svg: str


class MfPlayer(TypedDict):
    name: str
    initial: str
    color: str
    total: int
    laps: int
    track: int
    areas: dict[str, int]
    ship: int
    bonus_fields: int
    empty_display: int
    ship_position: int
    diamonds_left: int
    bonus_cards: int
    rank: int
    fields: list[str]


class MfField(TypedDict):
    area: str
    values: list[int]
    taken: int


class MfEvent(TypedDict):
    """An event of a step as the page lists it."""

    player: str | None
    points: float
    kind: str
    why: str
    whys: dict[str, str]    # the why in every page language (none: no keyed reason)


class MfStep(TypedDict):
    """A step as the page lists it: who, which card and where (or a chance step)."""

    player: str | None
    number: int
    events: list[MfEvent]
    chance: NotRequired[str]
    empty_display: NotRequired[bool]
    card: NotRequired[str]
    place: NotRequired[str | None]
    ship: NotRequired[bool]


class MfBonusOwed(MFBonusOwed):
    whys: dict[str, str]


class MfPageView(TypedDict):
    """What a Mille Fiori page draws (see the module)."""

    areas: list[MfArea]
    players: list[MfPlayer]
    fields: list[MfField]
    display: list[str] | None
    hands: dict[str, list[str]]
    seeded: bool
    bonus_owed: MfBonusOwed | None
    round: int
    rounds: int
    ship_track: int
    recent: list[MfStep]
    end: str | None


@lru_cache(maxsize=64)
def area_svgs(owner: tuple[int, ...], marks: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The board's areas as SVG with each owner's initial, cached (many phones, one
    board). Not held to the printing font: the phone draws a name in any script."""
    return tuple((name, render_svg(page, title=name, check_fonts=False))
                 for name, page in area_pages(owner, marks))


def initials(names: Sequence[str]) -> tuple[str, ...]:
    """The shortest starts of the names that tell the players apart (``A``, ``Bo``, ``Be``)."""
    for length in range(1, max(map(len, names)) + 1):
        marks = [n[:length].upper() if length == 1 else n[:length] for n in names]
        if len(set(marks)) == len(marks):
            return tuple(marks)
    return tuple(str(i + 1) for i in range(len(names)))


#: The protocol's events of a step itself (the page lists the step apart from them).
_STEP_EVENTS = ("play", "bonus-play", "deal", "leftover")


def _events(events: Sequence[Mapping[str, Any]]) -> list[MfEvent]:
    """What a step scored and noted (``GAME.events``), as the page lists it."""
    return [{"player": e["player"], "points": e.get("points", 0), "kind": e["type"],
             "why": e.get("why", ""), "whys": _whys(e)}
            for e in events if e["type"] not in _STEP_EVENTS]


def _whys(event: Mapping[str, Any]) -> dict[str, str]:
    """An event's (or the owed bonus card's) why in every page language (the engine's
    keyed reason, worded by the game's words table); none where it has no keyed reason
    (the page then shows the English ``why``)."""
    from scorepad.rules.mille_fiori.words import word

    cause = event.get("reason")
    if not isinstance(cause, Mapping):
        return {}
    return {lang: word(cause, lang) for lang in LANGS}


def _step(move: Any, player: str | None) -> dict[str, Any]:
    """A step as the page lists it: who, which card and where (or a chance step)."""
    if player is None:
        return {"player": None, "chance": "deal" if "deal" in move else "leftover"}
    if move.get("empty_display"):
        return {"player": player, "empty_display": True}
    action = move["action"]
    return {"player": player, "card": move["card"],
            "place": action.get("place"), "ship": bool(action.get("ship"))}


def mf_view(session: AnySession, player: str | None) -> MfPageView:
    """What ``player`` (None: the host or a watcher) sees of a Mille Fiori table."""
    s = session.state
    g = s.g
    b = g.cfg.board
    names = list(g.cfg.names)
    marks = initials(names)
    scores = breakdown(g)
    players: list[MfPlayer] = []
    for p, sc in enumerate(scores):
        players.append({
            "name": sc.name, "initial": marks[p], "color": PLAYER_COLORS[p % len(PLAYER_COLORS)],
            "total": sc.total, "laps": sc.laps, "track": sc.total % TRACK,
            "areas": sc.areas, "ship": sc.ship, "bonus_fields": sc.bonus_fields,
            "empty_display": sc.empty_display, "ship_position": sc.ship_position,
            "diamonds_left": sc.diamonds_left, "bonus_cards": sc.bonus_cards, "rank": sc.rank,
            "fields": [AREAS[a] for a in b.field_areas if g.claimed[p] >> a & 1]})
    fields: list[MfField] = [{"area": AREAS[a], "values": list(b.field_values),
                              "taken": g.field_taken[a]} for a in b.field_areas]
    # what is hidden (the hands, the deal to come) comes only through the game's view,
    # the one gate: the viewer's own hand; the host and the watch screen see none, in no
    # form (a player holding a hand moves on their own page: the host gets no move
    # buttons for them, Session.visible_moves)
    seen: MFView = session.view(player)
    hands: dict[str, list[str]] = {}
    if seen["hand"] is not None and player is not None:
        hands[player] = list(seen["hand"])
    recent: list[MfStep] = []
    for i in range(len(session.steps) - 1, max(-1, len(session.steps) - 1 - RECENT), -1):
        who, move = session.steps[i]
        recent.append(cast(MfStep, {**_step(move, who), "number": i + 1,
                                    "events": _events(session.events(i))}))
    owed = seen["bonus_owed"]
    return {
        "areas": [{"id": name, "svg": svg} for name, svg in area_svgs(g.owner, marks)],
        "players": players, "fields": fields,
        "display": seen["display"], "hands": hands, "seeded": seen["seeded"],
        "bonus_owed": None if owed is None else {**owed, "whys": _whys(owed)},
        "round": g.round + 1, "rounds": g.cfg.rounds, "ship_track": len(b.ship_points) - 1,
        "recent": recent, "end": g.ended_by,
    }


#: This game's hooks, by :class:`~scorepad.web.games.WebGame` field (the server finds this
#: module by the game's short name, ``About.short``).
HOOKS: dict[str, Any] = {"view": mf_view}
