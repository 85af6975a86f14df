"""``mf play``: the table-side scorekeeper for a physical game of Mille Fiori.

The table plays with the real cards; scorepad is told each card played (the short form
of :mod:`scorepad.rules.mille_fiori.shorthand`), checks it, scores it for everyone it
pays, asks for bonus cards, keeps the totals and saves the game log after every turn.
It reads one line per prompt, so it also runs from a script or a pipe.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from scorepad.options import log_option, players_option, resume_option

from .common import rules_option

if TYPE_CHECKING:
    from scorepad.rules.mille_fiori.board import Board
    from scorepad.rules.mille_fiori.engine import Event, State
    from scorepad.rules.mille_fiori.shorthand import Entry

HELP = """\
Type what was played:  [name] SPACE [CARD] [NUMBER]   or   [name] ship CARD NUMBER
  w17 quartz      workshops/17 with a quartz card (w0..w29)
  t1 goblet 2     trade row 1 with the goblet card showing ship number 2
  r               the next house (residences card)       n3 coin / p10 crab  townspeople
  h2 4            harbor row 2 with a harbor card, ship number 4
  ship goblet 4   move the ship with that card           coin 2  list where a card can go
  none            (bonus card) the display is empty: 5 points instead
With --display, lists of cards (the display, a round's leftovers): goblet 4, quartz 3, house 2
Commands:  u  take back the last turn   s  scores   d  the display   ?  this help   q  save and quit"""


# The commands every prompt understands (the turn prompt also knows s and d).
QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help", "h?")
UNDO_WORDS = ("u", "undo")


class _Quit(Exception):
    """The user quit or the input ended."""


class Console:
    """One line per prompt from stdin, whether a terminal or a pipe."""

    def __init__(self) -> None:
        self.stream = sys.stdin  # Click's test runner swaps it, as a pipe does
        self.echo_input = not self.stream.isatty()

    def ask(self, prompt: str) -> str:
        click.echo(prompt, nl=False)
        line = self.stream.readline()
        if not line:
            click.echo()
            raise _Quit("input ended")
        line = line.strip()
        if self.echo_input:
            click.echo(line)
        return line


class Scorekeeper:
    """The game in progress: its log data (the truth) and the state it replays to."""

    def __init__(self, data: dict[str, Any], path: Path, console: Console) -> None:
        from scorepad.rules.mille_fiori.board import board

        self.data = data
        self.path = path
        self.console = console
        self.board: Board = board()
        self.state: State = self._replay()

    # -- log and state ---------------------------------------------------------------
    def _replay(self) -> State:
        from scorepad.rules.mille_fiori.game import replay_data

        from .common import load_rules

        rules = load_rules(None, self.data.get("rules"))
        return replay_data(self.data, rules).state

    def save(self) -> None:
        from scorepad.io import atomic_write, dump_yaml

        atomic_write(self.path, dump_yaml(self.data))

    @property
    def names(self) -> list[str]:
        return list(self.data["players"])

    @property
    def tracking(self) -> bool:
        """Whether the log records the display (set-up cards and each round's leftovers)."""
        return self.data.get("display") is not None

    def display_text(self, state: State | None = None) -> str:
        """The face-up display (of ``state``, else of the game) as typed:
        ``goblet 4, quartz 3, house 2`` (or 'empty')."""
        from scorepad.rules.mille_fiori.shorthand import card_words

        return card_words(self.board, (state or self.state).display or ()) or "empty"

    def set_display(self, cards: list[int]) -> None:
        """Record the set-up display (ContentError/RuleViolation when it is not one)."""
        self.data["display"] = [self.board.cards[k].id for k in cards]
        try:
            self.state = self._replay()
        except Exception:
            del self.data["display"]
            raise
        self.save()

    def close_round(self, cards: list[int]) -> None:
        """The round's leftover hand cards go to the display: apply, record, save."""
        from scorepad.rules.mille_fiori.engine import EndRound, apply

        self.state = apply(self.state, EndRound(tuple(cards)))
        self.data["rounds"][-1]["leftover"] = [self.board.cards[k].id for k in cards]
        self.save()

    def record(self, turn: dict[str, Any], state: State) -> None:
        """Add a finished turn to the log (opening its round if needed) and save."""
        rounds = self.data["rounds"]
        if len(rounds) <= state.round:
            rounds.append({"start": self.names[state.start], "turns": []})
        rounds[-1]["turns"].append(turn)
        self.state = state
        self.save()

    def undo(self) -> str:
        """Drop the last turn (with its bonus chain) and replay the log."""
        rounds = self.data["rounds"]
        if not rounds or not rounds[-1]["turns"]:
            return "nothing to take back"
        turn = rounds[-1]["turns"].pop()
        rounds[-1].pop("leftover", None)  # that round is not over any more
        if not rounds[-1]["turns"] and len(rounds) > 1:
            rounds.pop()  # the first round stays: it names the first start player
        self.state = self._replay()
        self.save()
        return f"took back {turn['player']}'s {turn['card']} (turn {self.state.turns + 1})"

    # -- output ----------------------------------------------------------------------
    def describe(self, events: tuple[Event, ...] | list[Event]) -> list[str]:
        from scorepad.rules.mille_fiori.engine import CATEGORIES

        names = self.names
        lines = []
        for e in events:
            who = names[e.player] if e.player >= 0 else ""
            if e.kind in CATEGORIES:
                label = "20/15/10/5" if e.kind == "bonus_fields" else e.kind.replace("_", " ")
                lines.append(f"  {who} +{e.points} {label} ({e.why})")
            elif e.kind == "bonus":
                lines.append(f"  * {who}: {e.why}")
            elif e.kind == "end":
                lines.append(f"  ! {who + ': ' if who else ''}{e.why}")
            else:
                lines.append(f"  {who}: {e.why}")
        return lines

    def totals(self) -> str:
        parts = []
        for p, name in enumerate(self.names):
            total = self.state.total(p)
            lap = f" [track {total % 100}, lap {total // 100 + 1}]" if total >= 100 else ""
            parts.append(f"{name} {total}{lap}")
        return "Totals: " + " · ".join(parts)

    def table(self) -> str:
        from .common import score_table

        return "\n".join(score_table(self.state))

    # -- entering a card ---------------------------------------------------------------
    def complete(self, entry: Entry, player: int, bonus: bool) -> tuple[int, int] | None:
        """Ask for what the entry leaves open; (card kind, space) or None when cancelled."""
        from scorepad.rules.common.errors import ContentError
        from scorepad.rules.mille_fiori.board import AREAS, TRADE
        from scorepad.rules.mille_fiori.engine import SHIP
        from scorepad.rules.mille_fiori.shorthand import (
            card_kind,
            card_options,
            number_options,
            row_space,
            symbol_words,
        )

        b, state = self.board, self.state
        if entry.area is None:
            answer = self.console.ask("  Which card? (a symbol such as quartz, coin, goblet; "
                                      "house; harbor) > ")
            hit = symbol_words(b).get(answer.lower())
            if hit is None:
                raise ContentError(f"no card {answer!r}")
            entry.area, entry.symbol = hit
        if entry.symbol is None:
            options = card_options(b, entry.area)
            answer = self.console.ask(f"  Which {AREAS[entry.area]} card? "
                                      f"({' / '.join(options)}) > ").lower()
            matches = [i for i, o in enumerate(options) if o.startswith(answer)] if answer else []
            if len(matches) != 1:
                raise ContentError(f"no {AREAS[entry.area]} card {answer!r}")
            entry.symbol = matches[0]
        if entry.number is None:
            numbers = number_options(state, entry.area, entry.symbol, bonus)
            if len(numbers) == 1:
                entry.number = numbers[0]
            else:
                shown = "/".join(map(str, numbers)) if numbers else "1-5"
                answer = self.console.ask(f"  Ship number on the card? ({shown}) > ")
                if not answer.isdigit():
                    raise ContentError(f"not a ship number: {answer!r}")
                entry.number = int(answer)
        card = card_kind(b, entry.area, entry.symbol, entry.number)
        if entry.ship:
            return card, SHIP
        if entry.row is not None:
            return card, row_space(state, entry.area, entry.row,
                                   entry.symbol if entry.area == TRADE else None)
        if entry.space is not None:
            return card, entry.space
        return self.choose_space(card, player)

    def choose_space(self, card: int, player: int) -> tuple[int, int] | None:
        """The numbered list of a card's legal spaces (with their points), and the ship."""
        from scorepad.rules.mille_fiori.engine import SHIP, placement_choices, preview

        b, state = self.board, self.state
        options = [*placement_choices(state, player, card), SHIP]
        click.echo(f"  {b.cards[card].id} can go:")
        for i, space in enumerate(options, start=1):
            events, bonus = preview(state, player, card, space)
            own = sum(e.points for e in events if e.player == player)
            others = sum(e.points for e in events if e.player not in (player, -1))
            where = "ship" if space == SHIP else b.space_ids[space]
            extra = (f", others +{others}" if others else "") + (", bonus card" if bonus else "")
            click.echo(f"   {i:>2}) {where:<18} +{own}{extra}")
        answer = self.console.ask("  Choose a number (empty: cancel) > ")
        if not answer:
            return None
        if not answer.isdigit() or not 1 <= int(answer) <= len(options):
            raise click.ClickException(f"choose 1 to {len(options)}")
        return card, options[int(answer) - 1]


def _action(b: Board, space: int) -> dict[str, Any]:
    from scorepad.rules.mille_fiori.engine import SHIP

    return {"ship": True} if space == SHIP else {"place": b.space_ids[space]}


def _ask_cards(keeper: Scorekeeper, prompt: str, take: Callable[[list[int]], None]) -> bool:
    """Ask for a list of cards until ``take`` accepts it; False when 'u' took a turn back."""
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.mille_fiori.shorthand import parse_cards

    while True:
        line = keeper.console.ask(prompt)
        low = line.lower()
        if low in QUIT_WORDS:
            raise _Quit("quit")
        if low in HELP_WORDS:
            click.echo(HELP)
            continue
        if low in UNDO_WORDS:
            click.echo("  " + keeper.undo())
            return False
        if not line:
            continue
        try:
            take(parse_cards(line, keeper.board))
        except ScorepadError as err:
            click.echo(f"  {err}")
            continue
        click.echo(f"  Display: {keeper.display_text()}")
        return True


def _ask_display(keeper: Scorekeeper) -> None:
    """The face-up display at set-up, for a game that tracks it."""
    size = keeper.state.cfg.display_size
    while not _ask_cards(keeper, f"Display ({size} face-up cards, e.g. goblet 4, quartz 3, "
                                 "house 2) > ", keeper.set_display):
        pass  # nothing to take back before the first turn


def _ask_leftover(keeper: Scorekeeper) -> None:
    """The round's leftover hand cards, which go face up to the display."""
    state = keeper.state
    count = state.cfg.hand * state.cfg.players - state.turn
    _ask_cards(keeper, f"Round {state.round + 1} is over: which {count} leftover hand cards go "
                       "to the display? > ", keeper.close_round)


def _run(keeper: Scorekeeper) -> None:
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.mille_fiori.engine import (
        BONUS,
        ROUND_END,
        EmptyDisplay,
        EndRound,
        Play,
        apply,
    )
    from scorepad.rules.mille_fiori.shorthand import parse_entry

    console, b = keeper.console, keeper.board
    announced = -1
    while not keeper.state.finished:
        state = keeper.state
        if state.phase == ROUND_END:
            if keeper.tracking:
                _ask_leftover(keeper)
                continue  # the round is closed (perhaps the game with it), or a turn undone
            keeper.state = state = apply(state, EndRound(None))
            click.echo("Leftover hand cards go face up to the display.")
        if state.round != announced and state.turn == 0:
            cfg = state.cfg
            click.echo(f"\nRound {state.round + 1} of {cfg.rounds}: {keeper.names[state.start]} "
                       f"starts; deal {cfg.hand} cards each, everyone plays {cfg.plays}.")
            announced = state.round
        player = state.to_move
        name = keeper.names[player]
        line = console.ask(f"turn {state.turns + 1} · {name} > ")
        low = line.lower()
        if not line:
            continue
        if low in HELP_WORDS:
            click.echo(HELP)
            continue
        if low in QUIT_WORDS:
            raise _Quit("quit")
        if low in UNDO_WORDS:
            click.echo("  " + keeper.undo())
            announced = -1 if keeper.state.turn == 0 else keeper.state.round
            continue
        if low in ("s", "scores", "score"):
            click.echo(keeper.table())
            continue
        if low in ("d", "display"):
            click.echo(f"  Display: {keeper.display_text()}" if keeper.tracking else
                       "  The display is not tracked (start a game with --display to track it).")
            continue
        try:
            entry = parse_entry(line, keeper.names, b)
            if entry.player is not None and entry.player != player:
                click.echo(f"  It is {name}'s turn (play goes round from the start player).")
                continue
            if entry.empty:
                click.echo("  'none' answers an owed bonus card; now play a card.")
                continue
            chosen = keeper.complete(entry, player, bonus=False)
            if chosen is None:
                continue
            card, space = chosen
            new = apply(state, Play(player, card, space))
        except (ScorepadError, click.ClickException) as err:
            click.echo(f"  {err if isinstance(err, ScorepadError) else err.message}")
            continue
        for text in keeper.describe(new.events):
            click.echo(text)
        turn: dict[str, Any] = {"player": name, "card": b.cards[card].id,
                                "action": _action(b, space)}
        chain: list[dict[str, Any]] = []
        cancelled = False
        while new.phase == BONUS:
            if keeper.tracking:
                click.echo(f"  {name} takes a bonus card from the display and plays it "
                           f"('u' cancels this turn). Display: {keeper.display_text(new)}")
            else:
                click.echo(f"  {name} takes a bonus card from the display and plays it "
                           f"('none' if the display is empty: +{new.cfg.empty_points}; "
                           "'u' cancels this turn).")
            line = console.ask(f"bonus · {name} > ")
            low = line.lower()
            if low in UNDO_WORDS:
                cancelled = True
                break
            try:
                if not line:
                    continue
                entry = parse_entry(line, keeper.names, b)
                if entry.empty:
                    new = apply(new, EmptyDisplay(player))
                else:
                    keeper.state = new  # the bonus card is played on the state as it is now
                    try:
                        chosen = keeper.complete(entry, player, bonus=True)
                    finally:
                        keeper.state = state
                    if chosen is None:
                        continue
                    bcard, bspace = chosen
                    new = apply(new, Play(player, bcard, bspace))
                    chain.append({"card": b.cards[bcard].id, "action": _action(b, bspace)})
            except (ScorepadError, click.ClickException) as err:
                click.echo(f"  {err if isinstance(err, ScorepadError) else err.message}")
                continue
            for text in keeper.describe(new.events):
                click.echo(text)
        if cancelled:
            click.echo("  turn cancelled")
            continue
        if chain:
            turn["bonus"] = chain
        keeper.record(turn, new)
        click.echo(keeper.totals())
    click.echo("\nGame over.")
    click.echo(keeper.table())


@click.command(name="play")
@players_option(2, 4, dest="names")
@click.option("--start", "start_name", metavar="NAME",
              help="Who starts the first round (default: the first name).")
@log_option("Game log to write (default: output/mf-DATE-TIME.yaml).")
@resume_option("Continue a saved game log (and keep saving to it unless --log).")
@click.option("--display", "track_display", is_flag=True,
              help="Track the face-up display: type it at set-up and each round's leftover "
                   "cards; bonus cards are then checked against it.")
@rules_option
def play_cmd(names: list[str] | None, start_name: str | None, log_path: str | None,
             resume_path: str | None, track_display: bool, rules_file: str | None) -> None:
    """Keep score at the table: type each card played, scorepad does the arithmetic.

    For every card it shows the points each player got and why (trade columns, harbor
    rows and townspeople supporters pay other players too), announces bonus cards and
    the 20/15/10/5 fields, asks for the bonus card's play, keeps the running totals
    (with laps past 100) and saves the log after every turn. 'u' takes back the last
    turn, '?' shows the input form. Works from a pipe too: one line per prompt.
    With --display it also keeps the face-up display (typed at set-up, and each
    round's leftover cards), shows it when a bonus card is owed and refuses a bonus
    card that is not on it.

    \b
    Example:
      scorepad mf play --players Ann,Bob,Cid --log game.yaml --display
      Display (4 face-up cards, ...) > coin 2, lime 1, house 3, swan 5
      turn 1 · Ann > w17 quartz 3
      turn 2 · Bob > t1 goblet 2
      turn 3 · Cid > ship swan 4
    """
    from scorepad.io import display_name, read_mapping
    from scorepad.rules.common.errors import InputError, ScorepadError
    from scorepad.rules.mille_fiori.log import GAME_FORMAT

    from .common import load_rules

    if resume_path:
        data = read_mapping(resume_path)
        source = display_name(resume_path)
        if names and names != list(data.get("players") or []):
            raise InputError("--players differs from the players of the resumed log",
                             source=source)
        rounds = data.get("rounds")
        if isinstance(rounds, list):  # a trailing round without turns is opened again later
            while len(rounds) > 1 and isinstance(rounds[-1], dict) and not rounds[-1].get("turns"):
                rounds.pop()
            if not rounds:
                rounds.append({"start": (data.get("players") or [""])[0], "turns": []})
        path = Path(log_path or resume_path)
    else:
        if not names:
            raise click.UsageError("give --players NAMES (or --resume FILE)")
        start = 0
        if start_name:
            from scorepad.rules.mille_fiori.shorthand import match_player

            found = match_player(start_name, names)
            if found is None:
                raise click.BadParameter(f"{start_name!r} is not one of {', '.join(names)}",
                                         param_hint="--start")
            start = found
        data = {"format": GAME_FORMAT}
        changed: dict[str, Any] = {}
        if rules_file:
            from scorepad.rules.mille_fiori.ruleset import default_rules

            changed = load_rules(rules_file).changed_from(default_rules())
        if changed:
            data["rules"] = changed
        data.update({"players": names, "rounds": [{"start": names[start], "turns": []}]})
        source = None
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = Path(log_path or f"output/mf-{stamp}.yaml")
    console = Console()
    try:
        keeper = Scorekeeper(data, path, console)
    except ScorepadError as err:
        raise err.in_file(source) if source else err from None
    state = keeper.state
    cfg = state.cfg
    click.echo(f"Mille Fiori · {', '.join(keeper.names)} · log: {path}")
    if track_display and not keeper.tracking and state.turns:
        raise InputError("this log does not track the display: resume it without --display",
                         source=source)
    if not state.turns:
        click.echo(f"Set-up: shuffle the 109 cards, lay {cfg.display_size} face up as the "
                   f"display; everyone takes {cfg.diamonds} diamonds. Type ? for help.")
        keeper.save()
    else:
        click.echo(f"Resuming after turn {state.turns}. {keeper.totals()}")
    try:
        if track_display and not keeper.tracking:
            _ask_display(keeper)
        _run(keeper)
    except _Quit as stop:
        click.echo(f"Log saved to {path} ({stop}); continue with: scorepad mf play --resume "
                   f"{path}")
        return
    keeper.save()
    click.echo(f"Log saved to {path}")
    sys.stdout.flush()
