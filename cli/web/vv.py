"""Voll verplant in the browser: the view hook and the sheet asset of the served game page.

``vv_view(session, player)`` is what one viewer sees of a Voll verplant session beyond the
generic state (``static/games/voll-verplant.js`` draws it):

* ``flip`` — the flipper every phone shows (the big card, the pile by kind, windows left,
  the history, the reshuffle): the same numbers as ``vv flip`` and the offline page
  (:mod:`scorepad.app.flipper`), computed from the cards of the session's real game state. A
  flipper's game (``players=[]``, a map or none) has only this.
* ``table`` (a game with players) — the map's lines (letter, colour, windows), every
  player's progress (moved, the special station whose follow-up they owe, windows left),
  the sheets (the viewer's own; the host and watchers get everyone's) as the sheets layer
  draws them, the completions with their first/later bonuses (``news``: those of the last
  round closed, ``completions``: all so far) and the card's kind.

A sheet is the blank sheet of the map (one SVG per language, the asset ``sheet-<lang>.svg``
of :func:`vv_asset`) under the player's pen marks (an SVG in the same ``viewBox``, the asset
``marks-<seat>-<lang>-<key>.svg``; the view sends only the key, which changes with the
marks). The phone keeps both and fetches marks only when they changed, and only the sheet
it shows, so a state stays small however many sheets a table has. Both come from
:mod:`scorepad.sheets.voll_verplant` and :mod:`scorepad.sheets.svg`; the page draws nothing.
The moves themselves are the generic state's ``legal`` (the engine's legal moves).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, cast

from typing_extensions import TypedDict

from scorepad.app.flipper import deck_summary, round_entry
from scorepad.rules.session import AnySession
from scorepad.rules.voll_verplant.schema import CardCode
from scorepad.rules.voll_verplant.view import Bonus

from .scan import scan_routes  # its routes hook: the paper sheet photographed

SHEET_ASSET = re.compile(r"^sheet-(en|de|fr)\.svg$")
MARKS_ASSET = re.compile(r"^marks-(\d{1,2})-(en|de|fr)-([0-9a-f]{16})\.svg$")


# -- what the page receives (the view hook's result; scorepad.web.schema exports it) -----

class VvFlip(TypedDict):
    """The flipper: the deck (as ``vv flip`` shows it) and where the game is in it."""

    seed: str | None
    map: str | None
    any_map: bool
    specials: bool
    deck_size: int
    kinds: list[CardCode]
    kind_names: list[str]
    deck_counts: list[int]
    windows: int | None
    shuffle_cards: list[CardCode]
    position: int
    #: the last card: code, reshuffle after it, its shuffle icon, the pile left by kind,
    #: the windows left (None: no card yet)
    entry: tuple[CardCode, bool, bool, list[int], int | None] | None
    history: list[tuple[CardCode, bool]]    # the last cards and their reshuffle flags
    last: bool


class VvNamed(TypedDict):
    id: str
    name: str


class VvStationNamed(TypedDict):
    id: int
    name: str | None


class VvLine(TypedDict):
    id: str
    color: str
    windows: int
    ring: bool
    first: int
    later: int


class VvCard(TypedDict):
    code: CardCode
    kind: str
    in_round: bool


class VvPlayer(TypedDict):
    name: str
    moved: bool
    to_move: bool
    free: int
    asking: VvStationNamed | None
    used: list[int]


class VvSheet(TypedDict):
    player: str
    seat: int
    marks: str      # the key of the marks' asset (``marks-<seat>-<lang>-<key>.svg``)


class VvCompletion(TypedDict):
    round: int
    line: str
    player: str
    bonus: Bonus
    points: float


class VvTable(TypedDict):
    """A game with players: lines, players, sheets and completions (see the module)."""

    map: VvNamed
    lines: list[VvLine]
    stations: dict[str, str]
    card: VvCard | None
    round: int
    players: list[VvPlayer]
    sheets: list[VvSheet]
    completions: list[VvCompletion]
    news: list[VvCompletion]


class VvFlipView(TypedDict):
    flip: VvFlip


class VvPageView(VvFlipView, total=False):
    """What a Voll verplant page draws: the flipper, and the table in a game with players."""

    table: VvTable


def _network(state: Any) -> Any:
    return state.core.network if state.core is not None else None


#: The last cards the flipper's history lists (the page numbers them from the position):
#: a view costs the same at card 1,000 as at card 25.
HISTORY = 40


def flipper_view(session: AnySession, player: str | None = None,
                 seen: dict[str, Any] | None = None) -> VvFlipView:
    """``{"flip": ...}``: the big card, the pile by kind, windows left and the last
    :data:`HISTORY` cards of the session (the same for every viewer). The seed, which
    tells the next cards, comes only through the game's view (``seen``, or asked here):
    it has one once the game is over."""
    state = session.state
    if seen is None and session.is_over():  # a running game's view has no seed: not
        seen = session.view(player)         # built for nothing (every phone, every step)
    summary = deck_summary((seen or {}).get("seed"), state.rules, _network(state))
    cards = state.cards  # the cards revealed so far: open to everyone
    pile = _pile_since(session)
    entry = None if not cards else round_entry(cards[pile.start:], state.rules, summary)
    if entry is not None and not summary["any_map"]:
        entry[4] = max(summary["windows"] - pile.filled, 0)
    # the deck's summary is the app layer's plain dict: its keys are VvFlip's
    return {"flip": cast(VvFlip, {**summary, "position": len(cards), "entry": entry,
                                  "history": [list(h) for h in pile.recent],
                                  "last": session.is_over()})}


@dataclass(frozen=True)
class _Pile:
    """What the flipper keeps of a state's cards: where the pile since the last reshuffle
    starts, the windows they fill and the last cards with their reshuffle flags."""

    cards: tuple[Any, ...]
    start: int
    filled: int
    recent: tuple[tuple[str, bool], ...]


_PILES: dict[int, _Pile] = {}


def _pile_since(session: AnySession) -> _Pile:
    """The :class:`_Pile` of the session's cards, grown by one card from the previous
    state's (kept per cards tuple): the engine's :func:`since_shuffle` reads only the
    cards since the last reshuffle, so a view does not rescan the whole history."""
    from scorepad.rules.voll_verplant.cards import windows_filled
    from scorepad.rules.voll_verplant.replay import since_shuffle

    cards = session.state.cards
    found = _PILES.get(id(cards))
    if found is not None and found.cards is cards:
        return found
    before = None
    for state in reversed(session.states[:-1]):  # the last state with fewer cards
        if len(state.cards) < len(cards):
            before = _PILES.get(id(state.cards))
            if before is not None and before.cards is not state.cards:
                before = None
            break
    if before is None or len(before.cards) != len(cards) - 1:
        before = _Pile((), 0, 0, ())
        for n in range(len(cards) - 1):  # once: a resumed game, a jump back by undo
            before = _grow(before, cards[:n + 1], session.state.rules, since_shuffle,
                           windows_filled)
    pile = _grow(before, cards, session.state.rules, since_shuffle, windows_filled)
    if len(_PILES) > 512:  # a long evening of games: keep the memory flat
        _PILES.clear()
    _PILES[id(cards)] = pile
    return pile


def _grow(pile: _Pile, cards: tuple[Any, ...], rules: Any, since_shuffle: Any,
          windows_filled: Any) -> _Pile:
    if not cards:
        return pile
    start = len(cards) - 1 if pile.recent and pile.recent[-1][1] else pile.start
    reshuffle = since_shuffle(cards[start:], rules)[1]
    last = cards[-1]
    return _Pile(cards, start, pile.filled + windows_filled((last,)),
                 (*pile.recent, (last.code, reshuffle))[-HISTORY:])


def vv_view(session: AnySession, player: str | None) -> VvPageView:
    """``{"flip": ..., "table": ...}`` for ``player`` (None: the host or a watcher)."""
    flip = flipper_view(session, player)["flip"]
    state = session.state
    if not state.players:
        return {"flip": flip}
    if flip["entry"] is not None:
        # the table knows better than the cards alone: the windows its sheets have left
        # (the game ends when none has one; special stations fill them sooner)
        flip["entry"] = (*flip["entry"][:4], max(s.free for s in state.core.sheets))
    return {"flip": flip, "table": table_view(session, player)}


# -- the table --------------------------------------------------------------------------

def table_view(session: AnySession, player: str | None) -> VvTable:
    """Lines, players, sheets and completions of a game with players (see the module)."""
    from scorepad.rules.voll_verplant import engine

    state = session.state
    core = state.core
    net = core.network
    over = session.is_over()
    sheets = _marked(core)
    players: list[VvPlayer] = []
    for p, name in enumerate(state.players):
        asking = engine.asking(core, p) if core.card is not None else None
        station = net.stations[asking] if asking is not None else None
        players.append({"name": name, "moved": bool(core.card is not None and core.moved[p]),
                        "to_move": engine.owes(core, p), "free": core.sheets[p].free,
                        "asking": None if station is None else
                        {"id": station.id, "name": station.name},
                        "used": list(core.sheets[p].used)})
    shown = [s for s in sheets if player is None or s.player == player]
    card = core.card or (state.cards[-1] if state.cards else None)
    completions = _completions(session)
    closed = core.rounds
    return {
        "map": {"id": net.id, "name": net.name},
        "lines": [{"id": ln.id, "color": ln.color, "windows": ln.windows, "ring": ln.ring,
                   "first": ln.first, "later": ln.later} for ln in net.lines],
        "stations": {str(s.id): s.name for s in net.stations if s.name},
        "card": None if card is None else {"code": card.code, "kind": card.kind,
                                           "in_round": core.card is not None},
        "round": len(state.cards), "players": players,
        "sheets": [{"player": s.player, "seat": state.players.index(s.player),
                    "marks": _key(_shown(s, over))} for s in shown],
        "completions": completions,
        "news": [c for c in completions if c["round"] == closed] if closed else [],
    }


_SHEETS: dict[int, tuple[Any, list[Any]]] = {}


def _marked(core: Any) -> list[Any]:
    """The engine's :func:`marked_sheets` of a state, once per state: every phone's view
    and the marks asset of one step ask for the same six scored sheets."""
    from scorepad.rules.voll_verplant.replay import marked_sheets

    found = _SHEETS.get(id(core))
    if found is not None and found[0] is core:
        return found[1]
    sheets = marked_sheets(core)
    if len(_SHEETS) > 256:  # a long evening of games: keep the memory flat
        _SHEETS.clear()
    _SHEETS[id(core)] = (core, sheets)
    return sheets


def _shown(sheet: Any, over: bool) -> Any:
    """The sheet as the page draws it: the score box is filled in at the end only."""
    return sheet if over else replace(sheet, score=None)


def _key(sheet: Any) -> str:
    """A short digest of everything the pen marks show: it names the marks' asset, so a
    phone fetches them again exactly when they changed (and may keep them otherwise)."""
    score = None if sheet.score is None else sheet.score.total
    data = (sheet.player, sorted(sheet.marked), sorted(sheet.transfers.items()),
            sorted(sheet.windows.items()), sorted(sheet.bonuses.items()), sorted(sheet.struck),
            score)
    return hashlib.sha256(repr(data).encode()).hexdigest()[:16]


_MARKS: dict[tuple[int, str, str], str] = {}


def _marks_svg(net: Any, sheet: Any, lang: str) -> str:
    """The pen marks over the blank sheet of ``lang`` (the layout differs a little by
    language), as an SVG document in the same ``viewBox``."""
    from scorepad.sheets.draw import Page
    from scorepad.sheets.svg import render_svg
    from scorepad.sheets.voll_verplant import sheet_layout
    from scorepad.sheets.voll_verplant.marks import _draw_marks

    key = (id(net), lang, _key(sheet))
    found = _MARKS.get(key)
    if found is None:
        layout = sheet_layout(net, "a4", lang, True)
        marks = _draw_marks(net, layout, sheet, lang)
        # the phone's browser draws a name in any script: not held to the printing font
        found = render_svg(Page(layout.width, layout.height, [marks]), check_fonts=False)
        if len(_MARKS) > 256:  # a long evening of games: keep the memory flat
            _MARKS.clear()
        _MARKS[key] = found
    return found


@lru_cache(maxsize=32)
def _sheet_svg(net: Any, lang: str) -> str:
    from scorepad.sheets.draw import Page
    from scorepad.sheets.svg import render_svg
    from scorepad.sheets.voll_verplant import sheet_layout, sheet_title

    layout = sheet_layout(net, "a4", lang, True)
    return render_svg(Page(layout.width, layout.height, [layout.base]), title=sheet_title(net),
                      check_fonts=False)


def vv_asset(session: AnySession, name: str) -> tuple[str, str] | None:
    """The page's SVG files (None: no such file now).

    ``sheet-<lang>.svg``: the blank sheet of the game's map; ``marks-<seat>-<lang>-<key>.svg``:
    that player's pen marks while ``key`` is what they show (a key of an older state is
    refused, so a phone never keeps marks under the wrong name)."""
    state = session.state
    net = _network(state)
    if net is None:
        return None
    found = SHEET_ASSET.match(name)
    if found is not None:
        return _sheet_svg(net, found.group(1)), "image/svg+xml"
    found = MARKS_ASSET.match(name)
    if found is None or not state.players:
        return None

    seat, lang, key = int(found.group(1)), found.group(2), found.group(3)
    if seat >= len(state.players):
        return None
    sheet = _shown(_marked(state.core)[seat], session.is_over())
    if _key(sheet) != key:
        return None
    return _marks_svg(net, sheet, lang), "image/svg+xml"


def vv_asset_owner(session: AnySession, name: str) -> str | None:
    """The player whose pen marks ``name`` is (``marks-<seat>-…``; None: a blank sheet)."""
    found = MARKS_ASSET.match(name)
    players: tuple[str, ...] = session.state.players
    if found is None or int(found.group(1)) >= len(players):
        return None
    owner: str = players[int(found.group(1))]
    return owner


def vv_check_owner(session: AnySession, query: Any) -> str | None:
    """The player a check asks about (``{"player": NAME, "move": MOVE}``)."""
    name = query.get("player") if isinstance(query, dict) else None
    return name if isinstance(name, str) else None


_COMPLETIONS: dict[int, tuple[Any, list[VvCompletion]]] = {}


def _completions(session: AnySession) -> list[VvCompletion]:
    """Every line completed so far: round, line, player, ``first``/``later`` and points,
    as each step's events tell (``GAME.events``: the ``line`` events of a round's end)."""
    last = session.states[-1]
    cached = _COMPLETIONS.get(id(last))
    if cached is not None and cached[0] is last:
        return cached[1]
    out: list[VvCompletion] = []
    for step in range(len(session.steps)):
        events = session.events(step)
        ended = [e["round"] for e in events if e["type"] == "round-end"]
        out += [{"round": ended[0], "line": e["line"], "player": e["player"],
                 "bonus": e["bonus"], "points": e["points"]}
                for e in events if e["type"] == "line"]
    if len(_COMPLETIONS) > 256:
        _COMPLETIONS.clear()
    _COMPLETIONS[id(last)] = (last, out)
    return out


# -- a move previewed on the sheet ------------------------------------------------------

def vv_check(session: AnySession, query: Any) -> dict[str, Any]:
    """What ``{"player": NAME, "move": MOVE}`` would write on that player's sheet, nothing
    played: the stations it crosses, the transfer numbers it writes and the wagon windows
    it fills (``{"ok": true, "stations", "transfers", "windows"}``), found by letting the
    engine play it on a copy of the state; or ``{"ok": false, "error", "rule"}`` with the
    engine's refusal. The page draws the preview from this, never from rules of its own."""
    from scorepad.rules.common.errors import RuleViolation, ScorepadError
    from scorepad.rules.voll_verplant.replay import marked_sheets

    from .lang import ASKED

    if not isinstance(query, dict) or not isinstance(query.get("player"), str):
        return {"ok": False, "error": "ask with {\"player\": NAME, \"move\": MOVE}", "rule": None}
    name = query["player"]
    state = session.state
    if name not in state.players or state.core is None:
        return {"ok": False, "error": f"no player {name!r} at this table", "rule": None}
    try:
        after = session.step(name, query.get("move"))
    except ScorepadError as err:  # anything else the engine raises is a bug in it (500)
        said = err.said(ASKED.get()) if isinstance(err, RuleViolation) else err.message
        return {"ok": False, "error": said, "rule": getattr(err, "rule", None)}
    seat = state.players.index(name)
    old, new = marked_sheets(state.core)[seat], marked_sheets(after.state.core)[seat]
    return {"ok": True, "said": _said(session, after, query.get("move")),
            "stations": sorted(new.marked - old.marked),
            "transfers": {str(k): v for k, v in new.transfers.items()
                          if old.transfers.get(k) != v},
            "windows": {k: len(v) - len(old.windows.get(k, ())) for k, v in new.windows.items()
                        if len(v) != len(old.windows.get(k, ()))}}


#: The events of a move that its preview words beside the move itself (what the move
#: would write or owe: a transfer number, a special station's follow-up).
_SAID_EVENTS = ("transfer", "special", "lapsed")


def _said(session: AnySession, after: AnySession, move: Any) -> dict[str, str]:
    """The move previewed in words, per language: the game's ``describe`` of the move and
    its ``explain`` of what it would write (never the page's own wording of a rule)."""
    from scorepad.rules.common.words import LANGS

    game = session.game
    events = [e for e in after.events(-1) if e.get("type") in _SAID_EVENTS]
    return {lang: " · ".join([game.describe(move, lang),
                              *(game.explain(e, lang) for e in events)]) for lang in LANGS}


def vv_setup_name(keyword: str, value: Any) -> str | None:
    """A bundled map as players know it ("Berlin" for ``berlin``; None for anything else)."""
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map

    if keyword != "map" or value not in BUNDLED_MAPS:
        return None
    try:
        return str(bundled_map(value).name)
    except ScorepadError:
        return None


#: This game's hooks, by :class:`~scorepad.web.games.WebGame` field (the server finds this
#: module by the game's short name, ``About.short``).
HOOKS: dict[str, Any] = {"view": vv_view, "asset": vv_asset, "check": vv_check,
                         "asset_owner": vv_asset_owner, "check_owner": vv_check_owner,
                         "setup_name": vv_setup_name, "routes": scan_routes}
