"""Random solo Voll verplant games as a numpy batch, all games in lockstep.

A round is a handful of array operations over every game still running: each game draws
its own card (its own shuffled pile, reshuffled after a shuffle card or at its end), a
random open line and direction, a random number of crosses up to the most the card
allows there (an express jumping marked stations), a transfer number, or a free ride;
then the lines completed this round take their bonus and games without a free window
end. The rules are the simulator's (:mod:`.simulator`) and the random bot's; the chance
comes from one numpy generator for the whole batch, so a batch is repeatable for its seed
but its games are not the seeded games of ``vv simulate`` — it gives their distribution,
at a fraction of the cost a game (rollouts, map balance).

Maps with special stations are refused: a follow-up makes one game's round a different
length from another's, which lockstep does not express.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, NamedTuple

from .cards import EXPRESS, FREE, NUMBER, TRANSFER, parse_card
from .engine import CCW, CW
from .maps import Network
from .ruleset import VVRules

if TYPE_CHECKING:
    import numpy as np

MAX_ROUNDS = 400  # a guard, as in self-play: a game on a valid map ends long before


class Batch(NamedTuple):
    """Per game: its total, its empty stations and its rounds."""

    totals: np.ndarray
    empty: np.ndarray
    rounds: np.ndarray


def random_games(network: Network, rules: VVRules, games: int, seed: str) -> Batch:
    """``games`` random solo games on ``network`` in lockstep (see the module docstring)."""
    import numpy as np

    if network.special_mask:
        raise ValueError("the batch plays maps without special stations only")
    rng = np.random.default_rng(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8],
                                               "big"))
    lines = network.lines
    count, width = len(network.stations), max(len(line.order) for line in lines)
    # [line * 2 + ccw, j]: the j-th station of the path, padded with a station that is
    # always marked (column ``count`` of the marks): a walk stops or skips there
    paths = np.full((2 * len(lines), width), count, dtype=np.intp)
    for line in lines:
        for ccw, direction in enumerate((CW, CCW)):
            order = line.path(direction)
            paths[2 * line.index + ccw, :len(order)] = order
    ring = np.array([line.ring for line in lines])
    windows = np.array([line.windows for line in lines])
    first = np.array([line.first for line in lines], dtype=float)
    lines_through = np.array([len(s.lines) for s in network.stations] + [0])  # pad: none
    # per station (and the pad): the lines through it as bits; per line: its stations
    line_bits = np.array([sum(1 << i for i in s.lines) for s in network.stations] + [0])
    line_stations = [np.array(line.order) for line in lines]
    deck = [parse_card(c) for c in rules.deck]
    kinds = np.array([(NUMBER, EXPRESS, TRANSFER, FREE).index(c.kind) for c in deck])
    values = np.array([c.value for c in deck])
    triggers = np.array([c in {parse_card(s) for s in rules.shuffle_cards} for c in deck])
    decline = 1 if rules.free_ride_may_decline else 0

    every = np.arange(games)
    marked = np.zeros((games, count + 1), dtype=bool)
    marked[:, count] = True
    flat = marked.reshape(-1)  # the same marks, indexed by game * (stations + 1) + station
    used = np.zeros((games, len(lines)), dtype=np.int64)
    is_open = np.broadcast_to(windows > 0, used.shape).copy()
    scored = np.zeros((games, len(lines)), dtype=bool)
    transfers = np.zeros(games, dtype=np.int64)
    rounds = np.zeros(games, dtype=np.int64)
    over = np.zeros(games, dtype=bool)
    piles = rng.random((games, len(deck))).argsort(axis=1)
    at = np.zeros(games, dtype=np.intp)
    steps = np.arange(width)
    for _ in range(MAX_ROUNDS):
        alive = ~over
        if not alive.any():
            break
        card = piles[every, at]
        kind, value = kinds[card], values[card]
        draws = rng.random((3, games))
        touched = np.zeros(games, dtype=np.int64)  # the lines through stations marked now
        # line cards: a random open line (and direction on a ring), its window filled
        g = np.flatnonzero(alive & (kind != 3) & is_open.any(axis=1))
        if g.size:
            opened = is_open[g]
            pick = (draws[0, g] * opened.sum(axis=1)).astype(np.intp)
            chosen = (opened.cumsum(axis=1) > pick[:, None]).argmax(axis=1)
            path = 2 * chosen + (ring[chosen] & (draws[1, g] >= 0.5))
            used[g, chosen] += 1
            is_open[g, chosen] = used[g, chosen] < windows[chosen]
            stations = paths[path]
            cells = (g * (count + 1))[:, None] + stations  # into the flat marks
            marks = flat.take(cells)
            free = ~marks
            after = steps >= free.argmax(axis=1)[:, None]  # from the first free station on
            # an express takes free stations, jumping marked ones; a number card (and a
            # transfer) the free ones in a row from the first free station on
            run = after & ((marks & after).cumsum(axis=1, dtype=np.int8) == 0)
            take = np.where((kind[g] == 1)[:, None], free, run)
            rank = take.cumsum(axis=1, dtype=np.int8)
            transfer = kind[g] == 2
            reach = np.minimum(rank[:, -1], np.where(transfer, 1, value[g]))
            crosses = np.where(transfer, reach, (draws[2, g] * (reach + 1)).astype(np.int8))
            take &= rank <= crosses[:, None]
            flat.put(cells, marks | take)
            touched[g] = np.bitwise_or.reduce(np.where(take, line_bits[stations], 0), axis=1)
            if transfer.any():
                numbers = (take[transfer] * lines_through[stations[transfer]]).sum(axis=1)
                transfers[g[transfer]] += numbers
        # free rides: the k-th free station, or declining
        g = np.flatnonzero(alive & (kind == 3))
        if g.size:
            free = ~marked[g, :count]
            left = free.sum(axis=1)
            pick = (draws[0, g] * (left + np.where(left == 0, 1, decline))).astype(np.intp)
            ride = pick < left
            station = (free.cumsum(axis=1) > pick[:, None]).argmax(axis=1)
            flat.put(g[ride] * (count + 1) + station[ride], True)
            touched[g[ride]] = line_bits[station[ride]]
        # the round's end: completions (solo: the first bonus), the game end
        # completions: only lines through a station marked this round can complete
        for index, on_line in enumerate(line_stations):
            sub = np.flatnonzero(touched >> index & 1)
            if sub.size:
                whole = flat.take((sub * (count + 1))[:, None] + on_line).all(axis=1)
                scored[sub[whole], index] = True
        rounds += alive
        over |= alive & ~is_open.any(axis=1)
        # the pile: reshuffled after a shuffle card or at its end
        done = alive & (triggers[card] | (at == len(deck) - 1))
        at = np.where(done, 0, at + alive)
        if done.any():
            piles[done] = rng.random((int(done.sum()), len(deck))).argsort(axis=1)
    empty = (~marked[:, :count]).sum(axis=1)
    penalty = {"exact": empty / 2, "down": empty // 2, "up": (empty + 1) // 2}
    totals = scored @ first + 2 * transfers - penalty[rules.empty_rounding]
    return Batch(totals, empty, rounds)
