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

from scorepad.rules.voll_verplant.cards import EXPRESS, FREE, NUMBER, TRANSFER, parse_card
from scorepad.rules.voll_verplant.engine import CCW, CW
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.ruleset import VVRules

if TYPE_CHECKING:
    import numpy as np

MAX_ROUNDS = 400  # a guard, as in self-play: a game on a valid map ends long before
MAX_LINE = 20  # a line's tables hold a row for every set of its marked stations
MAX_LINES = 16  # and the open lines' table a row for every set of open lines


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
    lines = network.lines
    if max(len(line.order) for line in lines) > MAX_LINE or len(lines) > MAX_LINES:
        raise ValueError(f"the batch plays maps of at most {MAX_LINES} lines of at most"
                         f" {MAX_LINE} stations only")
    rng = np.random.default_rng(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8],
                                               "big"))
    deck = [parse_card(c) for c in rules.deck]
    kinds = np.array([(NUMBER, EXPRESS, TRANSFER, FREE).index(c.kind) for c in deck])
    values = np.array([c.value for c in deck])
    triggers = np.array([c in {parse_card(s) for s in rules.shuffle_cards} for c in deck])
    decline = 1 if rules.free_ride_may_decline else 0
    tables = _tables(network, int(values.max(initial=1)))
    count = len(network.stations)

    every = np.arange(games)
    # per game and line: the line's marks as bits in the line's order (bit i: order[i])
    local = np.zeros((games, len(lines)), dtype=np.int64)
    left = np.broadcast_to(np.array([line.windows for line in lines]), local.shape).copy()
    is_open = np.full(games, sum(1 << line.index for line in lines if line.windows > 0))
    marked = np.zeros(games, dtype=np.int64)  # stations marked (a taken one was free)
    transfers = np.zeros(games, dtype=np.int64)
    rounds = np.zeros(games, dtype=np.int64)
    over = np.zeros(games, dtype=bool)
    piles = rng.random((games, len(deck))).argsort(axis=1)
    at = np.zeros(games, dtype=np.intp)
    for _ in range(MAX_ROUNDS):
        alive = ~over
        if not alive.any():
            break
        card = piles[every, at]
        kind, value = kinds[card], values[card]
        draws = rng.random((3, games))
        # line cards: a random open line (and direction on a ring), its window filled
        g = np.flatnonzero(alive & (kind != 3) & (is_open != 0))
        if g.size:
            opened = is_open[g]
            chosen = tables.nth[opened, (draws[0, g] * tables.open_count[opened]).astype(np.intp)]
            left[g, chosen] -= 1
            is_open[g] = opened & ~(np.where(left[g, chosen] == 0, 1, 0) << chosen)
            path = 2 * chosen + (tables.ring[chosen] & (draws[1, g] >= 0.5))
            row = tables.offset[path] + local[g, chosen]
            k = kind[g]
            express = k == 1
            # an express takes free stations, jumping marked ones; a number card (and a
            # transfer) the free ones in a row from the first free station on
            row = 2 * row + express
            transfer = k == 2
            reach = np.minimum(tables.reach[row], np.where(transfer, 1, value[g]))
            crosses = np.where(transfer, reach, (draws[2, g] * (reach + 1)).astype(np.int64))
            taken = tables.take[row * tables.columns + crosses]
            # the stations taken, as every line's bits (a crossing is on several lines)
            local[g] |= tables.spread[tables.line_offset[chosen] + taken]
            marked[g] += crosses
            transfers[g] += np.where(transfer & (crosses > 0), tables.first_lines[row], 0)
        # free rides: the k-th free station, or declining
        g = np.flatnonzero(alive & (kind == 3))
        if g.size:
            free = (local[g][:, tables.home_line] >> tables.home_bit & 1) == 0
            free_left = free.sum(axis=1)
            pick = (draws[0, g] * (free_left + np.where(free_left == 0, 1, decline))).astype(
                np.intp)
            ride = pick < free_left
            station = (free.cumsum(axis=1) > pick[:, None]).argmax(axis=1)
            local[g[ride]] |= tables.station_bits[station[ride]]
            marked[g[ride]] += 1
        rounds += alive
        over |= alive & (is_open == 0)
        # the pile: reshuffled after a shuffle card or at its end
        done = alive & (triggers[card] | (at == len(deck) - 1))
        at = np.where(done, 0, at + alive)
        if done.any():
            piles[done] = rng.random((int(done.sum()), len(deck))).argsort(axis=1)
    # solo: a line complete at the end took its first bonus in the round it was completed
    scored = local == tables.full
    empty = count - marked
    penalty = {"exact": empty / 2, "down": empty // 2, "up": (empty + 1) // 2}
    first = np.array([line.first for line in lines], dtype=float)
    totals = scored @ first + 2 * transfers - penalty[rules.empty_rounding]
    return Batch(totals, empty, rounds)


class _Tables(NamedTuple):
    """The map's lookup tables (see :func:`_tables`)."""

    nth: np.ndarray
    open_count: np.ndarray
    ring: np.ndarray
    offset: np.ndarray
    reach: np.ndarray
    take: np.ndarray
    columns: int
    first_lines: np.ndarray
    line_offset: np.ndarray
    spread: np.ndarray
    station_bits: np.ndarray
    home_line: np.ndarray
    home_bit: np.ndarray
    full: np.ndarray


def _tables(network: Network, most: int) -> _Tables:
    """Tables keyed by small ints, so that a round is a few lookups a game.

    ``nth[open, i]``: the i-th open line of the open lines' bits; per path (a line and, on a
    ring, a direction), per marks of the line (``offset[path] + marks``) and express or not
    (``2 * that + express``): ``reach`` the most stations the card could take, ``take[row *
    columns + k]`` the line's bits of the first ``k`` of them, ``first_lines`` the lines
    through the first free station in a row (a transfer's number); per line, per bits of
    it (``line_offset[line] + bits``): ``spread``, those stations as every line's bits.
    """
    import numpy as np

    lines = network.lines
    count, many = len(network.stations), len(lines)
    # per station: its bit on every line through it
    station_bits = np.zeros((count, many), dtype=np.int64)
    for line in lines:
        for bit, station in enumerate(line.order):
            station_bits[station, line.index] = 1 << bit
    home_line = np.array([station_bits[s].nonzero()[0][0] for s in range(count)])
    home_bit = np.array([int(station_bits[s, home_line[s]]).bit_length() - 1
                         for s in range(count)])
    lines_through = np.array([len(s.lines) for s in network.stations])
    opens = np.arange(1 << many)
    on = (opens[:, None] >> np.arange(many)) & 1
    open_count = on.sum(axis=1)
    nth = np.zeros((1 << many, many), dtype=np.intp)
    for i in range(many):
        nth[:, i] = (on.cumsum(axis=1) > i).argmax(axis=1)
    offset = np.zeros(2 * many, dtype=np.int64)
    reach, take, first_lines, spread, line_offset = [], [], [], [], []
    rows = spread_rows = 0
    for line in lines:
        size = len(line.order)
        marks = np.arange(1 << size)
        line_offset.append(spread_rows)
        spread_rows += 1 << size
        bits = ((marks[:, None] >> np.arange(size)) & 1).astype(np.int64)
        spread.append(bits @ station_bits[list(line.order)])
        for ccw, direction in enumerate((CW, CCW)):
            if ccw and not line.ring:
                offset[2 * line.index + 1] = offset[2 * line.index]
                continue
            order = line.path(direction)
            position = [line.order.index(s) for s in order]  # path step → line bit
            offset[2 * line.index + ccw] = rows
            rows += 1 << size
            is_marked = bits[:, position].astype(bool)
            free = ~is_marked
            after = np.arange(size) >= free.argmax(axis=1)[:, None]
            run = after & ((is_marked & after).cumsum(axis=1) == 0)
            weights = np.array([1 << p for p in position])
            first_free = np.where(free.any(axis=1), free.argmax(axis=1), 0)
            first = np.where(free.any(axis=1), lines_through[np.array(order)[first_free]], 0)
            for express, takes in ((0, run), (1, free)):
                rank = takes.cumsum(axis=1)
                reach.append((express, rank[:, -1]))
                take.append(np.stack([((takes & (rank <= k)) * weights).sum(axis=1)
                                      for k in range(most + 1)], axis=1))
                first_lines.append(first)
    # interleave express and not: row 2 * (offset + marks) + express
    reach_table = np.stack([np.concatenate([r for e, r in reach if e == x]) for x in (0, 1)],
                           axis=1).reshape(-1)
    take_table = np.stack([np.concatenate(take[x::2]) for x in (0, 1)], axis=1).reshape(-1)
    first_table = np.stack([np.concatenate(first_lines[x::2]) for x in (0, 1)],
                           axis=1).reshape(-1)
    return _Tables(nth, open_count, np.array([line.ring for line in lines]), offset,
                   reach_table, take_table, most + 1, first_table,
                   np.array(line_offset), np.concatenate(spread), station_bits, home_line,
                   home_bit, np.array([(1 << len(line.order)) - 1 for line in lines]))
