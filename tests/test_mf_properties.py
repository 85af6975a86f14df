"""Property tests over whole bot games: the books balance, the legal-space listing agrees
with the rule check, and every game's log replays to the same scores through the CLI."""

from __future__ import annotations

import json
import random

import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.main import root
from scorepad.play.mille_fiori.bots import draft_of, greedy_bot, random_bot
from scorepad.play.mille_fiori.simulate import play_game
from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.mille_fiori.board import AREAS, board
from scorepad.rules.mille_fiori.engine import check_place, legal_spaces
from scorepad.rules.mille_fiori.game import replay_data
from scorepad.rules.mille_fiori.scoring import breakdown

B = board()
games = st.tuples(st.integers(0, 10**9), st.sampled_from([2, 3, 4]),
                  st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4))
BOTS = {"random": random_bot, "greedy": greedy_bot}


def run(game: tuple[int, int, list[str]]):
    seed, players, bots = game
    return play_game(players, seed, [BOTS[b] for b in bots[:players]], record=True)


@settings(max_examples=30, deadline=None)
@given(games)
def test_a_bot_games_books_balance(game):
    result = run(game)
    state = result.state
    n = state.players
    assert state.finished and state.ended_by in ("deck", "diamonds")
    scores = breakdown(state)
    for p, s in enumerate(scores):
        assert s.total == sum(s.areas.values()) + s.ship + s.bonus_fields + s.empty_display
        assert s.total == state.total(p)
        # every diamond is on the board, on a field, or still in the supply
        on_board = state.owner.count(p)
        markers = bin(state.claimed[p]).count("1")
        assert on_board + markers + state.diamonds[p] == 27
        assert 0 <= state.ship[p] <= 20
    # the fields paid their values in order: 20, then 15 ...
    paid = sum(sum(B.field_values[:state.field_taken[a]]) for a in range(len(AREAS)))
    assert sum(s.bonus_fields for s in scores) == paid
    assert all(taken <= n for taken in state.field_taken)
    # no card seen more often than the deck holds
    assert all(seen <= count for seen, count in zip(state.seen, B.card_count, strict=True))
    # the replayed log ends in the same place, and its events add up to the totals
    rep = replay_data(result.log)
    assert rep.state.points == state.points and rep.state.owner == state.owner
    received = [0] * n
    for record in rep.turns:
        for event in record.events:
            if event.player >= 0:
                received[event.player] += event.points
    assert received == [s.total for s in scores]


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 73))
def test_listed_spaces_are_exactly_the_spaces_the_rules_allow(game, card):
    rep = replay_data(run(game).log)
    for record in rep.turns[::7]:
        state = record.state
        for player in range(state.players):
            listed = set(legal_spaces(state, player, card))
            allowed = set()
            for space in range(B.spaces):
                try:
                    check_place(state, player, card, space)
                except RuleViolation:
                    continue
                allowed.add(space)
            assert listed == allowed


@settings(max_examples=8, deadline=None)
@given(game=games)
def test_a_games_log_replays_to_the_same_scores_through_the_cli(game, tmp_path_factory):
    result = run(game)
    path = tmp_path_factory.mktemp("mf") / "game.yaml"
    path.write_text(yaml.safe_dump(result.log, sort_keys=False))
    out = CliRunner().invoke(root, ["mf", "score", "--json", str(path)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["finished"] is True
    for got, want in zip(data["players"], breakdown(result.state), strict=True):
        assert got["total"] == want.total and got["areas"] == want.areas
        assert (got["ship"], got["bonus_fields"], got["empty_display"]) == (
            want.ship, want.bonus_fields, want.empty_display)
    assert CliRunner().invoke(root, ["mf", "check", str(path)]).exit_code == 0


MIDGAME = [record.state for record in replay_data(
    play_game(4, "mid", [random_bot] * 4, record=True).log).turns]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.lists(st.integers(0, 73), min_size=1, max_size=5),
       st.sampled_from(["random", "greedy"]), st.integers(0, len(MIDGAME) - 1))
def test_a_bots_draft_keeps_its_bot_calls_card_and_draws(seed, hand, bot_name, when):
    # the draft simulate uses must not change a seed's games: same card, same draws after
    bot, state = BOTS[bot_name], MIDGAME[when]
    player = max(state.to_move, 0)
    called, drafted = random.Random(seed), random.Random(seed)
    assert draft_of(bot)(state, player, hand, drafted) == bot(state, player, hand, called)[0]
    assert drafted.random() == called.random()


def test_a_bot_game_leaves_no_events_and_its_replay_explains_the_same_points():
    result = play_game(3, "quiet", [random_bot] * 3, record=True)
    assert result.state.events == ()
    rep = replay_data(result.log)
    assert rep.state.points == result.state.points
    assert any(event.why for record in rep.turns for event in record.events)
