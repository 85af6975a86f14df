"""Ranks and winners with tie-breaks, shared by all games."""

from __future__ import annotations

from collections.abc import Sequence


def ranks(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition ranks for players given comparable keys, higher key = better.

    A player's rank is 1 + the number of players whose key is strictly better, so equal
    keys share a rank (1, 1, 3). Keys are tuples such as ``(total, -empty_stations)``.
    """
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def winners(names: Sequence[str], rank_list: Sequence[int]) -> list[str]:
    """The names ranked first, in the given order."""
    return [n for n, r in zip(names, rank_list, strict=True) if r == 1]
