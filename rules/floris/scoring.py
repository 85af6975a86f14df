"""Scoring a Floris game: every bouquet judged, penalties, totals, ranks and winners."""

from __future__ import annotations

from dataclasses import dataclass, replace

from scorepad.rules.common.errors import ContentError, RuleViolation, ScorepadError
from scorepad.rules.common.ranking import ranks, winners

from .bouquet import Verdict, judge
from .fix import smallest_fix
from .log import FlorisGame, PlayerEntry
from .ruleset import FlorisRules
from .spec import parse_spec

MAX_PLAYERS = 4


@dataclass(frozen=True)
class ScoredBouquet:
    """A bouquet as written and its verdict (None when the spec cannot be read)."""

    spec: str
    verdict: Verdict | None

    @property
    def points(self) -> int:
        return self.verdict.points if self.verdict else 0


@dataclass(frozen=True)
class PlayerResult:
    """One player's score. ``penalties`` are the points lost (a positive number)."""

    name: str
    bouquets: tuple[ScoredBouquet, ...]
    final: ScoredBouquet | None
    left_in_hand: int
    discarded: int
    bouquet_points: int
    final_points: int
    penalties: int
    total: int
    rank: int = 0

    @property
    def penalty_cards(self) -> int:
        return self.left_in_hand + self.discarded


@dataclass(frozen=True)
class GameResult:
    """A scored game. ``problems`` lists every rule broken (an empty tuple: all valid)."""

    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    finished: bool
    rules: FlorisRules
    problems: tuple[ScorepadError, ...]


def judge_spec(spec: str, rules: FlorisRules) -> Verdict:
    """Parse and judge one bouquet spec (InputError when it cannot be read)."""
    return judge(parse_spec(spec), rules)


def bouquet_problem(spec: str, verdict: Verdict, rules: FlorisRules) -> RuleViolation:
    """The violation for an invalid bouquet, with the smallest fix."""
    fix = smallest_fix(verdict.counts, rules)
    hint = f" (smallest fix: {fix.text})" if fix else ""
    return RuleViolation(f"{spec!r} is not a bouquet: {verdict.reason}{hint}", rule="bouquet")


def _scored(spec: str, rules: FlorisRules, place: tuple[str, ...],
            problems: list[ScorepadError]) -> ScoredBouquet:
    try:
        verdict = judge_spec(spec, rules)
    except ScorepadError as err:
        problems.append(err.at(*place))
        return ScoredBouquet(spec, None)
    if not verdict.valid:
        problems.append(bouquet_problem(spec, verdict, rules).at(*place))
    return ScoredBouquet(spec, verdict)


def score_player(name: str, entry: PlayerEntry, rules: FlorisRules,
                 problems: list[ScorepadError]) -> PlayerResult:
    """Score one player; rules broken are appended to ``problems`` (invalid bouquets score 0)."""
    bouquets = tuple(_scored(spec, rules, (name, f"bouquet {i}"), problems)
                     for i, spec in enumerate(entry.bouquets, start=1))
    final = None
    if entry.final and entry.final.strip():
        final = _scored(entry.final, rules, (name, "final bouquet"), problems)
        if rules.final_bouquet == "whole_hand" and entry.left_in_hand:
            problems.append(RuleViolation(
                f"the final bouquet must be the whole hand (ruleset final_bouquet: whole_hand), "
                f"but {entry.left_in_hand} card{'s are' if entry.left_in_hand != 1 else ' is'} "
                "left in hand", rule="final_bouquet").at(name, "final bouquet"))
    bouquet_points = sum(b.points for b in bouquets)
    final_points = final.points if final else 0
    penalties = (entry.left_in_hand + entry.discarded) * rules.penalty_per_card
    return PlayerResult(name, bouquets, final, entry.left_in_hand, entry.discarded,
                        bouquet_points, final_points, penalties,
                        bouquet_points + final_points - penalties)


def _rank_key(player: PlayerResult, rules: FlorisRules) -> tuple:
    if rules.ties == "fewer_penalty_cards":
        return (player.total, -player.penalty_cards)
    if rules.ties == "more_bouquets":
        return (player.total, len(player.bouquets))
    return (player.total,)


def score_game(game: FlorisGame, rules: FlorisRules) -> GameResult:
    """Judge every bouquet of a game and rank the players (ties per ``rules.ties``)."""
    problems: list[ScorepadError] = []
    if len(game.players) > MAX_PLAYERS:
        problems.append(ContentError(
            f"Floris is for 2-{MAX_PLAYERS} players, this game has {len(game.players)}",
            where=("players",)))
    scored = [score_player(name, entry, rules, problems) for name, entry in game.players.items()]
    rank_list = ranks([_rank_key(p, rules) for p in scored])
    players = tuple(replace(p, rank=r) for p, r in zip(scored, rank_list, strict=True))
    names = [p.name for p in players]
    return GameResult(players, tuple(winners(names, rank_list)), game.finished, rules,
                      tuple(problems))
