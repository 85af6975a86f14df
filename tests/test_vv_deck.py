"""``scorepad vv deck`` and the seeded card sequence it shows."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import chain, islice

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.main import root
from scorepad.rules.common.shuffle import seeded_rng, shuffled
from scorepad.rules.voll_verplant.cards import deal, dealt, parse_card, piles
from scorepad.rules.voll_verplant.ruleset import default_rules

TABLE_42 = [5, 3, "T", 4, 4, "F", "T", 6, "F", 3, 5, 3, "T", "E3", 4, 3, 6, 4, "E2", "T"]


def segments(dealt):
    """Split ``deal`` output into the piles between reshuffles (the last may be partial)."""
    out, current = [], []
    for card, reshuffle in dealt:
        current.append(card.code)
        if reshuffle:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def is_sub_multiset(part, whole) -> bool:
    return not Counter(part) - Counter(whole)


def test_pinned_sequence_for_table_42():
    # Pinned: players write seeds down; if this changes, an old seed gives other cards.
    rules = default_rules()
    dealt = deal("table-42", 20, rules.deck, rules.shuffle_cards)
    assert [card.code for card, _ in dealt] == TABLE_42
    # the 6 comes at rounds 8 and 17: a reshuffle follows each, and only those
    assert [i + 1 for i, (_, reshuffle) in enumerate(dealt) if reshuffle] == [8, 17]
    for pile in segments(dealt):
        assert is_sub_multiset(pile, rules.deck)


def test_json_output_is_exactly_seed_and_cards(runner):
    result = runner.invoke(root, ["vv", "deck", "--seed", "table-42", "--count", "20", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"seed": "table-42", "cards": TABLE_42}


def test_numeric_seed_stays_a_string(runner):
    result = runner.invoke(root, ["vv", "deck", "--seed", "42", "--count", "3", "--json"])
    assert json.loads(result.stdout)["seed"] == "42"


def test_default_count_is_28(runner):
    result = runner.invoke(root, ["vv", "deck", "--seed", "x", "--json"])
    assert len(json.loads(result.stdout)["cards"]) == 28


def test_text_output_numbers_cards_and_marks_reshuffles(runner):
    result = runner.invoke(root, ["vv", "deck", "--seed", "table-42", "--count", "10"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "seed: table-42"
    # 10 card lines, and one separator right after the 6 of round 8
    card_lines = [line for line in lines[1:] if "reshuffle" not in line]
    assert len(card_lines) == 10
    assert card_lines[7].split()[:3] == ["8", "6", "number"]
    assert "reshuffle" in lines[1 + 8]
    assert card_lines[8].split()[:2] == ["9", "F"]
    assert sum("reshuffle" in line for line in lines) == 1


def test_fresh_seed_is_shown_and_replays(runner):
    first = json.loads(runner.invoke(root, ["vv", "deck", "--json"]).stdout)
    assert first["seed"]
    again = json.loads(runner.invoke(root, ["vv", "deck", "--seed", first["seed"],
                                            "--json"]).stdout)
    assert again == first
    text = runner.invoke(root, ["vv", "deck", "--count", "1"]).stdout
    assert text.startswith("seed: ") and "replay with --seed" in text


def test_rules_file_changes_the_deck(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("deck: [3, 4, E2]\nshuffle_cards: []\n")
    result = runner.invoke(root, ["vv", "deck", "--seed", "s", "--count", "9", "--json",
                                  "--rules", str(rules)])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.stdout)["cards"]
    # no shuffle card: each pile of 3 is the whole deck, then it is shuffled again
    for start in (0, 3, 6):
        assert sorted(map(str, cards[start:start + 3])) == ["3", "4", "E2"]


def test_bad_rules_file_is_exit_2_naming_it(runner, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text("deck: [3, 4, X]\n")
    result = runner.invoke(root, ["vv", "deck", "--rules", str(rules)])
    assert result.exit_code == 2
    assert str(rules) in result.stderr and "Traceback" not in result.output


def test_bad_count_and_empty_seed_are_usage_errors(runner):
    assert runner.invoke(root, ["vv", "deck", "--count", "0"]).exit_code == 2
    assert runner.invoke(root, ["vv", "deck", "--seed", " "]).exit_code == 2


@settings(max_examples=60, deadline=None)
@given(seed=st.text(min_size=1, max_size=12), count=st.integers(1, 60))
def test_every_seed_reshuffles_after_each_6_and_only_then(seed, count):
    rules = default_rules()
    dealt = deal(seed, count, rules.deck, rules.shuffle_cards)
    for card, reshuffle in dealt:
        assert reshuffle == (card.code == 6)
    for pile in segments(dealt):
        # a pile never repeats a card more often than the deck holds it
        assert is_sub_multiset(pile, rules.deck)
        assert pile.count(6) <= 1


def reference_deal(seed, count, deck, shuffle_cards):
    """The card stream as first written: shuffle the whole deck, mark every shuffle card and
    the last card, cut each pile after its first mark."""
    rng, triggers, out = seeded_rng(seed), {parse_card(c) for c in shuffle_cards}, []
    while len(out) < count:
        pile = [(card, card in triggers) for card in shuffled(list(map(parse_card, deck)), rng)]
        pile[-1] = (pile[-1][0], True)
        end = [flag for _, flag in pile].index(True)
        out.extend(pile[:end + 1])
    return out[:count]


card_codes = st.sampled_from([3, 4, 5, 6, "E2", "E3", "T", "F"])


@settings(max_examples=80, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), count=st.integers(1, 60),
       deck=st.lists(card_codes, min_size=1, max_size=20),
       shuffle_cards=st.lists(card_codes, max_size=3))
def test_stream_equals_the_reference_for_any_deck(seed, count, deck, shuffle_cards):
    # several kinds of shuffle card, repeated ones, none, or some not in the deck
    assert deal(seed, count, deck, shuffle_cards) == reference_deal(seed, count, deck,
                                                                      shuffle_cards)


@settings(max_examples=80, deadline=None)
@given(seeds=st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=7),
       count=st.integers(1, 70), deck=st.lists(card_codes, min_size=1, max_size=20),
       shuffle_cards=st.lists(card_codes, max_size=3), ahead=st.integers(1, 4),
       chunk=st.integers(1, 3))
def test_piles_shuffled_ahead_for_many_seeds_are_each_seeds_piles(seeds, count, deck,
                                                                  shuffle_cards, ahead, chunk):
    # several seeds at once in numpy, in chunks, and on past the piles made ahead
    cards = [parse_card(c) for c in deck]
    triggers = [c for c in {parse_card(c) for c in shuffle_cards} if c in cards]
    got = dealt(seeds, cards, triggers, ahead, random.Random(), chunk)
    for seed, (same, stream) in zip(seeds, got, strict=True):
        assert same == seed
        want = chain.from_iterable(piles(seed, cards, triggers))
        assert list(islice(stream, count)) == list(islice(want, count))
