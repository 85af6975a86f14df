"""The solver of a player's game on known cards (``play/voll_verplant/solver.py``): the
model against the engine on random plans, its plans replayed by the engine, its optimum
against a brute force on the tiny map, and ``vv analyse``'s report of it."""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable

import pytest
import yaml
from vv_helpers import TINY, tiny

from scorepad.io import read_mapping
from scorepad.main import root
from scorepad.play.voll_verplant.bots import greedy_bot
from scorepad.rules.voll_verplant import engine
from scorepad.rules.voll_verplant.cards import Card, sequence
from scorepad.rules.voll_verplant.maps import Network, bundled_map, load_map_data
from scorepad.rules.voll_verplant.ruleset import default_rules

pytest.importorskip("ortools")

from scorepad.play.voll_verplant import milp
from scorepad.play.voll_verplant import outer_bound as outer_bound_module
from scorepad.play.voll_verplant.lns import improve, reach
from scorepad.play.voll_verplant.milp import Model, solve
from scorepad.play.voll_verplant.optimum import prove, replay_plan
from scorepad.play.voll_verplant.outer_bound import outer_bound, transfer_caps
from scorepad.play.voll_verplant.solver import (
    _Builder,
    _schedule,
    ceiling,
    solve_plan,
)

RULES = default_rules()


def cards_of(seed: str):
    seq = sequence(seed, tuple(RULES.deck), tuple(RULES.shuffle_cards))
    return lambda r: seq.at(r)[0]


def random_plan(network, seed: str, play: str = ""
                ) -> tuple[list[tuple[Card, engine.Move]], float]:
    """A solo game of random and greedy steps (half each, drawn by ``play``, default the
    seed) on the seed's cards: its moves per round and the engine's total."""
    rng = random.Random(play or seed)
    card_at = cards_of(seed)

    def bot(state, p, _rng):
        steps = engine.legal_next(state, p)
        return rng.choice(steps) if rng.random() < 0.5 else greedy_bot(state, p, rng)

    state = engine.new_game(network, RULES, ["solo"])
    rounds = []
    while not state.over:
        card = card_at(state.rounds)
        state = engine.reveal(state, card)
        state, move = engine.play_turn(state, 0, engine.seat(bot, 0, rng))
        rounds.append((card, move))
        state = engine.end_round(state)[0]
    return rounds, engine.final_total(network, RULES, state.sheets[0])


@pytest.mark.parametrize(("map_id", "seed"), [("tiny", "d1"), ("tiny", "d2"), ("berlin", "d3"),
                                              ("paris", "d4"), ("madrid", "d5"),
                                              ("amsterdam", "d6")])
def test_the_model_scores_a_random_plan_as_the_engine_does(map_id, seed):
    # the plan's choices fixed in the model: the model must accept them (every step is
    # one it can write) and count the engine's total, special-station follow-ups,
    # ring directions and free rides included
    network = tiny() if map_id == "tiny" else bundled_map(map_id)
    plan, total = random_plan(network, seed)
    builder = _Builder(network, RULES, cards_of(seed), [])
    model, _ = builder.result()
    builder.hint(plan)
    for v, value in model.hint.items():
        model.add([(v, 1)], value, value)
    result = solve(model, 60)
    assert result.optimal and result.objective == 2 * total, (map_id, seed, total)


@pytest.mark.parametrize(("map_id", "seed"), [("berlin", "p1"), ("amsterdam", "p2"),
                                              ("paris", "p3"), ("madrid", "p4")])
def test_the_solvers_own_plan_replays_to_its_score(map_id, seed):
    # started from a random plan (the solver's first solution: a few seconds are enough),
    # the plan read back from the solver's variables
    network = bundled_map(map_id)
    card_at = cards_of(seed)
    start, start_total = random_plan(network, seed)
    solution = solve_plan(network, RULES, card_at, 3, hint=start)
    assert solution is not None and solution.rounds
    # through the game protocol (GAME.apply): a step the engine refused would raise
    state = replay_plan(network, RULES, ["solo"], 0, seed, map_id, card_at, solution.rounds)
    assert state.core.over
    total = engine.final_total(network, RULES, state.core.sheets[0])
    assert start_total <= total and solution.total <= total <= solution.bound
    assert solution.bound <= ceiling(network, [c for c, _ in solution.rounds if c.kind != "free"])


def brute_force(network, card_at) -> float:
    """The best solo total over every legal step, by the engine (memoised on the state)."""
    memo: dict = {}

    def best(state: engine.GameState) -> float:
        key = (state.sheets, state.card, state.rounds, state.moved, state.owed)
        if key not in memo:
            memo[key] = value(state)
        return memo[key]

    def value(state: engine.GameState) -> float:
        if state.over:
            return engine.final_total(network, RULES, state.sheets[0])
        if state.card is None:
            return best(engine.reveal(state, card_at(state.rounds)))
        if engine.round_done(state):
            return best(engine.end_round(state)[0])
        return max(best(engine.play_step(state, 0, step).state)
                   for step in engine.legal_next(state, 0))

    return best(engine.new_game(network, RULES, ["solo"]))


@pytest.mark.parametrize("seed", ["b1", "b2", "b3"])
def test_the_proven_optimum_on_the_tiny_map_is_the_brute_forces(seed):
    network = tiny()
    card_at = cards_of(seed)
    got = prove(network, RULES, ["solo"], 0, card_at, seed, str(TINY), 30)
    assert got.proven and got.optimum == got.bound == brute_force(network, card_at)


@pytest.mark.parametrize("seed", ["b1", "b4"])
def test_a_floor_at_the_hinted_plan_keeps_the_proof_the_brute_forces(seed, monkeypatch):
    # CP-SAT searches only plans at least as good as the hint (milp.HINT_FLOOR): hinted a
    # random plan, then the proven best plan itself (a floor at the optimum), the proven
    # optimum must still be the brute force's, and a floor above the hint's value would
    # leave no solution at all
    monkeypatch.setattr(milp, "HINT_FLOOR", True)
    network = tiny()
    card_at = cards_of(seed)
    optimum = brute_force(network, card_at)
    start, start_total = random_plan(network, seed)
    assert start_total < optimum  # the floor is below the optimum: it must not stop there
    got = prove(network, RULES, ["solo"], 0, card_at, seed, str(TINY), 30, known=start)
    assert got.proven and got.optimum == got.bound == optimum
    again = prove(network, RULES, ["solo"], 0, card_at, seed, str(TINY), 30, known=got.rounds)
    assert again.proven and again.optimum == again.bound == optimum


def test_a_floor_at_the_hints_value_still_finds_and_proves_the_optimum(monkeypatch):
    # a model of three choices, one at most: the hint takes the worst (value 2); the
    # floor at 2 must let the solver reach the best (5) and prove it
    monkeypatch.setattr(milp, "HINT_FLOOR", True)
    model = Model()
    xs = [model.var() for _ in range(3)]
    model.add([(x, 1) for x in xs], hi=1)
    model.maximise(zip(xs, [2, 5, 3], strict=True))
    model.hint = {xs[0]: 1, xs[1]: 0, xs[2]: 0}
    result = solve(model, 5)
    assert result.optimal and result.objective == 5 and result.bound == 5
    assert result.values is not None and result.values[1] == 1


def plain_tiny():
    """The tiny map without its special station (the outer bound is for such maps)."""
    data = read_mapping(TINY)
    data["stations"] = [{k: v for k, v in st.items() if k != "special"}
                        for st in data["stations"]]
    return load_map_data(data)


def outer(network, card_at) -> float | None:
    sched = _schedule(card_at, network.total_windows)
    got, _ = outer_bound(network, RULES, sched.line_cards, [b for _, b in sched.free_rides])
    return got


def test_the_cards_before_each_transfer_allow_so_many_marks():
    # 3, T, (free ride), E2, T, 5: before the first transfer 3 marks, before the second
    # 3 + 1 + the ride + 2
    cards = [Card("number", 3), Card("transfer", 0), Card("express", 2),
             Card("transfer", 0), Card("number", 5)]
    assert transfer_caps(cards, [2]) == ([1, 3], [3, 7], 13)


@pytest.mark.parametrize("seed", ["b1", "b2", "b3", "b4"])
def test_the_outer_bound_on_a_map_without_special_stations_holds_the_brute_force(seed):
    # the bound caps the step model, so a bound below the true optimum would show as a
    # "proven" optimum below the brute force's
    network = plain_tiny()
    card_at = cards_of(seed)
    best = brute_force(network, card_at)
    bound = outer(network, card_at)
    assert bound is not None and best <= bound <= ceiling(
        network, _schedule(card_at, network.total_windows).line_cards)
    got = prove(network, RULES, ["solo"], 0, card_at, seed, None, 30)
    assert got.proven and got.optimum == got.bound == best


def ring_tiny() -> Network:
    """The tiny map without its special station, its ring with two windows and line A
    with one (more of the game on the ring)."""
    data = read_mapping(TINY)
    data["stations"] = [{k: v for k, v in st.items() if k != "special"}
                        for st in data["stations"]]
    data["lines"][0]["windows"], data["lines"][2]["windows"] = 1, 2
    return load_map_data(data)


@pytest.mark.parametrize(("ring", "seed"), [(False, "b1"), (False, "b2"), (False, "b3"),
                                            (False, "b4"), (True, "b5"), (True, "b6"),
                                            (True, "b7"), (True, "b8")])
def test_the_outer_bound_with_the_measured_constraints_holds_the_brute_force(
        ring: bool, seed: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # RUNS and IN_TIME are off (docs/performance.md, the sixth pass); on, they must still
    # bound every game
    monkeypatch.setattr(outer_bound_module, "RUNS", True)
    monkeypatch.setattr(outer_bound_module, "IN_TIME", True)
    network = ring_tiny() if ring else plain_tiny()
    card_at = cards_of(seed)
    bound = outer(network, card_at)
    assert bound is not None and brute_force(network, card_at) <= bound


@pytest.mark.parametrize(("map_id", "seed"), [("berlin", "o1"), ("berlin", "o2"),
                                              ("amsterdam", "o3"), ("amsterdam", "o4")])
def test_no_game_scores_above_the_outer_bound(map_id, seed):
    network = bundled_map(map_id)
    card_at = cards_of(seed)
    bound = outer(network, card_at)
    assert bound is not None
    for n in range(3):
        _, total = random_plan(network, seed, f"{seed}/{n}")
        assert total <= bound


# plans the solver found and the engine scored (docs/performance.md, issue 37): a bound
# below one of them would be a bug
KNOWN_PLANS = [("berlin", "sim-0", 68), ("berlin", "sim-12", 74), ("berlin", "sim-13", 74),
               ("berlin", "an-2", 70), ("amsterdam", "sim-0", 61), ("amsterdam", "sim-1", 67),
               ("amsterdam", "sim-2", 51)]


@pytest.mark.parametrize(("map_id", "seed", "plan"), KNOWN_PLANS)
def test_the_outer_bound_is_never_below_a_known_plan(map_id: str, seed: str,
                                                     plan: float) -> None:
    bound = outer(bundled_map(map_id), cards_of(seed))
    assert bound is not None and bound >= plan


def two_lines(map_id: str, a: list[int], b: list[int], a_windows: int) -> Network:
    """A test map of two lines, A (``a_windows`` windows) and B (one window), crossing where
    their station lists share a station."""
    stations = sorted(set(a) | set(b))
    return load_map_data({
        "format": "scorepad/vv-map@1", "id": map_id, "name": map_id.capitalize(),
        "note": "A test.",
        "stations": [{"id": i, "x": i, "y": 0 if i in a else 1} for i in stations],
        "lines": [{"id": "A", "color": "#e3000f", "windows": a_windows, "bonus": [5, 3],
                   "stations": a},
                  {"id": "B", "color": "#0066b3", "windows": 1, "bonus": [4, 2],
                   "stations": b}]})


def crossing_map() -> Network:
    """Line A 1 2 3 4 5 (one window), line B 6 3 (one window): B's mark on 3 splits A."""
    return two_lines("crossing", [1, 2, 3, 4, 5], [6, 3], 1)


@pytest.mark.parametrize(("kind", "best"), [("number", 3.5), ("express", 9)])
def test_a_number_cards_crosses_are_one_run_in_the_outer_bound(kind: str, best: float
                                                               ) -> None:
    # a 2 and a 4 (number or express): with a plain 4 on A, B's 3 stops it (B first) or A
    # leaves 5 empty (A first); only an express jumps 3 to complete both lines
    network = crossing_map()
    cards = [Card("number", 2), Card(kind, 4)]
    card_at = cards.__getitem__  # the cards in order, as the schedule asks for them
    assert brute_force(network, card_at) == best
    assert outer(network, card_at) == best


def split_map() -> Network:
    """Line A 1…9 (two windows), line B 10 5 (one window): B's mark on 5 splits A into two
    stretches of 4."""
    return two_lines("split", list(range(1, 10)), [10, 5], 2)


def late_map() -> Network:
    """Line A 1 2 3 (two windows), line B 4 2 (one window): station 2 on both."""
    return two_lines("late", [1, 2, 3], [4, 2], 2)


#: The outer bound's constraints that are off by default, each with a worked example where
#: it is exact and the bound without it is not: its switch, the map, the cards, the brute
#: force's optimum and the bound without it.
#: RUNS: a 3, a 5 and a 3 on ``split``: both lines complete would need A's cards (5 and 3)
#: to cross the two stretches of 4 that B's mark on 5 leaves, which their values pooled
#: allow (8) and one run a card does not; without B on 5, A's 8 crosses leave one of its 9
#: empty (3.5: B complete, one of A's stations empty; 9 without RUNS).
#: IN_TIME: a 3, a transfer, a 3 on ``late``: the transfer on 2 (two lines) needs A's 3 to
#: stop at 1, and A's last window is the transfer's, so 3 stays empty (B complete, 4 + 4 -
#: 0.5), or A's 3 crosses all three (both lines complete, the transfer on 4: 5 + 4 + 2).
#: Letting the first 3 cross station 3 after the transfer would give both and 4 points more.
SWITCHED = [
    ("RUNS", split_map, [Card("number", 3), Card("number", 5), Card("number", 3)], 3.5, 9),
    ("IN_TIME", late_map, [Card("number", 3), Card("transfer", 0), Card("number", 3)], 11,
     13),
]


@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize(("switch", "make", "cards", "best", "without"), SWITCHED,
                         ids=[case[0] for case in SWITCHED])
def test_a_switched_constraint_makes_the_outer_bound_exact_where_it_was_not(
        switch: str, make: Callable[[], Network], cards: list[Card], best: float,
        without: float, on: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    card_at = cards.__getitem__  # the cards in order, as the schedule asks for them
    for other, _, _, _, _ in SWITCHED:  # each example is one constraint's alone
        monkeypatch.setattr(outer_bound_module, other, on and other == switch)
    assert brute_force(network := make(), card_at) == best
    assert outer(network, card_at) == (best if on else without)


def test_maps_with_special_stations_get_no_outer_bound():
    assert outer(bundled_map("paris"), cards_of("o5")) is None


def run_json(runner, *args):
    result = runner.invoke(root, ["vv", "analyse", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_analyse_a_seed_reports_the_proven_optimum_and_writes_its_log(runner, tmp_path):
    log = tmp_path / "best.yaml"
    data = run_json(runner, "--seed", "b1", "--map", str(TINY), "--budget", "10", "--rollouts",
                    "2", "--log", str(log))
    assert data["proven"] and data["optimum"] == data["bound"] >= data["best"]
    assert data["solver"] == "proven" and data["optimum_play"]
    check = runner.invoke(root, ["vv", "check", str(log)])
    assert check.exit_code == 0, check.output
    score = runner.invoke(root, ["vv", "score", str(log), "--json"])
    assert json.loads(score.stdout)["players"][0]["total"] == data["optimum"]
    text = runner.invoke(root, ["vv", "analyse", "--seed", "b1", "--map", str(TINY),
                                "--budget", "10", "--rollouts", "2"])
    assert f"Best possible: {data['optimum']:g} (proven)." in text.stdout
    first = data["optimum_play"][0]
    assert f"round 1 (card {first['card']}): {first['move']['line']}" in text.stdout


def test_a_bound_not_met_is_said_as_at_most(runner):
    data = run_json(runner, "--seed", "an-1", "--map", "berlin", "--budget", "2",
                    "--rollouts", "1")
    assert data["optimum"] >= data["best"]
    assert data["bound"] is None or data["bound"] >= data["optimum"]
    assert data["proven"] == (data["bound"] == data["optimum"])
    result = runner.invoke(root, ["vv", "analyse", "--seed", "an-1", "--map", "berlin",
                                  "--budget", "2", "--rollouts", "1"])
    if not data["proven"] and data["bound"] is not None:
        assert f"at most {data['bound']:g}" in result.stdout
    assert "The plays of that plan:" in result.stdout


def test_a_players_plan_in_a_game_with_others_replays_exactly(runner, tmp_path):
    logs = tmp_path / "logs"
    result = runner.invoke(root, ["vv", "simulate", "berlin", "-n", "1", "-p", "3", "--logs",
                                  str(logs), "--jobs", "1", "-s", "mp"])
    assert result.exit_code == 0, result.output
    game = next(logs.glob("game-*.yaml"))
    out = tmp_path / "best.yaml"
    data = run_json(runner, str(game), "--player", "P2", "--rollouts", "1", "--budget", "3",
                    "--log", str(out))
    assert data["optimum"] >= max(data["best"], data["score"])
    assert data["bound"] is None or data["bound"] >= data["optimum"]
    written = yaml.safe_load(out.read_text())
    logged = yaml.safe_load(game.read_text())
    # the others repeat their logged moves
    for mine, theirs in zip(written["rounds"], logged["rounds"], strict=False):
        assert {k: v for k, v in mine.get("moves", {}).items() if k != "P2"} == \
            {k: v for k, v in theirs.get("moves", {}).items() if k != "P2"}
    score = runner.invoke(root, ["vv", "score", str(out), "--json"])
    totals = {p["name"]: p["total"] for p in json.loads(score.stdout)["players"]}
    assert totals["P2"] == data["optimum"]


def test_without_the_solver_the_search_still_answers(runner, monkeypatch, tmp_path):
    for name in ("ortools", "ortools.sat", "ortools.sat.python"):
        monkeypatch.setitem(sys.modules, name, None)
    result = runner.invoke(root, ["vv", "analyse", "--seed", "b1", "--map", str(TINY),
                                  "--rollouts", "2"])
    assert result.exit_code == 0, result.output
    assert "The best the search found for these cards:" in result.stdout
    assert "Install the solve extra" in result.stdout
    log = tmp_path / "search.yaml"
    data = run_json(runner, "--seed", "b1", "--map", str(TINY), "--rollouts", "2", "--log",
                    str(log))
    assert (data["optimum"], data["bound"], data["proven"], data["solver"]) == (
        None, None, False, "missing")
    # --log writes the search's best game then
    score = runner.invoke(root, ["vv", "score", str(log), "--json"])
    assert json.loads(score.stdout)["players"][0]["total"] == data["best"]


def lns_setup(map_id: str, seed: str):
    """The solver's model of a seed's solo game, a random plan as its start (a whole
    solution of the model) and the engine's score of a solution, for the
    large-neighbourhood search."""
    network = tiny() if map_id == "tiny" else bundled_map(map_id)
    map_ref = str(TINY) if map_id == "tiny" else map_id
    card_at = cards_of(seed)
    plan, total = random_plan(network, seed)
    builder = _Builder(network, RULES, card_at, [])
    model, read = builder.result()
    builder.hint(plan)
    session = milp.CpsatSession(model)
    start = session.complete(model.hint)
    assert start is not None

    def score(values: list[int]) -> float:
        state = replay_plan(network, RULES, ["solo"], 0, seed, map_ref, card_at,
                            read(values).rounds)
        return engine.final_total(network, RULES, state.core.sheets[0])

    return network, session, builder, start, total, score, read


@pytest.mark.parametrize(("map_id", "seed"), [("berlin", "l1"), ("paris", "l2")])
def test_the_neighbourhood_search_only_climbs_and_its_plan_replays(map_id, seed):
    # from a random plan (far below what the cards allow) a few seconds find better plans;
    # the plan returned is never below the start, and the engine scores it as reported
    network, session, builder, start, total, score, read = lns_setup(map_id, seed)
    assert score(start) == total
    top = ceiling(network, _schedule(cards_of(seed), network.total_windows).line_cards)
    got = improve(session, builder.step_vars(), start, score, top, 4.0)
    assert got.solves >= 1 and got.gains >= 1
    assert total < got.score == score(got.values) <= top
    rounds = read(got.values).rounds
    state = replay_plan(network, RULES, ["solo"], 0, seed, map_id, cards_of(seed), rounds)
    assert state.core.over and engine.final_total(
        network, RULES, state.core.sheets[0]) == got.score


def test_the_neighbourhood_search_stops_at_the_bound():
    # a start already at the bound given: nothing to search, the start comes back
    _, session, builder, start, total, score, _ = lns_setup("berlin", "l3")
    got = improve(session, builder.step_vars(), start, score, total, 30.0)
    assert got.values == start and got.score == total and got.solves == 0


def test_the_neighbourhood_search_keeps_the_start_when_the_engine_scores_lower():
    # a judge that scores every other plan below the start: whatever the model offers,
    # the start comes back (the model is never trusted over the engine)
    _, session, builder, start, total, _, _ = lns_setup("berlin", "l4")
    got = improve(session, builder.step_vars(), start,
                  lambda values: total if values == start else total - 1, 200.0, 2.0)
    assert got.solves >= 1 and got.gains == 0 and got.values == start


@pytest.mark.parametrize("seed", ["b1", "b2", "b3"])
@pytest.mark.parametrize("above", [0, 0.5, 2])
def test_plans_at_the_bound_never_lower_it_past_the_optimum(seed, above):
    # on the tiny map, a bound given at the brute force's optimum or above it: the levels
    # above the optimum are proven empty (the bound falls to the optimum, never below),
    # and the plan found at the optimum is scored there by the engine
    network, session, _, start, total, score, _ = lns_setup("tiny", seed)
    best = brute_force(network, cards_of(seed))
    assert total < best
    got = reach(session, start, score, best + above, 60.0)
    assert got.score == score(got.values) == got.bound == best


def test_plans_at_the_bound_keep_the_start_when_there_is_none():
    # a bound below the start's own score: nothing to find, the start and bound stay
    _, session, _, start, total, score, _ = lns_setup("tiny", "b1")
    got = reach(session, start, score, total, 60.0)
    assert got.values == start and got.bound == total and got.solves == 0


def test_a_budget_is_cpu_seconds():
    # the watch on the process's CPU stops the solver once the process has spent the
    # budget's CPU in it, and not before (a stand-in solver; the test spends the CPU)
    class Solver:
        stopped_at: float | None = None

        def stop_search(self) -> None:
            self.stopped_at = time.process_time()

    solver = Solver()
    began = time.process_time()
    with milp._CpuWatch(solver, 0.3):
        total = 0
        for i in range(10**9):
            total += i
            if solver.stopped_at is not None:
                break
    assert solver.stopped_at is not None and solver.stopped_at - began >= 0.3
