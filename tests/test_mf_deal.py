"""``scorepad mf deal``: the seeded deal is pinned, and a seed is normalised text."""

from __future__ import annotations

import json

from scorepad.main import root
from scorepad.rules.mille_fiori.board import board
from scorepad.rules.mille_fiori.deal import deal
from scorepad.rules.mille_fiori.ruleset import default_rules

# Pinned: players write seeds down; if these change, an old seed deals other cards.
TABLE_7_DISPLAY = ["trade/swan/4", "harbor/-/2", "populi/shell/3", "trade/swan/3"]
TABLE_7_ROUND_1 = [
    ["residences/-/5", "trade/earrings/1", "harbor/-/3", "harbor/-/2", "workshops/pigments/4"],
    ["residences/-/2", "nobili/lion/1", "workshops/quartz/3", "nobili/cross/4",
     "trade/earrings/5"],
    ["trade/goblet/2", "residences/-/4", "workshops/ash/2", "populi/fish/4", "residences/-/3"],
]
TABLE_7_LAST_HAND = ["residences/-/5", "nobili/coin/5", "trade/swan/5", "workshops/quartz/5",
                     "trade/earrings/2"]


def deal_json(runner, *args: str) -> dict:
    result = runner.invoke(root, ["mf", "deal", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_pinned_deal_for_table_7(runner):
    dealt = deal_json(runner, "--players", "3", "--seed", "table-7")
    assert dealt["seed"] == "table-7"
    assert dealt["display"] == TABLE_7_DISPLAY
    assert dealt["rounds"][0]["hands"] == TABLE_7_ROUND_1
    # 109 cards: 4 on display, 7 rounds of 3 hands of 5 = 105, none left over
    assert len(dealt["rounds"]) == 7 and dealt["rest"] == []
    assert dealt["rounds"][-1]["hands"][2] == TABLE_7_LAST_HAND


def test_the_whole_deck_is_dealt_once(runner):
    dealt = deal_json(runner, "--players", "3", "--seed", "table-7")
    cards = dealt["display"] + [c for r in dealt["rounds"] for h in r["hands"] for c in h]
    b = board()
    assert sorted(cards + dealt["rest"]) == sorted(b.cards[kind].id for kind in b.deck)


def test_same_seed_typed_on_two_phones_deals_the_same_cards(runner):
    composed = "caf\u00e9 7"      # "é" as one character
    decomposed = "cafe\u0301 7"   # "e" and a combining accent, as another keyboard writes it
    a = deal_json(runner, "--players", "2", "--seed", composed)
    b = deal_json(runner, "--players", "2", "--seed", f"  {decomposed} ")
    assert a == b and a["seed"] == composed
    other = deal_json(runner, "--players", "2", "--seed", "cafe 7")
    assert other["display"] + other["rounds"][0]["hands"][0] != \
        a["display"] + a["rounds"][0]["hands"][0]


def test_rules_layer_normalises_the_seed_too():
    rules, b = default_rules(), board()
    assert deal(2, " \u00e9 ", rules, b).rounds == deal(2, "e\u0301", rules, b).rounds
    assert deal(2, " table-7\n", default_rules(), board()).seed == "table-7"


def test_players_is_required_a_usage_error_not_a_crash(runner):
    from scorepad.main import root

    result = runner.invoke(root, ["mf", "deal", "--seed", "x"])
    assert result.exit_code == 2, result.output
    assert "Missing option '-p' / '--players'" in result.stderr


def test_text_deal_lists_the_words_mf_play_reads(runner):
    """Each hand reads back, through the parser `mf play` uses, as the JSON's card ids."""
    from scorepad.mf.shorthand import parse_cards

    b = board()
    data = deal_json(runner, "--players", "3", "--seed", "table-7")
    text = runner.invoke(root, ["mf", "deal", "--players", "3", "--seed", "table-7"]).stdout
    assert "/" not in text.split("\n", 1)[1]   # no card ids such as residences/-/1
    seats = [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("  seat ")]
    hands = [h for r in data["rounds"] for h in r["hands"]]
    assert [[b.cards[k].id for k in parse_cards(seat, b)] for seat in seats] == hands
