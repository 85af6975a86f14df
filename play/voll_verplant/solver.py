"""The best score a seed allows: a player's game on known cards as an integer program.

Once the cards are known, a player's game is a planning problem: for each card a line
(and a ring's direction) and how many crosses, for each free ride a station. This module
writes that problem as a linear model over 0/1 variables (:mod:`.milp`), solves it with
CP-SAT and reads the plan back as engine moves. It decides nothing on its own: the plan
is replayed through the engine (:func:`.analysis.prove`), whose score is what is
reported, and a plan the engine refuses is a bug.

The model is *step-indexed*: every line step fills one wagon window and the game ends
when the last window is filled, so a player makes exactly ``W`` line steps (``W``: the
map's windows). Step ``k`` plays the card of line round ``j_k = k - (follow-ups among
steps 1..k)``; a step is a follow-up when a special station marked earlier in the round
still waits for one. Per step and line (and ring direction) there is a 0/1 choice of the
line and a 0/1 cross per station of the line's path, with the rules as constraints:

* a cross only on a station free before the step, only on the chosen line, at most the
  card's value of them (a transfer: one);
* a number card's (and a transfer's) crosses are a run from the first free station on
  (a cross either follows a cross or has every station before it marked); an express's
  crosses are the first free stations, marked ones jumped (every free station before a
  cross is crossed too); fewer crosses are always allowed, but a transfer must mark the
  first free station;
* a station is marked at most once (by a line step or a free ride); a free ride marks one
  free station between the rounds it comes between, or none, and only when the game
  reaches the round after it;
* every special station crossed by a line step owes a follow-up with the same card (in
  rule set ``special_chains``), which is the next step; owed follow-ups lapse at the end.

The objective counts, in half points: each line's first bonus when all its stations are
marked at the end (later bonus instead, in a game with others, when another player
completed it in an earlier round: the others' moves are fixed as logged), twice each
transfer number, less half the empty stations. Rule set options the model does not cover
(free rides that must be taken or that trigger special stations, follow-ups that do not
chain, a game with others on a map with special stations, where the end and the free rides
after a full sheet depend on them) raise :class:`NotModelled`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from scorepad.rules.voll_verplant.cards import EXPRESS, FREE, TRANSFER, Card
from scorepad.rules.voll_verplant.engine import CCW, CW, Move
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.ruleset import VVRules

from . import milp
from .beam import beam_plan
from .lns import improve, reach
from .milp import Expr, Model, Result, solve
from .outer_bound import outer_bound

#: The outer bound's share of the budget, and its most seconds (CPU).
OUTER_SHARE, OUTER_MAX = 0.25, 10.0

#: The large-neighbourhood search's share of the budget left after the outer bound (the
#: rest goes to CP-SAT on the whole model, from the search's best plan).
LNS_SHARE = 0.5

#: The share of the budget for plans at the bound (:func:`.lns.reach`), tried first.
REACH_SHARE = 0.4

#: The beam search's games kept a round (:mod:`.beam`), per CPU second of the budget, and
#: at most: 60 s give 960, about 6 s of CPU on Berlin (``docs/performance.md``, issue 37's
#: sixth pass); 0 turns the beam off.
BEAM_PER_SECOND, BEAM_MAX = 16.0, 4000


class NotModelled(Exception):
    """A game the model does not cover (the message says what)."""


class Solution(NamedTuple):
    """The solver's plan: per round from the first, the card and the player's whole move
    (follow-ups in ``then``), up to the round the game ends in; the model's total for it,
    the proven upper bound on any plan's total, and whether the solver proved the plan
    optimal."""

    rounds: tuple[tuple[Card, Move], ...]
    total: float
    bound: float
    optimal: bool
    seconds: float


class _Schedule(NamedTuple):
    """The cards as the model sees them: the line cards in order with their round (0-based),
    and the free rides as ``(round, line rounds before it)``."""

    line_cards: tuple[Card, ...]
    line_round: tuple[int, ...]
    free_rides: tuple[tuple[int, int], ...]


def _schedule(card_at: Callable[[int], Card], windows: int) -> _Schedule:
    cards: list[Card] = []
    rounds: list[int] = []
    free: list[tuple[int, int]] = []
    r = 0
    while len(cards) < windows:
        card = card_at(r)
        if card.kind == FREE:
            free.append((r, len(cards)))
        else:
            cards.append(card)
            rounds.append(r)
        r += 1
    return _Schedule(tuple(cards), tuple(rounds), tuple(free))


def check_modelled(network: Network, rules: VVRules, players: int) -> None:
    """NotModelled when the rule set or the table is one the model does not cover."""
    if not rules.free_ride_may_decline:
        raise NotModelled("free rides that must be taken (free_ride_may_decline: false)")
    if rules.special_on_free_ride and network.special_mask:
        raise NotModelled("special stations marked by free rides (special_on_free_ride)")
    if not rules.special_chains and network.special_mask:
        raise NotModelled("follow-ups that do not chain (special_chains: false)")
    if players > 1 and network.special_mask:
        raise NotModelled("a game with others on a map with special stations (when the "
                          "game ends depends on the others' follow-ups)")


def build(network: Network, rules: VVRules, card_at: Callable[[int], Card],
          others_done: Sequence[int | None] = (),
          hint: Sequence[tuple[Card, Move]] = (), top: float | None = None
          ) -> tuple[Model, Callable[[list[int]], _Plan]]:
    """The model of one player's game on the cards ``card_at(round)`` (0-based rounds)
    and a reader of its solutions. ``others_done[line]``: the 1-based round in which
    another player first completed the line (None: never), for a game with others;
    ``hint``: a known plan (per round the card and the whole move) to start from;
    ``top``: a bound on the total known beforehand (default: :func:`ceiling`)."""
    builder = _Builder(network, rules, card_at, others_done, top)
    model, read = builder.result()
    if hint:
        builder.hint(hint)
    return model, read


class _Plan(NamedTuple):
    rounds: tuple[tuple[Card, Move], ...]


class _Builder:
    """Writes the model (see the module docstring); one instance per model."""

    def __init__(self, network: Network, rules: VVRules, card_at: Callable[[int], Card],
                 others_done: Sequence[int | None], top: float | None = None) -> None:
        self.network, self.rules = network, rules
        self.m = Model()
        self.one = self.m.var(1, 1)
        self.windows = network.total_windows
        self.sched = _schedule(card_at, self.windows)
        self.top = ceiling(network, self.sched.line_cards) if top is None else top
        self.card_at = card_at
        self.specials = [s.index for s in network.stations if s.special]
        self.follow_max = len(self.specials)
        self.others_done = list(others_done) or [None] * len(network.lines)
        # (line, direction, path): every way a step can run along a line
        self.ways = [(line.index, d, line.path(d)) for line in network.lines
                     for d in ((CW, CCW) if line.ring else (CW,))]

    # --- which line card a step plays ------------------------------------------------

    def _cards(self) -> None:
        """``y[k]``: line round -> the 0/1 (or constant) that step k plays its card; the
        follow-up bookkeeping when the map has special stations."""
        m, W, S = self.m, self.windows, self.follow_max
        self.y: list[dict[int, int]] = []
        self.fu: list[int | None] = [None] * W
        for k in range(W):
            cand = range(max(0, k - S), k + 1)
            if S == 0:
                self.y.append({k: self.one})
                continue
            row = {j: m.var() for j in cand}
            self.y.append(row)
            m.add(((v, 1) for v in row.values()), 1, 1)
        if S == 0:
            return
        for k in range(1, W):
            self.fu[k] = m.var()
        # j_k + (follow-ups among steps 1..k) = k
        for k in range(W):
            terms = [(v, j) for j, v in self.y[k].items()]
            terms += [(self.fu[i], 1) for i in range(1, k + 1)]  # type: ignore[misc]
            m.add(terms, k, k)

    def _feature(self, k: int, test: Callable[[Card], int]) -> Expr:
        """A card feature of step k (``test(card)``) as an expression."""
        out: Expr = {}
        for j, v in self.y[k].items():
            t = test(self.sched.line_cards[j])
            if t:
                out[v] = out.get(v, 0) + t
        return out

    # --- the model ---------------------------------------------------------------------

    def result(self) -> tuple[Model, Callable[[list[int]], _Plan]]:
        m, W, net = self.m, self.windows, self.network
        self._cards()
        n = len(net.stations)
        # mb[k][s]: station s is marked before step k (k = W: at the end)
        mb = [[m.var() for _ in range(n)] for _ in range(W + 1)]
        self.mb = mb
        # free rides that can happen: before the last line round at the latest
        rides = [(r, before) for r, before in self.sched.free_rides if before <= W - 1]
        self.fr = [[m.var() for _ in range(n)] for _ in rides]
        self.rides = rides
        self.ch: list[dict[int, int]] = []
        self.c: list[dict[int, list[int]]] = []
        cross_at: list[list[list[tuple[int, int]]]] = []  # per step, station: (var, 1)
        halves: list[tuple[int, int]] = []  # the objective, in half points
        lt = [len(s.lines) for s in net.stations]
        for k in range(W):
            isE = self._feature(k, lambda c: int(c.kind == EXPRESS))
            isT = self._feature(k, lambda c: int(c.kind == TRANSFER))
            value = self._feature(k, lambda c: 1 if c.kind == TRANSFER else c.value)
            kinds = {self.sched.line_cards[j].kind for j in self.y[k]}
            most = max(1 if card.kind == TRANSFER else card.value
                       for card in (self.sched.line_cards[j] for j in self.y[k]))
            ch: dict[int, int] = {}
            cs: dict[int, list[int]] = {}
            at: list[list[tuple[int, int]]] = [[] for _ in range(n)]
            for w_i, (_line, _d, path) in enumerate(self.ways):
                chv = ch[w_i] = m.var()
                c = cs[w_i] = [m.var() for _ in path]
                prev_w = prev_z = self.one
                for i, s in enumerate(path):
                    at[s].append((c[i], 1))
                    m.add([(c[i], 1), (chv, -1)], hi=0)
                    m.add([(c[i], 1), (mb[k][s], 1)], hi=1)
                    if i == 0:
                        continue
                    before = path[i - 1]
                    if EXPRESS in kinds:
                        z = m.var()
                        m.add([(c[i], 1), (z, -1)], hi=0)
                        m.add([(z, 1), (prev_z, -1)], hi=0)
                        m.add([(z, 1), (mb[k][before], -1), (c[i - 1], -1)], hi=0)
                        prev_z = z
                    if kinds - {EXPRESS}:
                        w = m.var()  # every station before i is marked before the step
                        m.add([(w, 1), (prev_w, -1)], hi=0)
                        m.add([(w, 1), (mb[k][before], -1)], hi=0)
                        m.add([(w, 1), (prev_w, -1), (mb[k][before], -1)], lo=-1)
                        m.add([(c[i], 1), (c[i - 1], -1), (w, -1)]
                              + [(v, -t) for v, t in isE.items()], hi=0)
                        if TRANSFER in kinds:  # a transfer marks the first free station
                            m.add([(c[i], 1), (chv, -1), (w, -1), (mb[k][s], 1)]
                                  + [(v, -t) for v, t in isT.items()], lo=-2)
                        prev_w = w
                # per line: at most the card's value, only when the line is chosen (the
                # sum over lines alone lets a fraction of a choice cross many stations)
                m.add([(v, 1) for v in c] + [(chv, -most)], hi=0)
                if TRANSFER in kinds:
                    m.add([(c[0], 1), (chv, -1), (mb[k][path[0]], 1)]
                          + [(v, -t) for v, t in isT.items()], lo=-1)
            m.add(((v, 1) for v in ch.values()), 1, 1)
            m.add([(v, 1) for cv in cs.values() for v in cv]
                  + [(v, -t) for v, t in value.items()], hi=0)
            self.ch.append(ch)
            self.c.append(cs)
            cross_at.append(at)
            if TRANSFER in kinds:
                for s in range(n):
                    if not at[s]:
                        continue
                    if kinds == {TRANSFER}:
                        halves += [(v, 4 * lt[s]) for v, _ in at[s]]
                        continue
                    tr = m.var()
                    m.add([(tr, 1)] + [(v, -t) for v, t in isT.items()], hi=0)
                    m.add([(tr, 1)] + [(v, -1) for v, _ in at[s]], hi=0)
                    halves.append((tr, 4 * lt[s]))
        self.cross_at = cross_at
        # windows per line
        for line in net.lines:
            m.add([(self.ch[k][w_i], 1) for k in range(W)
                   for w_i, way in enumerate(self.ways) if way[0] == line.index],
                  hi=line.windows)
        self._marks(mb, cross_at)
        self._follow_ups(cross_at)
        # completions and the objective
        for line in net.lines:
            comp = m.var()
            for s in line.order:
                m.add([(comp, 1), (mb[W][s], -1)], hi=0)
            done = self.others_done[line.index] if line.index < len(self.others_done) else None
            if done is None:
                halves.append((comp, 2 * line.first))
                continue
            first = m.var()
            m.add([(first, 1), (comp, -1)], hi=0)
            for s in line.order:
                m.add([(first, 1)] + [(v, -t) for v, t in self._marks_by(done, s).items()],
                      hi=0)
            halves += [(comp, 2 * line.later), (first, 2 * (line.first - line.later))]
        self._penalty(halves, mb[W])
        m.maximise(halves)
        # the bound known beforehand as a constraint: a plan that reaches it is proven at
        # once, and CP-SAT's own bound starts there
        m.add(halves, hi=round(2 * self.top))
        return m, self._reader

    def _marks(self, mb: list[list[int]], cross_at: list[list[list[tuple[int, int]]]]
               ) -> None:
        """``mb[k+1] = mb[k] + the step's crosses + the free rides between them``."""
        m, W, n = self.m, self.windows, len(self.network.stations)
        for s in range(n):
            m.add([(mb[0][s], 1)] + [(self.fr[f][s], -1) for f, (_, before)
                                      in enumerate(self.rides) if before == 0], 0, 0)
        for k in range(W):
            between = self._rides_between(k)
            for s in range(n):
                terms = [(mb[k + 1][s], 1), (mb[k][s], -1)] + [(v, -1) for v, _ in
                                                                 cross_at[k][s]]
                terms += [(g[s], -1) for g in between]
                m.add(terms, 0, 0)
        # a free ride only when the game gets past it, one station at most
        for f, (_, before) in enumerate(self.rides):
            reached = [(v, -1) for j, v in self.y[W - 1].items() if j >= before]
            m.add([(v, 1) for v in self.fr[f]] + reached, hi=0)

    def _rides_between(self, k: int) -> list[list[int] | dict[int, int]]:
        """Per free ride that may come between step k and step k+1: its station marks
        there (the ride's own variables, or 0/1s that are the ride's when it comes
        there)."""
        m, W, n = self.m, self.windows, len(self.network.stations)
        if k == W - 1:
            return []
        out: list[list[int] | dict[int, int]] = []
        for f, (_, before) in enumerate(self.rides):
            if before == 0:
                continue
            # between steps k and k+1 when step k+1 starts line round `before`
            start = self.y[k + 1].get(before)
            if start is None:
                continue
            if self.follow_max == 0:
                out.append(self.fr[f])
                continue
            # step k+1 is the first of a line round >= `before` and step k is not: the
            # difference of two "at or past it" sums, which only grow from step to step
            delta = [(v, 1) for j, v in self.y[k + 1].items() if j >= before]
            delta += [(v, -1) for j, v in self.y[k].items() if j >= before]
            g = [m.var() for _ in range(n)]
            for s in range(n):
                # g = fr and delta
                m.add([(g[s], 1), (self.fr[f][s], -1)], hi=0)
                m.add([(g[s], 1)] + [(v, -t) for v, t in delta], hi=0)
                m.add([(g[s], 1), (self.fr[f][s], -1)] + [(v, -t) for v, t in delta], lo=-1)
            out.append(g)
        return out

    def _follow_ups(self, cross_at: list[list[list[tuple[int, int]]]]) -> None:
        """owed_k = owed_{k-1} + specials crossed at k - [k is a follow-up]; step k+1 is a
        follow-up exactly when something is owed after step k."""
        m, W, S = self.m, self.windows, self.follow_max
        if S == 0:
            return
        owed_prev: int | None = None
        for k in range(W - 1):
            owed = m.var(0, S)
            terms = [(owed, 1)] + [(v, -1) for s in self.specials for v, _ in cross_at[k][s]]
            if owed_prev is not None:
                terms.append((owed_prev, -1))
            if k >= 1:
                terms.append((self.fu[k], 1))  # type: ignore[arg-type]
            m.add(terms, 0, 0)
            nxt = self.fu[k + 1]
            assert nxt is not None
            m.add([(nxt, 1), (owed, -1)], hi=0)
            m.add([(owed, 1), (nxt, -S)], hi=0)
            owed_prev = owed

    def _marks_by(self, done: int, s: int) -> Expr:
        """Station s marked by the end of round ``done`` (1-based; a game without special
        stations, where each line step's round is known)."""
        r_end = done - 1  # 0-based round
        steps = [k for k in range(self.windows) if self.sched.line_round[k] <= r_end]
        out: Expr = {}
        if steps:
            k = steps[-1]
            out[self.mb[k][s]] = 1
            for v, _ in self.cross_at[k][s]:
                out[v] = out.get(v, 0) + 1
            after = k + 1
        else:
            after = 0
        for f, (r, before) in enumerate(self.rides):
            if before == after and r <= r_end:
                out[self.fr[f][s]] = out.get(self.fr[f][s], 0) + 1
        return out

    def _penalty(self, halves: list[tuple[int, int]], final: list[int]) -> None:
        """Less half the empty stations (rounded as the rule set says)."""
        m, n = self.m, len(final)
        rounding = self.rules.empty_rounding
        if rounding == "exact":
            halves.append((self.one, -n))
            halves += [(v, 1) for v in final]
            return
        pen = m.var(0, n)
        # 2 pen >= empty (up) or empty - 1 (down): the least such whole number
        m.add([(pen, 2)] + [(v, 1) for v in final] + [(self.one, -n)],
              lo=0 if rounding == "up" else -1)
        halves.append((pen, -2))

    def step_vars(self) -> list[list[int]]:
        """Per step, the variables that decide it: the line (and direction) it takes, the
        card it plays, whether it is a follow-up, and the stations of the free rides that
        come just before it (the large-neighbourhood search fixes these outside its
        window)."""
        out: list[list[int]] = []
        for k in range(self.windows):
            vars_ = list(self.ch[k].values()) + list(self.y[k].values())
            fu = self.fu[k]
            if fu is not None:
                vars_.append(fu)
            for f, (_, before) in enumerate(self.rides):
                if before == k:
                    vars_ += self.fr[f]
            out.append([v for v in vars_ if v != self.one])
        return out

    # --- a known plan as a hint ------------------------------------------------------

    def hint(self, rounds: Sequence[tuple[Card, Move]]) -> None:
        """Set the model's hint to a known plan (the search's best): the solver starts
        from a good game and spends its time on the bound. A plan that does not fit the
        model's steps (one that the model would not write) is left out."""
        from scorepad.rules.voll_verplant.engine import apply_step, map_tables

        net, rules, m = self.network, self.rules, self.m
        sheet = map_tables(net).blank
        hint: dict[int, int] = {}
        k = 0
        rides = {r: f for f, (r, _) in enumerate(self.rides)}
        line_round = 0
        for r, (card, move) in enumerate(rounds):
            if card.kind == FREE:
                f = rides.get(r)
                if f is not None:
                    for s, v in enumerate(self.fr[f]):
                        hint[v] = int(s == move.station)
                sheet, _ = apply_step(net, rules, sheet, card, move)
                continue
            for nth, step in enumerate((move._replace(then=()),) + move.then):
                if k >= self.windows or step.line < 0:
                    return
                for s, v in enumerate(self.mb[k]):
                    hint[v] = sheet.marked >> s & 1
                for j, v in self.y[k].items():
                    hint[v] = int(j == line_round)
                fu = self.fu[k]
                if fu is not None:
                    hint[fu] = int(nth > 0)
                before = sheet.marked
                sheet, _ = apply_step(net, rules, sheet, card, step)
                new = sheet.marked & ~before
                for w_i, (line, d, path) in enumerate(self.ways):
                    chosen = line == step.line and d == step.direction
                    hint[self.ch[k][w_i]] = int(chosen)
                    for i, s in enumerate(path):
                        hint[self.c[k][w_i][i]] = int(chosen and bool(new >> s & 1))
                k += 1
            line_round += 1
        m.hint = hint

    # --- reading a solution --------------------------------------------------------------

    def _reader(self, values: list[int]) -> _Plan:
        W = self.windows
        steps: list[tuple[int, Move]] = []  # (line round, step)
        for k in range(W):
            j = next(j for j, v in self.y[k].items() if values[v])
            w_i = next(w for w, v in self.ch[k].items() if values[v])
            line, d, _ = self.ways[w_i]
            card = self.sched.line_cards[j]
            crosses = sum(values[v] for v in self.c[k][w_i])
            steps.append((j, Move(line=line, crosses=0 if card.kind == TRANSFER else crosses,
                                  direction=d)))
        last = steps[-1][0]
        by_round: dict[int, list[Move]] = {}
        for j, step in steps:
            by_round.setdefault(j, []).append(step)
        rounds: list[tuple[Card, Move]] = []
        end = self.sched.line_round[last]
        rides = {r: f for f, (r, _) in enumerate(self.rides)}
        j = 0
        for r in range(end + 1):
            card = self.card_at(r)
            if card.kind == FREE:
                f = rides.get(r)
                station = -1
                if f is not None:
                    station = next((s for s, v in enumerate(self.fr[f]) if values[v]), -1)
                rounds.append((card, Move(station=station)))
                continue
            parts = by_round[j]
            rounds.append((card, parts[0]._replace(then=tuple(parts[1:]))))
            j += 1
        return _Plan(tuple(rounds))


def ceiling(network: Network, line_cards: Sequence[Card]) -> float:
    """A bound no plan can pass, whatever the order of the cards: every line complete with
    its first bonus, no empty station, and each transfer card on a station of its own
    through the most lines. Often what the best plan scores: then it proves it at once."""
    transfers = sum(1 for card in line_cards if card.kind == TRANSFER)
    through = sorted((len(s.lines) for s in network.stations), reverse=True)
    return sum(line.first for line in network.lines) + 2 * sum(through[:transfers])


def solve_plan(network: Network, rules: VVRules, card_at: Callable[[int], Card],
               seconds: float, *, others_done: Sequence[int | None] = (), players: int = 1,
               hint: Sequence[tuple[Card, Move]] = (), backend: str = "cpsat",
               score: Callable[[tuple[tuple[Card, Move], ...]], float] | None = None
               ) -> Solution | None:
    """The best plan the solver finds within ``seconds`` of CPU (None: none found in
    time), with the proven bound. With ``score`` (the engine's total of a plan), in a solo
    game on a map without special stations, the beam search's plan (:mod:`.beam`) replaces
    ``hint`` when the engine scores it higher; from the hint, plans at the bound
    (:func:`.lns.reach`) and a large-neighbourhood search (:mod:`.lns`) spend their shares
    of the budget first.
    NotModelled for a game the model does not cover; MissingSolver when the solver library
    is not installed."""
    began = time.process_time()
    check_modelled(network, rules, players)
    sched = _schedule(card_at, network.total_windows)
    top = ceiling(network, sched.line_cards)
    # the outer bound first (a small exact problem, a few seconds at most): it is what
    # proves most seeds, when the solver's plan meets it
    outer, _ = outer_bound(network, rules, sched.line_cards,
                           [before for _, before in sched.free_rides],
                           milp.DET_PER_CPU * min(OUTER_SHARE * seconds, OUTER_MAX))
    if outer is not None:
        top = min(top, outer)
    # the beam on maps without special stations only: with them its follow-ups multiply
    # the moves (Paris sim-1: 8 s of CPU at 300 games) and its plans stay below the
    # solver's (docs/performance.md, issue 37's sixth pass)
    if (score is not None and players == 1 and BEAM_PER_SECOND > 0
            and not network.special_mask):
        hint = better_start(network, rules, card_at, hint, score,
                            min(BEAM_MAX, max(10, round(BEAM_PER_SECOND * seconds))))
    builder = _Builder(network, rules, card_at, others_done, top)
    model, read = builder.result()
    if hint:
        builder.hint(hint)
    if backend != "cpsat":
        result: Result = solve(model, max(0.1, seconds - (time.process_time() - began)),
                               backend)
    else:
        session = milp.CpsatSession(model)
        start = session.complete(model.hint) if model.hint else None
        if start is not None and score is not None:
            def engine(values: list[int]) -> float:
                return score(read(values).rounds)

            if REACH_SHARE > 0:
                got = reach(session, start, engine, top, REACH_SHARE * seconds)
                start, top = got.values, min(top, got.bound)
                if got.score >= top:  # a plan at the bound: proven
                    return Solution(read(start).rounds, got.score, top, True,
                                    time.process_time() - began)
            if LNS_SHARE > 0:
                left = seconds - (time.process_time() - began)
                found = improve(session, builder.step_vars(), start, engine, top,
                                LNS_SHARE * left)
                start = found.values
                if found.score >= top:
                    return Solution(read(start).rounds, found.score, top, True,
                                    time.process_time() - began)
        left = max(0.1, seconds - (time.process_time() - began))
        result = session.solve(left, hint=start, floor=milp.HINT_FLOOR,
                               below=round(2 * top))
    if result.values is None or result.objective is None:
        return None
    plan = read(result.values)
    if result.bound is not None:
        top = min(top, _floor_half(result.bound))
    return Solution(plan.rounds, result.objective / 2, top, result.optimal, result.seconds)


def better_start(network: Network, rules: VVRules, card_at: Callable[[int], Card],
                 hint: Sequence[tuple[Card, Move]],
                 score: Callable[[tuple[tuple[Card, Move], ...]], float], width: int
                 ) -> Sequence[tuple[Card, Move]]:
    """The better of ``hint`` (a known plan, maybe none) and the beam search's plan
    (:func:`.beam.beam_plan` with ``width`` games a round), by the engine's ``score``; the
    hint on a tie."""
    found = beam_plan(network, rules, card_at, width).rounds
    if hint and score(tuple(hint)) >= score(found):
        return hint
    return found


def _floor_half(bound: float) -> float:
    """A bound in half points as points: totals are whole halves, so the bound rounds down
    to one (with a little room for the solver's floating point)."""
    import math

    return math.floor(bound + 1e-6) / 2
