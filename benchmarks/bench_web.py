"""``scorepad serve`` under load on loopback: 50 tables × 6 phones, 1,000 steps of real
6-player Voll verplant games on Berlin (the host's state holds six sheets).

Targets (the browser issue): a step reaches every phone within 200 ms (p99); the
server's memory stays flat over the 1,000 steps. See :mod:`web_load` for the method.
"""

from __future__ import annotations

from timing import verdict
from web_load import load

GAMES, PHONES, STEPS = 50, 6, 1000
#: Memory growth allowed over the steps after warm-up: the sessions keep every state for
#: undo (about 1.5 kB a toy step), anything more would be a leak.
FLAT_MB = 5.0


def main() -> list[str]:
    figures = load(GAMES, PHONES, STEPS, rate=50.0, kind="voll-verplant")
    growth = figures["rss_end_mb"] - figures["rss_warm_mb"]
    return [
        f"{GAMES} tables x {PHONES} phones (6-player Voll verplant, Berlin), {STEPS} steps at {figures['steps_per_s']:.0f}/s: "
        f"step to every phone p50 {figures['p50_ms']:.0f} ms, p99 {figures['p99_ms']:.0f} ms, "
        f"max {figures['max_ms']:.0f} ms (target p99 <= 200 ms: "
        f"{verdict(figures['p99_ms'], 200, higher_is_better=False)})",
        f"server CPU per step (7 views with the sheets, JSON, the log saved): "
        f"{figures['server_cpu_ms_per_step']:.1f} ms (the load client's: "
        f"{figures['client_cpu_ms_per_step']:.1f} ms)",
        f"server memory {figures['rss_warm_mb']:.1f} MB after {STEPS // 10} steps, "
        f"{figures['rss_end_mb']:.1f} MB after {STEPS} (+{growth:.1f} MB; flat within "
        f"{FLAT_MB:.0f} MB: {verdict(growth, FLAT_MB, higher_is_better=False)})",
    ]
