"""The computer at play, over the engines of :mod:`scorepad.rules`: bots, search,
the fast simulators held equal to the engines, batch runs, analysis and the exact
solver. Pure like the rules (no files, no printing, no Click); imports only
:mod:`scorepad.rules`."""
