"""The scorekeeper's short input form: ``ann w17 quartz``, ``bob t1 goblet 2``, ``cid ship 4``.

A line is a few words in any order after an optional player name (a name or the start
of one, any case):

* a space: ``w17`` (workshops/17), ``r`` or ``r5`` (the next house), ``n3``, ``p10``,
  ``t1`` (trade row 1; the good comes from the card), ``h2`` (harbor row 2), or a full
  space id such as ``trade/1/goblet``;
* ``ship`` to move the ship instead of placing;
* the card: a symbol word (``quartz``, ``coin``, ``goblet`` ... or a unique start of one,
  ``house`` for a residences card, ``harbor`` for a harbor card), a ship number 1-5, or a
  full card id such as ``workshops/quartz/3``;
* ``none`` when an owed bonus card cannot be taken because the display is empty.

:func:`parse_entry` reads what was typed into an :class:`Entry`; what is missing (a ship
number the deck leaves open, the space) the scorekeeper asks for, with the help of
:func:`card_options` and :func:`number_options`. :func:`parse_cards` reads a list of cards
(the face-up display, a round's leftovers): ``goblet 4, quartz 3, house 2, harbor 5``;
:func:`card_words` writes one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorepad.rules.common.errors import ContentError
from scorepad.rules.mille_fiori.board import (
    AREAS,
    HARBOR,
    NOBILI,
    POPULI,
    RESIDENCES,
    TRADE,
    WORKSHOPS,
    Board,
)
from scorepad.rules.mille_fiori.engine import State

#: What a token is, a tag and its values: ("ship",), ("number", n), ("symbol", area,
#: symbol), ...; read by position after the tag.
_Kind = tuple[Any, ...]

AREA_LETTERS = {"w": WORKSHOPS, "r": RESIDENCES, "n": NOBILI, "p": POPULI, "t": TRADE,
                "h": HARBOR}
_SPACE = re.compile(r"^([wrnpth])(\d{1,2})?$")
EMPTY_WORDS = ("none", "empty", "-")
SHIP_WORDS = ("ship", "s")
_CARD_WORDS = {"house": RESIDENCES, "houses": RESIDENCES, "residence": RESIDENCES,
               "residences": RESIDENCES, "harbor": HARBOR, "harbour": HARBOR}


@dataclass
class Entry:
    """What one input line says; ``None`` where it says nothing."""

    player: int | None = None
    ship: bool = False
    empty: bool = False
    area: int | None = None     # the card's area
    symbol: int | None = None   # index in the area's symbols; -1 for house/harbor cards
    number: int | None = None   # the card's ship number
    space: int | None = None    # a board space
    row: int | None = None      # a trade or harbor row, the exact space still open

    @property
    def card_known(self) -> bool:
        return self.area is not None and self.symbol is not None and self.number is not None


def symbol_words(b: Board) -> dict[str, tuple[int, int]]:
    """Every word that names a card: symbol → (area, symbol index), plus house/harbor."""
    words: dict[str, tuple[int, int]] = {}
    for area, symbols in enumerate(b.symbols):
        for i, sym in enumerate(symbols):
            words[sym] = (area, i)
    for word, area in _CARD_WORDS.items():
        words[word] = (area, -1)
    return words


def _lookup_word(word: str, words: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    if word in words:
        return words[word]
    if len(word) >= 2:
        hits = {words[w] for w in words if w.startswith(word)}
        if len(hits) == 1:
            return hits.pop()
    return None


def match_player(word: str, names: Sequence[str]) -> int | None:
    """The seat a word names: the exact name, or the only name it starts (any case)."""
    low = word.lower()
    exact = [i for i, n in enumerate(names) if n.lower() == low]
    if exact:
        return exact[0]
    hits = [i for i, n in enumerate(names) if n.lower().startswith(low)]
    return hits[0] if len(hits) == 1 else None


def parse_entry(text: str, names: Sequence[str], b: Board) -> Entry:
    """Read one input line; ContentError naming the word it cannot place."""
    words = symbol_words(b)
    entry = Entry()
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise ContentError("nothing typed")
    first = tokens[0]
    if match_player(first, names) is not None and (
            first.lower() in (n.lower() for n in names) or _classify(first, words, b) is None):
        entry.player = match_player(first, names)
        tokens = tokens[1:]
    elif _names_a_player(first, words, b):
        raise ContentError(f"no player {first!r} (players: {', '.join(names)})")
    for token in tokens:
        kind = _classify(token, words, b)
        if kind is None:
            raise ContentError(f"cannot read {token!r} (try: w17 quartz, t1 goblet 2, r, "
                               "n3 coin, h2, ship goblet 4, none)")
        _merge(entry, kind, token, b)
    return entry


def _names_a_player(token: str, words: dict[str, tuple[int, int]], b: Board) -> bool:
    """Whether a first word that is no player's name was meant as one: a word of letters
    that no card word is close to (``dan``, not ``quarz``), so the answer names the
    players there are instead of the card words."""
    import difflib  # here: only an unreadable line needs it

    if not token.isalpha() or _classify(token, words, b) is not None:
        return False
    known = [*words, *SHIP_WORDS, *EMPTY_WORDS]
    return not difflib.get_close_matches(token.lower(), known, n=1, cutoff=0.75)


def _classify(token: str, words: dict[str, tuple[int, int]], b: Board) -> _Kind | None:
    low = token.lower()
    if low in SHIP_WORDS:
        return ("ship",)
    if low in EMPTY_WORDS:
        return ("empty",)
    if low in b.card_index:
        card = b.cards[b.card_index[low]]
        return ("card", card.area, card.symbol, card.number)
    if low in b.space_index:
        return ("space", b.space_index[low])
    m = _SPACE.match(low)
    if m:
        return ("area", AREA_LETTERS[m.group(1)], None if m.group(2) is None else int(m.group(2)))
    if low.isdigit() and 1 <= int(low) <= 5:
        return ("number", int(low))
    hit = _lookup_word(low, words)
    if hit is not None:
        return ("symbol", *hit)
    return None


def _merge(entry: Entry, kind: _Kind, token: str, b: Board) -> None:
    tag = kind[0]
    if tag == "ship":
        entry.ship = True
    elif tag == "empty":
        entry.empty = True
    elif tag == "number":
        entry.number = kind[1]
    elif tag in ("card", "symbol"):
        area, symbol = kind[1], kind[2]
        if entry.area is not None and entry.area != area:
            raise ContentError(f"{token!r} is a {AREAS[area]} card, but the space is in the "
                               f"{AREAS[entry.area]}")
        entry.area, entry.symbol = area, symbol
        if tag == "card":
            entry.number = kind[3]
    elif tag == "space":
        _set_space(entry, kind[1], token, b)
    else:  # an area letter with an optional number
        area, num = kind[1], kind[2]
        if entry.area is not None and entry.area != area:
            raise ContentError(f"{token!r} is in the {AREAS[area]}, but the card is a "
                               f"{AREAS[entry.area]} card")
        if area in (TRADE, HARBOR):
            if num is None or num >= b.trade_rows:
                raise ContentError(f"{token!r}: give the row, {token[0]}0 to "
                                   f"{token[0]}{b.trade_rows - 1}")
            entry.area, entry.row = area, num
            if area == HARBOR:
                entry.symbol = -1
        elif num is None:
            if area != RESIDENCES:
                raise ContentError(f"{token!r}: give the space number, e.g. {token[0]}3")
            entry.area = area
            entry.symbol = -1
        else:
            sid = f"{AREAS[area]}/{num}"
            if sid not in b.space_index:
                raise ContentError(f"no space {sid} ({AREAS[area]}/0.."
                                   f"{b.area_size[area] - 1})")
            _set_space(entry, b.space_index[sid], token, b)


def _set_space(entry: Entry, space: int, token: str, b: Board) -> None:
    area = b.space_area[space]
    if entry.area is not None and entry.area != area:
        raise ContentError(f"{token!r} is in the {AREAS[area]}, but the card is a "
                           f"{AREAS[entry.area]} card")
    entry.area, entry.space = area, space
    if area in (WORKSHOPS, TRADE) and entry.symbol is None:
        entry.symbol = b.space_symbol[space]  # the space shows the card's material/good
    elif area in (RESIDENCES, HARBOR):
        entry.symbol = -1
    if area in (TRADE, HARBOR):
        entry.row = b.space_local[space] // (len(b.goods) if area == TRADE else
                                             len(b.harbor_row[0]))


def number_options(state: State, area: int, symbol: int, bonus: bool = False) -> list[int]:
    """Ship numbers the card (area, symbol) can still show: copies the deck holds unseen;
    for a bonus card, those on the display (or, untracked, leftovers seen so far too)."""
    b = state.cfg.board
    out = set()
    seen = state.seen  # (a view the engine makes from its packed counts: once)
    for card in b.cards:
        if card.area != area or card.symbol != symbol:
            continue
        k = card.index
        if bonus and state.display is not None:
            if k in state.display:
                out.add(card.number)
        elif seen[k] < b.card_count[k] or (bonus and state.pool[k] > 0):
            out.add(card.number)
    return sorted(out)


def card_options(b: Board, area: int) -> list[str]:
    """The words that name the cards of an area (``quartz`` ..., ``house``, ``harbor``)."""
    if area == RESIDENCES:
        return ["house"]
    if area == HARBOR:
        return ["harbor"]
    return list(b.symbols[area])


def parse_cards(text: str, b: Board) -> list[int]:
    """The card kinds of a typed list: a card word and its ship number each
    (``goblet 4, quartz 3, house 2``; commas optional), or full card ids
    (``trade/goblet/4``). ContentError naming the word that is not a card."""
    tokens = text.replace(",", " ").lower().split()
    words = symbol_words(b)
    cards: list[int] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if "/" in token:
            cards.append(b.card(token))
            i += 1
            continue
        hit = _lookup_word(token, words)
        if hit is None:
            raise ContentError(f"no card {token!r}: a card word (quartz, coin, goblet, ...; "
                               "house; harbor) and its ship number, e.g. 'goblet 4'")
        if i + 1 == len(tokens) or not tokens[i + 1].isdigit():
            raise ContentError(f"{token!r} needs its ship number, e.g. '{token} 3'")
        cards.append(card_kind(b, *hit, int(tokens[i + 1])))
        i += 2
    return cards


def card_words(b: Board, cards: Sequence[int]) -> str:
    """Cards as :func:`parse_cards` reads them: ``goblet 4, quartz 3, house 2``."""
    return ", ".join(f"{card_options(b, c.area)[max(c.symbol, 0)]} {c.number}"
                     for c in (b.cards[k] for k in cards))


def card_kind(b: Board, area: int, symbol: int, number: int) -> int:
    """The card kind of a complete (area, symbol, number); ContentError if no such card."""
    sym = b.symbols[area][symbol] if symbol >= 0 else "-"
    return b.card(f"{AREAS[area]}/{sym}/{number}")


def row_space(state: State, area: int, row: int, symbol: int | None) -> int:
    """The space a trade row (with the card's good) or a harbor row (its first free ship
    space; the row's first space when it is full, so the engine names the problem) means."""
    b = state.cfg.board
    if area == TRADE:
        assert symbol is not None
        return b.trade_row[row][symbol]
    spaces = b.harbor_row[row]
    return next((s for s in spaces if not state.taken >> s & 1), spaces[0])
