"""Bonus cards: each trigger, chains of bonus cards from the display, the empty display
(5 points), and the bonus rules a log or a player can break."""

from __future__ import annotations

from collections import defaultdict

import pytest

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.mille_fiori.board import board
from scorepad.rules.mille_fiori.engine import (
    BONUS,
    PLAY,
    SHIP,
    EmptyDisplay,
    EndRound,
    Play,
    State,
    apply,
    arrange,
    setup,
)

B = board()
ANN, BOB, CID = 0, 1, 2
FILLER = ["populi/fish/1", "populi/fish/2", "populi/fish/3", "populi/fish/4"]


def sp(text: str) -> int:
    return B.space(text)


def cards(*ids: str) -> list[int]:
    return [B.card(c) for c in ids]


def position(owners: dict[str, int] | None = None, display: list[str] | None = FILLER,
             **kw) -> State:
    shown = None if display is None else cards(*display)
    state = setup(["Ann", "Bob", "Cid"], display=shown)
    return arrange(state, {sp(k): v for k, v in (owners or {}).items()}, **kw)


def play(state: State, player: int, card: str, space: str | None) -> State:
    target = SHIP if space is None else sp(space)
    return apply(state, Play(player, B.card(card), target))


def gains(events) -> dict[tuple[int, str], int]:
    out: dict[tuple[int, str], int] = defaultdict(int)
    for e in events:
        if e.points:
            out[(e.player, e.kind)] += e.points
    return dict(out)


@pytest.mark.parametrize(("owners", "ships", "card", "space", "why"), [
    ({"workshops/7": BOB, "workshops/8": CID}, None, "workshops/pigments/1", "workshops/0",
     "bonus triangle 0-7-8 complete"),
    ({"residences/0": ANN, "residences/1": ANN}, None, "residences/-/1", "residences/2",
     "houses of 3 different values"),
    ({"nobili/7": BOB, "nobili/8": BOB, "nobili/9": CID, "nobili/3": CID, "nobili/4": BOB},
     None, "nobili/lion/1", "nobili/0", "top space nobili/0"),
    ({"trade/0/swan": BOB, "trade/1/swan": BOB}, None, "trade/swan/1", "trade/4/swan",
     "swan scoring gave another player more points"),
    ({}, [3, 0, 0], "trade/swan/4", None, "ship lands on 7"),
    ({}, [11, 0, 0], "trade/swan/5", None, "ship lands on 16"),
    ({}, [17, 0, 0], "trade/swan/5", None, "ship lands on 20"),
    ({"harbor/3/0": BOB}, [2, 0, 0], "harbor/-/5", "harbor/3/1", "ship lands on 7"),
])
def test_each_trigger_owes_a_bonus_card_from_the_display(owners, ships, card, space, why):
    state = position(owners, ships=ships, to_move=ANN)
    state = play(state, ANN, card, space)
    assert state.phase == BONUS and state.pending == ANN and state.to_move == ANN
    assert [e.why for e in state.events if e.kind == "bonus"] == [f"{why}: bonus card earned"]
    state = play(state, ANN, "populi/fish/2", "populi/9")  # any display card, any action
    assert state.phase == PLAY and state.to_move == BOB
    assert state.display == tuple(cards("populi/fish/1", "populi/fish/3", "populi/fish/4"))
    assert state.bonus_cards == (1, 0, 0)


def test_a_chain_of_four_bonus_cards_then_the_empty_display_pays_5():
    owners = {"workshops/7": BOB, "workshops/8": CID,                       # triangle 0-7-8
              "nobili/7": BOB, "nobili/8": CID, "nobili/9": CID,            # pyramid of nobili/0
              "nobili/3": BOB, "nobili/4": CID,
              "trade/0/goblet": BOB, "trade/1/goblet": BOB}                 # goblet column
    display = ["nobili/coin/1", "trade/goblet/2", "harbor/-/3", "populi/shell/1"]
    state = position(owners, display, ships=[4, 3, 0], to_move=ANN)
    # 1. pigments on 0: alone, ×2 = 2; triangle 0-7-8 complete → bonus card
    state = play(state, ANN, "workshops/pigments/1", "workshops/0")
    assert gains(state.events) == {(ANN, "workshops"): 2} and state.phase == BONUS
    # 2. coin card on the coin top nobili/0: 12; middles 3 (Bob) and 4 (Cid) get 3,
    #    bottoms 7 (Bob), 8 and 9 (Cid) get 1 each → a top: bonus card
    state = play(state, ANN, "nobili/coin/1", "nobili/0")
    assert gains(state.events) == {(ANN, "nobili"): 12, (BOB, "nobili"): 4, (CID, "nobili"): 5}
    assert state.phase == BONUS
    # 3. the third goblet: Ann 1 × 3 = 3, Bob 2 × 3 = 6 → Bob gets more → bonus card
    state = play(state, ANN, "trade/goblet/2", "trade/2/goblet")
    assert gains(state.events) == {(ANN, "trade"): 3, (BOB, "trade"): 6}
    assert state.phase == BONUS
    # 4. the harbor card as a ship move: 4 → 7 scores 0 but gives a bonus card
    state = play(state, ANN, "harbor/-/3", None)
    assert state.ship[ANN] == 7 and state.phase == BONUS
    # 5. the last display card: shell on the shell space populi/8 = 2, no bonus
    state = play(state, ANN, "populi/shell/1", "populi/8")
    assert gains(state.events) == {(ANN, "populi"): 2}
    assert state.phase == PLAY and state.display == () and state.bonus_cards[ANN] == 4
    assert state.total(ANN) == 2 + 12 + 3 + 2
    # Bob's ship 3 → 7 earns a bonus card, but the display is empty: 5 points instead
    state = play(state, BOB, "harbor/-/4", None)
    assert gains(state.events) == {(BOB, "empty_display"): 5}
    assert state.phase == PLAY and state.to_move == CID
    assert state.total(BOB) == 4 + 6 + 5


def test_an_untracked_display_takes_any_card_or_pays_5_when_declared_empty():
    state = position({"workshops/7": BOB, "workshops/8": CID}, display=None, to_move=ANN)
    state = play(state, ANN, "workshops/pigments/1", "workshops/0")
    assert state.phase == BONUS
    after = apply(state, EmptyDisplay(ANN))
    assert gains(after.events) == {(ANN, "empty_display"): 5} and after.phase == PLAY
    after = play(state, ANN, "trade/swan/5", None)  # trusted: any card the deck still holds
    assert after.phase == PLAY and after.ship[ANN] == 5
    assert after.hidden == 1  # it came from the setup display nobody recorded


def test_bonus_rules_a_player_can_break():
    state = position({"workshops/7": BOB, "workshops/8": CID}, to_move=ANN)
    state = play(state, ANN, "workshops/pigments/1", "workshops/0")
    with pytest.raises(RuleViolation, match=r"trade/swan/1 is not on the display \(it holds: "
                                            r"populi/fish/1, populi/fish/2"):
        play(state, ANN, "trade/swan/1", None)
    with pytest.raises(RuleViolation, match="Ann owes a bonus card; Bob cannot play now"):
        play(state, BOB, "populi/fish/1", None)
    with pytest.raises(RuleViolation, match="the display holds 4 cards: the owed bonus card "
                                            "must be taken"):
        apply(state, EmptyDisplay(ANN))
    done = play(state, ANN, "populi/fish/1", None)
    with pytest.raises(RuleViolation, match="Bob owes no bonus card"):
        apply(done, EmptyDisplay(BOB))


def test_leftovers_join_the_display_for_later_bonus_cards():
    # 2 players: display 9, hands of 5, 3 cards each a round → 4 leftovers
    display = cards(*["harbor/-/1"] * 3, *["harbor/-/2"] * 3, *["harbor/-/3"] * 3)
    state = setup(["Ann", "Bob"], display=display)
    for i, card in enumerate(["trade/swan/1", "trade/swan/2", "trade/swan/3",
                              "trade/carafe/1", "trade/carafe/2", "trade/carafe/3"]):
        state = apply(state, Play(i % 2, B.card(card), SHIP))
    assert state.phase == "round_end"
    left = tuple(cards("trade/goblet/1", "trade/goblet/2", "nobili/coin/1", "nobili/coin/2"))
    with pytest.raises(RuleViolation, match="3 leftover cards; 2 hands of 5 after 6 turns "
                                            "leave 4"):
        apply(state, EndRound(left[:3]))
    state = apply(state, EndRound(left))
    assert state.round == 1 and state.start == BOB and state.to_move == BOB
    assert len(state.display) == 13 and B.card("nobili/coin/2") in state.display
