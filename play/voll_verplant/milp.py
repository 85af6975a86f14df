"""A small linear model over integer variables, solved by OR-Tools CP-SAT (or HiGHS).

The solver's model (:mod:`.solver`) is written once, as plain data: variables with
bounds, linear constraints ``lo <= sum(coef * var) <= hi`` and a linear objective to
maximise. A backend turns that into the library's own model. CP-SAT is the one the
analysis uses (``docs/vv-analyse.md`` says why); HiGHS reads the same model, so the two
can be compared on the same seeds (``benchmarks/bench_solve.py --backend highs``).

The libraries are imported only when a model is solved: they are an optional extra
(``pip install scorepad[solve]``), and a command that never solves never loads them.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar

#: A linear expression: variable index -> coefficient (ints only: CP-SAT wants them).
Expr = dict[int, int]

INF = float("inf")

#: The solver's clock-time cap, as a multiple of its budget (see :func:`_cpsat`).
WALL_CAP = 3.0

#: Whether CP-SAT searches only plans at least as good as the hint (see :func:`_cpsat`).
#: Off: measured on Berlin's an-1..an-3 it cost CPU and found no better plan
#: (docs/performance.md); ``benchmarks/bench_solve.py --floor`` turns it on to remeasure.
HINT_FLOOR = False


class MissingSolver(Exception):
    """The solver library is not installed (the ``solve`` extra)."""


class Result(NamedTuple):
    """What a backend found: a value per variable (None: no solution found), the
    objective's value there, the best proven bound on the objective, and whether the
    solution is proven optimal."""

    values: list[int] | None
    objective: float | None
    bound: float | None
    optimal: bool
    seconds: float
    #: a sub-model (fixed variables, an objective floor) proven to have no solution
    empty: bool = False


class Model:
    """Integer variables, linear constraints and an objective to maximise."""

    def __init__(self) -> None:
        self.lower: list[int] = []
        self.upper: list[int] = []
        self.rows: list[tuple[Expr, float, float]] = []
        self.objective: Expr = {}
        self.hint: dict[int, int] = {}

    def var(self, lo: int = 0, hi: int = 1) -> int:
        """A new integer variable in ``[lo, hi]`` (a boolean by default); its index."""
        self.lower.append(lo)
        self.upper.append(hi)
        return len(self.lower) - 1

    def add(self, terms: Mapping[int, int] | Iterable[tuple[int, int]], lo: float = -INF,
            hi: float = INF) -> None:
        """``lo <= sum(coef * var) <= hi`` (terms as a mapping or ``(var, coef)`` pairs;
        a variable named twice adds up)."""
        expr: Expr = {}
        for v, c in (terms.items() if isinstance(terms, Mapping) else terms):
            expr[v] = expr.get(v, 0) + c
        expr = {v: c for v, c in expr.items() if c}
        if not expr:
            if not lo <= 0 <= hi:
                raise ValueError("a constraint without variables that cannot hold")
            return
        self.rows.append((expr, lo, hi))

    def maximise(self, terms: Iterable[tuple[int, int]]) -> None:
        """The objective: the sum of ``coef * var`` over ``terms``."""
        for v, c in terms:
            self.objective[v] = self.objective.get(v, 0) + c



def solve(model: Model, seconds: float, backend: str = "cpsat", workers: int = 1) -> Result:
    """Maximise ``model`` for at most ``seconds`` (wall time, one worker by default).
    MissingSolver when the library is not installed."""
    if backend == "highs":
        return _highs(model, seconds)
    return _cpsat(model, seconds, workers)


def _cpsat(model: Model, seconds: float, workers: int) -> Result:
    session = CpsatSession(model)
    return session.solve(seconds, hint=session.complete(model.hint) if model.hint else None,
                         workers=workers, floor=HINT_FLOOR)


#: CP-SAT's deterministic time per second of one core's CPU on this project's reference
#: machine (a shared 2-core box): measured 0.43-0.5 (``docs/performance.md``, issue 37's
#: fourth pass). A budget in CPU seconds becomes this much deterministic time, so the same
#: budget still gives the same answer; :data:`CPU_CAP` stops a slower machine by its CPU.
DET_PER_CPU = 0.45

#: The CPU cap, as a multiple of the budget: a watch on the process's CPU stops CP-SAT
#: there however far its deterministic clock has gone (``None``: no watch).
CPU_CAP: float | None = 1.0


#: CP-SAT's subsolvers taking turns on one thread (``interleave_search``; 0: one search).
PORTFOLIO = 0


class CpsatSession:
    """A :class:`Model` as CP-SAT's model, built once and solved as often as needed: the
    whole model, or the model with some variables fixed (a neighbourhood of a known
    solution, :mod:`.lns`). MissingSolver when OR-Tools is not installed."""

    def __init__(self, model: Model) -> None:
        try:
            from ortools.sat.python import cp_model
        except ImportError as err:
            raise MissingSolver("ortools") from err
        self.cp_model = cp_model
        self.model = model
        cp = self.cp = cp_model.CpModel()
        xs = self.xs = [cp.new_int_var(lo, hi, "")
                        for lo, hi in zip(model.lower, model.upper, strict=True)]
        for expr, lo, hi in model.rows:
            total = sum(c * xs[v] for v, c in expr.items())
            if lo == hi:
                cp.add(total == int(lo))
            else:
                if lo > -INF:
                    cp.add(total >= int(lo))
                if hi < INF:
                    cp.add(total <= int(hi))
        self.objective = sum(c * xs[v] for v, c in model.objective.items())
        cp.maximize(self.objective)

    def complete(self, hint: Mapping[int, int]) -> list[int] | None:
        """The whole solution a partial hint determines (None: it fits no solution)."""
        return _completed_hint(self.cp_model, self.cp, self.xs, dict(hint))

    def solve(self, seconds: float, *, hint: Sequence[int] | None = None,
              fix: Mapping[int, int] | None = None, above: int | None = None,
              below: int | None = None, floor: bool = False, workers: int = 1) -> Result:
        """Maximise for at most ``seconds`` of CPU (:data:`DET_PER_CPU` of them as CP-SAT's
        deterministic time, :data:`CPU_CAP` as a watch on the process's CPU, the clock at
        :data:`WALL_CAP` times), from ``hint`` (a whole solution), with the variables of
        ``fix`` at their values and, with ``above``, only solutions whose objective is
        above it; with ``below``, a bound proven beforehand: not above it (the hint must
        be within). ``floor``: only solutions at least as good as the hint. A sub-model
        (``fix``, ``above``) without a solution gives a Result without values; the whole
        model without one raises ValueError."""
        cp_model, xs = self.cp_model, self.xs
        cp = self.cp.clone()  # the session's own model stays as built, without hints
        for v, val in (fix or {}).items():
            cp.add(xs[v] == val)
        if above is not None:
            cp.add(self.objective >= above + 1)
        if below is not None:
            cp.add(self.objective <= below)
        if hint is not None:
            for i, x in enumerate(xs):
                cp.add_hint(x, hint[i])
            if floor:
                # a floor at the hint's own value: the hint is a solution of the model, so
                # the optimum is above the floor and stays feasible — an optimality proof and
                # the bound hold for the model without it; the search skips worse plans
                cp.add(self.objective >= value(hint, self.model.objective))
        solver = cp_model.CpSolver()
        # the budget as CP-SAT's deterministic time (the same budget gives the same answer
        # whatever else the machine does), with the process's CPU and the clock as caps
        solver.parameters.max_deterministic_time = max(0.05, DET_PER_CPU * seconds)
        solver.parameters.max_time_in_seconds = max(0.3, WALL_CAP * seconds)
        solver.parameters.num_workers = workers
        solver.parameters.random_seed = 1
        solver.parameters.linearization_level = 2
        if PORTFOLIO and workers == 1:
            # CP-SAT's portfolio of strategies (and its own neighbourhood searches) taking
            # turns on one thread: deterministic, and one core's CPU
            solver.parameters.interleave_search = True
            solver.parameters.num_full_subsolvers = PORTFOLIO
        start = time.perf_counter()
        with _CpuWatch(solver, None if CPU_CAP is None else CPU_CAP * seconds):
            status = solver.solve(cp)
        took = time.perf_counter() - start
        sub = bool(fix) or above is not None
        if status == cp_model.INFEASIBLE and not sub:
            raise ValueError("the model has no solution")
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # a bound, maybe
            # (no bound either: CP-SAT's is meaningless before its search has begun)
            if hint is None or sub:
                return Result(None, None, None, False, took, status == cp_model.INFEASIBLE)
            # out of time before the search began (a busy machine): the hint is a solution
            return Result(list(hint), value(hint, self.model.objective), None, False, took)
        values = [int(solver.value(x)) for x in xs]
        return Result(values, solver.objective_value, solver.best_objective_bound,
                      status == cp_model.OPTIMAL, took)


class _CpuWatch:
    """Stops a CP-SAT solve once the process has spent ``limit`` seconds of CPU in it (a
    thread that looks every 50 ms; None: no watch)."""

    def __init__(self, solver: Any, limit: float | None) -> None:
        self.solver, self.limit = solver, limit
        self.done = threading.Event()
        self.thread: threading.Thread | None = None

    def __enter__(self) -> _CpuWatch:
        if self.limit is not None:
            self.thread = threading.Thread(target=self._watch, args=(time.process_time(),),
                                           daemon=True)
            self.thread.start()
        return self

    def _watch(self, start: float) -> None:
        assert self.limit is not None
        while not self.done.wait(0.05):
            if time.process_time() - start >= self.limit:
                self.solver.stop_search()
                return

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        if self.thread is not None:
            self.thread.join()


def _completed_hint(cp_model: ModuleType, cp: CpModel, xs: Sequence[IntVar],
                    hint: dict[int, int]) -> list[int] | None:
    """Every variable's value in the solution the (partial) hint determines: the model
    with the hinted variables fixed, solved alone (propagation settles the rest at once).
    CP-SAT takes a complete hint as its first solution, where it may lose a partial one."""
    fixed = cp.clone()
    for v, value in hint.items():
        fixed.add(xs[v] == value)
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = 5.0
    solver.parameters.max_time_in_seconds = 5.0 * WALL_CAP
    solver.parameters.num_workers = 1
    if solver.solve(fixed) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [int(solver.value(x)) for x in xs]


def _highs(model: Model, seconds: float) -> Result:
    try:
        import highspy
        import numpy as np
    except ImportError as err:
        raise MissingSolver("highspy") from err
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("time_limit", max(0.1, float(seconds)))
    h.setOptionValue("threads", 1)
    h.setOptionValue("random_seed", 1)
    n = len(model.lower)
    cost = np.zeros(n)
    for v, c in model.objective.items():
        cost[v] = -c  # HiGHS minimises
    h.addVars(n, np.array(model.lower, dtype=float), np.array(model.upper, dtype=float))
    h.changeColsCost(n, np.arange(n, dtype=np.int32), cost)
    h.changeColsIntegrality(n, np.arange(n, dtype=np.int32),
                            np.array([highspy.HighsVarType.kInteger] * n))
    inf = highspy.kHighsInf
    for expr, lo, hi in model.rows:
        idx = np.array(list(expr), dtype=np.int32)
        val = np.array(list(expr.values()), dtype=float)
        h.addRow(lo if lo > -INF else -inf, hi if hi < INF else inf, len(idx), idx, val)
    if model.hint:
        idx = np.array(list(model.hint), dtype=np.int32)
        h.setSolution(len(idx), idx, np.array(list(model.hint.values()), dtype=float))
    start = time.perf_counter()
    h.run()
    took = time.perf_counter() - start
    info = h.getInfo()
    if info.primal_solution_status != 2:  # no feasible solution
        return Result(None, None, None, False, took)
    values = [round(x) for x in h.getSolution().col_value]
    optimal = h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    bound = -info.mip_dual_bound
    return Result(values, -info.objective_function_value,
                  bound if math.isfinite(bound) else None, optimal, took)


def value(values: Sequence[int], expr: Mapping[int, int]) -> int:
    """An expression's value in a solution."""
    return sum(c * values[v] for v, c in expr.items())
