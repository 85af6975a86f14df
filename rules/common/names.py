"""Player names as every front-end takes them: the command line's ``--players`` and the
browser's start page refuse the same names with the same words."""

from __future__ import annotations

import re
from collections.abc import Sequence

from scorepad.rules.common.errors import InputError

#: The longest player name (it has to fit a sheet's header and a 40-column row).
MAX_NAME = 40
#: Control characters (a name is one line of text) and lone surrogates (not Unicode).
_BAD = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class BadNames(InputError):
    """Names refused: ``code`` says which check (``empty``, ``count``, ``long``,
    ``control``, ``twice``) and ``fields`` its values, for a front-end's own words."""

    def __init__(self, message: str, code: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


def check_players(names: Sequence[str], min_players: int = 1, max_players: int = 99) -> list[str]:
    """The names trimmed, or an InputError naming the first bad one: empty, longer than
    :data:`MAX_NAME`, holding a control character, named twice ignoring case
    (``Ann`` and ``ann`` would be one row of a score), or too few/many for the game."""
    names = [name.strip() for name in names]
    if any(not name for name in names):
        raise BadNames("an empty name: every player needs a name", "empty")
    if not min_players <= len(names) <= max_players:
        took = (f"{min_players}" if min_players == max_players
                else f"{min_players} to {max_players}")
        raise BadNames(f"{len(names)} player{'s' if len(names) != 1 else ''}; "
                       f"the game takes {took}", "count", n=len(names), min=min_players,
                       max=max_players)
    for name in names:
        if len(name) > MAX_NAME:
            raise BadNames(f"name {name[:MAX_NAME]!r}... is longer than {MAX_NAME} characters",
                           "long", name=name[:MAX_NAME], max=MAX_NAME)
        bad = _BAD.search(name)
        if bad:
            raise BadNames(f"name {name!r} holds a control character ({bad.group(0)!r})",
                           "control", name=name)
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise BadNames(f"{name!r} is named twice (names are matched ignoring case)",
                           "twice", name=name)
        seen[name.casefold()] = name
    return names
