"""The proven best score for a player's cards: the solver's plan, replayed by the engine.

:func:`prove` asks the solver (:mod:`.solver`) for the best plan on the game's cards,
replays it through the game protocol (``GAME.apply``: every step judged by the engine,
the other players repeating their logged moves) and reports the engine's score of it,
never the model's. The bound is the solver's proven upper bound; ``proven`` holds when
the engine's score of the best plan meets it. A plan the engine refuses is a bug in the
model: it is raised, not hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.voll_verplant.cards import Card
from scorepad.rules.voll_verplant.engine import (
    GameState,
    Move,
    end_round,
    final_total,
    new_game,
    round_done,
)
from scorepad.rules.voll_verplant.game import GAME, VVState, start
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.replay import play_logged, step_data
from scorepad.rules.voll_verplant.ruleset import VVRules

from .bots import greedy_bot
from .milp import MissingSolver
from .solver import NotModelled, solve_plan

__all__ = ["MissingSolver", "NotModelled", "Proof", "others_done", "plan_data", "prove",
           "replay_plan"]


class Proof(NamedTuple):
    """The best plan known (per round the card and the player's whole move), the engine's
    total of it, the solver's proven bound (None: none proven), whether the plan meets
    it, and the replayed game (a protocol state, for ``--log``)."""

    rounds: tuple[tuple[Card, Move], ...]
    optimum: float
    bound: float | None
    proven: bool
    state: VVState


def others_done(network: Network, rules: VVRules, players: Sequence[str], seat: int,
                cards: Sequence[Card], moves: Sequence[Sequence[Move | None]]
                ) -> list[int | None]:
    """Per line, the 1-based round in which another player first completed it in the
    logged game (None: not within the log). The others' sheets do not depend on the
    player's, so these rounds hold for any plan of the player's."""
    done: list[int | None] = [None] * len(network.lines)
    state: GameState = new_game(network, rules, list(players))
    for card, row in zip(cards, moves, strict=False):
        if state.over:
            break
        state = play_logged(state, card, row)
        if not round_done(state):
            break
        state, report = end_round(state)
        for line, who, _ in report.completions:
            if done[line] is None and any(q != seat for q in who):
                done[line] = report.round
    return done


def replay_plan(network: Network, rules: VVRules, players: Sequence[str], seat: int,
                seed: str | int | None, map_ref: str | None, card_at: Callable[[int], Card],
                plan: Sequence[tuple[Card, Move]],
                moves: Sequence[Sequence[Move | None]] = ()) -> VVState:
    """The game the plan plays, step by step through ``GAME.apply``: the player's plan,
    the others' logged moves (the greedy bot's steps past the log), until the game ends.
    RuleViolation when the engine refuses a step of the plan."""
    names = list(players) or ["solo"]
    state = start(names, network, rules, seed, map_ref)
    rng = seeded_rng("best/others")
    r = 0
    while not GAME.is_over(state):
        card = card_at(r)
        state = GAME.apply(state, None, card.code)
        for q, name in enumerate(names):
            if q == seat:
                steps = _steps(plan[r][1]) if r < len(plan) else [Move()]  # full: idle
            else:
                logged = moves[r][q] if r < len(moves) and q < len(moves[r]) else None
                steps = _steps(logged) if logged is not None else []
            for step in steps:
                state = GAME.apply(state, name, step_data(network, card, step, explicit=True))
            while name in GAME.to_move(state):  # owed steps past the log: the greedy bot's
                core = state.core
                assert core is not None
                step = greedy_bot(core, q, rng)
                state = GAME.apply(state, name, step_data(network, card, step, explicit=True))
        r += 1
    return state


def _steps(move: Move) -> list[Move]:
    return [move._replace(then=())] + list(move.then)


def prove(network: Network, rules: VVRules, players: Sequence[str], seat: int,
          card_at: Callable[[int], Card], seed: str | int | None, map_ref: str | None,
          seconds: float, *, cards: Sequence[Card] = (),
          moves: Sequence[Sequence[Move | None]] = (),
          known: Sequence[tuple[Card, Move]] = (), backend: str = "cpsat") -> Proof:
    """The solver's best plan within ``seconds`` of CPU (or ``known``, the search's best plan,
    when the solver found nothing better), replayed by the engine, with the proven bound.
    NotModelled / MissingSolver as :func:`.solver.solve_plan`."""
    names = list(players) or ["solo"]
    done = others_done(network, rules, names, seat, cards, moves) if len(names) > 1 else []

    def score(plan: Sequence[tuple[Card, Move]]) -> float:
        """The engine's total of a plan (the large-neighbourhood search's judge)."""
        core = replay_plan(network, rules, names, seat, seed, map_ref, card_at, plan,
                           moves).core
        assert core is not None
        return final_total(network, rules, core.sheets[seat])

    solution = solve_plan(network, rules, card_at, seconds, others_done=done,
                          players=len(names), hint=known, backend=backend, score=score)
    best: tuple[float, tuple[tuple[Card, Move], ...], VVState] | None = None
    for plan in ([tuple(known)] if known else []) + ([solution.rounds] if solution else []):
        state = replay_plan(network, rules, names, seat, seed, map_ref, card_at, plan, moves)
        core = state.core
        assert core is not None
        total = final_total(network, rules, core.sheets[seat])
        if best is None or total > best[0]:
            best = (total, plan, state)
    if best is None:
        raise NotModelled("the solver found no plan within its budget")
    bound = solution.bound if solution is not None else None
    total, plan, state = best
    if bound is not None and total > bound:  # the engine beat a proven bound: a model bug
        raise AssertionError(f"the plan scores {total} but the model's bound is {bound}")
    return Proof(plan, total, bound, bound is not None and total >= bound, state)


def plan_data(network: Network, plan: Sequence[tuple[Card, Move]]) -> list[dict[str, Any]]:
    """A plan as the report lists it: per round the card and the move in the log's
    notation (as ``best_play``)."""
    from scorepad.rules.voll_verplant.replay import from_move

    return [{"round": r + 1, "card": card.code,
             "move": from_move(network, card, move).to_data()}
            for r, (card, move) in enumerate(plan)]
