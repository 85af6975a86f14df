"""A strong first plan for the solver: a beam search over a solo game's known cards.

Once a solo game's seed is fixed, the cards come in a known order, so a plan can be built
round by round: from every game kept so far, every whole move the round's card allows
(each open line and ring direction, each number of crosses, each station of a free ride,
and the follow-ups a special station owes, with the same card), played on the fast
simulator's tables (:mod:`.simulator`). Games that reach the same marks with the same
windows filled have the same future: of those only the one with the most points so far
is kept. The ``width`` games with the highest estimate go on to the next round; the best
finished game is the plan.

The estimate of a game between rounds: twice its transfer numbers, each line's first
bonus times the share of its stations marked to the power :data:`POWER` (a complete line:
its bonus; a line whose windows are spent with a station no open line reaches: nothing),
less half a point a station still empty. It only orders games: none is thrown away for
a low estimate while the width has room.

The plan is what :func:`.solver.solve_plan` hints to CP-SAT when it is better than the
analysis search's. Nothing here is trusted: the solver replays every plan through the
engine. Deterministic: no chance is drawn, and ties are broken by the games' marks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from scorepad.rules.voll_verplant.cards import Card
from scorepad.rules.voll_verplant.engine import CCW, Move
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.ruleset import VVRules

from .simulator import (
    K_FREE,
    K_TRANSFER,
    SimCard,
    SimMap,
    _reach,
    _step_move,
    ride_owes,
    sheet_result,
    sim_map,
    steps_on,
)

#: Games kept a round (``docs/performance.md``, issue 37's sixth pass).
WIDTH = 400

#: A guard: a game on a valid map ends long before this many rounds.
MAX_ROUNDS = 400


class _Game(NamedTuple):
    """A game between rounds: marks, windows filled per line, twice the transfer numbers
    so far, and the moves that led here (a linked list: the last move and the rest)."""

    marked: int
    filled: tuple[int, ...]
    transfers: int
    moves: tuple[Move, object] | None


class Beamed(NamedTuple):
    """The best plan found (per round the card and the whole move), and its total on the
    simulator's tables (the engine's replay is the judge)."""

    rounds: tuple[tuple[Card, Move], ...]
    total: float


def _steps(sm: SimMap, rules: VVRules, card: SimCard, marked: int, filled: tuple[int, ...]
           ) -> list[tuple[int, tuple[int, ...], int, int, Move]]:
    """Every step ``card`` allows on a sheet, as the simulator lists them
    (:func:`.simulator.steps_on`): ``(marks, windows filled, transfer number, the stations
    marked, the step)``. A line card with no window free: none."""
    open_ = sum(1 << line for line in range(sm.lines) if filled[line] < sm.windows[line])
    out: list[tuple[int, tuple[int, ...], int, int, Move]] = []
    for path, k in steps_on(sm, rules, card, marked, open_):
        move = _step_move(sm, (path, k))
        if path < 0:  # a free ride to station k (-1: declined)
            bit = 1 << k if k >= 0 else 0
            out.append((marked | bit, filled, 0, bit, move))
            continue
        line = path >> 1
        more = filled[:line] + (filled[line] + 1,) + filled[line + 1:]
        if card[0] == K_TRANSFER:
            bit = next((b for b in sm.paths[path] if not marked & b), 0)
            number = sm.lines_through[bit.bit_length() - 1] if bit else 0
            out.append((marked | bit, more, number, bit, move))
        else:
            crossed = _reach(sm, card, path, marked)[k]
            out.append((marked | crossed, more, 0, crossed, move))
    return out


def _whole_moves(sm: SimMap, rules: VVRules, card: SimCard, game: _Game
                 ) -> list[tuple[int, tuple[int, ...], int, Move]]:
    """Every whole move of a round (a step and the follow-ups the special stations it
    marks owe, in the order reached, chained as the rules say, while a window is free):
    ``(marks, windows filled, twice the transfer numbers, the move)``."""
    out: list[tuple[int, tuple[int, ...], int, Move]] = []
    line_card = card[0] != K_FREE
    total_windows = sm.total_windows

    def owed(new: int, step: Move) -> list[int]:
        if not sm.special & new:
            return []
        if not line_card:  # a free ride's station (the simulator's rule)
            return ride_owes(sm, rules, new.bit_length() - 1)
        path = step.line << 1 | (step.direction == CCW)
        return [b.bit_length() - 1 for b in sm.paths[path] if b & new & sm.special]

    def grow(marked: int, filled: tuple[int, ...], tr: int, first: Move | None,
             then: tuple[Move, ...], queue: list[int]) -> None:
        if not queue or (line_card and sum(filled) >= total_windows):
            assert first is not None
            out.append((marked, filled, tr, first._replace(then=then)))
            return
        for m2, f2, number, new, step in _steps(sm, rules, card, marked, filled):
            grow(m2, f2, tr + 2 * number, first, then + (step,),
                 queue[1:] + owed(new, step) if rules.special_chains else queue[1:])

    for marked, filled, number, new, step in _steps(sm, rules, card, game.marked,
                                                    game.filled):
        grow(marked, filled, game.transfers + 2 * number, step, (), owed(new, step))
    if not out and line_card:  # no window free: the empty step
        out.append((game.marked, game.filled, game.transfers, Move()))
    return out


#: The power of a line's marked share in the estimate: 4 ranks a line nearly done far above
#: two half done (1, 2, 3, 5 measured: ``docs/performance.md``, issue 37's sixth pass).
POWER = 4


def _estimate(sm: SimMap, marked: int, filled: tuple[int, ...], transfers: int) -> float:
    """The order of games between rounds (see the module docstring)."""
    value = float(transfers)
    open_mask = 0
    for line in range(sm.lines):
        if filled[line] < sm.windows[line]:
            open_mask |= sm.masks[line]
    for line in range(sm.lines):
        mask = sm.masks[line]
        have = (marked & mask).bit_count()
        n = mask.bit_count()
        if have < n and filled[line] >= sm.windows[line] and (mask & ~marked) & ~open_mask:
            continue  # a station of it no open line reaches: never complete (bar a ride)
        value += sm.first_points[line] * (have / n) ** POWER
    return value - 0.5 * (sm.all_mask & ~marked).bit_count()


def beam_plan(network: Network, rules: VVRules, card_at: Callable[[int], Card],
              width: int = WIDTH) -> Beamed:
    """The best solo plan the beam finds on the cards ``card_at(round)`` (0-based), keeping
    ``width`` games a round."""
    sm = sim_map(network)
    games = [_Game(0, (0,) * sm.lines, 0, None)]
    best: tuple[float, _Game] | None = None
    rounding = rules.empty_rounding
    for r in range(MAX_ROUNDS):
        card = sm.card(card_at(r))
        merged: dict[tuple[int, tuple[int, ...]], _Game] = {}
        for game in games:
            for marked, filled, tr, move in _whole_moves(sm, rules, card, game):
                key = (marked, filled)
                known = merged.get(key)
                if known is None or tr > known.transfers:
                    merged[key] = _Game(marked, filled, tr, (move, game.moves))
        games = []
        for game in merged.values():
            if sum(game.filled) >= sm.total_windows:  # the game ends with this round
                total = _total(sm, rounding, game)
                if best is None or total > best[0] or (total == best[0]
                                                       and _key(game) < _key(best[1])):
                    best = (total, game)
            else:
                games.append(game)
        if not games:
            break
        games.sort(key=lambda g: (-_estimate(sm, g.marked, g.filled, g.transfers),
                                  _key(g)))
        del games[width:]
    if best is None:
        raise ValueError("no game ended within the rounds' guard")
    moves: list[Move] = []
    node = best[1].moves
    while node is not None:
        move, rest = node
        moves.append(move)
        node = rest  # type: ignore[assignment]
    moves.reverse()
    return Beamed(tuple((card_at(r), m) for r, m in enumerate(moves)), best[0])


def _key(game: _Game) -> tuple[int, tuple[int, ...], int]:
    return game.marked, game.filled, -game.transfers


def _total(sm: SimMap, rounding: str, game: _Game) -> float:
    """A finished solo game's total: every complete line's first bonus, the transfers,
    less the empty-station penalty."""
    first = sum(1 << line for line in range(sm.lines)
                if game.marked & sm.masks[line] == sm.masks[line])
    total, _ = sheet_result(sm, rounding, game.marked, first, 0, ())
    return total + game.transfers
