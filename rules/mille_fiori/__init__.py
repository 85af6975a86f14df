"""Mille Fiori: the board and deck data, the rules engine, scoring, game logs and bots.

Modules: ``board`` (data file models and the compiled board), ``ruleset`` (``mf-1``),
``engine`` (immutable state, ``apply``, legal placements), ``scoring`` (breakdowns),
``log`` (the ``scorepad/mf-game@1`` log and its replay), ``deal`` (seeded shuffle),
``bots`` and ``simulate`` (bot games), ``shorthand`` (the scorekeeper's short input form).
"""
