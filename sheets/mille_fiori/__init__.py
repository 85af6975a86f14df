"""The printable Mille Fiori score aids: a player aid, a scoring table and tracker pages.

* **player aid** — per area: where you may place, how it scores (with a small worked
  example diagram), what gives a bonus card, the 20/15/10/5 condition; the ship track.
* **scoring table** — trade (diamonds on a good → points each), harbor row payouts,
  pyramid values, workshop groups, the residences line, the ship track and the fields.
* **tracker** — one page per player to tick the five fields' conditions and markers,
  score-track laps, bonus cards and the 27 diamonds.

The worked examples are played by the rules engine (:func:`examples`), and every number
printed comes from the board data and the ruleset options, so the aid cannot disagree
with ``scorepad mf score``. The words live in the one table of every game,
:data:`scorepad.sheets.labels.WORDS` (keys ``mf.*``).

Public API: :func:`aid_pages` (every page, named), the single pages
:func:`player_aid_page`, :func:`scoring_table_page`, :func:`tracker_page` and
:func:`tracker_body`, the worked :func:`examples` and the look (:data:`MARGIN`, :data:`YOU`,
:data:`OTHER`,
:data:`AREA_COLORS`). The modules: :mod:`.style` (measures, colours,
shared pieces), :mod:`.examples` (worked examples and their diagrams), :mod:`.aid_page`
(page 1), :mod:`.table_page` (page 2), :mod:`.trackers` (pages 3+).
"""

from __future__ import annotations

from scorepad.rules.mille_fiori.ruleset import MFRules

from ..draw import Page
from .aid_page import player_aid_page
from .examples import examples
from .style import AREA_COLORS, MARGIN, OTHER, YOU
from .table_page import scoring_table_page
from .trackers import tracker_body, tracker_page

__all__ = [
    "AREA_COLORS",
    "MARGIN",
    "OTHER",
    "YOU",
    "aid_pages",
    "examples",
    "player_aid_page",
    "scoring_table_page",
    "tracker_body",
    "tracker_page",
]


def aid_pages(options: MFRules | None = None, *, paper: str = "a4", lang: str = "en",
              players: int = 4) -> list[tuple[str, Page]]:
    """All pages of the score aid, named: ``player``, ``table``, ``tracker-1`` ...: one
    tracker per player, its row of rounds as long as a game of ``players`` lasts (for 0 or 1,
    as the longest game)."""
    pages = [("player", player_aid_page(options, paper=paper, lang=lang)),
             ("table", scoring_table_page(options, paper=paper, lang=lang))]
    body = tracker_body(options, paper=paper, lang=lang, players=players)
    pages += [(f"tracker-{i}", tracker_page(options, paper=paper, lang=lang, player=i,
                                            body=body)) for i in range(1, players + 1)]
    return pages
