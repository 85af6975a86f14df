"""The pydantic-free read paths agree with the pydantic models that define the formats.

Bundled maps, the bundled ruleset and well-formed game logs are read without pydantic (it
costs more start-up than scoring a game); these tests hold the plain readers to the models.
"""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules.common.data import bundled_text, load_yaml_text
from scorepad.rules.common.errors import ScorepadError
from scorepad.rules.voll_verplant.log import parse_game_log
from scorepad.rules.voll_verplant.log_reader import plain_game
from scorepad.rules.voll_verplant.map_spec import parse_map
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map, compile_map
from scorepad.rules.voll_verplant.ruleset import VVRules, default_rules
from scorepad.rules.voll_verplant.ruleset_model import VVRulesModel

PKG = "scorepad.rules.voll_verplant"


def test_bundled_maps_read_plainly_compile_as_validated():
    for map_id in BUNDLED_MAPS:
        data = load_yaml_text(bundled_text(PKG, "data", "maps", f"{map_id}.json"))
        validated = compile_map(parse_map(data))
        plain = bundled_map(map_id)
        assert plain.stations == validated.stations and plain.lines == validated.lines
        assert (plain.id, plain.name, plain.note, plain.symbol) == \
            (validated.id, validated.name, validated.note, validated.symbol)
        assert plain.special_mask == validated.special_mask


def test_bundled_ruleset_validates_and_reads_the_same():
    data = load_yaml_text(bundled_text(PKG, "data", "ruleset.yaml"))
    assert VVRules.of(VVRulesModel.model_validate(data).model_dump()) == default_rules()


def test_overrides_are_validated_by_the_model():
    rules = default_rules().with_overrides({"empty_rounding": "up"})
    assert isinstance(rules, VVRules) and rules.empty_rounding == "up"
    assert rules.changed_from(default_rules()) == {"empty_rounding": "up"}


VALID = {
    "format": "scorepad/vv-game@1", "map": "berlin", "rules": {"empty_rounding": "down"},
    "seed": "s", "players": ["Ann", "Bob"],
    "rounds": [
        {"card": 4, "moves": {"Ann": {"line": "A", "crosses": 4},
                              "Bob": {"line": "K", "direction": "ccw", "crosses": 0}}},
        {"card": "F", "moves": {"Ann": {"station": 17}, "Bob": {"station": None}}},
        {"card": "e2", "moves": {"Ann": {"line": "D", "then": [{"line": "A", "crosses": 2}]},
                                 "Bob": {}}},
    ],
}

ODD_VALUES = st.sampled_from([None, True, False, 0, -1, 3, 100, 2.5, "", "A", "a", "cw", "x",
                              "17", "ccw", "E3", [], {}, ["Ann"], {"line": "A"}, "Ann" * 20])


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, prefix + (i,))


# Every place in the log but the top and its `format` (checked before the plain reader runs).
PATHS = [p for p in _paths(VALID) if p and p[0] != "format"]


def _mutate(data, path, value):
    out = copy.deepcopy(data)
    if not path:
        return value
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def _as_plain(log):
    return [(r.card, {name: _move(m) for name, m in r.moves.items()}) for r in log.rounds]


def _move(m):
    return (m.line, m.crosses, m.direction, m.station, m.declines, [_move(t) for t in m.then])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), ODD_VALUES), max_size=3),
       st.sampled_from([None, "extra"]))
def test_plain_reader_accepts_only_what_the_models_accept(mutations, extra):
    data = copy.deepcopy(VALID)
    for path, value in mutations:
        try:
            data = _mutate(data, path, value)
        except (TypeError, KeyError, IndexError):
            continue
    if extra == "extra":
        data["speed"] = 1
    try:
        plain = plain_game(data)
    except ValueError:  # an unknown card: the reader's caller reports it first
        return
    if plain is None:
        return
    try:
        model = parse_game_log(data)
    except ScorepadError as err:
        raise AssertionError(f"plain reader accepted what the model refuses: {err}") from err
    assert (plain.map, plain.rules, plain.seed, plain.players) == \
        (model.map, model.rules, model.seed, model.players)
    assert _as_plain(plain) == _as_plain(model)


def test_the_valid_log_is_read_plainly():
    assert plain_game(VALID) is not None
