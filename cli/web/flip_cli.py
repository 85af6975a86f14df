"""``vv flip --html FILE``: write the offline flipper page for a seed (and a map)."""

from __future__ import annotations

import click


def write_offline_page(path: str, seed: str | None, map_ref: str | None,
                       rules_path: str | None) -> None:
    """Write the page for ``seed`` (a fresh one when None, shown) atomically and say where."""
    from scorepad.io import STDIN, atomic_write, expect_new
    from scorepad.rules.common.errors import InputError
    from scorepad.rules.common.shuffle import fresh_seed, normal_seed
    from scorepad.vv.common import load_network, load_rules

    from .flip_page import flip_data, offline_page

    if path == STDIN:
        raise InputError("--html needs a file name, not -")
    expect_new(path)  # new now: refused if another process makes it meanwhile
    fresh = seed is None
    text = fresh_seed() if seed is None else normal_seed(seed)
    rules = load_rules(rules_path)
    network = load_network(map_ref) if map_ref else None
    data = flip_data(text, rules, network)
    target = atomic_write(path, offline_page(data))
    note = f" (fresh; another table can use --seed {text})" if fresh else ""
    click.echo(f"seed: {text}{note}")
    click.echo(f"wrote {target}: {len(data['rounds'])} cards, works offline")
