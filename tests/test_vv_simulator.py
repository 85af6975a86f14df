"""The fast simulator against the rules engine: the same games, sheets and scores.

The simulator (:mod:`scorepad.play.voll_verplant.simulator`) plays self-play on ints and
tables; the engine, behind the game protocol (``GAMES["voll-verplant"]``), is the rules.
Here random maps, every ruleset option and every bot play the same seeded game both ways:
the protocol is driven step by step (its chance steps deal the seed's cards, every step is
checked), the engine bots choose on its state, and the final sheets, rounds, first
bonuses and scores must be the simulator's.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.play.voll_verplant.bots import greedy_bot, random_bot
from scorepad.play.voll_verplant.simulate import final_totals, play_game
from scorepad.play.voll_verplant.simulator import (
    GREEDY,
    RANDOM,
    SimState,
    deal,
    play_seeded,
    random_solo_games,
    random_solo_results,
    run_rounds,
    sim_map,
)
from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.voll_verplant import engine
from scorepad.rules.voll_verplant.game import GAME
from scorepad.rules.voll_verplant.maps import Network, bundled_map, load_map_data
from scorepad.rules.voll_verplant.replay import step_data
from scorepad.rules.voll_verplant.ruleset import VVRules, default_rules

LETTERS = "ABCDEFGHIJ"


@st.composite
def maps(draw: st.DrawFn) -> Network:
    """A random valid map: 4-24 stations, 2-7 lines (rings, shared stations, specials)."""
    count = draw(st.integers(4, 24))
    ids = list(range(1, count + 1))
    lines = []
    used: set[int] = set()
    for k in range(draw(st.integers(2, 7))):
        ring = draw(st.booleans()) and draw(st.booleans())
        stations = draw(st.lists(st.sampled_from(ids), min_size=3 if ring else 1,
                                 max_size=min(count, 12), unique=True))
        later = draw(st.integers(0, 6))
        lines.append({"id": LETTERS[k], "color": f"#{k:06x}", "windows": draw(st.integers(1, 4)),
                      "bonus": [later + draw(st.integers(0, 4)), later], "stations": stations,
                      "ring": ring})
        used.update(stations)
    specials = draw(st.sets(st.sampled_from(sorted(used)), max_size=3))
    stations = [{"id": i, "x": i % 5, "y": i // 5, "special": i in specials}
                for i in sorted(used)]
    return load_map_data({"format": "scorepad/vv-map@1", "id": "random", "name": "Random",
                          "stations": stations, "lines": lines})


CARD_CODES = [3, 4, 5, 6, "E2", "E3", "T", "F"]


@st.composite
def rulesets(draw: st.DrawFn) -> VVRules:
    """Every option drawn; the deck the bundled one or a custom one (with or without a
    shuffle card; never free rides alone, which would not end a game)."""
    options: dict[str, Any] = {
        "free_ride_may_decline": draw(st.booleans()),
        "special_on_free_ride": draw(st.booleans()),
        "special_chains": draw(st.booleans()),
        "game_end": draw(st.sampled_from(["all_full", "any_full"])),
        "empty_rounding": draw(st.sampled_from(["exact", "down", "up"])),
    }
    if draw(st.booleans()):
        deck = draw(st.lists(st.sampled_from(CARD_CODES), min_size=1, max_size=10))
        deck.append(draw(st.sampled_from(CARD_CODES[:-1])))
        options["deck"] = deck
        options["shuffle_cards"] = draw(st.lists(st.sampled_from(deck), max_size=2))
    return default_rules().with_overrides(options)


BOTS = {"random": random_bot, "greedy": greedy_bot}


def engine_game(network: Network, rules: VVRules, players: int, bot: str, seed: str) -> Any:
    """The seeded game through the game protocol: the seed's cards as chance steps, each
    seat's steps (the engine bot's choice, in the log's notation) until it owes none."""
    names = [f"P{i + 1}" for i in range(players)]
    state = GAME.new(names, seed=seed, rules=rules, map=network)
    rng = seeded_rng(f"{seed}/bot")
    rounds = 0
    while not GAME.is_over(state):
        assert rounds < 400
        (card_code,) = GAME.legal_moves(state, None)
        state = GAME.apply(state, None, card_code)
        rounds += 1
        card = state.core.card
        for seat, name in enumerate(names):
            while name in GAME.to_move(state):
                step = BOTS[bot](state.core, seat, rng)
                state = GAME.apply(state, name, step_data(network, card, step))
    return state


def assert_same(network: Network, rules: VVRules, players: int, bot: str, seed: str) -> None:
    state = engine_game(network, rules, players, bot, seed)
    sim = play_seeded(network, rules, [f"P{i + 1}" for i in range(players)],
                      GREEDY if bot == "greedy" else RANDOM, seed)
    core = state.core
    assert sim.rounds == core.rounds == len(state.cards)
    assert sim.over and core.over
    assert sim.first_taken == core.first_taken
    assert [sim.sheet(p) for p in range(players)] == list(core.sheets)
    sm = sim_map(network)
    totals = [sim.total(sm, rules, p) for p in range(players)]
    assert totals == [p["total"] for p in GAME.score(state)["players"]]
    assert totals == final_totals(sim.game_state(network, rules, core.players))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps(), rulesets(), st.integers(1, 4), st.sampled_from(["random", "greedy"]),
       st.text("abcxyz0123-", min_size=1, max_size=8))
def test_the_simulator_plays_the_engines_games(network, rules, players, bot, seed):
    assert_same(network, rules, players, bot, seed)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps(), rulesets(), st.sampled_from([0.15, 0.5]),
       st.text("abcxyz0123-", min_size=1, max_size=8))
def test_the_exploring_rollouts_play_legal_games(network, rules, explore, seed):
    """Greedy with another step now and then (the search's rollouts): every step the
    simulator recorded is legal in the engine, and the engine's sheet and total after them
    are the simulator's."""
    sm = sim_map(network)
    made: list = []
    sim = run_rounds(sm, rules, SimState(sm, 1), deal(sm, rules, seed), seeded_rng(seed),
                     GREEDY, explore=explore, me=0, made=made)
    state = engine.new_game(network, rules, ["P1"])
    steps = iter(made)
    for _ in range(sim.rounds):
        index, card, step = next(steps)
        state = engine.reveal(state, card)
        while engine.owes(state, 0):
            assert index == state.rounds
            state = engine.play_step(state, 0, step).state
            if engine.owes(state, 0):
                index, _, step = next(steps)
        state = engine.end_round(state)[0]
    assert next(steps, None) is None
    assert state.sheets[0] == sim.sheet(0) and state.over
    assert engine.final_total(network, rules, state.sheets[0]) == sim.total(sm, rules, 0)


def test_bundled_maps_every_bot_and_seat_count():
    """Each bundled map (rings, special stations) with both bots, solo and at a table."""
    for map_id in ("amsterdam", "berlin", "paris", "madrid"):
        for players in (1, 3):
            for bot in ("random", "greedy"):
                assert_same(bundled_map(map_id), default_rules(), players, bot, f"d-{map_id}")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maps(), rulesets(), st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=4))
def test_simulates_random_solo_games_as_the_engine_plays_them(network, rules, seeds):
    """``vv simulate``'s random solo loop (its cards shuffled ahead for many seeds at once)
    gives each seed's game as the engine plays it: total, empty stations, rounds."""
    import random

    results = list(random_solo_results(network, rules, seeds,
                                       (random.Random(), random.Random())))
    assert len(results) == len(seeds)
    for seed, (total, empty, rounds) in zip(seeds, results, strict=True):
        state = engine_game(network, rules, 1, "random", seed)
        (scored,) = GAME.score(state)["players"]
        assert (total, rounds) == (scored["total"], state.core.rounds)
        assert empty == (network.all_mask & ~state.core.sheets[0].marked).bit_count()


def test_random_solo_is_the_general_loop():
    """The flat solo loop of random self-play against the general loop, on a special map."""
    network = bundled_map("madrid")
    sm = sim_map(network)
    for i in range(20):
        rules = default_rules()
        flat = next(random_solo_games(sm, rules, SimState(sm, 1),
                                      [(deal(sm, rules, f"f-{i}"), seeded_rng(f"f-{i}/bot"))]))
        general = run_rounds(sm, rules, SimState(sm, 1), deal(sm, rules, f"f-{i}"),
                             seeded_rng(f"f-{i}/bot"), RANDOM)
        assert flat.sheet(0) == general.sheet(0) and flat.rounds == general.rounds


def test_play_game_goes_through_the_simulator_and_records_through_the_engine():
    """Unrecorded games come from the simulator, recorded ones (logs) from the engine: the
    same game either way."""
    network = bundled_map("paris")
    for bot in ("random", "greedy"):
        fast = play_game(network, default_rules(), ["A", "B"], bot, "pg")
        logged = play_game(network, default_rules(), ["A", "B"], bot, "pg", record=True)
        assert fast.log is None and logged.log is not None
        assert fast.state.sheets == logged.state.sheets
        assert final_totals(fast.state) == final_totals(logged.state)
