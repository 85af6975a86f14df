"""Scoring a Floris game: points, penalties, totals, ranks and winners of an engine state.

:func:`score` is exactly the object ``scorepad floris score --json`` prints (see
docs/floris.md); :func:`breakdown_total` recomputes a total from one player's entry of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.common.ranking import ranks, winners

from .engine import Bouquet, FlorisState, Seat, is_over, penalty_cards
from .ruleset import FlorisRules, default_rules


def bouquet_json(bouquet: Bouquet) -> dict[str, Any]:
    """One bouquet in ``score --json``: the spec as written, its pattern and points."""
    verdict = bouquet.verdict
    return {"spec": bouquet.spec, "pattern": verdict.pattern, "flowers": verdict.flowers,
            "bonus": verdict.bonus, "points": verdict.points}


def player_json(seat: Seat, rules: FlorisRules) -> dict[str, Any]:
    """One player's score (``rank`` is filled in by :func:`score`)."""
    end = seat.end
    final = end.final if end else None
    bouquet_points = sum(b.points for b in seat.bouquets)
    final_points = final.points if final else 0
    cards = penalty_cards(seat, rules)
    penalties = cards * rules.penalty_per_card
    return {
        "name": seat.name,
        "total": bouquet_points + final_points - penalties,
        "rank": 0,
        "bouquets": [bouquet_json(b) for b in seat.bouquets],
        "bouquet_points": bouquet_points,
        "final": bouquet_json(final) if final else None,
        "final_points": final_points,
        "left_in_hand": end.left_in_hand if end else 0,
        "discarded": end.discarded if end else 0,
        "left_in_reserve": end.left_in_reserve if end else 0,
        "penalty_cards": cards,
        "penalties": penalties,
    }


def breakdown_total(player: Mapping[str, Any]) -> int:
    """A player's total from the parts of their ``score`` entry."""
    return int(player["bouquet_points"] + player["final_points"] - player["penalties"])


def _rank_key(player: Mapping[str, Any], rules: FlorisRules) -> tuple[int, ...]:
    if rules.ties == "fewer_penalty_cards":
        return (player["total"], -player["penalty_cards"])
    if rules.ties == "more_bouquets":
        return (player["total"], len(player["bouquets"]))
    return (player["total"],)


def score(state: FlorisState) -> dict[str, Any]:
    """The ``score --json`` object: players in seat order with ranks (ties per
    ``rules.ties``), winners, the ruleset and the options that differ from it."""
    rules = state.rules
    players = [player_json(seat, rules) for seat in state.seats]
    rank_list = ranks([_rank_key(p, rules) for p in players])
    for player, rank in zip(players, rank_list, strict=True):
        player["rank"] = rank
    return {"game": "floris", "ruleset": rules.ruleset,
            "rules": rules.changed_from(default_rules()), "finished": is_over(state),
            "players": players, "winners": winners(state.names, rank_list)}

