"""The one interactive loop of every terminal tool, over a :class:`Session`.

``run`` shows the session, asks whoever is to move (several players in seat order
when moves are simultaneous), plays chance steps (at once, or on Enter for a flipper),
and understands the same words at every prompt::

    Enter        the suggestion shown in [ ]
    ?            the legal moves, numbered; #N (or N) picks one
    u            undo: the log without its last move
    s            the scores          sheet [NAME]   a full sheet
    help         the game's move syntax and these words
    q            save and quit

The log is saved through :mod:`scorepad.store` after every step, so nothing is ever
lost. Ctrl-C or the end of input at any prompt saves, prints one line naming the log
with the exact ``--resume`` command and exits 130; ``q`` does the same and exits 0;
a finished game says so (and no ``--resume``). An unexpected error saves the log,
says where it is, and goes on to the root's error boundary (exit 70).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path

import click

from scorepad import store
from scorepad.io import STDIN, unclaim
from scorepad.lock import hold
from scorepad.main import as_typed
from scorepad.rules.common.errors import InputError, RuleViolation, ScorepadError
from scorepad.rules.game import MoveData
from scorepad.rules.session import Session
from scorepad.table.adapter import Adapter, Pending, Played
from scorepad.table.console import Console, cut

#: The exit code of a game stopped by Ctrl-C or the end of input (128 + SIGINT).
EXIT_INTERRUPTED = 130
#: Choices listed by ``?`` at most (a free ride may allow 50 stations).
MAX_CHOICES = 60
#: Columns a prompt leaves for the answer.
ANSWER_ROOM = 12

UNDO, QUIT, CHOICES, HELP, SCORES, SHEET = "undo", "quit", "choices", "help", "scores", "sheet"
WORDS = {"u": UNDO, "undo": UNDO, "q": QUIT, "quit": QUIT, "exit": QUIT,
         "?": CHOICES, "moves": CHOICES, "h": HELP, "help": HELP,
         "s": SCORES, "score": SCORES, "scores": SCORES, "sheet": SHEET}
#: The loop's own words for ``help``, each under the name an adapter accepts it by
#: (:attr:`~scorepad.table.adapter.Adapter.loop_words`).
LOOP_HELP = (
    ("suggestion", "Enter   take the suggestion in [ ]"),
    ("choices", "?       the legal moves, numbered"),
    ("choices", "#N      play choice N"),
    ("undo", "u       undo the last move"),
    ("scores", "s       the scores"),
    ("sheet", "sheet   your full sheet (sheet NAME)"),
    ("help", "help    this help"),
    ("quit", "q       save and quit"),
)


class _Quit(Exception):
    """The table typed ``q``."""


def resume_command(adapter: Adapter, path: Path) -> str:
    """The exact command that continues the game saved in ``path``, with the program as
    the user started it (:func:`scorepad.main.as_typed`)."""
    return as_typed(f"{adapter.command} --resume {shlex.quote(str(path))}")


def open_session(adapter: Adapter, *, log: str | None, resume: str | None,
                 start: Callable[[], Session], folder: Path = store.DEFAULT_FOLDER,
                 load: Callable[[str], Session] | None = None) -> tuple[Session, Path]:
    """The session to play and the file it is saved in.

    ``--resume FILE`` continues that log (saved back into it, or into a new ``--log``);
    otherwise ``start()`` begins a game saved under ``--log`` (refused when the file
    exists: :func:`scorepad.store.claim`) or under a new name in ``folder``. A new game
    is saved at once, so its name is taken before the first prompt. The log is held for
    as long as this process runs (:func:`scorepad.lock.hold`): a second process playing
    it is refused at once. ``load`` reads the
    resumed log (default :func:`scorepad.store.load`; a game whose logs name other files,
    such as a Voll verplant map file, reads them itself).
    """
    if STDIN in (log, resume):
        raise InputError("--log and --resume need a file name, not - "
                         "(standard input carries the answers)")
    if resume is not None:
        if Path(resume).is_file():  # a second writer is refused before anything is read
            hold(resume)
        session = load(resume) if load is not None else store.load(resume, adapter.game)
        if log is None or Path(log).resolve() == Path(resume).resolve():
            return session, Path(resume)
        path = store.claim(log, adapter.game.id, as_typed(adapter.command), folder)
    else:
        path = store.claim(log, adapter.game.id, as_typed(adapter.command), folder)
        try:
            session = start()
        except BaseException:
            unclaim(path)  # a game that did not start leaves no empty log
            raise
    store.save(path, session)
    return session, path


class Table:
    """One run of the loop: the adapter, the session so far, the log file, the console."""

    def __init__(self, adapter: Adapter, session: Session, path: Path,
                 console: Console | None = None) -> None:
        self.adapter = adapter
        self.session = session
        self.path = path
        self.console = console or Console()
        self._shown: int | None = None  # the step count the status was last shown at

    # --- the run ------------------------------------------------------------------------

    def run(self, intro: list[str] | None = None) -> None:
        """Play until the game ends or the table stops (see the module's notes)."""
        out = self.console
        try:
            out.show(intro or [])
            if self.session.steps and not self.session.is_over():
                out.show(self.adapter.resumed(self.session))
            out.show(f"Saved after every move in {self.path}")
            self._play()
        except (KeyboardInterrupt, EOFError):
            self._save()
            out.show(["", f"Stopped; saved in {self.path}. Continue:"])
            out.command(resume_command(self.adapter, self.path))
            raise click.exceptions.Exit(EXIT_INTERRUPTED) from None
        except _Quit:
            self._save()
            out.show(f"Saved in {self.path}. Continue:")
            out.command(resume_command(self.adapter, self.path))
            return
        except Exception:
            self._save_after_error()
            raise
        out.show(["", out.paint(self.adapter.over(self.session), bold=True)])
        out.show(self.adapter.final(self.session, out))
        if self.adapter.score_command is None:
            out.show(f"Saved in {self.path}.")
        else:
            out.show(f"Saved in {self.path}. Score it again:")
            out.command(as_typed(f"{self.adapter.score_command} {shlex.quote(str(self.path))}"))

    def _play(self) -> None:
        while not self.session.is_over():
            session = self.session
            if session.at_chance():
                outcomes = session.legal_moves(None)
                if len(outcomes) == 1 and not self.adapter.confirm_chance:
                    self._step(None, outcomes[0])
                    continue
                player = None
            else:
                player = session.to_move()[0]
                forced = self.adapter.forced(session, player)
                if forced is not None:
                    self._step(player, forced)
                    if self.session is not session:
                        continue
            if self._shown != len(session.steps):
                self.console.show(self.adapter.status(session, self.console))
                self._shown = len(session.steps)
            self._answer(player, self.console.ask(self._prompt(player)))

    def _prompt(self, player: str | None) -> str:
        label = self.adapter.prompt(self.session, player)
        move = self.adapter.suggest(self.session, player)
        hint = f" [{self.adapter.describe(self.session, player, move)}]" if move is not None else ""
        # one line, with room left for typing: a long name is cut, never the suggestion
        label = cut(label, max(self.console.width - len(hint) - 2 - ANSWER_ROOM, 8))
        return f"{label}{hint}> "

    def _save(self) -> None:
        store.save(self.path, self.session)

    def _save_after_error(self) -> None:
        try:
            self._save()
        except Exception:  # noqa: BLE001 - the error being reported matters more than this one
            return
        click.echo(f"saved in {self.path}; continue: "
                   f"{resume_command(self.adapter, self.path)}", err=True)

    # --- one answer ---------------------------------------------------------------------

    def _answer(self, player: str | None, line: str) -> None:
        out, adapter = self.console, self.adapter
        word, _, rest = line.partition(" ")
        action = WORDS.get(word.lower())
        if action is not None and len(word) == 1 and adapter.claims(self.session, player, line):
            action = None  # a one-letter word the game's moves take (line H)
        extra = adapter.commands(self.session)
        if action is None and word.lower() in extra and \
                not adapter.claims(self.session, player, line):
            out.show(extra[word.lower()][1](self.session, out))
        elif action == QUIT and not rest:
            raise _Quit
        elif action == UNDO and not rest:
            self._undo()
        elif action == CHOICES and not rest:
            out.show(self._choices(player))
        elif action == HELP and not rest:
            loop_words = [text for word, text in LOOP_HELP if word in adapter.loop_words]
            out.show([*adapter.help_text.splitlines(), *loop_words,
                      *(f"{w:<7} {text}" for w, (text, _) in extra.items())])
        elif action == SCORES and not rest and "scores" in adapter.loop_words:
            # a tool that keeps no scores (a card flipper) reads `s` as any other input
            out.show(adapter.scores(self.session, out))
        elif action == SHEET:
            self._sheet(rest.strip() or player)
        elif not line:
            move = adapter.suggest(self.session, player)
            if move is None and self._face_down(player):
                self._step(None, self.session.legal_moves(None)[0])
            elif move is not None:
                self._step(player, move)
            elif adapter.takes_empty(self.session, player):
                self._typed(player, line)
            else:
                out.show("Type a move (? lists them, help explains).")
        elif (number := self._choice_number(line)) is not None:
            self._pick(player, number)
        else:
            self._typed(player, line)

    def _typed(self, player: str | None, line: str) -> None:
        """A typed answer: the move it reads as, a part of one, or why it is refused."""
        out = self.console
        try:
            move = self.adapter.parse(self.session, player, line)
        except RuleViolation as err:  # a part of a move the rules refuse at once
            out.show(out.paint(f"Not allowed: {err.message}", "red"))
            return
        except ScorepadError as err:
            out.show(out.paint(f"Not read: {err.message}", "yellow"))
            return
        if isinstance(move, Pending):
            out.show(list(move.lines))
            return
        if isinstance(move, Played):
            if move.player not in self.session.to_move():
                out.show(out.paint(f"Not allowed: {move.player} cannot move now", "red"))
                return
            player, move = move.player, move.move
        self._step(player, move)

    def _choice_number(self, line: str) -> int | None:
        text = line[1:] if line.startswith("#") else line
        if text.isdigit() and (line.startswith("#") or self.adapter.bare_numbers_pick):
            return int(text)
        return None

    def _face_down(self, player: str | None) -> bool:
        """A chance step the loop waits at without showing it (a flipper's next card:
        the adapter suggests nothing); Enter reveals it."""
        return (player is None and self.adapter.confirm_chance
                and len(self.session.legal_moves(None)) == 1
                and self.adapter.suggest(self.session, None) is None)

    def _pick(self, player: str | None, number: int) -> None:
        moves = [] if self._face_down(player) else self.adapter.choices(self.session, player)
        if not moves:  # nothing is numbered here (a flipper's face-down card)
            self.console.show(self._choices(player))
            return
        if not 1 <= number <= len(moves):
            self.console.show(f"There are choices 1 to {len(moves)} (? lists them).")
            return
        self._step(player, moves[number - 1][0])

    def _choices(self, player: str | None) -> list[str]:
        if self._face_down(player):
            return ["The next one is face down: Enter reveals it."]
        moves = self.adapter.choices(self.session, player)
        lines = [f"{n:>3}. {text}"
                 for n, (_, text) in enumerate(moves[:MAX_CHOICES], start=1)]
        if len(moves) > MAX_CHOICES:
            lines.append(f"  ... and {len(moves) - MAX_CHOICES} more: type the move")
        return lines or [self.adapter.no_choices]

    def _sheet(self, name: str | None) -> None:
        from scorepad.options import match_name

        players = self.session.players
        if not players:  # the card flipper: a game without players has no sheets
            self.console.show("This game has no players, so no sheets.")
            return
        if name is None:
            self.console.show("Whose sheet? sheet NAME")
            return
        try:
            who = match_name(name, players, what="player")
        except ScorepadError as err:
            self.console.show(err.message)
            return
        self.console.show(self.adapter.sheet(self.session, who, self.console))

    def _step(self, player: str | None, move: MoveData) -> None:
        before = self.session
        try:
            after = before.step(player, move)
        except RuleViolation as err:
            self.console.show(self.console.paint(f"Not allowed: {err.message}", "red"))
            return
        except ScorepadError as err:
            self.console.show(self.console.paint(f"Not read: {err.message}", "yellow"))
            return
        self.session = after
        self._save()
        self.console.show(self.adapter.after_step(before, after, player, move, self.console))

    def _automatic(self, session: Session) -> bool:
        """Whether the loop would play this session's next step itself: a seeded chance
        (unless the adapter waits for Enter) or a forced move."""
        if session.is_over():
            return False
        if session.at_chance():
            return not self.adapter.confirm_chance and len(session.legal_moves(None)) == 1
        return self.adapter.forced(session, session.to_move()[0]) is not None

    def _undo(self) -> None:
        """Take back the last move, and the automatic chance steps after it (they would
        only be played again); a flipper's card is taken back by itself."""
        session = self.session
        while session.can_undo():
            player, move = session.steps[-1]
            session = session.undo()
            if not self._automatic(session):
                what = self.adapter.describe(session, player, move)
                self.session = session
                self._save()
                self._shown = None
                self.console.show(f"Took back {player}'s move: {what}" if player is not None
                                  else f"Took back: {what}")
                return
        self.console.show("Nothing to undo.")




def run(adapter: Adapter, session: Session, path: Path, *, intro: list[str] | None = None,
        console: Console | None = None) -> None:
    """Drive ``session`` at the terminal until it ends or the table stops."""
    Table(adapter, session, path, console).run(intro)
