"""What a Voll verplant page receives of the game, as types: the view
(:meth:`~.game.VollVerplant.view`) and the events (:meth:`~.game.VollVerplant.events`).

``TypedDict``s, so the engine builds plain dicts (JSON as it is sent) that mypy checks,
and pydantic exports their JSON schema for the pages' JavaScript
(:mod:`scorepad.web.schema`).
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict

from scorepad.rules.game import Event, GameView

from .view import Bonus

#: A card's code, as the log writes it: a number (``4``) or a text (``"E2"``).
CardCode = int | str


class VVEventFields(TypedDict, total=False):
    """The keys of Voll verplant's events beyond the protocol's (which event has which:
    :meth:`~.game.VollVerplant.events`)."""

    move: dict[str, Any]        # ``move``: the step as the log writes it
    stations: list[int]         # ``move``: the stations it crossed
    station: int                # ``transfer``, ``special``, ``lapsed``
    number: int                 # ``transfer``: the number written
    line: str                   # ``line``: the line completed
    bonus: Bonus                # ``line``: which bonus it scored
    round: int                  # ``card``, ``round-end``, ``game-over``
    empty: int                  # ``empty``: the stations left empty
    card: CardCode              # ``card``: its code


class VVEvent(Event, VVEventFields):
    """One thing a Voll verplant step did."""


class VVSheetView(TypedDict):
    """One player's sheet in the view: as the paper would show it."""

    marked: list[int]
    transfers: dict[str, int]       # station id (as text: a JSON key) -> number written
    windows: dict[str, list[str]]   # line -> its wagon windows' entries, in order
    bonuses: dict[str, Bonus]
    struck: list[str]
    asking: int | None              # the special station whose follow-up is owed
    total: float


class VVView(GameView):
    """What anyone at a Voll verplant table sees (every sheet is open)."""

    map: str | None
    rules: dict[str, Any]           # the ruleset options changed from the bundled ones
    players: list[str]
    cards: list[CardCode]
    round: int
    over: bool
    paper: NotRequired[bool]        # a game played on paper (its end position)
    seed: NotRequired[str | int]    # only once over
    card: CardCode | None
    sheets: dict[str, VVSheetView]
    events: list[VVEvent]
