"""Players for self-play: ``random``, ``greedy`` and ``search`` (:mod:`.search`).

A bot is a function ``(state, player, rng) -> Move`` returning the step the player owes
now: the first step of the move, or the special-station follow-up the engine asks for
(:func:`.engine.play_turn` plays a whole move by asking the bot step by step). Bots draw chance only from the ``rng`` they are given (a seeded
``random.Random``), through :func:`scorepad.rules.common.shuffle.below` (or its formula,
written inline on the random bot's hot path), so a seeded simulation is the same everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import floor

from scorepad.rules.common.shuffle import below

from .cards import FREE, TRANSFER, Card
from .engine import (
    GameState,
    Move,
    Sheet,
    apply_step,
    legal_next,
    map_tables,
    most_crosses,
    open_lines,
)
from .maps import Network
from .ruleset import VVRules

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
        if line.mask & new and not done & bit and after.marked & line.mask == line.mask:
            gain += line.later if first_taken & bit else line.first
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
    return map_tables(network).rides[kth_station(free, k)]


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
    is chosen at random from the engine's legal steps.

    The line card is the hot path of random self-play: :func:`below` is written inline
    there (``floor(random() * n)``, without its guard: as :func:`.shuffled` shows, the
    product of ``random()`` and a whole number ``n`` always rounds below ``n``) and the
    engine's tables are read directly.
    """
    if state[5][player]:  # state.moved: a follow-up is owed (fields by index: the hot path)
        options = legal_next(state, player)
        return options[below(rng, len(options))]
    card: Card = state[4]  # type: ignore[assignment]  # a bot is asked once a card is out
    sheet = state[3][player]
    kind = card[0]
    if kind == FREE:
        return _random_free_ride(state[0], state[1], sheet, rng)
    open_ = sheet[6]
    if not open_:  # no open line: no free window
        return _EMPTY
    try:  # map_tables, inline (try costs nothing until it catches)
        paths = state[0].tables[0]
    except IndexError:  # a network that no game has started on yet
        paths = map_tables(state[0])
    try:  # open_lines, inline
        lines = paths.open_lines[open_]
    except KeyError:  # a pattern first seen
        lines = open_lines(paths, sheet)
    # rng.random() called as a method each time, not bound once: the interpreter calls a
    # C method of a known type directly, a bound builtin through the generic path
    line = lines[floor(rng.random() * len(lines))]
    ccw = paths.ring[line] and rng.random() >= 0.5  # floor(random() * 2) == 1, exactly
    moves = paths.moves[line << 1 | ccw]  # the steps on that line, by crosses
    if kind == TRANSFER:
        return moves[0]
    # 0 up to the most crosses: reach_masks, inline, has an entry for each
    return moves[floor(rng.random()
                       * len(paths.reach[(card, line, ccw, sheet[0] & paths.masks[line])]))]


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
