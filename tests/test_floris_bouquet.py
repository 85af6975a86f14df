"""Floris engine: reading specs, the three patterns, the 5-flower minimum, points, the smallest fix.

Expected values are worked out by hand from rules/floris.md.
"""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules.common.errors import InputError
from scorepad.rules.common.models import parse_model
from scorepad.rules.floris.bouquet import judge, shape
from scorepad.rules.floris.fix import smallest_fix
from scorepad.rules.floris.flowers import (
    FlowerTable,
    flower_table,
    flower_types,
    format_spec,
    lookup,
)
from scorepad.rules.floris.ruleset import FlorisRules, default_rules
from scorepad.rules.floris.spec import parse_spec

RULES = default_rules()
FREE_RUNS = RULES.with_overrides({"run_starts_at_one": False})

# counts in the fixed order daisy, cornflower, rose, sunflower, lily
D, C, R, S, L = range(5)


def counts(**by_type: int) -> tuple[int, ...]:
    out = [0] * 5
    for name, n in by_type.items():
        out[flower_types().index(name)] = n
    return tuple(out)


# --- reading specs -------------------------------------------------------------------------

@pytest.mark.parametrize("spec", [
    "rose:3 lily:3", "3 rose, 3 lily", "r3 l3", "3r 3l", "rose 3 lily 3", "3 roses 3 lilies",
    "ro3,li3", "rose=3; lily = 3", "lily:3 rose:3", "rose:1 rose:2 lily:3", "3x rose, 3x lily",
    "rose x3 lily x3", "RoSe:3 LILY:3", "rosen:3 lys:3", "rose rose rose lily:3",
    "rose: 3 + lily: 3",
])
def test_spellings_of_three_roses_and_three_lilies(spec):
    assert parse_spec(spec) == counts(rose=3, lily=3)


def test_abbreviations_and_other_languages_name_each_type():
    assert [lookup(w) for w in ("d", "c", "r", "s", "l")] == [D, C, R, S, L]
    assert [lookup(w) for w in ("sun", "corn", "dai", "lil", "daisies")] == [S, C, D, L, D]
    assert [lookup(w) for w in ("Kornblume", "tournesol", "Gänseblümchen", "marguerite")] == \
        [C, S, D, D]


def test_a_run_of_loose_items_takes_its_direction_from_the_first():
    assert parse_spec("rose 3 lily") == counts(rose=3, lily=1)       # count after the type
    assert parse_spec("3 rose lily") == counts(rose=3, lily=1)       # count before the type
    assert parse_spec("2 daisy, lily 3, r1") == counts(daisy=2, lily=3, rose=1)


def test_empty_spec_is_no_flowers():
    assert parse_spec("") == (0, 0, 0, 0, 0)
    assert parse_spec("  , ") == (0, 0, 0, 0, 0)


@pytest.mark.parametrize("spec, message", [
    ("rose:3 tulip:2", "unknown flower 'tulip'"),
    ("3", "count 3 has no flower type after it"),
    ("rose 3 2 lily", "count 2 has no flower type before it"),
    ("rose:", "'rose' has no count after the colon"),
    ("rose:3!", "'rose:3!' is not a flower with a count"),
    ("rose:100", "count 100 is too large"),
    ("rose:60 rose:60", "more than 99 rose flowers"),
])
def test_unreadable_specs_say_what_is_wrong(spec, message):
    with pytest.raises(InputError) as info:
        parse_spec(spec)
    assert message in str(info.value)
    assert str(info.value).startswith(f"cannot read bouquet {spec!r}: ")
    assert info.value.exit_code == 2


@settings(deadline=None)
@given(st.tuples(*[st.integers(0, 99)] * 5))
def test_canonical_spec_reads_back(values):
    assert parse_spec(format_spec(values)) == values


NAMES = {
    D: ["daisy", "daisies", "d", "da", "Gänseblümchen", "marguerite"],
    C: ["cornflower", "cornflowers", "c", "corn", "Kornblume", "bleuet"],
    R: ["rose", "roses", "r", "ro", "Rosen"],
    S: ["sunflower", "sunflowers", "s", "sun", "Sonnenblume", "tournesol"],
    L: ["lily", "lilies", "l", "lil", "Lilie", "lys"],
}


@st.composite
def written_hands(draw):
    """A hand written in a random mix of the accepted spellings, and its counts."""
    # at most 8 cards of 12: a type stays within the 99 flowers a spec may total
    items = draw(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 12)), max_size=8))
    parts, total = [], [0] * 5
    for kind, n in items:
        name = draw(st.sampled_from(NAMES[kind]))
        glued = len(name) <= 3 or draw(st.booleans())
        style = draw(st.sampled_from(["{w}:{n}", "{w}{n}", "{n}{w}", "{w}={n}"] if glued
                                     else ["{n} {w}", "{w} {n}", "{n}x {w}", "{w}: {n}"]))
        parts.append((style.format(w=name, n=n), glued))
        total[kind] += n
    text = ""
    for i, (part, glued) in enumerate(parts):
        if i:
            # loose words need a comma so that neighbours do not pair up with them
            text += draw(st.sampled_from([" ", " + ", ","])) if glued and parts[i - 1][1] else ", "
        text += part
    return text, tuple(total)


@settings(deadline=None)
@given(written_hands())
def test_any_mix_of_spellings_reads_as_written(hand):
    text, expected = hand
    assert parse_spec(text) == expected


def test_bundled_flower_table_refuses_a_name_given_twice():
    bad = {"flowers": [{"id": "rose", "plural": "roses"}, {"id": "lily", "plural": "roses"}]}
    with pytest.raises(InputError, match="'roses' given to both rose and lily"):
        parse_model(FlowerTable, bad)


def test_bundled_flower_table_lists_the_five_types_in_the_fixed_order():
    assert isinstance(flower_table(), FlowerTable)
    assert flower_types() == ("daisy", "cornflower", "rose", "sunflower", "lily")


def test_bundled_ruleset_is_floris_1_with_the_rules_file_defaults():
    assert isinstance(RULES, FlorisRules)
    assert (RULES.ruleset, RULES.min_flowers, RULES.run_starts_at_one, RULES.penalty_per_card,
            RULES.reserve_penalty, RULES.ties) == ("floris-1", 5, True, 1, False, "shared")


def test_ruleset_refuses_an_unknown_value_naming_the_option():
    with pytest.raises(InputError, match=r"rules\.ties"):
        RULES.with_overrides({"ties": "coin_flip"})
    with pytest.raises(InputError, match=r"rules\.colour: unknown key"):
        RULES.with_overrides({"colour": "red"})


# --- patterns and the minimum ----------------------------------------------------------------

@pytest.mark.parametrize("hand, pattern, points", [
    (counts(rose=5), "same", 5),
    (counts(lily=8), "same", 8),
    (counts(rose=3, lily=3), "equal", 6),
    (counts(daisy=1, cornflower=1, rose=1, sunflower=1, lily=1), "equal", 5),
    (counts(daisy=2, rose=2, lily=2), "equal", 6),
    (counts(daisy=1, rose=2, lily=3), "ascending", 6),
    (counts(lily=1, rose=2, daisy=3), "ascending", 6),                   # any type, any step
    (counts(daisy=1, cornflower=2, rose=3, sunflower=4), "ascending", 10 + 2),
    (counts(daisy=5, cornflower=4, rose=3, sunflower=2, lily=1), "ascending", 15 + 7),
])
def test_valid_bouquets(hand, pattern, points):
    verdict = judge(hand, RULES)
    assert (verdict.valid, verdict.pattern, verdict.points, verdict.reason) == \
        (True, pattern, points, None)


@pytest.mark.parametrize("hand, reason", [
    (counts(rose=4), "only 4 flowers, at least 5 needed"),
    (counts(daisy=1, cornflower=1, rose=1, sunflower=1), "only 4 flowers, at least 5 needed"),
    (counts(rose=2, lily=2), "only 4 flowers"),
    (counts(rose=4, lily=1), "rose 4, lily 1: not one type, not equal counts, not a run from 1"),
    (counts(rose=1, lily=2, daisy=4), "not a run from 1"),                # 1-2-4 has a gap
    (counts(rose=1, lily=2, sunflower=2), "not a run from 1"),            # 1-2-2 repeats
    (counts(rose=2, lily=3, daisy=4), "not a run from 1"),                # 2-3-4 starts at 2
    (counts(rose=2, lily=1), "not a run from 1 over 3+ types"),           # 1-2 is too short
    ((0, 0, 0, 0, 0), "no flowers"),
])
def test_invalid_bouquets_say_why(hand, reason):
    verdict = judge(hand, RULES)
    assert not verdict.valid and verdict.points == 0 and verdict.pattern is None
    assert reason in verdict.reason


def test_four_flowers_are_too_few_and_five_are_enough_in_every_pattern():
    assert not judge(counts(sunflower=4), RULES).valid
    assert judge(counts(sunflower=5), RULES).valid
    assert not judge(counts(daisy=1, rose=1, lily=1, cornflower=1), RULES).valid
    assert judge(counts(daisy=1, rose=1, lily=1, cornflower=1, sunflower=1), RULES).valid


@pytest.mark.parametrize("flowers, points", [(8, 8), (9, 10), (10, 12), (15, 22)])
def test_bonus_from_nine_flowers(flowers, points):
    # the published rule: 10 flowers score 12; [default] bonus = flowers - 8 from 9 on
    assert judge(counts(rose=flowers), RULES).points == points
    assert judge(counts(rose=flowers), RULES).bonus == points - flowers


def test_bonus_options_change_the_table():
    late = RULES.with_overrides({"bonus_from": 10, "bonus_per_flower": 2})
    assert [judge(counts(rose=n), late).points for n in (9, 10, 11)] == [9, 12, 15]


@pytest.mark.parametrize("hand, start_at_one, free", [
    (counts(daisy=2, rose=3, lily=4), False, True),          # 2-3-4 = 9 flowers
    (counts(daisy=3, rose=4, lily=5, sunflower=6), False, True),
    (counts(daisy=1, rose=2, lily=3), True, True),
    (counts(daisy=2, rose=3, lily=5), False, False),         # a gap is never a run
])
def test_runs_starting_above_one_need_the_option(hand, start_at_one, free):
    assert judge(hand, RULES).valid is start_at_one
    assert judge(hand, FREE_RUNS).valid is free


def test_two_three_four_scores_with_its_bonus_when_runs_may_start_higher():
    verdict = judge(counts(daisy=2, rose=3, lily=4), FREE_RUNS)
    assert (verdict.pattern, verdict.flowers, verdict.points) == ("ascending", 9, 10)


def test_min_flowers_is_an_option_too():
    assert not judge(counts(rose=5), RULES.with_overrides({"min_flowers": 6})).valid


# --- the smallest fix ------------------------------------------------------------------------

@pytest.mark.parametrize("spec, text", [
    ("rose:2 lily:3", "add 1 rose for equal counts"),                       # 3-3
    ("rose:4 lily:3 daisy:3", "1 rose too many for equal counts"),           # 3-3-3
    ("daisy:1 rose:2 lily:4", "1 lily too many for 1-2-3"),
    ("rose:2 lily:3 sunflower:4", "add 1 flower of one new type (daisy or cornflower) for 1-2-3-4"),
    ("rose:3", "add 2 roses to reach 5"),
    ("rose:4", "add 1 rose to reach 5"),
    ("d1 c1 r1 s1", "add 1 lily to reach 5"),
    ("rose:2 lily:2", "add 2 flowers of one new type (daisy, cornflower or sunflower) to reach 5"),
    ("rose:4 lily:1", "add 1 rose and remove 1 lily for all roses"),
    ("daisy:1 rose:1 lily:1", "add 1 cornflower and 1 sunflower to reach 5"),
    ("", "add 5 flowers of any one type"),
])
def test_smallest_fix_in_words(spec, text):
    assert smallest_fix(parse_spec(spec), RULES).text == text


def test_fix_for_two_three_four_depends_on_the_run_option():
    hand = counts(daisy=2, rose=3, lily=4)
    # start at 1: 2-3-4 → 1-2-3-4 by adding one flower of a fourth type (cost 1)
    assert smallest_fix(hand, RULES).text == \
        "add 1 flower of one new type (cornflower or sunflower) for 1-2-3-4"
    assert smallest_fix(hand, FREE_RUNS) is None


def test_valid_hands_need_no_fix():
    assert smallest_fix(counts(rose=3, lily=3), RULES) is None


def _reference_valid(hand: tuple[int, ...], from_one: bool) -> bool:
    """The rules, written again independently of the engine."""
    present = [n for n in hand if n]
    if sum(present) < 5:
        return False
    if len(set(present)) == 1:          # one type, or equal counts
        return True
    ordered = sorted(present)
    start = ordered[0]
    return (len(ordered) >= 3 and ordered == list(range(start, start + len(ordered)))
            and (start == 1 or not from_one))


@cache
def _valid_box(from_one: bool) -> tuple[tuple[int, ...], ...]:
    return tuple(v for v in product(range(8), repeat=5) if _reference_valid(v, from_one))


@settings(max_examples=60, deadline=None)
@given(st.tuples(*[st.integers(0, 3)] * 5), st.booleans())
def test_fix_is_valid_and_no_valid_hand_is_nearer(hand, from_one):
    rules = RULES if from_one else FREE_RUNS
    assert judge(hand, rules).valid == _reference_valid(hand, from_one)
    fix = smallest_fix(hand, rules)
    if fix is None:
        assert _reference_valid(hand, from_one)
        return
    assert _reference_valid(fix.target, from_one)
    assert fix.added + fix.removed == sum(abs(t - c) for t, c in zip(fix.target, hand, strict=True))
    nearest = min(sum(abs(a - b) for a, b in zip(v, hand, strict=True))
                  for v in _valid_box(from_one))
    assert fix.added + fix.removed == nearest


@settings(deadline=None)
@given(st.tuples(*[st.integers(0, 6)] * 5), st.permutations(range(5)))
def test_patterns_do_not_depend_on_which_type_has_which_count(hand, order):
    swapped = tuple(hand[i] for i in order)
    assert shape(swapped, RULES) == shape(hand, RULES)
    assert judge(swapped, RULES).points == judge(hand, RULES).points


@settings(deadline=None)
@given(st.tuples(*[st.integers(0, 12)] * 5))
def test_valid_points_are_flowers_plus_bonus(hand):
    verdict = judge(hand, RULES)
    assert verdict.valid == _reference_valid(hand, True)
    if verdict.valid:
        assert verdict.points == sum(hand) + max(0, sum(hand) - 8)


@pytest.mark.parametrize("spec, card", [
    ("rose:0 lily:5", "card 1 (rose:0)"), ("l5 r0", "card 2 (rose:0)"),
    ("lily:5, 0 daisies", "card 2 (daisy:0)"),
])
def test_a_card_of_zero_flowers_is_unreadable_and_named(spec, card):
    # rules/floris.md: a card shows at least one flower
    with pytest.raises(InputError) as info:
        parse_spec(spec)
    assert str(info.value) == (f"cannot read bouquet {spec!r}: {card} shows no flowers; "
                               "every card shows at least one")
