"""Worked examples, computed by hand from rules/mille-fiori.md, for every scoring rule:
workshops, residences, townspeople (with supporters), trade, harbor, the ship track and
the 20/15/10/5 fields. Points other players receive are credited to them."""

from __future__ import annotations

from collections import defaultdict

import pytest

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.mille_fiori.board import board
from scorepad.rules.mille_fiori.engine import (
    SHIP,
    Play,
    State,
    apply,
    arrange,
    legal_spaces,
    preview,
    setup,
)
from scorepad.rules.mille_fiori.ruleset import default_rules

B = board()
ANN, BOB, CID = 0, 1, 2


def sp(text: str) -> int:
    return B.space(text)


def position(owners: dict[str, int] | None = None, players: int = 3, **kw) -> State:
    """A 3-player position with diamonds on the given spaces (no points scored yet)."""
    state = setup(["Ann", "Bob", "Cid", "Dee"][:players], **kw.pop("setup", {}))
    return arrange(state, {sp(k): v for k, v in (owners or {}).items()}, **kw)


def gains(events) -> dict[tuple[int, str], int]:
    out: dict[tuple[int, str], int] = defaultdict(int)
    for e in events:
        if e.points:
            out[(e.player, e.kind)] += e.points
    return dict(out)


def play(state: State, player: int, card: str, space: str | int) -> State:
    """``player`` plays now (whoever's turn it was)."""
    target = space if isinstance(space, int) else sp(space)
    return apply(arrange(state, to_move=player), Play(player, B.card(card), target))


def score(state: State, player: int, card: str, space: str | int):
    target = space if isinstance(space, int) else sp(space)
    return preview(state, player, B.card(card), target)


# ------------------------------------------------------------------------ workshops
def test_workshops_group_doubled_on_pigments():
    # Ann has quartz 7 and lime 8; pigments 0 joins both: group of 3, ×2 = 6
    state = position({"workshops/7": ANN, "workshops/8": ANN})
    events, bonus = score(state, ANN, "workshops/pigments/1", "workshops/0")
    assert gains(events) == {(ANN, "workshops"): 6}
    assert bonus  # and 0-7-8 is a full bonus triangle


def test_workshops_group_counts_only_own_connected_diamonds():
    # 9 (quartz) touches Ann's 16, which touches Ann's 15; Bob's 8 next to 9 does not count
    state = position({"workshops/16": ANN, "workshops/15": ANN, "workshops/8": BOB})
    events, bonus = score(state, ANN, "workshops/quartz/2", "workshops/9")
    assert gains(events) == {(ANN, "workshops"): 3}
    assert not bonus  # triangle 1-2-9 still has two free spaces


def test_workshops_triangle_completed_with_other_players_diamonds_earns_the_bonus():
    state = position({"workshops/1": BOB, "workshops/2": CID})
    events, bonus = score(state, ANN, "workshops/quartz/1", "workshops/9")
    assert gains(events) == {(ANN, "workshops"): 1}
    assert bonus == "bonus triangle 1-2-9 complete"


def test_workshops_needs_the_cards_material_and_a_free_space():
    state = position({"workshops/9": BOB})
    with pytest.raises(RuleViolation, match="workshops/17 is quartz; a lime card needs"):
        score(state, ANN, "workshops/lime/1", "workshops/17")
    with pytest.raises(RuleViolation, match=r"workshops/9 is taken \(Bob's diamond\)"):
        score(state, ANN, "workshops/quartz/1", "workshops/9")
    quartz = legal_spaces(state, ANN, B.card("workshops/quartz/1"))
    assert {B.space_ids[s] for s in quartz} == {
        f"workshops/{i}" for i in [7, 12, 14, 17, 20, 23]}


# ----------------------------------------------------------------------- residences
def test_residences_score_the_house_and_own_houses_directly_before_it():
    # values 2 4 3 5 1 ...: Ann owns houses 0 and 1; house 2 (3) scores 3 + 4 + 2 = 9
    state = position({"residences/0": ANN, "residences/1": ANN})
    events, _ = score(state, ANN, "residences/-/1", "residences/2")
    assert gains(events) == {(ANN, "residences"): 9}
    # with Bob on house 1, only Ann's own run counts: house 2 alone = 3
    state = position({"residences/0": ANN, "residences/1": BOB})
    events, _ = score(state, ANN, "residences/-/1", "residences/2")
    assert gains(events) == {(ANN, "residences"): 3}


def test_residences_only_the_next_free_house():
    state = position({"residences/0": ANN})
    with pytest.raises(RuleViolation, match=r"residences/5 is not the next free house "
                                            r"\(residences/1 is\)"):
        score(state, BOB, "residences/-/1", "residences/5")
    assert legal_spaces(state, BOB, B.card("residences/-/1")) == (sp("residences/1"),)


def test_residences_bonus_at_3_and_5_values_field_at_4():
    # Ann fills houses 0-4 (values 2, 4, 3, 5, 1) one after the other: 2, 2+4, 3+6, 5+9,
    # 1+14. The 3rd value earns a bonus card, the 4th the field's 20, the 5th a bonus card.
    display = [B.card("harbor/-/1")] * 3 + [B.card("harbor/-/2")]
    state = position(setup={"display": display})
    points, fields, bonuses = [], [], []
    for house in range(5):
        state = play(state, ANN, f"residences/-/{house % 5 + 1}", f"residences/{house}")
        got = gains(state.events)
        points.append(got.get((ANN, "residences"), 0))
        fields.append(got.get((ANN, "bonus_fields"), 0))
        bonuses.append(state.phase == "bonus")
        if state.phase == "bonus":
            state = apply(state, Play(ANN, B.card("harbor/-/1"), SHIP))
    assert points == [2, 6, 9, 14, 15]
    assert fields == [0, 0, 0, 20, 0]
    assert bonuses == [False, False, True, False, True]
    # a sixth value (the 10 of house 10) earns nothing more
    for house in range(5, 11):
        state = play(state, ANN, f"residences/-/{house % 5 + 1}", f"residences/{house}")
        assert state.phase == "play"


# ---------------------------------------------------------------------- townspeople
def test_townspeople_bottom_doubled_when_the_symbols_match():
    state = position()
    events, bonus = score(state, ANN, "nobili/cross/1", "nobili/7")  # 7 shows a cross
    assert gains(events) == {(ANN, "nobili"): 2}
    events, _ = score(state, ANN, "nobili/coin/1", "nobili/7")
    assert gains(events) == {(ANN, "nobili"): 1}
    assert not bonus


def test_townspeople_middle_pays_its_two_bottoms():
    state = position({"nobili/7": BOB, "nobili/8": CID})
    events, bonus = score(state, ANN, "nobili/lion/1", "nobili/3")  # 3 shows a lion
    assert gains(events) == {(ANN, "nobili"): 6, (BOB, "nobili"): 1, (CID, "nobili"): 1}
    assert not bonus


def test_townspeople_top_pays_middles_3_and_pyramid_bottoms_1_own_included():
    state = position({"populi/7": BOB, "populi/8": CID, "populi/9": ANN,
                      "populi/3": ANN, "populi/4": BOB})
    # populi/0 shows a shell; a fish card scores 6 unmultiplied. Ann's 3 and 9 show fish:
    # with the shell she does not yet have all three symbols (no field).
    events, bonus = score(state, ANN, "populi/fish/1", "populi/0")
    assert gains(events) == {(ANN, "populi"): 6 + 3 + 1, (BOB, "populi"): 3 + 1,
                             (CID, "populi"): 1}
    assert bonus == "top space populi/0"
    events, _ = score(state, ANN, "populi/shell/1", "populi/0")
    assert gains(events)[(ANN, "populi")] == 12 + 3 + 1


def test_townspeople_support_rule_names_the_space():
    state = position({"nobili/9": ANN, "nobili/10": BOB, "nobili/5": ANN})
    with pytest.raises(RuleViolation, match=r"^nobili/2 needs both middle spaces below it "
                                            "filled$"):
        score(state, BOB, "nobili/cross/1", "nobili/2")
    with pytest.raises(RuleViolation, match="nobili/6 needs both bottom spaces below it"):
        score(state, BOB, "nobili/cross/1", "nobili/6")
    legal = legal_spaces(state, BOB, B.card("nobili/cross/1"))
    assert sorted(B.space_ids[s] for s in legal) == [
        "nobili/11", "nobili/7", "nobili/8"]


# ---------------------------------------------------------------------------- trade
def test_trade_every_diamond_on_the_column_scores_the_column_count():
    state = position({"trade/0/goblet": ANN, "trade/2/goblet": BOB, "trade/0/swan": CID})
    events, bonus = score(state, ANN, "trade/goblet/1", "trade/3/goblet")
    assert gains(events) == {(ANN, "trade"): 2 * 3, (BOB, "trade"): 3}
    assert not bonus


def test_trade_bonus_only_when_another_player_gets_strictly_more():
    state = position({"trade/0/goblet": BOB, "trade/1/goblet": BOB})
    events, bonus = score(state, ANN, "trade/goblet/1", "trade/2/goblet")
    assert gains(events) == {(ANN, "trade"): 3, (BOB, "trade"): 6}
    assert bonus
    state = position({"trade/0/goblet": BOB})
    events, bonus = score(state, ANN, "trade/goblet/1", "trade/2/goblet")
    assert gains(events) == {(ANN, "trade"): 2, (BOB, "trade"): 2}
    assert not bonus  # equal is not more


def test_trade_needs_a_space_of_the_cards_good():
    with pytest.raises(RuleViolation, match="trade/1/carafe is carafe; a goblet card"):
        score(position(), ANN, "trade/goblet/1", "trade/1/carafe")


# --------------------------------------------------------------------------- harbor
def test_harbor_ship_moves_first_then_a_full_row_pays_by_its_trade_row():
    state = position({"harbor/1/0": BOB, "harbor/1/1": CID, "trade/1/goblet": CID,
                      "trade/1/swan": BOB})
    events, bonus = score(state, ANN, "harbor/-/3", "harbor/1/2")
    assert gains(events) == {(ANN, "ship"): 1, (ANN, "harbor"): 3, (BOB, "harbor"): 3,
                             (CID, "harbor"): 3}
    assert next(e.kind for e in events) == "ship"
    assert not bonus


def test_harbor_row_payouts_1_3_6_10_and_0_without_goods():
    for goods, pay in [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)]:
        owners = {"harbor/2/0": BOB, "harbor/2/1": BOB}
        for good in ["goblet", "carafe", "earrings", "swan"][:goods]:
            owners[f"trade/2/{good}"] = CID
        events, _ = score(position(owners), ANN, "harbor/-/1", "harbor/2/2")
        got = gains(events)
        assert got.get((ANN, "harbor"), 0) == pay and got.get((BOB, "harbor"), 0) == 2 * pay


def test_harbor_landing_bonus_is_played_after_the_row_pays():
    state = position({"harbor/0/0": BOB, "harbor/0/1": BOB}, ships=[4, 0, 0])
    events, bonus = score(state, ANN, "harbor/-/3", "harbor/0/2")
    assert bonus == "ship lands on 7"
    kinds = [e.kind for e in events]
    assert kinds == ["ship", "harbor", "harbor", "harbor"]


def test_harbor_order_option_diamond_first():
    rules = default_rules().with_overrides({"harbor_order": "diamond_first"})
    state = position({"harbor/0/0": BOB, "harbor/0/1": BOB}, ships=[4, 0, 0],
                     setup={"rules": rules})
    events, bonus = score(state, ANN, "harbor/-/3", "harbor/0/2")
    assert [e.kind for e in events] == ["harbor", "harbor", "harbor", "ship"]
    assert bonus == "ship lands on 7"


# ----------------------------------------------------------------------------- ship
@pytest.mark.parametrize(("start", "number", "end", "points", "bonus"), [
    (0, 4, 4, 3, False),
    (2, 4, 6, 10, False),
    (3, 4, 7, 0, True),
    (12, 4, 16, 0, True),
    (18, 5, 20, 10, True),   # past 20 ends on 20: 10 points and a bonus card
    (20, 3, 20, 0, False),   # a move from 20 scores nothing
])
def test_ship_track(start, number, end, points, bonus):
    state = position(ships=[start, 0, 0])
    card = next(c.id for c in B.cards if c.area == 5 and c.number == number)
    events, why = score(state, ANN, card, SHIP)
    assert gains(events).get((ANN, "ship"), 0) == points
    assert bool(why) is bonus
    after = apply(arrange(state, to_move=ANN), Play(ANN, B.card(card), SHIP))
    assert after.ship[ANN] == end


# --------------------------------------------------------------------------- fields
def test_workshops_field_20_then_15_and_a_marker_diamond_each():
    owners = {"workshops/7": ANN, "workshops/8": ANN, "workshops/1": ANN}  # quartz lime ash
    state = position(owners)
    assert state.diamonds[ANN] == 24
    state = apply(state, Play(ANN, B.card("workshops/pigments/1"), sp("workshops/2")))
    assert gains(state.events)[(ANN, "bonus_fields")] == 20
    assert state.diamonds[ANN] == 22  # the pigments diamond and the field marker
    state = arrange(state, {sp("workshops/12"): BOB, sp("workshops/4"): BOB,
                            sp("workshops/5"): BOB}, to_move=BOB)
    state = apply(state, Play(BOB, B.card("workshops/pigments/1"), sp("workshops/11")))
    assert gains(state.events)[(BOB, "bonus_fields")] == 15


def test_townspeople_field_is_about_the_spaces_symbols():
    # Ann's diamonds on a coin and a lion space; a cross card on the coin space 11 adds no
    # new symbol, a coin card on the cross space 7 completes coin-lion-cross
    state = position({"nobili/8": ANN, "nobili/9": ANN})
    events, _ = score(state, ANN, "nobili/cross/1", "nobili/11")
    assert (ANN, "bonus_fields") not in gains(events)
    events, _ = score(state, ANN, "nobili/coin/1", "nobili/7")
    assert gains(events)[(ANN, "bonus_fields")] == 20


def test_trade_field_all_four_goods_and_only_once():
    state = position({"trade/0/goblet": ANN, "trade/0/carafe": ANN, "trade/0/earrings": ANN})
    state = apply(arrange(state, to_move=ANN), Play(ANN, B.card("trade/swan/1"),
                                                    sp("trade/0/swan")))
    assert gains(state.events)[(ANN, "bonus_fields")] == 20
    state = arrange(state, to_move=ANN)
    state = apply(state, Play(ANN, B.card("trade/swan/2"), sp("trade/1/swan")))
    assert (ANN, "bonus_fields") not in gains(state.events)


def test_field_not_claimed_without_a_diamond_by_default_and_options():
    owners = {"workshops/7": ANN, "workshops/8": ANN, "workshops/1": ANN}
    state = position(owners, diamonds=[1, 27, 27])
    events, _ = score(state, ANN, "workshops/pigments/1", "workshops/2")
    assert (ANN, "bonus_fields") not in gains(events)
    assert any(e.kind == "field" and "no diamond left" in e.why for e in events)
    rules = default_rules().with_overrides({"field_without_diamond": True})
    state = position(owners, diamonds=[1, 27, 27], setup={"rules": rules})
    events, _ = score(state, ANN, "workshops/pigments/1", "workshops/2")
    assert gains(events)[(ANN, "bonus_fields")] == 20
    rules = default_rules().with_overrides({"field_marker_diamond": False})
    state = arrange(position(owners, setup={"rules": rules}), to_move=ANN)
    state = apply(state, Play(ANN, B.card("workshops/pigments/1"), sp("workshops/2")))
    assert state.diamonds[ANN] == 23  # 27 - 3 arranged - 1 placed, no marker


def test_field_timing_turn_end_claims_after_the_bonus_chain():
    rules = default_rules().with_overrides({"field_timing": "turn_end"})
    display = [B.card("harbor/-/1")] * 3 + [B.card("harbor/-/2")]
    owners = {"workshops/7": ANN, "workshops/1": ANN, "workshops/9": BOB}
    state = position(owners, setup={"rules": rules, "display": display}, to_move=ANN)
    # lime 8: quartz, ash, lime owned; not yet the field. Triangle 0-7-8 is not full.
    state = apply(state, Play(ANN, B.card("workshops/pigments/1"), sp("workshops/0")))
    assert (ANN, "bonus_fields") not in gains(state.events)  # only pigments, quartz, ash
    assert state.phase == "play"
    state = arrange(state, to_move=ANN)
    state = apply(state, Play(ANN, B.card("workshops/lime/1"), sp("workshops/8")))
    # triangle 0-7-8 complete: bonus owed first; the field comes at the turn's end
    assert state.phase == "bonus"
    assert (ANN, "bonus_fields") not in gains(state.events)
    state = apply(state, Play(ANN, B.card("harbor/-/1"), SHIP))
    assert gains(state.events)[(ANN, "bonus_fields")] == 20
