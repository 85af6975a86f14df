"""The printable Pig score pad: a column per player, a row per turn for the banked total,
and the goal at the top. Its words are its own (:data:`WORDS`), in en, de and fr."""

from __future__ import annotations

from scorepad.rules.common.words import say
from scorepad.rules.pig_dice.about import ABOUT
from scorepad.rules.pig_dice.engine import GOAL
from scorepad.sheets.draw import Line, Page, Text, paper_size, pt, stroke

WORDS = {
    "goal": {"en": "first to {goal} wins", "de": "wer zuerst {goal} hat, gewinnt",
             "fr": "le premier à {goal} gagne"},
    "player": {"en": "Player {n}", "de": "Spieler {n}", "fr": "Joueur {n}"},
    "turn": {"en": "turn", "de": "Zug", "fr": "tour"},
}
MARGIN = 15.0
ROW = 9.0


def pad_page(*, paper: str = "a4", lang: str = "en", players: int = 2) -> Page:
    """One pad page for ``players`` columns on ``paper`` in ``lang``."""
    width, height = paper_size(paper)
    page = Page(width, height)
    page.add(Text(MARGIN, MARGIN + pt(18) * 0.75, ABOUT.names.get(lang, ABOUT.names["en"]),
                  size=pt(18), bold=True, tag="title"))
    page.add(Text(width - MARGIN, MARGIN + pt(18) * 0.75, say(WORDS, "goal", lang, goal=GOAL),
                  size=pt(10), anchor="end", tag="goal"))
    top, label = MARGIN + 16, 18.0
    column = (width - 2 * MARGIN - label) / players
    for n in range(players):
        x = MARGIN + label + n * column
        page.add(Text(x + column / 2, top, say(WORDS, "player", lang, n=n + 1), size=pt(10),
                      bold=True, anchor="middle", tag="player"))
        page.add(Line(x, top + 2, x, height - MARGIN, stroke(width=0.3)))
    rows = int((height - MARGIN - top - 4) // ROW)
    for row in range(rows):
        y = top + 4 + (row + 1) * ROW
        page.add(Text(MARGIN, y - 2.5, f"{say(WORDS, 'turn', lang)} {row + 1}", size=pt(8)))
        page.add(Line(MARGIN, y, width - MARGIN, y, stroke(width=0.2)))
    return page
