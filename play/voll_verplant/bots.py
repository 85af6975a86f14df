"""Players for self-play: ``random``, ``greedy`` and ``search`` (:mod:`.search`).

A bot is a function ``(state, player, rng) -> Move`` returning the step the player owes
now: the first step of the move, or the special-station follow-up the engine asks for
(:func:`.engine.play_turn` plays a whole move by asking the bot step by step). Bots draw
chance only from the ``rng`` they are given (a seeded ``random.Random``), through
:func:`scorepad.rules.common.shuffle.below`, so a seeded simulation is the same everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from scorepad.rules.common.shuffle import below
from scorepad.rules.voll_verplant.cards import FREE, TRANSFER, Card
from scorepad.rules.voll_verplant.engine import (
    CCW,
    CW,
    GameState,
    Move,
    Sheet,
    apply_step,
    legal_next,
    map_tables,
    most_crosses,
    open_lines,
    reach_masks,
)
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.ruleset import VVRules

_EMPTY = Move()  # the step of a player with no free window (or declining a free ride)

Bot = Callable[[GameState, int, random.Random], Move]


def _gain(network: Network, before: Sheet, after: Sheet, first_taken: int) -> float:
    """What a step is worth right now: half a point per newly marked station (one empty
    station fewer), twice a new transfer number, and the bonus of each line it completes."""
    new = after.marked & ~before.marked
    gain = 0.5 * new.bit_count()
    if len(after.transfers) > len(before.transfers):
        gain += 2 * after.transfers[-1][1]
    if not new:
        return gain
    done = before.first | before.later
    for line in network.lines:
        bit = 1 << line.index
        if line.mask & new and not done & bit and line.complete(after.marked):
            gain += line.bonus_points("later" if first_taken & bit else "first")
    return gain


def _random_free_ride(network: Network, rules: VVRules, sheet: Sheet, rng: random.Random
                      ) -> Move:
    """A random free station or (when allowed) declining: the k-th free station, lowest
    first (k drawn below their count, plus one to decline)."""
    free = network.all_mask & ~sheet.marked
    stations = free.bit_count()
    k = below(rng, stations + (1 if rules.free_ride_may_decline or not free else 0))
    if k >= stations:
        return _EMPTY  # declining
    return Move(station=kth_station(free, k))


def kth_station(stations: int, k: int) -> int:
    """The ``k``-th (from 0) lowest station of a mask of ``stations``."""
    low = 0
    while True:  # skip whole bytes of stations, then the k left one by one
        here = (stations >> low & 0xFF).bit_count()
        if k < here:
            break
        k -= here
        low += 8
    stations >>= low
    while k:
        stations &= stations - 1  # drop the lowest station
        k -= 1
    return low + (stations & -stations).bit_length() - 1


def random_bot(state: GameState, player: int, rng: random.Random) -> Move:
    """A random legal step: for a line card, a random line with a free window (and a random
    direction on a ring), then a random count from 0 to the most crosses possible there;
    for a free ride, a random free station or (when allowed) declining. A follow-up owed
    is chosen at random from the engine's legal steps. (Random self-play runs in the
    simulator, which draws the same steps: this is the bot of recorded and table games.)
    """
    if state.moved[player]:  # a follow-up is owed
        options = legal_next(state, player)
        return options[below(rng, len(options))]
    card = state.card
    assert card is not None  # a bot is asked once a card is out
    sheet = state.sheets[player]
    if card.kind == FREE:
        return _random_free_ride(state.network, state.rules, sheet, rng)
    paths = map_tables(state.network)
    lines = open_lines(paths, sheet)
    if not lines:  # no free window
        return _EMPTY
    line = lines[below(rng, len(lines))]
    direction = CCW if paths.ring[line] and below(rng, 2) == 1 else CW
    if card.kind == TRANSFER:
        return Move(line, 0, direction)
    most = len(reach_masks(paths, sheet.marked, line, direction, card)) - 1
    return Move(line, below(rng, most + 1), direction)


def _best(network: Network, rules: VVRules, sheet: Sheet, card: Card, steps: list[Move],
          first_taken: int, rng: random.Random) -> Move:
    """The step that raises the sheet's worth most; ties: fewer crosses wasted, then chance."""
    best: list[Move] = []
    best_key: tuple[float, int] | None = None
    for step in steps:
        after, triggered = apply_step(network, rules, sheet, card, step)
        gain = _gain(network, sheet, after, first_taken) + 1.0 * len(triggered)
        waste = card.value - step.crosses if card.kind in ("number", "express") else 0
        key = (gain, -waste)
        if best_key is None or key > best_key:
            best, best_key = [step], key
        elif key == best_key:
            best.append(step)
    return best[below(rng, len(best))]


def greedy_bot(state: GameState, player: int, rng: random.Random) -> Move:
    """The step with the best immediate gain (marks, transfers, completions)."""
    network, rules = state.network, state.rules
    sheet = state.sheets[player]
    card = state.card
    assert card is not None
    steps = legal_next(state, player)
    if card.kind in ("number", "express") and not state.moved[player]:
        steps = most_crosses(steps)  # more crosses never lower the immediate worth
    return _best(network, rules, sheet, card, steps, state.first_taken, rng)


#: The simple bots. The search bot, which plays greedy rollouts and so imports this module,
#: joins them in :data:`.simulate.BOTS`.
BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
