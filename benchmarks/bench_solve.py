"""The solver of ``vv analyse`` as a yardstick: the best score each seed allows (proven, or
the best plan and the bound), and how far the bots stay from it.

Per seed (solo games ``sim-0``, ``sim-1``, … as ``vv simulate`` deals them): the greedy
bot's and the search bot's totals, the analysis search's best (8 rollouts a step), then
the solver from that plan with ``--budget`` seconds; the reported optimum is the engine's
total of the best plan. Prints one line a seed and a summary per map.

    python benchmarks/bench_solve.py                      # Berlin 50 seeds, 20 each other map
    python benchmarks/bench_solve.py --seeds 20 --others 5 --budget 10
    python benchmarks/bench_solve.py --backend highs      # the same model in HiGHS
    python benchmarks/bench_solve.py --floor              # CP-SAT only above the hint's value
    python benchmarks/bench_solve.py --names an-1,an-2,an-3 --maps berlin
    python benchmarks/bench_solve.py --lns-share 0 --portfolio 8   # other ways to search
    python benchmarks/bench_solve.py --beam-per-second 0 --reach-share 0.2

The budget is CPU seconds of the solver (CP-SAT's deterministic time at ``milp.DET_PER_CPU``
a CPU second, and a watch on the process's CPU); the clock's cap that guards a user on a
busy machine (``milp.WALL_CAP`` times the budget) is lifted here (``--wall-cap``), so a
loaded machine does not cut a seed's solve short.

The CPU figure is the process's CPU time for the solver's part (outer bound, model,
neighbourhood search, solve, replays), so it does not move with other work on the machine,
unlike its wall time. A seed counts as "proven within the target" (``--target``, 60 s by
default: the issue's) when its proof came within that much of it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from scorepad.play.voll_verplant import milp, solver
from scorepad.play.voll_verplant.analysis import _whole_moves
from scorepad.play.voll_verplant.optimum import prove
from scorepad.play.voll_verplant.search import best_play
from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.voll_verplant.cards import sequence
from scorepad.rules.voll_verplant.engine import final_totals, new_game
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
from scorepad.rules.voll_verplant.replay import to_move
from scorepad.rules.voll_verplant.ruleset import default_rules


def one_seed(map_id: str, seed: str, budget: float, backend: str) -> dict[str, Any]:
    """Every figure of one seed (see the module docstring)."""
    network, rules = bundled_map(map_id), default_rules()
    greedy = final_totals(play_game(network, rules, ["solo"], "greedy", seed).state)[0]
    bot_game = play_game(network, rules, ["solo"], "search", seed, record=True)
    search_bot = final_totals(bot_game.state)[0]
    found = best_play(new_game(network, rules, ["solo"]), 0, [], seed, 8)
    seq = sequence(seed, tuple(rules.deck), tuple(rules.shuffle_cards))
    known = [(card, move) for _, card, move in _whole_moves(found.steps)]
    if search_bot > found.total:  # the solver starts from the best game known
        assert bot_game.log is not None
        known = [(rnd.parsed_card, to_move(network, rnd.parsed_card, rnd.moves["solo"]))
                 for rnd in bot_game.log.rounds]
    cpu = time.process_time()
    got = prove(network, rules, ["solo"], 0, lambda r: seq.at(r)[0], seed, map_id, budget,
                known=known, backend=backend)
    cpu = time.process_time() - cpu
    return {"map": map_id, "seed": seed, "greedy": greedy, "search_bot": search_bot,
            "search": found.total, "optimum": got.optimum, "bound": got.bound,
            "proven": got.proven, "cpu": cpu}


def summary(rows: list[dict[str, Any]], target: float) -> str:
    """Proven share, gaps, CPU a seed, and the bots' mean distance from the optimum (the
    engine's total of the best plan: a lower bound of the true optimum, so the distances
    are at least these) and from the bound (at most these)."""
    n = len(rows)
    proven = sum(r["proven"] for r in rows)
    gaps = [r["bound"] - r["optimum"] for r in rows if r["bound"] is not None]
    within2 = sum(1 for g in gaps if g <= 2)
    fast = [r["proven"] and r["cpu"] <= target for r in rows]
    rest = [r["bound"] - r["optimum"] if r["bound"] is not None else float("inf")
            for r, ok in zip(rows, fast, strict=True) if not ok]

    def dist(key: str, to: str) -> float:
        return float(statistics.mean(r[to] - r[key] for r in rows if r[to] is not None))

    return (f"{rows[0]['map']}: {n} seeds, proven {proven} ({100 * proven / n:.0f} %), gap ≤ 2 "
            f"in {within2}, mean gap {statistics.mean(gaps) if gaps else float('nan'):.2f}, "
            f"max gap {max(gaps) if gaps else float('nan'):g}; "
            f"CPU a seed {statistics.mean(r['cpu'] for r in rows):.1f} s "
            f"(max {max(r['cpu'] for r in rows):.1f}); means: optimum "
            f"{statistics.mean(r['optimum'] for r in rows):.2f}, bound "
            f"{statistics.mean(r['bound'] for r in rows if r['bound'] is not None):.2f}, "
            f"analysis search {statistics.mean(r['search'] for r in rows):.2f}, search bot "
            f"{statistics.mean(r['search_bot'] for r in rows):.2f}, greedy "
            f"{statistics.mean(r['greedy'] for r in rows):.2f}; below the optimum (the bound): "
            f"search bot {dist('search_bot', 'optimum'):.2f} ({dist('search_bot', 'bound'):.2f}), "
            f"greedy {dist('greedy', 'optimum'):.2f} ({dist('greedy', 'bound'):.2f})\n"
            f"{rows[0]['map']}: proven within {target:g} s CPU: {sum(fast)} of {n} "
            f"({100 * sum(fast) / n:.0f} %); the rest's max gap "
            f"{max(rest) if rest else float('nan'):g}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="Berlin's seeds (default 50)")
    parser.add_argument("--others", type=int, default=20, help="seeds of each other map")
    parser.add_argument("--budget", type=float, default=60.0,
                        help="solver CPU seconds a seed (default 60)")
    parser.add_argument("--target", type=float, default=60.0,
                        help="a proof counts when within this much CPU (default 60)")
    parser.add_argument("--lns-share", type=float, default=solver.LNS_SHARE,
                        help="the neighbourhood search's share of the budget")
    parser.add_argument("--beam-per-second", type=float, default=solver.BEAM_PER_SECOND,
                        help="the beam search's games a round per budget second (0: off)")
    parser.add_argument("--reach-share", type=float, default=solver.REACH_SHARE,
                        help="the share of the budget for plans at the bound")
    parser.add_argument("--portfolio", type=int, default=milp.PORTFOLIO,
                        help="CP-SAT's subsolvers taking turns on one thread (0: one)")
    parser.add_argument("--backend", choices=("cpsat", "highs"), default="cpsat")
    parser.add_argument("--maps", default=",".join(BUNDLED_MAPS))
    parser.add_argument("--names", default="", help="seeds by name (comma-separated) instead")
    parser.add_argument("--wall-cap", type=float, default=30.0,
                        help="the solver's clock cap, times the budget (default 30)")
    parser.add_argument("--floor", action="store_true",
                        help="a floor at the hint's value on CP-SAT's objective (off)")
    args = parser.parse_args()
    milp.WALL_CAP = args.wall_cap
    milp.HINT_FLOOR = args.floor
    milp.PORTFOLIO = args.portfolio
    solver.LNS_SHARE = args.lns_share
    solver.BEAM_PER_SECOND = args.beam_per_second
    solver.REACH_SHARE = args.reach_share
    for map_id in args.maps.split(","):
        count = args.seeds if map_id == "berlin" else args.others
        names = args.names.split(",") if args.names else [f"sim-{i}" for i in range(count)]
        rows: list[dict[str, Any]] = []
        for name in names:
            row = one_seed(map_id, name, args.budget, args.backend)
            fast = row["proven"] and row["cpu"] <= args.target
            rows.append(row)
            print(f"  {map_id} {row['seed']}: greedy {row['greedy']:g}, search bot "
                  f"{row['search_bot']:g}, search {row['search']:g}, optimum "
                  f"{row['optimum']:g}, bound {row['bound']}, "
                  f"{'proven' if row['proven'] else 'open'}, {row['cpu']:.1f} s CPU"
                  f"{' (within the target)' if fast else ''}",
                  flush=True)
        if rows:
            print(summary(rows, args.target), flush=True)


if __name__ == "__main__":
    main()
