"""An upper bound on a player's total that knows when the transfer cards come.

The step model of :mod:`.solver` relaxes badly: its linear relaxation lets every transfer
card land on the stations through the most lines, so its bound is the plain ceiling
(:func:`.solver.ceiling`). What keeps a real game below it is timing: a transfer marks the
first free station of a line, and the stations through many lines lie deep in their lines,
behind stations that must be marked first — by cards that come before the transfer.

This module solves a smaller problem exactly (CP-SAT, a few seconds at most) whose optimum
no plan can pass: per transfer card, which stations are marked before it (at most as many
as the cards before it allow, and between two transfers at most as many as the cards
between them allow) and which station it marks (the first free one of a line, a ring in
either direction, never one marked before); at the end every station the cards allow
marked, each line's first bonus when all its stations are. A line's cards mark stretches
of it: each card at most one stretch apart from the others (a number card's crosses are one
run that stops at a marked station), an express card up to its value. What it leaves out:
the order of the cards between two transfers and the others' bonuses (a later bonus is
never more than a first). Every plan's marks satisfy these constraints (its transfers mark
what it marks), so its optimum bounds every plan's total.

Only for maps without special stations: there a transfer's follow-ups would be further
transfer steps, and the number of steps before a card would depend on the plan.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorepad.rules.voll_verplant.cards import EXPRESS, NUMBER, TRANSFER, Card
from scorepad.rules.voll_verplant.engine import CCW, CW
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.ruleset import VVRules

from . import milp

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

#: Two constraints every real game satisfies, measured and left off (issue 37's sixth pass,
#: ``docs/performance.md``): on Berlin's open seeds they moved no bound and cost about 9x
#: the outer bound's deterministic time, more than its share of the budget. RUNS: a line's
#: number cards matched to the runs they cross, one card a run
#: (:func:`_runs_fit_the_cards`); IN_TIME: a line's cards between two transfers mark at
#: most their values' worth of stations before the next one.
RUNS = False
IN_TIME = False


def transfer_caps(line_cards: Sequence[Card], free_before: Sequence[int]
                  ) -> tuple[list[int], list[int], int]:
    """Per transfer card, in order: its step and how many stations can be marked before it;
    and how many can be marked in the whole game. ``free_before[i]``: the number of line
    cards before free ride i (a ride comes between those cards and the next)."""
    marks = [0] * (len(line_cards) + 1)  # marks[k]: most stations marked before step k
    for k, card in enumerate(line_cards):
        rides = sum(1 for before in free_before if before == k)
        marks[k] += rides
        marks[k + 1] = marks[k] + (1 if card.kind == TRANSFER else card.value)
    steps = [k for k, card in enumerate(line_cards) if card.kind == TRANSFER]
    return steps, [marks[k] for k in steps], marks[-1]


def outer_bound(network: Network, rules: VVRules, line_cards: Sequence[Card],
                free_before: Sequence[int], seconds: float = 5.0
                ) -> tuple[float | None, float]:
    """The bound in points (None: a map with special stations, or no bound within
    ``seconds`` of the solver's deterministic time) and the deterministic time spent.
    MissingSolver as :mod:`.milp`."""
    if network.special_mask:
        return None, 0.0
    try:
        from ortools.sat.python import cp_model
    except ImportError as err:
        raise milp.MissingSolver("ortools") from err
    steps, caps, total_marks = transfer_caps(line_cards, free_before)
    n = len(network.stations)
    ways = [(line.index, line.path(d)) for line in network.lines
            for d in ((CW, CCW) if line.ring else (CW,))]
    cp = cp_model.CpModel()
    # before[t][s]: s is marked before transfer t; index len(steps): at the end
    before = [[cp.new_bool_var("") for _ in range(n)] for _ in range(len(steps) + 1)]
    lands = [[cp.new_bool_var("") for _ in range(n)] for _ in steps]
    halves: list[cp_model.LinearExprT] = []
    # (transfer, line, a choice to land by that line)
    picked: list[list[tuple[int, int, cp_model.IntVar]]] = []
    for t, cap in enumerate(caps):
        picks: list[tuple[int, int, cp_model.IntVar]] = []
        picked.append(picks)
        cp.add(sum(before[t]) <= cap)
        if t:  # between two transfers: as many marks as the cards between them allow
            gained = sum(before[t]) - sum(before[t - 1]) - sum(lands[t - 1])
            cp.add(gained <= cap - caps[t - 1] - 1)
        options: dict[int, list[cp_model.IntVar]] = {}
        for li, path in ways:
            for i, s in enumerate(path):
                if i > cap:  # its stations before it cannot all be marked yet
                    break
                pick = cp.new_bool_var("")
                picks.append((li, s, pick))
                for earlier in path[:i]:
                    cp.add_implication(pick, before[t][earlier])
                options.setdefault(s, []).append(pick)
        for s in range(n):
            cp.add(sum(options.get(s, [])) >= lands[t][s])
            cp.add(before[t][s] + lands[t][s] <= 1)
            cp.add(before[t + 1][s] >= before[t][s])
            cp.add(before[t + 1][s] >= lands[t][s])
            halves.append(4 * len(network.stations[s].lines) * lands[t][s])
        cp.add(sum(lands[t]) <= 1)
    end = before[-1]
    cp.add(sum(end) <= total_marks)
    # which cards go to which line: the transfers one by one, the other cards by value
    # between two transfers (two such cards are alike here); every window is filled
    lines = network.lines
    on = [[cp.new_bool_var("") for _ in lines] for _ in steps]
    bounds = [-1, *steps, len(line_cards)]
    # count[g][(kind, value)][line]: cards of that kind and value between transfers g - 1
    # and g on the line
    count: list[dict[tuple[str, int], list[cp_model.IntVar]]] = []
    for g in range(len(steps) + 1):
        values: dict[tuple[str, int], int] = {}
        for card in line_cards[bounds[g] + 1:bounds[g + 1]]:
            values[card.kind, card.value] = values.get((card.kind, card.value), 0) + 1
        count.append({v: [cp.new_int_var(0, c, "") for _ in lines] for v, c in values.items()})
        for v, c in values.items():
            cp.add(sum(count[g][v]) == c)
    for t in range(len(steps)):
        cp.add(sum(on[t]) == 1)
    for li, line in enumerate(lines):
        cp.add(sum(n[li] for part in count for n in part.values())
               + sum(o[li] for o in on) <= line.windows)

    def reach(t: int, li: int) -> cp_model.LinearExprT:
        """How many stations the line's cards before transfer t can cross at most."""
        return (sum(v * n[li] for part in count[:t + 1] for (_, v), n in part.items())
                + sum(o[li] for o in on[:t]))

    def pieces(t: int, li: int) -> cp_model.LinearExprT:
        """How many separate stretches of the line its cards before transfer t can mark."""
        return (sum((v if kind == EXPRESS else 1) * n[li] for part in count[:t + 1]
                    for (kind, v), n in part.items())
                + sum(o[li] for o in on[:t]))

    top_value = max((v for part in count for (kind, v) in part if kind == NUMBER), default=0)

    def runs_at_least(t: int, li: int) -> list[cp_model.LinearExprT]:
        """Per length k from 1: how many of the line's number cards before transfer t have
        a value of k or more."""
        return [sum(n[li] for part in count[:t + 1] for (kind, v), n in part.items()
                    if kind == NUMBER and v >= k) for k in range(1, top_value + 1)]

    def express(t: int, li: int) -> cp_model.LinearExprT:
        """How many stations the line's express cards before transfer t can mark."""
        return sum(v * n[li] for part in count[:t + 1] for (kind, v), n in part.items()
                   if kind == EXPRESS)

    # landed[s][line]: a transfer played on that line marked s (in the whole game)
    landed: list[dict[int, list[cp_model.IntVar]]] = [{} for _ in range(n)]
    if RUNS:
        for t in range(len(steps)):
            for s in range(n):
                for li in network.stations[s].lines:
                    both = cp.new_bool_var("")
                    cp.add_bool_and([lands[t][s], on[t][li]]).only_enforce_if(both)
                    cp.add_bool_or([~lands[t][s], ~on[t][li], both])
                    landed[s].setdefault(li, []).append(both)

    # every station marked is marked by a card on a line through it or by a free ride; a
    # line's cards mark at most their values' worth of stations
    # by[t][s][line]: s is marked before transfer t (t = len(steps): at the end) by a card
    # played on that line (else by a free ride: ride[t][s]); what a line's cards mark,
    # the line's stations before it are marked too (its crosses run from the first free
    # station on: a station left free stops the line there)
    rides_before = [sum(1 for b in free_before if b <= k) for k in steps]
    rides_before.append(len(free_before))
    by = [[{li: cp.new_bool_var("") for li in st.lines} for st in network.stations]
          for _ in before]
    ride = [[cp.new_bool_var("") for _ in range(n)] for _ in before]
    for t, marks in enumerate(before):
        cp.add(sum(ride[t]) <= rides_before[t])
        for s in range(n):
            cp.add(sum(by[t][s].values()) + ride[t][s] == marks[s])
            if t:
                cp.add(ride[t][s] >= ride[t - 1][s])
                for li, var in by[t][s].items():
                    cp.add(var >= by[t - 1][s][li])
        for line in lines:
            order = line.order
            for j, s in enumerate(order):
                if not line.ring:
                    for earlier in order[:j]:
                        cp.add_implication(by[t][s][line.index], marks[earlier])
                    continue
                # a ring: the stations before it one way round or the other
                ways_round = [cp.new_bool_var(""), cp.new_bool_var("")]
                for way, earlier_ones in zip(ways_round, (order[1:j], order[j + 1:]),
                                             strict=True):
                    for earlier in (order[0], *earlier_ones):
                        if earlier != s:
                            cp.add_implication(way, marks[earlier])
                cp.add_bool_or([~by[t][s][line.index], *ways_round])
    for t, marks_by in enumerate(by):
        for li in range(len(lines)):
            cp.add(sum(marks_by[s][li] for s in range(n) if li in marks_by[s]) <= reach(t, li))
            if IN_TIME and t:  # what the line's cards since the last transfer can cross
                ours = [s for s in range(n) if li in marks_by[s]]
                cp.add(sum(marks_by[s][li] for s in ours)
                       <= sum(by[t - 1][s][li] for s in ours) + on[t - 1][li]
                       + sum(v * k[li] for (_, v), k in count[t].items()))
        # a number card's crosses are one run from the line's first free station that stops
        # at a marked station, a transfer marks one station, an express card's crosses jump
        # marked stations (at most its value of runs): so each card adds at most one run
        # (an express card its value) to the stations its line's cards have marked, in the
        # line's order (a ring's round: its last station meets its first)
        for line in lines:
            order, li = line.order, line.index
            starts: list[cp_model.LinearExprT] = []
            for j, s in enumerate(order):
                prev = order[j - 1] if j or line.ring else None
                if prev is None:
                    starts.append(marks_by[s][li])
                    continue
                start = cp.new_bool_var("")
                cp.add(start >= marks_by[s][li] - marks_by[prev][li])
                starts.append(start)
            cp.add(sum(starts) <= pieces(t, li))
            if RUNS and t == len(by) - 1:
                _runs_fit_the_cards(cp, line.ring, [marks_by[s][li] for s in order],
                                    [landed[s].get(li, []) for s in order],
                                    runs_at_least(t, li), express(t, li))
    for t, picks in enumerate(picked):  # a transfer lands by the line it is played on
        for li, s, pick in picks:
            cp.add_implication(pick, on[t][li])
            cp.add_implication(pick, by[t + 1][s][li])
    if steps:
        cp.add(sum(end) - sum(before[-2]) - sum(lands[-1]) <= total_marks - caps[-1] - 1)
    for line in network.lines:
        done = cp.new_bool_var("")
        for s in line.order:
            cp.add_implication(done, end[s])
        halves.append(2 * line.first * done)
    empty = n - sum(end)
    if rules.empty_rounding == "exact":
        halves.append(-empty)
    else:
        penalty = cp.new_int_var(0, n, "")
        cp.add(2 * penalty >= empty - (1 if rules.empty_rounding == "down" else 0))
        halves.append(-2 * penalty)
    cp.maximize(sum(halves))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    solver.parameters.max_deterministic_time = seconds
    solver.parameters.max_time_in_seconds = milp.WALL_CAP * seconds
    status = solver.solve(cp)
    spent = float(solver.deterministic_time)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, spent
    # the proven bound (the optimum, when proven), in half points rounded down
    return math.floor(solver.best_objective_bound + 1e-6) / 2, spent


def _runs_fit_the_cards(cp: cp_model.CpModel, ring: bool, marked: Sequence[cp_model.IntVar],
                        landed: Sequence[Sequence[cp_model.IntVar]],
                        at_least: Sequence[cp_model.LinearExprT],
                        express: cp_model.LinearExprT) -> None:
    """The stations a line's cards have marked (``marked``, in the line's order) are the
    stations its transfers landed on (``landed``), at most ``express`` stations its express
    cards marked, and the runs of its number cards: a number card's crosses are one run of
    the line, at most its value long, so the runs at least k long are at most the number
    cards of value k or more (``at_least[k - 1]``; by Hall's rule that is also enough for
    the runs to go to cards one each). A card's unused crosses are lost: two runs cannot
    share one card's value, as the pooled count lets them. A ring's runs go round either
    way (an arc of its circle)."""
    m = len(marked)
    num = [cp.new_bool_var("") for _ in marked]  # marked by a number card
    by_express = [cp.new_bool_var("") for _ in marked]
    for j in range(m):
        cp.add(num[j] + by_express[j] + sum(landed[j]) == marked[j])
    cp.add(sum(by_express) <= express)
    cut = [cp.new_bool_var("") for _ in marked]  # a number card's run starts here
    for j in range(m):
        cp.add(cut[j] <= num[j])
        if j or ring:
            cp.add(cut[j] >= num[j] - num[j - 1])
        else:
            cp.add(cut[j] >= num[j])
    for k, cards in enumerate(at_least, start=1):
        longer: list[cp_model.IntVar] = []
        for j in range(m):
            span = [(j + i) % m for i in range(1, k)]
            if len(span) >= m or (not ring and j + k > m):
                continue  # no run of k starts here
            run = cp.new_bool_var("")  # a run of at least k starts at j
            cp.add(run >= cut[j] + sum(num[i] - cut[i] for i in span) - (k - 1))
            longer.append(run)
        cp.add(sum(longer) <= cards)
