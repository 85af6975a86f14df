"""Player names as every front-end takes them: the command line's ``--players`` and the
browser's start page refuse the same names with the same words."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.rules.common.errors import InputError, control_character, shown

#: The longest player name (it has to fit a sheet's header and a 40-column row).
MAX_NAME = 40


class BadNames(InputError):
    """Names refused: ``code`` says which check (``empty``, ``count``, ``long``,
    ``control``, ``invisible``, ``twice``) and ``fields`` its values, for a front-end's
    own words."""

    def __init__(self, message: str, code: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields


def normal_name(name: str) -> str:
    """A typed name as it is kept: Unicode NFC (``Zoé`` typed with a combining accent is
    the same player as ``Zoé`` typed with one character), spaces at either end dropped."""
    if name.isascii():
        return name.strip()  # NFC of ASCII is itself; skip the unicodedata import
    import unicodedata

    return unicodedata.normalize("NFC", name).strip()


def invisible_character(name: str) -> str | None:
    """The first invisible format character in ``name`` (Unicode category Cf: zero-width
    space and joiners, soft hyphen, byte-order mark, direction marks), or None. ``Ann``
    with a zero-width space would look like ``Ann`` and be another player."""
    if name.isascii():
        return None
    import unicodedata

    return next((c for c in name if unicodedata.category(c) == "Cf"), None)


def name_problem(name: str) -> tuple[str, str] | None:
    """What makes ``name`` no player's name, as (code, message), or None: a control
    character or line break, or an invisible format character. The one rule of every
    front-end, of ``Session.start`` and of every game log's reader, so ``check`` refuses
    exactly the names ``--resume`` refuses."""
    bad = control_character(name)
    if bad is not None:
        return "control", (f"a player name cannot hold a control character or line break "
                           f"({repr(bad)[1:-1]})")
    bad = invisible_character(name)
    if bad is not None:
        return "invisible", (f"a player name cannot hold an invisible character "
                             f"(U+{ord(bad):04X})")
    return None


def check_name(name: str) -> str:
    """``name`` unchanged, or BadNames (exit 2) by :func:`name_problem`'s rule."""
    problem = name_problem(name)
    if problem is not None:
        raise BadNames(f"{problem[1]}: {shown(name)}", problem[0], name=name)
    return name


def check_players(names: Sequence[str], min_players: int = 1, max_players: int = 99) -> list[str]:
    """The names in NFC and trimmed (:func:`normal_name`), or an InputError naming the
    first bad one: empty, longer than :data:`MAX_NAME`, holding a control or invisible
    character (:func:`name_problem`), named twice ignoring case (``Ann`` and ``ann``
    would be one row of a score), or too few/many for the game."""
    names = [normal_name(name) for name in names]
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
        check_name(name)
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise BadNames(f"{name!r} is named twice (names are matched ignoring case)",
                           "twice", name=name)
        seen[name.casefold()] = name
    return names
