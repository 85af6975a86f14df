"""Starting a game from set-up choices, for the terminal tables and the browser alike: the
players checked, the set-up values held to what is offered, the seed, the session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorepad.rules.common.errors import InputError
from scorepad.rules.game import AnyGame
from scorepad.rules.session import Session


def chosen_setup(game_id: str, offered: Mapping[str, Sequence[Any]],
                 asked: Mapping[str, Any]) -> dict[str, Any]:
    """The set-up keywords ``asked`` for, held to ``offered`` (keyword → the values one may
    choose, the first the default): only offered keywords, each one of its values."""
    unknown = sorted(set(asked) - set(offered))
    if unknown:
        raise InputError(f"{game_id} has no set-up option {unknown[0]!r}", where=("setup",))
    setup = {}
    for key, choices in offered.items():
        value = asked.get(key, choices[0])
        if value not in choices:
            shown = ", ".join(map(str, choices))
            raise InputError(f"{value!r} is not one of {shown}", where=("setup", key))
        setup[key] = value
    return setup


def start_game(game: AnyGame, players: Sequence[str], *, seed: str | None = None,
               deal: bool = True, rules: Mapping[str, Any] | None = None,
               setup: Mapping[str, Any] | None = None,
               offered: Mapping[str, Sequence[Any]] | None = None,
               no_players: bool = False) -> Session:
    """A new session of ``game``.

    ``players`` are checked as every front-end checks names (NFC, distinct, the game's
    range; none at all only with ``no_players``, a card flipper's table). A dealt game
    (``deal``) is seeded: ``seed``, or a fresh one; a game the table deals itself (a
    scorekeeper's, a tally's) has none. ``rules`` are ruleset options changed, ``setup``
    the game's set-up keywords, held to ``offered`` where a front-end offers a list of
    values (:func:`chosen_setup`: the browser's choices).
    """
    from scorepad.rules.common.names import check_players
    from scorepad.rules.common.shuffle import fresh_seed

    names = list(players)
    if names or not no_players:
        try:
            names = check_players(names, game.min_players, game.max_players)
        except InputError as err:
            raise err.at("players") from None
    chosen_keywords = dict(setup or {})
    if offered is not None:
        chosen_keywords = chosen_setup(game.id, offered, chosen_keywords)
    if not deal and seed:
        raise InputError("a game the table deals itself has no seed", where=("seed",))
    chosen = None if not deal else seed or fresh_seed()
    return Session.start(game, names, seed=chosen, rules=rules, **chosen_keywords)
