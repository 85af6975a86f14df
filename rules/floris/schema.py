"""What a Floris page receives of the game, as types: the view
(:meth:`~.game.Floris.view`) and the events (:meth:`~.game.Floris.events`).

``TypedDict``s, so the engine builds plain dicts (JSON as it is sent) that mypy checks,
and pydantic exports their JSON schema for the pages' JavaScript
(:mod:`scorepad.web.schema`).
"""

from __future__ import annotations

from typing import Any

from typing_extensions import TypedDict

from scorepad.rules.game import Event, GameView


class FlorisEventFields(TypedDict, total=False):
    """The keys of Floris's events beyond the protocol's (which event has which:
    :meth:`~.game.Floris.events`)."""

    spec: str                   # ``bouquet``, ``final``: the bouquet as written
    flowers: int                # ... its flowers
    bonus: int                  # ... its pattern's bonus
    pattern: str | None         # ... the pattern it forms
    run: str                    # ... its counts as a run (``1-2-3``)
    cards: int                  # ``penalty``: the cards it counts


class FlorisEvent(Event, FlorisEventFields):
    """One thing a Floris move did."""


class FlorisView(GameView):
    """Everything of a Floris table (it deals no cards: all is open)."""

    phase: str
    score: dict[str, Any]       # the ``floris score --json`` object
    events: list[FlorisEvent]
