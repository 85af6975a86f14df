"""Mille Fiori: the board and deck data, the rules engine, scoring, game logs and bots.

Modules: ``board`` (the compiled board; ``board_spec`` its pydantic models), ``ruleset``
(``mf-1``, the pydantic options), ``engine`` (immutable state, ``apply``, legal
placements), ``scoring`` (breakdowns), ``log`` (the ``scorepad/mf-game@1`` model),
``game`` (``GAME`` in the game protocol, and the replay of a log), ``deal`` (seeded
shuffle), ``bots``, ``simulator`` (the fast engine of bot games) and ``simulate``
(bot games), ``shorthand`` (the scorekeeper's short
input form).
"""
