"""Keeping score during a game: a game file grows one bouquet at a time.

Pure operations on :class:`FlorisGame` (frozen): each returns a new game, so undo is
keeping the previous one. The ``tally`` command reads the lines and saves the files.
"""

from __future__ import annotations

from scorepad.rules.common.errors import InputError, RuleViolation

from .bouquet import Verdict, judge
from .flowers import fold, format_spec
from .log import GAME_FORMAT, FlorisGame, PlayerEntry
from .ruleset import FlorisRules, default_rules
from .scoring import MAX_PLAYERS, bouquet_problem
from .spec import parse_spec


def parse_names(text: str) -> list[str]:
    """Player names from ``"Ann, Bob,Cid"``: 1-4 distinct names (case does not distinguish)."""
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise InputError(f"--players: an empty name in {text!r} (write NAMES as Ann,Bob,Cid)")
    if len(names) > MAX_PLAYERS:
        raise InputError(f"--players: Floris is for 2-{MAX_PLAYERS} players, not {len(names)}")
    seen: set[str] = set()
    for name in names:
        if len(name) > 40:
            raise InputError(f"--players: name {name[:40]!r}... is longer than 40 characters")
        if fold(name) in seen:
            raise InputError(f"--players: {name!r} is named twice")
        seen.add(fold(name))
    return names


def new_game(names: list[str], rules: FlorisRules) -> FlorisGame:
    """An unfinished game with no bouquets yet; it records the options that differ from floris-1."""
    return FlorisGame(format=GAME_FORMAT, rules=rules.changed_from(default_rules()),
                      finished=False, players={n: PlayerEntry() for n in names})


def match_player(line: str, names: list[str]) -> tuple[str, str]:
    """Split ``"ann r3 l3"`` into the player it names and the rest of the line.

    A line starts with a whole name (any case), or with a word that begins only one name.
    """
    folded = fold(line)
    for name in sorted(names, key=len, reverse=True):
        key = fold(name)
        if folded.startswith(key) and (len(line) == len(name) or line[len(name)] in " \t:"):
            return name, line[len(name):].lstrip(" \t:")
    word, _, rest = line.replace(":", " ", 1).partition(" ")
    hits = [n for n in names if fold(n).startswith(fold(word))]
    if len(hits) == 1:
        return hits[0], rest.strip()
    if hits:
        raise InputError(f"{word!r} could be {' or '.join(hits)}: write more of the name")
    raise InputError(f"no player {word!r} (players: {', '.join(names)})")


def add_bouquet(game: FlorisGame, player: str, spec: str,
                rules: FlorisRules) -> tuple[FlorisGame, Verdict]:
    """The game with a presented bouquet added (written in canonical form ``rose:3 lily:3``).

    Raises InputError for a spec that cannot be read and RuleViolation for no bouquet.
    """
    verdict = judge(parse_spec(spec), rules)
    if not verdict.valid:
        raise bouquet_problem(spec, verdict, rules)
    entry = game.players[player]
    changed = entry.model_copy(update={"bouquets": [*entry.bouquets, format_spec(verdict.counts)]})
    return _with_player(game, player, changed), verdict


def check_final(final: str, rules: FlorisRules) -> Verdict | None:
    """The verdict of a final bouquet (None for ``""``: no final bouquet); raises if invalid."""
    if not final.strip():
        return None
    verdict = judge(parse_spec(final), rules)
    if not verdict.valid:
        raise bouquet_problem(final, verdict, rules)
    return verdict


def finish_player(game: FlorisGame, player: str, final: str, left_in_hand: int,
                  discarded: int, rules: FlorisRules) -> tuple[FlorisGame, Verdict | None]:
    """The game with a player's final bouquet (``""`` for none) and penalty cards recorded."""
    verdict = check_final(final, rules)
    spec = ""
    if verdict:
        spec = format_spec(verdict.counts)
        if rules.final_bouquet == "whole_hand" and left_in_hand:
            raise RuleViolation("the final bouquet must be the whole hand "
                                "(ruleset final_bouquet: whole_hand)", rule="final_bouquet")
    changed = game.players[player].model_copy(
        update={"final": spec, "left_in_hand": left_in_hand, "discarded": discarded})
    return _with_player(game, player, changed), verdict


def mark_finished(game: FlorisGame) -> FlorisGame:
    """The game marked as finished."""
    return game.model_copy(update={"finished": True})


def _with_player(game: FlorisGame, player: str, entry: PlayerEntry) -> FlorisGame:
    players = dict(game.players)
    players[player] = entry
    return game.model_copy(update={"players": players})
