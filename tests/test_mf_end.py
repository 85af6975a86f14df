"""Both game ends (the deck, a player's last diamond) with the ruleset's options, the round
structure of 2-, 3- and 4-player games, and ties."""

from __future__ import annotations

import pytest

from scorepad.play.mille_fiori.simulate import play_game
from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.mille_fiori.board import board
from scorepad.rules.mille_fiori.engine import (
    BONUS,
    OVER,
    PLAY,
    ROUND_END,
    SHIP,
    EndRound,
    Play,
    State,
    apply,
    arrange,
    setup,
)
from scorepad.rules.mille_fiori.ruleset import default_rules
from scorepad.rules.mille_fiori.scoring import breakdown, winner_names

B = board()
ANN, BOB, CID = 0, 1, 2
DISPLAY = ["populi/fish/1", "populi/fish/2", "populi/fish/3", "populi/fish/4"]


def ship_bot(state, player, cards, rng):
    """Plays every card as a ship move: the game can only end by the deck."""
    return cards[0], SHIP


@pytest.mark.parametrize(("players", "rounds", "turns", "display", "leftovers"), [
    (2, 10, 60, 9, 4),   # (109 - 9) / (2 × 5) rounds of 2 × 3 cards
    (3, 7, 84, 4, 3),    # (109 - 4) / (3 × 5) rounds of 3 × 4 cards
    (4, 5, 80, 9, 4),    # (109 - 9) / (4 × 5) rounds of 4 × 4 cards
])
def test_the_deck_ends_the_game(players, rounds, turns, display, leftovers):
    result = play_game(players, "deck-end", [ship_bot] * players, record=True)
    state = result.state
    assert state.finished and state.phase == OVER and state.ended_by == "deck"
    assert state.rounds_played == rounds and state.turns == turns
    log = result.log
    assert len(log["display"]) == display
    assert all(len(r["leftover"]) == leftovers for r in log["rounds"])
    names = log["players"]
    # the start player passes to the left every round
    assert [r["start"] for r in log["rounds"]] == [names[i % players] for i in range(rounds)]
    # and within a round play goes round the table from the start player
    first = log["rounds"][1]["turns"]
    assert [t["player"] for t in first[:players]] == names[1:] + names[:1]
    assert sum(state.diamonds) == 27 * players


def position(owners: dict[str, int], rules=None, **kw) -> State:
    state = setup(["Ann", "Bob", "Cid"], rules, display=[B.card(c) for c in DISPLAY])
    return arrange(state, {B.space(k): v for k, v in owners.items()}, **kw)


def play(state: State, player: int, card: str, space: str | None) -> State:
    return apply(state, Play(player, B.card(card), SHIP if space is None else B.space(space)))


def test_last_diamond_ends_the_game_after_the_whole_turn_chain_as_ship_moves():
    state = position({"workshops/7": BOB, "workshops/8": CID}, diamonds=[1, 25, 25],
                     to_move=ANN)
    state = play(state, ANN, "workshops/pigments/1", "workshops/0")
    assert state.diamonds[ANN] == 0 and state.phase == BONUS  # triangle 0-7-8
    assert any(e.kind == "end" for e in state.events)
    with pytest.raises(RuleViolation, match="Ann has no diamond left: only a ship move"):
        play(state, ANN, "populi/fish/1", "populi/7")
    state = play(state, ANN, "populi/fish/3", None)
    assert state.phase == OVER and state.finished and state.ended_by == "diamonds"
    assert state.ship[ANN] == 3
    with pytest.raises(RuleViolation, match="the game is over"):
        play(state, BOB, "trade/swan/1", None)


def test_last_diamond_option_round_lets_the_round_finish():
    rules = default_rules().with_overrides({"last_diamond_end": "round"})
    state = setup(["Ann", "Bob", "Cid"], rules)
    state = arrange(state, diamonds=[1, 27, 27], ships=[20, 20, 20])  # ship moves score 0
    state = play(state, ANN, "trade/swan/1", "trade/0/swan")
    assert state.phase == PLAY and not state.finished
    ships = ["trade/swan/2", "trade/swan/3", "trade/swan/4", "trade/swan/5", "trade/carafe/1",
             "trade/carafe/2", "trade/carafe/3", "trade/carafe/4", "trade/carafe/5",
             "trade/goblet/1", "trade/goblet/2"]
    for i, card in enumerate(ships, start=1):
        player = i % 3
        if player == ANN:
            with pytest.raises(RuleViolation, match="no diamond left"):
                play(state, ANN, card, "trade/4/" + card.split("/")[1])
        state = play(state, player, card, None)
    assert state.phase == ROUND_END and state.finished
    state = apply(state, EndRound(None))
    assert state.phase == OVER and state.ended_by == "diamonds"


def test_last_diamond_option_action_ends_before_the_bonus_card():
    rules = default_rules().with_overrides({"last_diamond_end": "action"})
    state = position({"workshops/7": BOB, "workshops/8": CID}, rules, diamonds=[1, 25, 25],
                     to_move=ANN)
    state = play(state, ANN, "workshops/pigments/1", "workshops/0")
    assert state.phase == OVER and state.ended_by == "diamonds"
    assert state.bonus_cards[ANN] == 0


def test_the_field_marker_can_take_the_last_diamond():
    owners = {"workshops/7": ANN, "workshops/8": ANN, "workshops/1": ANN}
    state = position(owners, diamonds=[2, 27, 27], to_move=ANN)
    state = play(state, ANN, "workshops/pigments/1", "workshops/2")
    assert state.category(ANN, "bonus_fields") == 20
    assert state.diamonds[ANN] == 0 and state.phase == OVER


def test_turn_order_and_round_length_are_enforced():
    state = setup(["Ann", "Bob"])
    with pytest.raises(RuleViolation, match="it is Ann's turn, not Bob's"):
        play(state, BOB, "trade/swan/1", None)
    for i in range(5):  # swans on rows 0-4, then a carafe: no trade bonus on the way
        state = play(state, i % 2, f"trade/swan/{i + 1}", f"trade/{i}/swan")
    state = play(state, BOB, "trade/carafe/1", "trade/0/carafe")
    assert state.phase == ROUND_END and state.to_move == BOB  # 2 players × 3 cards
    state = play(state, BOB, "trade/carafe/2", None)  # the next round: Bob starts
    assert state.round == 1 and state.turn == 1


@pytest.mark.parametrize(("ties", "ranks"), [("shared", [1, 1, 3]), ("ship", [2, 1, 3])])
def test_ties_shared_or_broken_by_the_ship(ties, ranks):
    rules = default_rules().with_overrides({"ties": ties})
    state = setup(["Ann", "Bob", "Cid"], rules)
    state = arrange(state, ships=[2, 6, 0], to_move=ANN)
    state = play(state, ANN, "trade/swan/1", "trade/0/swan")        # Ann 1
    state = play(state, BOB, "workshops/quartz/1", "workshops/7")   # Bob 1
    scores = breakdown(state)
    assert [s.rank for s in scores] == ranks
    assert winner_names(scores) == [n for n, r in zip(["Ann", "Bob", "Cid"], ranks,
                                                      strict=True) if r == 1]
