"""``scorepad serve`` under load on loopback: 50 tables × 6 phones, 1,000 steps of real
6-player Voll verplant games on Berlin (the host's state holds six sheets).

Targets (the browser issue): a step reaches every phone within 200 ms (p99); the
server's memory stays flat over the 1,000 steps. See :mod:`web_load` for the method (one
client process of raw event-stream readers, the server and the client on their own
cores, the server's CPU from its own process's counters) and ``docs/web.md``.

Run alone, on a quiet machine: ``make bench-web`` (``python benchmarks/run.py web``).
"""

from __future__ import annotations

from timing import verdict
from web_load import load

GAMES, PHONES, STEPS = 50, 6, 1000
#: Memory growth allowed over the steps after warm-up: the sessions keep every state for
#: undo (about 1.5 kB a toy step), anything more would be a leak.
FLAT_MB = 5.0


def client_bound(figures: dict[str, float]) -> str:
    """Whether the latencies measure the server: the client neither near a core nor late
    on its own timers by 10 ms or a tenth of the p99, and no other process taking more than a
    quarter of a core (a busy machine delays the server and the client as much). The
    server's CPU per step holds either way: its own process counts it."""
    if figures["others_cores"] > 0.25:
        return (f"BUSY MACHINE: other processes used {figures['others_cores']:.1f} cores, "
                "these latencies measure the machine, run again quiet")
    lag = figures["loop_lag_p99_ms"]
    if figures["client_cpu_share"] > 0.8 or lag > max(10.0, 0.1 * figures["p99_ms"]):
        return "CLIENT-BOUND: these latencies measure the client, run again quiet"
    return "the latencies measure the server"


def main() -> list[str]:
    figures = load(GAMES, PHONES, STEPS, rate=50.0, kind="voll-verplant")
    growth = figures["rss_end_mb"] - figures["rss_warm_mb"]
    return [
        f"{GAMES} tables x {PHONES} phones (6-player Voll verplant, Berlin), "
        f"{STEPS} steps at {figures['steps_per_s']:.0f}/s: "
        f"step to every phone p50 {figures['p50_ms']:.0f} ms, p99 {figures['p99_ms']:.0f} ms, "
        f"max {figures['max_ms']:.0f} ms (target p99 <= 200 ms: "
        f"{verdict(figures['p99_ms'], 200, higher_is_better=False)})",
        f"server CPU per step (7 views with the sheets, JSON, the log saved): "
        f"{figures['server_cpu_ms_per_step']:.1f} ms, {100 * figures['server_cpu_share']:.0f}% "
        f"of a core",
        f"the load client: {figures['client_cpu_ms_per_step']:.1f} ms CPU per step, "
        f"{100 * figures['client_cpu_share']:.0f}% of a core, event-loop lag p99 "
        f"{figures['loop_lag_p99_ms']:.0f} ms; server and client on their own cores: "
        f"{'yes' if figures['pinned'] else 'no (one CPU)'} ({client_bound(figures)})",
        f"server memory {figures['rss_warm_mb']:.1f} MB after {STEPS // 10} steps, "
        f"{figures['rss_end_mb']:.1f} MB after {STEPS} (+{growth:.1f} MB; flat within "
        f"{FLAT_MB:.0f} MB: {verdict(growth, FLAT_MB, higher_is_better=False)})",
    ]
