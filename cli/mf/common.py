"""What several ``mf`` commands share: the ruleset option, reading and replaying a log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorepad.options import rules_option as shared_rules_option

if TYPE_CHECKING:
    from scorepad.rules.mille_fiori.engine import State
    from scorepad.rules.mille_fiori.game import MFState
    from scorepad.rules.mille_fiori.ruleset import MFRules

#: The ``--rules FILE`` option of every mf command.
rules_option = shared_rules_option(
    "Ruleset options (YAML/JSON), e.g. {last_diamond_end: round}; a log's rules: wins.")


def load_rules(path: str | None, overrides: dict[str, Any] | None = None,
               source: str | None = None) -> MFRules:
    """The bundled ``mf-1`` options, changed by ``--rules FILE``, then by a log's ``rules:``.

    Errors name the file they come from.
    """
    from scorepad.rules.mille_fiori.ruleset import default_rules
    from scorepad.rulesets import layered_rules

    return layered_rules(default_rules(), path, overrides, source)


@dataclass
class LoadedLog:
    """A log file read, checked and replayed through the game protocol."""

    source: str
    game: MFState

    @property
    def state(self) -> State:
        """The engine state the log leads to."""
        return self.game.g


def load_log(path: str, rules_file: str | None) -> LoadedLog:
    """Read a ``scorepad/mf-game@1`` log and replay it (``GAME.from_log``, the ruleset of
    ``--rules FILE`` under the log's own ``rules:``); every error names the file."""
    from scorepad.io import display_name, read_mapping
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.mille_fiori.game import GAME
    from scorepad.rules.mille_fiori.log import parse_game_log

    name = display_name(path)
    data = read_mapping(path)
    try:
        log = parse_game_log(data)
        load_rules(rules_file, log.rules, name)  # the options' problems, named as they are
        return LoadedLog(name, GAME.from_log(data, rules=load_rules(rules_file)))
    except ScorepadError as err:
        raise err.in_file(name) from None


def score_table(state: State, columns: int | None = None) -> list[str]:
    """The score table: a column per player, a row per scoring category, then the total,
    laps of the 100-space score track, rank and the winners (or leaders). Within
    ``columns`` (a terminal's) long names are cut to fit."""
    from scorepad.rules.mille_fiori.board import AREAS
    from scorepad.rules.mille_fiori.scoring import breakdown, winner_names
    from scorepad.terminal import cut

    scores = breakdown(state)
    width = max(7, *(len(s.name) + 1 for s in scores))
    if columns is not None and 15 + width * len(scores) > columns:
        width = max(7, (columns - 15) // len(scores))
    names = [cut(s.name, width - 1) for s in scores]
    rows = [(a, [s.areas[a] for s in scores]) for a in AREAS]
    rows += [("ship", [s.ship for s in scores]),
             ("20/15/10/5", [s.bonus_fields for s in scores]),
             ("empty display", [s.empty_display for s in scores])]
    head = f"{'':<15}" + "".join(f"{name:>{width}}" for name in names)
    lines = [head]
    lines += [f"{label:<15}" + "".join(f"{v:>{width}}" for v in values) for label, values in rows]
    lines.append("-" * len(head))
    lines.append(f"{'total':<15}" + "".join(f"{s.total:>{width}}" for s in scores))
    if any(s.laps for s in scores):
        lines.append(f"{'laps past 100':<15}" + "".join(f"{s.laps:>{width}}" for s in scores))
    lines.append(f"{'rank':<15}" + "".join(f"{s.rank:>{width}}" for s in scores))
    won = winner_names(scores)
    if state.finished:
        lines.append(f"Winner{'s' if len(won) > 1 else ''}: {', '.join(won)}")
    else:
        lines.append(f"Leading: {', '.join(won)}")
    return lines
