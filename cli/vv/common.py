"""What several ``vv`` commands share: finding a map, reading a ruleset file."""

from __future__ import annotations

from pathlib import Path

from scorepad.io import display_name, read_mapping
from scorepad.rules.common.errors import ContentError, ScorepadError
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, Network, bundled_map, load_map_data
from scorepad.rules.voll_verplant.ruleset import VVRules, default_rules


def load_network(ref: str, base: Path | None = None) -> Network:
    """A map by bundled id or by path; a relative path is taken from ``base`` (the folder of
    the file that names the map) when given. Errors name the map file."""
    if ref in BUNDLED_MAPS:
        return bundled_map(ref)
    path = Path(ref)
    if base is not None and not path.is_absolute():
        path = base / path
    if not path.exists() and not ref.endswith((".yaml", ".yml", ".json")) and "/" not in ref:
        raise ContentError(f"unknown map {ref!r} (bundled: {', '.join(BUNDLED_MAPS)}, "
                           "or a path to a map file)")
    data = read_mapping(path)
    try:
        return load_map_data(data)
    except ScorepadError as err:
        raise err.in_file(display_name(path)) from None


def load_rules(path: str | None, overrides: dict | None = None) -> VVRules:
    """The bundled ruleset, changed by a ``--rules FILE`` and then by a log's ``rules:``."""
    rules = default_rules()
    if path:
        data = read_mapping(path)
        data.pop("ruleset", None)
        try:
            rules = rules.with_overrides(data)
        except ScorepadError as err:
            raise err.in_file(display_name(path)) from None
    return rules.with_overrides(overrides)
