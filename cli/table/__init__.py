"""The terminal front-end of the table session (:mod:`scorepad.rules.session`).

One loop (:mod:`.loop`) drives any game of the protocol; a game adds only an
:class:`~.adapter.Adapter` (its move syntax, its display and its help words). The
console (:mod:`.console`) is the terminal's manners: readline, width, colour.
"""

from scorepad.table.adapter import Adapter, Pending, Played, View
from scorepad.table.console import Console
from scorepad.table.loop import open_session, run

__all__ = ["Adapter", "Console", "Pending", "Played", "View", "open_session", "run"]
