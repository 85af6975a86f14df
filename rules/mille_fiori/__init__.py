"""Mille Fiori: the board and deck data, the rules engine, scoring and game logs.

Modules: ``board`` (the compiled board; ``board_spec`` its pydantic models), ``ruleset``
(``mf-1``, the pydantic options), ``engine`` (immutable state, ``apply``, legal
placements), ``scoring`` (breakdowns), ``log`` (the ``scorepad/mf-game@1`` model),
``game`` (``GAME`` in the game protocol, and the replay of a log), ``deal`` (seeded
shuffle). The bots, the fast simulator and bot games are in ``scorepad.play.mille_fiori``;
the scorekeeper's short input form in ``scorepad.mf.shorthand``.
"""
