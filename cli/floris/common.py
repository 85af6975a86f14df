"""What several ``floris`` commands share: the ruleset, reading game files, counted words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorepad.options import rules_option as shared_rules_option

if TYPE_CHECKING:  # the rules pull in pydantic: imported when a command runs, not for --help
    from scorepad.rules.floris.log import FlorisLog as FlorisGame
    from scorepad.rules.floris.ruleset import FlorisRules

RULES_HELP = "A ruleset file (YAML/JSON) changing options of floris-1; see docs/floris.md."


#: The ``--rules FILE`` option of every floris command.
rules_option = shared_rules_option(RULES_HELP)


def load_rules(path: str | None, overrides: dict[str, Any] | None = None,
               source: str | None = None) -> FlorisRules:
    """The bundled ruleset, changed by ``--rules FILE`` and then by a game file's ``rules:``
    (the file records how that game was played, so it has the last word)."""
    from scorepad.rules.floris.ruleset import default_rules
    from scorepad.rulesets import layered_rules

    return layered_rules(default_rules(), path, overrides, source)


def read_game(path: str) -> FlorisGame:
    """Read and shape-check a ``scorepad/floris-game@1`` file; errors name the file."""
    from scorepad.io import display_name, read_mapping
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.floris.log import parse_game

    data = read_mapping(path)
    try:
        return parse_game(data)
    except ScorepadError as err:
        raise err.in_file(display_name(path)) from None


def number_word(count: int, singular: str, plural: str | None = None) -> str:
    """``1 flower``, ``2 flowers``."""
    return f"{count} {singular if count == 1 else (plural or singular + 's')}"


