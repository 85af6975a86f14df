"""``engine.play_rounds`` (self-play's hot path) against the calls it stands for: reveal,
every player's ``play_turn``, ``end_round`` — the same states for the choosers, the same
final state, the same refusals, and no card drawn after the game's end."""

from __future__ import annotations

import itertools
import random

import pytest

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.voll_verplant.bots import BOTS
from scorepad.rules.voll_verplant.cards import card_stream, parse_card
from scorepad.rules.voll_verplant.engine import (
    GameState,
    end_round,
    new_game,
    play_rounds,
    play_turn,
    reveal,
)
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules


def _choosers(bot: str, players: int, seed: str, seen: list[GameState]):
    """One chooser per seat, all drawing from one seeded rng, recording what they see."""
    rng = random.Random(seed)
    choose = BOTS[bot]

    def asker(p: int):
        def ask(state: GameState):
            seen.append(state)
            return choose(state, p, rng)
        return ask

    return [asker(p) for p in range(players)]


def _cards(seed: str):
    rules = default_rules()
    return (card for card, _ in card_stream(seed, rules.deck, rules.shuffle_cards))


def _one_call_at_a_time(state: GameState, cards, choosers) -> GameState:
    for card in cards:
        state = reveal(state, card)
        for p, choose in enumerate(choosers):
            state = play_turn(state, p, choose)[0]
        state = end_round(state)[0]
        if state.over:
            break
    return state


@pytest.mark.parametrize("map_id", ["berlin", "madrid", "paris"])  # rings, special stations
@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_play_rounds_is_reveal_play_turn_end_round(map_id, players, bot):
    network, rules = bundled_map(map_id), default_rules()
    names = [f"P{i}" for i in range(players)]
    for k in range(4):
        seed = f"rounds-{k}"
        seen_fast: list[GameState] = []
        seen_slow: list[GameState] = []
        fast = play_rounds(new_game(network, rules, names), _cards(seed),
                           _choosers(bot, players, seed, seen_fast))
        slow = _one_call_at_a_time(new_game(network, rules, names), _cards(seed),
                                   _choosers(bot, players, seed, seen_slow))
        assert fast == slow and fast.over
        assert seen_fast == seen_slow  # every chooser saw the very same states


def test_no_card_is_drawn_after_the_end_and_the_limit_holds():
    network, rules = bundled_map("berlin"), default_rules()
    drawn = itertools.count()
    cards = (card for card in _cards("draws") if next(drawn) >= 0)
    state = play_rounds(new_game(network, rules, ["solo"]), cards,
                        _choosers("random", 1, "draws", []))
    assert state.over and next(drawn) == state.rounds  # one card a round, none more
    three = play_rounds(new_game(network, rules, ["solo"]), _cards("draws"),
                        _choosers("random", 1, "draws", []), limit=3)
    assert three.rounds == 3 and not three.over and three.card is None
    fresh = new_game(network, rules, ["solo"])
    assert play_rounds(fresh, iter(()), _choosers("random", 1, "draws", [])) is fresh


def test_play_rounds_refuses_what_reveal_and_end_round_refuse():
    network, rules = bundled_map("berlin"), default_rules()
    done = play_rounds(new_game(network, rules, ["solo"]), _cards("end"),
                       _choosers("random", 1, "end", []))
    with pytest.raises(RuleViolation) as err:
        play_rounds(done, _cards("more"), _choosers("random", 1, "more", []))
    assert err.value.rule == "game-over"
    revealed = reveal(new_game(network, rules, ["solo"]), parse_card(4))
    with pytest.raises(RuleViolation) as err:
        play_rounds(revealed, _cards("x"), _choosers("random", 1, "x", []))
    assert err.value.rule == "one-card-per-round"
    with pytest.raises(RuleViolation) as err:  # a seat without a chooser never moves
        play_rounds(new_game(network, rules, ["Ann", "Bob"]), _cards("x"),
                    _choosers("random", 1, "x", []))
    assert err.value.rule == "every-player-moves"


@pytest.mark.parametrize("map_id", ["berlin", "madrid"])
@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_asked_with_rng_play_the_same_rounds_as_their_seats(map_id, players, bot):
    """``rng=``: the bots themselves, asked as ``bot(state, p, rng)`` (self-play's path),
    give the very states the per-seat choosers give, follow-ups included."""
    network, rules = bundled_map(map_id), default_rules()
    names = [f"P{i}" for i in range(players)]
    for k in range(4):
        seed = f"bots-{k}"
        seen: list[GameState] = []
        direct = play_rounds(new_game(network, rules, names), _cards(seed),
                             [BOTS[bot]] * players, rng=random.Random(seed))
        seated = play_rounds(new_game(network, rules, names), _cards(seed),
                             _choosers(bot, players, seed, seen))
        assert direct == seated and direct.over and seen
