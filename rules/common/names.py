"""Player names as every front-end takes them: the command line's ``--players`` and the
browser's start page refuse the same names with the same words."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.rules.common.errors import InputError, control_character

#: The longest player name (it has to fit a sheet's header and a 40-column row).
MAX_NAME = 40


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
        bad = control_character(name)
        if bad is not None:
            raise BadNames(f"a name cannot hold a control character or line break "
                           f"({repr(bad)[1:-1]}): {name!r}", "control", name=name)
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise BadNames(f"{name!r} is named twice (names are matched ignoring case)",
                           "twice", name=name)
        seen[name.casefold()] = name
    return names
