"""Floris in the browser: the tally page's view hook and its bouquet checker.

``floris_view(session, player)`` is the tally as the page draws it
(``static/games/floris.js``): every player's bouquets with their pattern and points, the
end-of-game entry once made, totals and ranks as ``floris score --json`` gives them
(:func:`scorepad.rules.floris.scoring.score`), the phase and the options the forms need.
``check_bouquet(session, spec)`` answers the page's checker before a bouquet is presented:
valid or not, the points, the reason and the smallest fix, in the words ``floris
bouquet`` prints (:func:`scorepad.rules.floris.words.verdict_lines`, also in German and
French), judged by the engine's own :func:`~scorepad.rules.floris.bouquet.judge` under the
game's rules. Bouquets and verdicts come worded in every page language by the game's words.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from typing_extensions import TypedDict

from scorepad.app.bouquet import verdict_json
from scorepad.rules.common.catalogue import LANGS
from scorepad.rules.common.errors import InputError
from scorepad.rules.floris.bouquet import Verdict, judge
from scorepad.rules.floris.engine import FlorisState
from scorepad.rules.floris.fix import smallest_fix
from scorepad.rules.floris.flowers import flower_types
from scorepad.rules.floris.scoring import score
from scorepad.rules.floris.spec import parse_spec
from scorepad.rules.floris.words import counts_text, pattern_label, verdict_lines
from scorepad.rules.session import AnySession

# -- what the page receives (the view hook's result; scorepad.web.schema exports it) -----

class FlSaid(TypedDict):
    flowers: str
    label: str


class FlBouquet(TypedDict):
    """A bouquet as ``floris score --json`` gives it, with its pattern in words."""

    spec: str
    pattern: str | None
    flowers: int
    bonus: int
    points: int
    label: str
    said: dict[str, FlSaid]     # in every page language


class FlPlayer(TypedDict):
    """A player's entry of ``floris score --json``, with whether their end is entered."""

    name: str
    total: int
    rank: int
    bouquets: list[FlBouquet]
    bouquet_points: int
    final: FlBouquet | None
    final_points: int
    left_in_hand: int
    discarded: int
    left_in_reserve: int
    penalty_cards: int
    penalties: int
    entered: bool


class FlRules(TypedDict):
    min_flowers: int
    penalty_per_card: int
    final_bouquet: Literal["any_subset", "whole_hand"]
    reserve_penalty: bool


class FlorisPageView(TypedDict):
    """What the Floris tally page draws."""

    phase: str
    players: list[FlPlayer]
    winners: list[str]
    flowers: list[str]
    rules: FlRules


def _said(verdict: Verdict) -> dict[str, dict[str, str]]:
    """A bouquet in every page language: its flowers and its pattern (the game's words)."""
    return {lang: {"flowers": counts_text(verdict.counts, lang),
                   "label": pattern_label(verdict.pattern, verdict.counts, lang)}
            for lang in LANGS}

#: the longest spec the checker reads (a hand is far shorter)
MAX_SPEC = 200


def floris_view(session: AnySession, player: str | None) -> FlorisPageView:
    """The tally: players with their bouquets (and each one's pattern), entries, totals."""
    state: FlorisState = session.state
    rules = state.rules
    result = score(state)
    for seat, entry in zip(state.seats, result["players"], strict=True):
        for bouquet, shown in zip(seat.bouquets, entry["bouquets"], strict=True):
            shown["label"] = bouquet.verdict.label
            shown["said"] = _said(bouquet.verdict)
        if seat.end and seat.end.final:
            entry["final"]["label"] = seat.end.final.verdict.label
            entry["final"]["said"] = _said(seat.end.final.verdict)
        entry["entered"] = seat.end is not None
    # the score object is the scoring's plain dict; with the keys set above, FlPlayer's
    return {"phase": state.phase, "players": cast(list[FlPlayer], result["players"]),
            "winners": result["winners"],
            "flowers": list(flower_types()),
            "rules": {"min_flowers": rules.min_flowers, "penalty_per_card": rules.penalty_per_card,
                      "final_bouquet": rules.final_bouquet,
                      "reserve_penalty": rules.reserve_penalty}}


def check_bouquet(session: AnySession, spec: Any) -> dict[str, Any]:
    """The verdict on ``spec`` (a bouquet as ``floris bouquet`` reads it) under the game's
    rules: ``{"readable", "valid", "points", "reason", "fix", "lines", "said", ...}``
    (``lines`` in English as the command prints them, ``said`` in every page language)."""
    if not isinstance(spec, str) or len(spec) > MAX_SPEC:
        return {"readable": False, "valid": False,
                "lines": [f"a bouquet is a spec such as \"rose:3 lily:3\" (at most "
                          f"{MAX_SPEC} characters)"]}
    rules = session.state.rules
    try:
        verdict = judge(parse_spec(spec), rules)
    except InputError as err:
        return {"readable": False, "valid": False, "lines": [err.message],
                "said": {lang: [err.said(lang)] for lang in LANGS}}
    fix = smallest_fix(verdict.counts, rules)
    return {"readable": True, **verdict_json(verdict), "reason": verdict.reason,
            "fix": fix.text if fix else None, "lines": verdict_lines(verdict, fix),
            "said": {lang: verdict_lines(verdict, fix, lang) for lang in LANGS}}


#: This game's hooks, by :class:`~scorepad.web.games.WebGame` field (the server finds this
#: module by the game's short name, ``About.short``).
HOOKS: dict[str, Any] = {"view": floris_view, "check": check_bouquet}
