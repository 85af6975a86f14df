"""What a Mille Fiori page receives of the game, as types: the view
(:meth:`~.game.MilleFiori.view`) and the events (:meth:`~.game.MilleFiori.events`).

``TypedDict``s, so the engine builds plain dicts (JSON as it is sent) that mypy checks,
and pydantic exports their JSON schema for the pages' JavaScript
(:mod:`scorepad.web.schema`).
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict

from scorepad.rules.game import Event, GameView


class MFEventFields(TypedDict, total=False):
    """The keys of Mille Fiori's events beyond the protocol's (which event has which:
    :meth:`~.game.MilleFiori.events`)."""

    move: dict[str, Any]        # ``play``, ``bonus-play``: the step as the log writes it
    round: int                  # ``deal``: the round dealt
    cards: list[str]            # ``display``, ``leftover``: the cards laid open
    reason: dict[str, Any]      # the engine's keyed reason (``{"key": ..., slot: value}``)


class MFEvent(Event, MFEventFields):
    """One thing a Mille Fiori step did."""


class MFBonusOwed(TypedDict):
    """The bonus card a player owes now, and why."""

    player: str
    why: str
    reason: dict[str, Any] | None   # the keyed reason, for a page to word in its language


class MFView(GameView):
    """What one viewer sees of a Mille Fiori table: never another player's hand."""

    players: list[str]
    rules: dict[str, Any]           # the ruleset options changed from the bundled ones
    seeded: bool
    round: int
    rounds: int
    start: str
    phase: str
    over: bool
    ended_by: str | None
    bonus_owed: MFBonusOwed | None
    board: dict[str, str]           # space id -> its owner
    display: list[str] | None
    scores: dict[str, dict[str, int]]   # player -> total, ship, diamonds, each category
    hand_sizes: dict[str, int] | None
    hand: list[str] | None          # the viewer's own (None: no hand, or not theirs)
    events: list[MFEvent]
    seed: NotRequired[str]          # only once over
