"""What a game adds to the terminal loop: its move syntax, its display and its help.

The loop (:mod:`.loop`) owns everything else: prompting, numbered choices,
suggestions, undo, scores, saving, resuming, quitting and interrupts. A game's
adapter subclasses :class:`Adapter` and overrides what its table needs; the defaults
already play any game of the protocol (moves picked by number or typed as listed).

Every display method gets a :class:`View` (the width to fit and a ``paint`` for
colour) and returns lines of plain text; lines wider than the view are wrapped at
words by the console, so an adapter fits rows that must not break (sheet rows, score
tables) to ``view.width`` itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from scorepad.rules.common.errors import InputError
from scorepad.rules.game import AnyGame, MoveData
from scorepad.rules.session import Session
from scorepad.table.console import cut


class View(Protocol):
    """Where lines are shown: its width in columns, and colour when it has any."""

    @property
    def width(self) -> int: ...

    def paint(self, text: str, fg: str | None = None, *, bold: bool = False) -> str: ...


#: An extra command word of a game: its help line, and what it shows.
Command = tuple[str, Callable[[Session, View], list[str]]]


@dataclass(frozen=True)
class Played:
    """What :meth:`Adapter.parse` returns for the move of a player the line names, when
    that need not be the player asked: in a game where anyone may move now (a Floris
    bouquet is presented whenever it is made), the line says who."""

    player: str
    move: MoveData


@dataclass(frozen=True)
class Pending:
    """What :meth:`Adapter.parse` returns for one part of a move asked over several
    prompts (a final bouquet, then the cards left): the adapter keeps the part, nothing
    is played, and :meth:`Adapter.prompt` asks the next part. ``lines`` are shown."""

    lines: tuple[str, ...] = ()


class Adapter:
    """A game's terminal face. Subclasses set :attr:`game` and :attr:`command` and
    override the methods their table needs."""

    #: The game of the protocol this adapter shows.
    game: AnyGame
    #: The command line that starts the tool (``scorepad vv play``): the ``--resume``
    #: hint and the refusal of an existing ``--log`` name it.
    command: str
    #: The command that scores a saved log (default: the tool's group + ``score``;
    #: ``None``: a log with nothing to score, such as a card flipper's).
    score_command: str | None = ""
    #: The move syntax, shown by ``help`` before the loop's own command words.
    help_text: str = ""
    #: The loop's words ``help`` lists (``loop.LOOP_HELP``): only those the tool accepts (a
    #: card flipper lists its own keys in :attr:`help_text`; a tally has no list of moves).
    loop_words: frozenset[str] = frozenset(
        {"suggestion", "choices", "undo", "scores", "sheet", "help", "quit"})
    #: Whether a bare number picks a numbered choice (``#3`` always does). Off for a
    #: game whose moves are typed as numbers (a station id, a card count).
    bare_numbers_pick: bool = True
    #: What ``?`` (and ``#N``) say when :meth:`choices` lists nothing.
    no_choices: str = "No legal move."
    #: Whether a chance step with one outcome (a seeded card) waits for Enter, as a
    #: card flipper does; otherwise it is played at once.
    confirm_chance: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.score_command == "" and getattr(cls, "command", None):
            cls.score_command = f"{cls.command.rsplit(' ', 1)[0]} score"

    # --- input ----------------------------------------------------------------------------

    def parse(self, session: Session, player: str | None, line: str) -> MoveData:
        """The move ``line`` types for ``player`` (``None``: a chance outcome).

        Raise an InputError or ContentError (one line: what was expected) for text
        that is no move, a RuleViolation for a part the rules refuse; a move the rules
        refuse may be returned, the loop asks the engine. Return :class:`Played` for
        another player's move (anyone may move now) and :class:`Pending` for one part
        of a move asked over several prompts. The default accepts a legal move typed
        as :meth:`describe` shows it.
        """
        wanted = " ".join(line.lower().split())
        for move in session.legal_moves(player):
            if " ".join(self.describe(session, player, move).lower().split()) == wanted:
                return move
        raise InputError(f"cannot read {line!r}: type ? for the moves")

    def describe(self, session: Session, player: str | None, move: MoveData) -> str:
        """A move as the table reads it (choices, suggestions, undo messages)."""
        if isinstance(move, str):
            return move
        return json.dumps(move, separators=(", ", ": "), ensure_ascii=False)

    def suggest(self, session: Session, player: str | None) -> MoveData | None:
        """The move Enter takes (shown in ``[ ]``); by default the only legal one."""
        moves = session.legal_moves(player)
        return moves[0] if len(moves) == 1 else None

    def takes_empty(self, session: Session, player: str | None) -> bool:
        """Whether Enter, with no suggestion, is an answer for :meth:`parse` (a part of a
        move whose default is shown in the prompt); otherwise the loop asks for a move."""
        return False

    def choices(self, session: Session, player: str | None) -> list[tuple[MoveData, str]]:
        """The moves ``?`` lists (numbered; ``#N`` plays one) and the text of each; by
        default every legal move as :meth:`describe` shows it. A game with many
        spellings of one move lists each move once."""
        return [(move, self.describe(session, player, move))
                for move in session.legal_moves(player)]

    def forced(self, session: Session, player: str) -> MoveData | None:
        """A move the loop plays for ``player`` without asking (nothing to choose, e.g.
        a sheet without a free window), or None to ask. Undo passes over it."""
        return None

    def claims(self, session: Session, player: str | None, line: str) -> bool:
        """Whether ``line`` is a move of the game although it is one of the loop's short
        words (line ``H`` on a map with a line H, not ``h`` for help); the loop's long
        words (``help``, ``undo``, ``quit`` ...) always stay the loop's."""
        return False

    def prompt(self, session: Session, player: str | None) -> str:
        """The prompt's label, before the suggestion: a name, or what chance awaits."""
        return player if player is not None else "next"

    def commands(self, session: Session) -> Mapping[str, Command]:
        """A game's own command words (``d`` for the display ...), beside the loop's."""
        return {}

    # --- display --------------------------------------------------------------------------

    def status(self, session: Session, view: View) -> list[str]:
        """What the table sees before a decision (the round, the card, who is to move);
        shown each time the game has moved on."""
        return []

    def resumed(self, session: Session) -> str:
        """Where a resumed game stands, in the game's own words (one line)."""
        n = len(session.steps)
        return f"Resumed after {n} step{'s' if n != 1 else ''}."

    def after_step(self, before: Session, after: Session, player: str | None,
                   move: MoveData, view: View) -> list[str]:
        """What a step did; at a round's end a compact summary line per player."""
        who = player if player is not None else "chance"
        return [f"{who}: {self.describe(before, player, move)}"]

    def sheet(self, session: Session, player: str, view: View) -> list[str]:
        """One player's full sheet, on demand (``sheet NAME``)."""
        entry = next(p for p in session.score()["players"] if p["name"] == player)
        return [f"{key}: {value}" for key, value in entry.items()]

    def scores(self, session: Session, view: View) -> list[str]:
        """The running scores, rank by rank."""
        return score_lines(session.score(), view)

    def over(self, session: Session) -> str:
        """The one line that says the game has ended (a game may say when and why)."""
        return "The game is over."

    def final(self, session: Session, view: View) -> list[str]:
        """What is shown when the game has ended, after :meth:`over`'s line."""
        score = session.score()
        winners = score.get("winners") or []
        label = "Winner" if len(winners) == 1 else "Winners"
        return [*score_lines(score, view), f"{label}: {', '.join(winners)}"]


def score_lines(score: Mapping[str, Any], view: View) -> list[str]:
    """``rank. name  total`` rows of a score object, the names cut to fit the width."""
    players = sorted(score.get("players", []), key=lambda p: (p.get("rank", 0)))
    totals = [_number(p.get("total", 0)) for p in players]
    room = max(len(t) for t in totals) if totals else 0
    longest = max((len(str(p["name"])) for p in players), default=4)
    name_room = max(4, min(longest, view.width - room - 6))
    rows = []
    for p, total in zip(players, totals, strict=True):
        name = str(p["name"])
        name = cut(name, name_room)
        rows.append(f"{p.get('rank', '-')!s:>2}. {name.ljust(name_room)} {total:>{room}}".rstrip())
    return rows


def _number(value: Any) -> str:
    """A total as the score JSON means it: whole numbers without ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
