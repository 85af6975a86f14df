"""Engine invariants under any sequence of legal moves (hypothesis), and replay of
simulated games through the command line."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from vv_helpers import TINY, tiny

from scorepad.io import dump_yaml
from scorepad.main import root
from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.voll_verplant.cards import parse_card
from scorepad.rules.voll_verplant.engine import (
    apply,
    apply_step,
    end_round,
    legal_steps,
    map_tables,
    new_game,
    open_lines,
    reveal,
)
from scorepad.rules.voll_verplant.replay import marked_sheets
from scorepad.rules.voll_verplant.ruleset import default_rules

CARDS = ["3", "4", "5", "6", "E2", "E3", "T", "F"]


def _full_move(state, player, card, pick):
    """A legal step plus follow-ups, each chosen by ``pick(n)`` among the legal options."""
    net, rules = state.network, state.rules
    sheet = state.sheets[player]
    steps = legal_steps(net, sheet, card, rules)
    step = steps[pick(len(steps))]
    sheet, pending = apply_step(net, rules, sheet, card, step)
    pending = list(pending)
    then = []
    while pending:
        pending.pop(0)
        options = [m for m in legal_steps(net, sheet, card, rules) if m.line != -1]
        if not options:
            continue
        follow = options[pick(len(options))]
        then.append(follow)
        sheet, more = apply_step(net, rules, sheet, card, follow)
        pending.extend(more)
    return step._replace(then=tuple(then))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(CARDS), st.lists(st.integers(0, 10_000),
                                                           min_size=8, max_size=8)),
                min_size=1, max_size=20),
       st.integers(1, 3))
def test_legal_moves_keep_the_invariants(rounds, players):
    net = tiny()
    state = new_game(net, default_rules(), [f"P{i}" for i in range(players)])
    for code, picks in rounds:
        if state.over:
            break
        card = parse_card(code)
        before = state.sheets
        state = reveal(state, card)
        for p in range(players):
            it = iter(picks)
            state = apply(state, p, _full_move(state, p, card, lambda n, it=it: next(it, 0) % n))
        state, _ = end_round(state)
        for old, new in zip(before, state.sheets, strict=True):
            assert old.marked & new.marked == old.marked  # marks only grow
            assert all(u <= line.windows for u, line in zip(new.used, net.lines, strict=True))
            assert all(len(e) == u for e, u in zip(new.entries, new.used, strict=True))
            # the open lines the engine keeps are those with a free window, and its
            # count of free windows is theirs
            assert new.open == sum(1 << line.index for line in net.lines
                                   if new.used[line.index] < line.windows)
            assert new.free == sum(line.windows - u for u, line in zip(new.used, net.lines,
                                                                      strict=True))
            assert open_lines(map_tables(net), new) == tuple(
                line.index for line in net.lines if new.open >> line.index & 1)
            assert (old.first | old.later) & ~(new.first | new.later) == 0  # bonuses stay
            assert new.first & new.later == 0
    for sheet in marked_sheets(state):
        s = sheet.score
        assert s.total == s.line_points + s.transfer_points - s.empty_penalty
        assert s.line_points == sum(v.points for v in s.lines.values())
        assert s.empty_stations == len(net.stations) - len(sheet.marked)
        assert set(sheet.transfers) <= sheet.marked


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4), st.sampled_from(["random", "greedy"]))
def test_simulated_game_log_replays_to_the_same_scores_through_the_cli(seed, players, bot):
    from click.testing import CliRunner

    net = tiny()
    game = play_game(net, default_rules(), [f"P{i}" for i in range(players)], bot, str(seed),
                     record=True)
    assert game.state.over
    log = game.log.model_copy(update={"map": str(TINY)})
    result = CliRunner().invoke(root, ["vv", "score", "-", "--json"],
                                input=dump_yaml(log.to_data()))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["finished"] is True
    expected = [sheet.score.total for sheet in marked_sheets(game.state)]
    assert [p["total"] for p in data["players"]] == expected
