"""Scores of a Mille Fiori game: totals, ranks and the breakdown per area.

Every point a player receives is kept in a category when it is scored (see
``engine.CATEGORIES``), so the breakdown is exact by construction: ``areas`` hold the
points a player *received* in each area, whoever's placement paid them (trade column
owners, harbor row owners and townspeople supporters are paid by other players' moves).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from scorepad.rules.common.ranking import ranks, winners

from .board import AREAS
from .engine import NCAT, _Moment
from .ruleset import default_rules

TRACK = 100  # the score track wraps at 100: laps are a display matter only


class Scored(_Moment, Protocol):
    """What the scores read of a game state beyond what every state has (:class:`_Moment`):
    the engine's :class:`~.engine.State` has it, and so has the fast simulator's state
    (``scorepad.play.mille_fiori.simulator``), which bots and ``mf simulate`` score with
    these same functions."""

    @property
    def ship(self) -> tuple[int, ...]: ...
    @property
    def diamonds(self) -> tuple[int, ...]: ...
    @property
    def bonus_cards(self) -> tuple[int, ...]: ...
    @property
    def ended_by(self) -> str | None: ...
    @property
    def rounds_played(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def display(self) -> object: ...


class PlayerScore(NamedTuple):
    """One player's result."""

    name: str
    total: int
    rank: int
    areas: dict[str, int]
    ship: int
    bonus_fields: int
    empty_display: int
    ship_position: int
    diamonds_left: int
    bonus_cards: int

    @property
    def laps(self) -> int:
        """Full laps of the 100-space score track."""
        return self.total // TRACK

    @property
    def track(self) -> int:
        """Where the score marker stands on the track."""
        return self.total % TRACK


def totals_and_ranks(state: Scored) -> tuple[list[int], list[int]]:
    """Every player's total and rank, in seat order, from the engine's points.

    Ties share a rank unless the ruleset's ``ties: ship`` lets the ship further along
    break them.
    """
    n = len(state.cfg.names)
    points = state.points
    totals = [sum(points[p * NCAT:(p + 1) * NCAT]) for p in range(n)]
    # ties: ship lets the ship further along break a tie of totals
    if state.cfg.rules.ties == "ship":
        return totals, ranks([(totals[p], state.ship[p]) for p in range(n)])
    return totals, ranks([(t,) for t in totals])


def breakdown(state: Scored) -> list[PlayerScore]:
    """Every player's total, rank and per-category points, in seat order (ranks as
    :func:`totals_and_ranks` gives them)."""
    n = state.players
    totals, rank_list = totals_and_ranks(state)
    out = []
    for p in range(n):
        pts = state.points[p * NCAT:(p + 1) * NCAT]
        out.append(PlayerScore(
            name=state.cfg.names[p], total=totals[p], rank=rank_list[p],
            areas={a: pts[i] for i, a in enumerate(AREAS)}, ship=pts[6], bonus_fields=pts[7],
            empty_display=pts[8], ship_position=state.ship[p], diamonds_left=state.diamonds[p],
            bonus_cards=state.bonus_cards[p]))
    return out


def winner_names(scores: list[PlayerScore]) -> list[str]:
    """The names ranked first, in seat order."""
    return winners([s.name for s in scores], [s.rank for s in scores])


def score_json(state: Scored) -> dict[str, Any]:
    """The contract's ``score --json`` object for a game state (extra keys are additions)."""
    scores = breakdown(state)
    rules = state.cfg.rules
    return {
        "game": "mille-fiori",
        "ruleset": rules.ruleset,
        "rules": rules.changed_from(default_rules()),
        "finished": state.finished,
        "end": state.ended_by,
        "rounds": state.rounds_played,
        "turns": state.turns,
        "display_tracked": state.display is not None,
        "players": [{
            "name": s.name, "total": s.total, "rank": s.rank, "areas": s.areas,
            "ship": s.ship, "bonus_fields": s.bonus_fields, "empty_display": s.empty_display,
            "ship_position": s.ship_position, "diamonds_left": s.diamonds_left,
            "bonus_cards": s.bonus_cards, "laps": s.laps,
        } for s in scores],
        "winners": winner_names(scores),
    }
