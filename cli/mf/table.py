"""Mille Fiori at the terminal table: the :class:`~scorepad.table.Adapter` of ``mf play``.

What Mille Fiori adds to the shared loop (:mod:`scorepad.table`):

* its move syntax, the short form of :mod:`scorepad.mf.shorthand`
  (``ann w17 quartz``, ``bob t1 goblet 2``, ``cid ship swan 4``, ``none``); what a line
  leaves open (the card, a townspeople symbol, a ship number the deck leaves open, the
  space) is asked (:class:`~scorepad.table.Pending`) and the next answer completes it: a
  card without a space lists its legal spaces numbered, with what each would score;
* a round's leftovers (tracking the display) typed as a list of cards;
* its display: who got how many points and why, bonus cards and the 20/15/10/5 fields,
  the running totals with the score track's laps past 100, the face-up display (``d``).

The protocol (:mod:`scorepad.rules.mille_fiori.game`) makes each hand card and each
bonus card a step, and the leftovers of a tracked display a chance step; the loop saves
after every step and ``u`` takes the last one back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorepad.mf.shorthand import (
    AREA_LETTERS,
    card_kind,
    card_options,
    card_words,
    number_options,
    parse_cards,
    parse_entry,
    row_space,
)
from scorepad.rules.common.errors import ContentError, ScorepadError
from scorepad.rules.game import MoveData
from scorepad.rules.mille_fiori import engine as E
from scorepad.rules.mille_fiori.board import AREAS, HARBOR, RESIDENCES, TRADE, Board
from scorepad.rules.mille_fiori.game import EMPTY_DISPLAY, GAME, MFState
from scorepad.rules.session import Session
from scorepad.table import Adapter, Pending, View
from scorepad.table.adapter import Command

HELP = """\
Type what was played:
  [name] SPACE [CARD] [NUMBER]
  w17 quartz   workshops/17, quartz card
  t1 goblet 2  trade row 1, goblet 2
  r            the next house
  n3 coin      nobili/3 (p10 crab: populi)
  h2 4         harbor row 2, harbor 4
  ship swan 4  move the ship instead
  coin 2       lists where it can go
  none         (bonus) display empty: +5
What a line leaves open is asked for.
With --display, card lists (the display,
  leftovers): goblet 4, quartz 3, house 2"""

_LETTER = {area: letter for letter, area in AREA_LETTERS.items()}


@dataclass
class _Question:
    """A line that is not a whole move yet: what was typed, what is asked, for whom, at
    which step (an undo or another step makes the question stale)."""

    player: str
    steps: int
    text: str
    wants: str                      # card | symbol | number | space
    options: list[MoveData] = field(default_factory=list)


class MilleFioriAdapter(Adapter):
    """Mille Fiori's terminal face (see the module's notes)."""

    game = GAME
    command = "scorepad mf play"
    score_command = "scorepad mf score"
    help_text = HELP
    bare_numbers_pick = False  # numbers answer questions: a ship number, a space's number

    def __init__(self) -> None:
        self._question: _Question | None = None

    # --- input ----------------------------------------------------------------------------

    def parse(self, session: Session, player: str | None, line: str) -> MoveData | Pending:
        """A move from the short form (see :data:`HELP`), or a round's leftover cards."""
        b = _board(session)
        if player is None:  # a tracked display: laid out at set-up, or a round's leftovers
            cards = [b.cards[k].id for k in parse_cards(line, b)]
            return {"display": cards} if session.state.display_owed else {"leftover": cards}
        text = line
        asked = self._question
        self._question = None
        if asked is not None and asked.player == player and asked.steps == len(session.steps):
            if asked.wants == "space" and line.isdigit():
                number = int(line)
                if not 1 <= number <= len(asked.options):
                    self._question = asked
                    raise ContentError(f"choose 1 to {len(asked.options)}")
                return asked.options[number - 1]
            if asked.wants != "space" and len(line.split()) == 1:
                text = f"{asked.text} {line}"  # the answer completes the line
        try:
            return self._read(session, player, text)
        except ScorepadError:
            if text != line:  # a wrong answer: the question stands
                self._question = asked
            raise

    def _read(self, session: Session, player: str, text: str) -> MoveData | Pending:
        g = session.state.g
        b = g.cfg.board
        names = list(g.cfg.names)
        entry = parse_entry(text, names, b)
        bonus = g.phase == E.BONUS
        if entry.player is not None and names[entry.player] != player:
            if bonus:
                raise ContentError(f"{player} owes a bonus card: play it first")
            raise ContentError(f"It is {player}'s turn (play goes round from the start player)")
        if entry.empty:
            if not bonus:
                raise ContentError("'none' answers an owed bonus card; now play a card")
            return dict(EMPTY_DISPLAY)

        def ask(wants: str, question: str) -> Pending:
            self._question = _Question(player, len(session.steps), text, wants)
            return Pending((question,))

        if entry.area is None:
            return ask("card", "Which card? (a symbol such as quartz, coin, goblet; house; "
                              "harbor)")
        if entry.symbol is None:
            options = card_options(b, entry.area)
            return ask("symbol", f"Which {AREAS[entry.area]} card? ({' / '.join(options)})")
        if entry.number is None:
            numbers = number_options(g, entry.area, entry.symbol, bonus)
            if len(numbers) == 1:
                entry.number = numbers[0]
            else:
                shown = "/".join(map(str, numbers)) if numbers else "1-5"
                return ask("number", f"Ship number on the card? ({shown})")
        card = card_kind(b, entry.area, entry.symbol, entry.number)
        if entry.ship:
            return _move(b, card, E.SHIP)
        if entry.row is not None:
            return _move(b, card, row_space(g, entry.area, entry.row,
                                            entry.symbol if entry.area == TRADE else None))
        if entry.space is not None:
            return _move(b, card, entry.space)
        spaces = E.placement_choices(g, g.cfg.names.index(player), card)
        if len(spaces) == 1 and entry.area == RESIDENCES:  # `r 2`: the residences fill in
            return _move(b, card, spaces[0])               # order, the ship is typed apart
        return self._choose_space(session, player, card)

    def _choose_space(self, session: Session, player: str, card: int) -> Pending:
        """Ask for the space: the card's legal spaces numbered (with their points), and
        the ship move."""
        g = session.state.g
        b = g.cfg.board
        seat = g.cfg.names.index(player)
        spaces = [*E.placement_choices(g, seat, card), E.SHIP]
        lines = [f"{card_words(b, [card])} can go:"]
        for i, space in enumerate(spaces, start=1):
            events, bonus = E.preview(g, seat, card, space)
            own = sum(e.points for e in events if e.player == seat)
            others = sum(e.points for e in events if e.player not in (seat, -1))
            where = "ship" if space == E.SHIP else _short_space(session.state, b, space)
            extra = (f", others +{others}" if others else "") + (", bonus card" if bonus else "")
            lines.append(f"{i:>3}) {where:<14} +{own}{extra}")
        lines.append("Type its number.")
        self._question = _Question(player, len(session.steps), "", "space",
                                   [_move(b, card, space) for space in spaces])
        return Pending(tuple(lines))

    def choices(self, session: Session, player: str | None) -> list[tuple[MoveData, str]]:
        """While a card's space is asked, its spaces and the ship; else every legal move."""
        asked = self._question
        if asked is not None and asked.wants == "space" and asked.player == player and \
                asked.steps == len(session.steps):
            return [(move, self.describe(session, player, move)) for move in asked.options]
        return super().choices(session, player)

    def describe(self, session: Session, player: str | None, move: MoveData) -> str:
        """A move in the short form it can be typed as: ``w17 quartz 3``, ``ship swan 4``."""
        b = _board(session)
        if not isinstance(move, Mapping):
            return str(move)
        if "leftover" in move:
            return "leftovers " + (card_words(b, [b.card(c) for c in move["leftover"]])
                                   or "none")
        if "deal" in move:
            return "the deal"
        if dict(move) == EMPTY_DISPLAY:
            return "none (the display is empty)"
        card = b.card(move["card"])
        words = card_words(b, [card])
        action = move["action"]
        if action.get("ship"):
            return f"ship {words}"
        return f"{_short_space(session.state, b, b.space(action['place']))} {words}"

    def suggest(self, session: Session, player: str | None) -> MoveData | None:
        """No suggestion: the table says what was played (a dealt card is not known)."""
        return None

    def prompt(self, session: Session, player: str | None) -> str:
        g = session.state.g
        owed = session.state.display_owed
        # the resume hint keeps --display while the set-up display is still to be typed
        self.command = type(self).command + (" --display" if owed else "")
        if player is None:
            return "display" if owed else "leftovers"
        asked = self._question
        if asked is not None and asked.player == player and asked.steps == len(session.steps):
            return f"{player} · {'space number' if asked.wants == 'space' else asked.wants}"
        if g.phase == E.BONUS:
            return f"bonus · {player}"
        return f"turn {g.turns + 1} · {player}"

    def commands(self, session: Session) -> Mapping[str, Command]:
        shown = ("the face-up display (with --display)", _display_lines)
        return {"d": shown, "display": shown}

    # --- display --------------------------------------------------------------------------

    def status(self, session: Session, view: View) -> list[str]:
        s = session.state
        g = s.g
        cfg = g.cfg
        names = cfg.names
        if session.is_over():
            return []
        if s.display_owed:
            return [f"Display ({cfg.display_size} face-up cards): type them, e.g. goblet 4, "
                    "quartz 3, house 2"]
        if session.at_chance():  # a tracked display: the round's leftovers
            count = cfg.hand * cfg.players - g.turn
            return [f"Round {g.round + 1} is over: which {count} leftover hand cards go to "
                    "the display? (e.g. goblet 4, quartz 3, house 2)"]
        if g.phase == E.BONUS:
            who = names[g.pending]
            if g.display is not None:
                return [f"{who} takes a bonus card from the display and plays it.",
                        f"Display: {display_text(g)}"]
            return [f"{who} takes a bonus card from the display and plays it ('none' if the "
                    f"display is empty: +{cfg.empty_points})."]
        lines = []
        if g.phase == E.ROUND_END:  # untracked: the next card played opens the next round
            lines.append(f"Round {g.round + 1} is over: the leftover hand cards go face up to "
                         "the display.")
            number, start = g.round + 1, (g.start + 1) % cfg.players
        elif g.turn == 0:
            number, start = g.round, g.start
        else:
            return _hand_lines(session)
        lines.append(view.paint(f"Round {number + 1} of {cfg.rounds}: {names[start]} starts; "
                                f"deal {cfg.hand} cards each, everyone plays {cfg.plays}.",
                                bold=True))
        return lines + _hand_lines(session)

    def resumed(self, session: Session) -> str:
        return f"Resumed after turn {session.state.g.turns}."

    def after_step(self, before: Session, after: Session, player: str | None,
                   move: MoveData, view: View) -> list[str]:
        g = after.state.g
        if player is None:
            return [f"Display: {display_text(g)}"]
        events = after.events()
        if after.is_over():  # the end is said once, by over(), with its reason
            events = [e for e in events if e["type"] != "end"]
        lines = event_lines(events)
        place = move.get("action", {}).get("place", "") if isinstance(move, Mapping) else ""
        if place.startswith("harbor/"):  # a harbor diamond scores only when its row fills:
            lines.insert(0, f"  {player}: diamond on {place}")  # say where it went
        if g.phase != E.BONUS:  # the turn is over, bonus chain and all
            lines += totals_lines(g, view.width)
        return lines

    def sheet(self, session: Session, player: str, view: View) -> list[str]:
        entry = next(p for p in session.score()["players"] if p["name"] == player)
        parts = [f"{area} {entry['areas'][area]}" for area in AREAS]
        parts += [f"ship {entry['ship']} (on {entry['ship_position']})",
                  f"20/15/10/5 {entry['bonus_fields']}", f"empty display {entry['empty_display']}",
                  f"diamonds left {entry['diamonds_left']}", f"bonus cards {entry['bonus_cards']}"]
        return [f"{player}: {entry['total']}{_lap(entry['total'])}, rank {entry['rank']}",
                *pack(parts, view.width, head="  ", indent="  ")]

    def scores(self, session: Session, view: View) -> list[str]:
        from .common import score_table

        g = session.state.g
        table = score_table(g)
        if max(len(line) for line in table) <= view.width:
            return table
        # too narrow for a column per player: a row per player, its points by category
        score = session.score()
        lines = []
        for p in sorted(score["players"], key=lambda p: p["rank"]):
            parts = [f"{area} {p['areas'][area]}" for area in AREAS if p["areas"][area]]
            parts += [f"{label} {p[key]}" for key, label in
                      (("ship", "ship"), ("bonus_fields", "20/15/10/5"),
                       ("empty_display", "empty display")) if p[key]]
            lines.append(f"{p['rank']}. {p['name']} {p['total']}{_lap(p['total'])}")
            lines += pack(parts, view.width, head="   ", indent="   ")
        lines.append(table[-1])  # Winner(s) or Leading
        return lines

    def over(self, session: Session) -> str:
        why = ("a player has placed their last diamond" if session.state.g.ending
               else "the deck cannot deal another round")
        return f"The game is over: {why}."

    def final(self, session: Session, view: View) -> list[str]:
        return self.scores(session, view)


# ------------------------------------------------------------------------------ lines
#: The protocol's events of a step itself (the table shows the step as it was typed).
_STEP_EVENTS = ("play", "bonus-play", "deal", "leftover")


def event_lines(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """What a step did (``GAME.events``): who got how many points and why, bonus cards,
    the game's end."""
    lines = []
    for e in events:
        kind, who, why = e["type"], e["player"] or "", e.get("why", "")
        if kind in _STEP_EVENTS:
            continue
        if "points" in e:
            label = "20/15/10/5" if kind == "bonus_fields" else kind.replace("_", " ")
            lines.append(f"  {who} +{e['points']} {label} ({why})")
        elif kind == "bonus":
            lines.append(f"  * {who}: {why}")
        elif kind == "end":
            lines.append(f"  ! {who + ': ' if who else ''}{why}")
        else:
            lines.append(f"  {who}: {why}")
    return lines


def totals_lines(g: E.State, width: int) -> list[str]:
    """``Totals: Ann 11 · Bob 6`` (the score track's lap past 100), fitted to ``width``
    without parting a name from its total."""
    parts = [f"{name} {g.total(p)}{_lap(g.total(p))}" for p, name in enumerate(g.cfg.names)]
    return pack(parts, width, head="Totals: ", sep=" · ", indent="  ")


def pack(parts: Sequence[str], width: int, *, head: str = "", sep: str = ", ",
         indent: str = "") -> list[str]:
    """``parts`` joined by ``sep`` on lines of at most ``width`` columns, a part never cut
    (the console would wrap at any space)."""
    lines: list[str] = []
    line, empty = head, True
    for i, part in enumerate(parts):
        piece = part + (sep.rstrip() if i < len(parts) - 1 else "")
        if not empty and len(line) + len(piece) > width:
            lines.append(line.rstrip())
            line = indent
        line += piece + (" " if i < len(parts) - 1 else "")
        empty = False
    if not empty:
        lines.append(line.rstrip())
    return lines


def _lap(total: int) -> str:
    return f" [track {total % 100}, lap {total // 100 + 1}]" if total >= 100 else ""


def display_text(g: E.State) -> str:
    """The face-up display as it is typed (``goblet 4, quartz 3``), or ``empty``."""
    return card_words(g.cfg.board, g.display or ()) or "empty"


def _hand_lines(session: Session) -> list[str]:
    """The hand of the player to move, from that player's own view (a seeded game deals the
    hands: at the hot seat the one to move reads it, as ``?`` lists their moves); nothing
    when the table holds the cards. No other hand is ever shown (the host's view has none)."""
    movers = session.to_move()
    hand = session.view(movers[0]).get("hand") if len(movers) == 1 else None
    if not hand:
        return []
    b = _board(session)
    return [f"{movers[0]}'s hand: {card_words(b, [b.card(c) for c in hand])}"]


def _display_lines(session: Session, view: View) -> list[str]:
    g = session.state.g
    if g.display is None:
        return ["The display is not tracked (start a game with --display to track it)."]
    return [f"Display: {display_text(g)}"]


def _board(session: Session) -> Board:
    board: Board = session.state.g.cfg.board
    return board


def _move(b: Board, card: int, space: int) -> dict[str, Any]:
    return {"card": b.cards[card].id,
            "action": {"ship": True} if space == E.SHIP else {"place": b.space_ids[space]}}


def _short_space(s: MFState, b: Board, space: int) -> str:
    """A space as the short form types it: ``w17``, ``r3``, ``n3``, ``t1`` (the good is
    the card's), ``h2`` (a harbor row's first free space; another one by its id)."""
    area = b.space_area[space]
    local = b.space_local[space]
    if area == TRADE:
        return f"t{local // len(b.goods)}"
    if area == HARBOR:
        row = local // len(b.harbor_row[0])
        return f"h{row}" if row_space(s.g, HARBOR, row, None) == space else b.space_ids[space]
    if area == RESIDENCES:
        return f"r{local}"
    return f"{_LETTER[area]}{local}"
