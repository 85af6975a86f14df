"""The Voll verplant ruleset: one pydantic schema for the bundled file, --rules and logs."""

from __future__ import annotations

import pytest

from scorepad.rules.common.data import bundled_text, load_yaml_text
from scorepad.rules.common.errors import InputError
from scorepad.rules.voll_verplant.ruleset import VVRules, default_rules

PKG = "scorepad.rules.voll_verplant"


def test_bundled_ruleset_is_read_by_the_model():
    data = load_yaml_text(bundled_text(PKG, "data", "ruleset.yaml"))
    assert VVRules.model_validate(data) == default_rules()
    assert default_rules().ruleset == "vv-1" and len(default_rules().deck) == 14


def test_overrides_are_validated_by_the_model():
    rules = default_rules().with_overrides({"empty_rounding": "up"})
    assert isinstance(rules, VVRules) and rules.empty_rounding == "up"
    assert rules.changed_from(default_rules()) == {"empty_rounding": "up"}


@pytest.mark.parametrize(("overrides", "place"), [
    ({"empty_rounding": "sideways"}, "rules.empty_rounding"),
    ({"deck": [3, 12]}, "rules.deck"),
    ({"speed": 2}, "rules.speed"),
])
def test_a_bad_option_is_named(overrides, place):
    with pytest.raises(InputError) as info:
        default_rules().with_overrides(overrides)
    assert info.value.where[0].startswith(place)
