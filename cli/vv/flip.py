"""``scorepad vv flip``: one device replaces the 14 cards at the table.

The session itself (seed, position, undo, windows left) is
:class:`scorepad.rules.voll_verplant.flipper.Flipper`; this module reads keys, draws
to the terminal and saves the log after every change.

Two ways to drive it:

* a terminal: single key presses (Enter/space flip, ``u`` undo, ``h`` help, ``q`` quit),
  the screen redrawn with the card large;
* anything else (a pipe, a script, a test): one line read per action (an empty line
  flips; ``u``, ``h``, ``q`` as words) and one plain line printed per card.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from scorepad.options import log_option, resume_option, rules_option, seed_option
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from scorepad.rules.voll_verplant.cards import Card
    from scorepad.rules.voll_verplant.flipper import Flipper, Reveal
    from scorepad.rules.voll_verplant.ruleset import VVRules

SCREEN_WIDTH = 40  # the big layout fits a phone-sized terminal
CARD_INNER = 28  # characters inside the card's frame

FLIP, UNDO, HELP, QUIT = "flip", "undo", "help", "quit"
WORDS = {"": FLIP, "f": FLIP, "flip": FLIP, "n": FLIP, "next": FLIP,
         "u": UNDO, "undo": UNDO, "h": HELP, "help": HELP, "?": HELP,
         "q": QUIT, "quit": QUIT, "exit": QUIT}
KEYS = {"\r": FLIP, "\n": FLIP, " ": FLIP, "u": UNDO, "U": UNDO, "h": HELP, "H": HELP,
        "?": HELP, "q": QUIT, "Q": QUIT}

HELP_TEXT = """\
Enter or space: reveal the next card
u: take back the last card (the same
   card comes again)
h: this help
q: quit. The log is saved after every
   card; --resume LOG continues it with
   the same upcoming cards.
3-6: cross that many stations in a row
E2, E3: express, may jump over marked
   stations
+: transfer, write the number of lines
   at the first free station
FREE RIDE: cross any one free station,
   no window is filled
SHUFFLE on the 6: after its round all
   cards are shuffled again"""


# -- the big card ----------------------------------------------------------------------

# A 5-line font: one string per row, "#" = ink. Digits for any number card a custom
# deck may hold, E for express, + for transfer, a star for the free ride.
FONT: dict[str, tuple[str, ...]] = {
    "0": ("#####", "#   #", "#   #", "#   #", "#####"),
    "1": ("  #  ", " ##  ", "  #  ", "  #  ", " ### "),
    "2": ("#####", "    #", "#####", "#    ", "#####"),
    "3": ("#####", "    #", " ####", "    #", "#####"),
    "4": ("#   #", "#   #", "#####", "    #", "    #"),
    "5": ("#####", "#    ", "#####", "    #", "#####"),
    "6": ("#####", "#    ", "#####", "#   #", "#####"),
    "7": ("#####", "    #", "   # ", "  #  ", "  #  "),
    "8": ("#####", "#   #", "#####", "#   #", "#####"),
    "9": ("#####", "#   #", "#####", "    #", "#####"),
    "E": ("#####", "#    ", "#### ", "#    ", "#####"),
    "+": ("     ", "  #  ", "#####", "  #  ", "     "),
    "*": ("  #  ", "#####", " ### ", " # # ", "#   #"),
}


@dataclass(frozen=True)
class Glyphs:
    """The characters the screen is drawn with (Unicode, or ASCII for other terminals)."""

    ink: str
    frame: str  # top-left, top-right, bottom-left, bottom-right, horizontal, vertical
    shuffle: str
    dot: str
    rule: str


UNICODE = Glyphs(ink="█", frame="╭╮╰╯─│", shuffle="⟲", dot="·", rule="═")
ASCII = Glyphs(ink="#", frame="++++-|", shuffle="(@)", dot="-", rule="=")


def big_text(text: str, ink: str) -> list[str]:
    """``text`` (characters of :data:`FONT`) in the 5-line font, one space between glyphs."""
    rows = [" ".join(FONT[ch][row] for ch in text) for row in range(5)]
    return [row.replace("#", ink) for row in rows]


def card_face(card: Card) -> str:
    """What the card shows large: ``4``, ``E3``, ``+`` for transfer, a star for free ride."""
    from scorepad.rules.voll_verplant.cards import EXPRESS, NUMBER, TRANSFER

    if card.kind == NUMBER:
        return str(card.value)
    if card.kind == EXPRESS:
        return f"E{card.value}"
    return "+" if card.kind == TRANSFER else "*"


def card_meaning(card: Card) -> tuple[str, str]:
    """The card's name and what every player does with it, in words."""
    from scorepad.rules.voll_verplant.cards import EXPRESS, NUMBER, TRANSFER

    if card.kind == NUMBER:
        return f"NUMBER {card.value}", f"up to {card.value} crosses in a row"
    if card.kind == EXPRESS:
        return f"EXPRESS {card.value}", f"up to {card.value} crosses, jump marked stations"
    if card.kind == TRANSFER:
        return "TRANSFER", "+ : write the number of lines at the first free station"
    return "FREE RIDE", "cross any one free station, no window"


def draw_card(reveal: Reveal, glyphs: Glyphs, style: Style) -> list[str]:
    """The card as a framed box of :data:`CARD_INNER` + 2 columns."""
    tl, tr, bl, br, hz, vt = tuple(glyphs.frame)  # six one-character glyphs
    card = reveal.card
    colour = style.card_colour(reveal)
    title, words = card_meaning(card)

    def row(text: str = "", emphasis: bool = False) -> str:
        inner = text.center(CARD_INNER)
        return f"{vt}{style.paint(inner, colour, bold=emphasis)}{vt}"

    lines = [f"{tl}{hz * CARD_INNER}{tr}"]
    lines += [row(text, emphasis=True) for text in big_text(card_face(card), glyphs.ink)]
    lines += [row(), row(title, emphasis=True)]
    lines += [row(text) for text in textwrap.wrap(words, CARD_INNER - 2)]
    if reveal.shuffle_icon:
        lines.append(row(f"{glyphs.shuffle} SHUFFLE {glyphs.shuffle}", emphasis=True))
    lines.append(f"{bl}{hz * CARD_INNER}{br}")
    return lines


# -- styles and text -------------------------------------------------------------------

@dataclass(frozen=True)
class Style:
    """Colour (only when standard output is a terminal) via ``click.style``."""

    colour: bool

    def paint(self, text: str, fg: str | None = None, *, bold: bool = False,
              reverse: bool = False) -> str:
        if not self.colour:
            return text
        return click.style(text, fg=fg, bold=bold, reverse=reverse)

    @staticmethod
    def card_colour(reveal: Reveal) -> str:
        from scorepad.rules.voll_verplant.cards import EXPRESS, NUMBER, TRANSFER

        if reveal.shuffle_icon:
            return "magenta"
        return {NUMBER: "bright_white", EXPRESS: "yellow", TRANSFER: "cyan"}.get(
            reveal.card.kind, "green")


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards in log notation separated by spaces: ``5 3 T E2``."""
    return " ".join(str(card.code) for card in cards)


def windows_text(session: Flipper) -> str | None:
    """How far the game is, with a map: windows left and the least number of rounds left."""
    left = session.windows_left
    if left is None:
        return None
    if session.over:
        return "no windows left"
    rounds = f"at least {left} round{'s' if left != 1 else ''} left"
    text = f"{left} window{'s' if left != 1 else ''} left, {rounds}"
    if session.specials:
        text += " (special stations: players may fill up sooner)"
    return text


def over_text(session: Flipper) -> str:
    """The game-over announcement."""
    text = f"GAME OVER after round {session.position}: every wagon window is filled."
    if session.specials:
        text = (f"GAME OVER after round {session.position} at the latest: "
                "no player can have a free wagon window left.")
    return text


def reshuffle_text(deck_size: int) -> str:
    """The reshuffle announcement (after the round with the 6)."""
    return f"RESHUFFLE: after this round all {deck_size} cards are shuffled into a new pile."


def plain_line(session: Flipper) -> str:
    """The one-line form of the last reveal (scripts and pipes)."""
    reveal = session.last
    assert reveal is not None
    shuffle = ", shuffle" if reveal.shuffle_icon else ""
    parts = [f"round {reveal.round}: {reveal.card.code} ({reveal.card.describe()}{shuffle})",
             f"since shuffle: {cards_text(reveal.since_shuffle)}"]
    windows = windows_text(session)
    if windows:
        parts.append(windows)
    return " | ".join(parts)


def screen(session: Flipper, *, glyphs: Glyphs, style: Style, note: str | None = None
           ) -> list[str]:
    """The whole terminal screen for a session: header, the big card, counting, progress."""
    wrap = SCREEN_WIDTH
    reveal = session.last
    seed = f"seed {session.seed}"
    if reveal is None:
        lines = [style.paint(f"Voll verplant {glyphs.dot} {seed}", bold=True), "",
                 "Press Enter or space to reveal", "the first card. h = help, q = quit."]
    else:
        head = f" ROUND {reveal.round} "
        lines = [style.paint(head, bold=True, reverse=True)
                 + f"{seed:>{max(wrap - len(head), 0)}}"]
        lines += draw_card(reveal, glyphs, style)
        since = f"Since the shuffle ({len(reveal.since_shuffle)}): {cards_text(reveal.since_shuffle)}"
        lines += textwrap.wrap(since, wrap, subsequent_indent="  ")
        if reveal.reshuffle_after:
            banner = f"{glyphs.shuffle} {reshuffle_text(session.deck_size)}"
            lines += [style.paint(text.ljust(wrap), "magenta", bold=True, reverse=True)
                      for text in textwrap.wrap(banner, wrap, initial_indent=" ",
                                                subsequent_indent="   ")]
        else:
            lines.append(f"Still in the pile: {reveal.pile_left} cards")
    windows = windows_text(session)
    if windows:
        lines += textwrap.wrap(windows, wrap)
    if session.over:
        lines += [""] + [style.paint(text, "red", bold=True)
                         for text in textwrap.wrap(over_text(session), wrap)]
    if note:
        lines.append("")
        for text in note.splitlines():
            lines += textwrap.wrap(text, wrap, subsequent_indent="  ") or [""]
    if not session.over:
        lines += ["", style.paint("Enter/space: next  u: undo  h  q", "bright_black")]
    return lines


# -- input -----------------------------------------------------------------------------

def key_actions() -> Iterator[tuple[str, str]]:
    """Actions from single key presses; Ctrl-C / Ctrl-D quit (the log is already saved)."""
    while True:
        try:
            key = click.getchar()
        except (KeyboardInterrupt, EOFError):
            yield QUIT, ""
            return
        yield KEYS.get(key, ""), key


def line_actions(stream) -> Iterator[tuple[str, str]]:
    """Actions from lines of text: an empty line flips; the end of input quits."""
    for raw in iter(stream.readline, ""):
        word = raw.strip().lower()
        yield WORDS.get(word, ""), raw.strip()
    yield QUIT, ""


def stdin_is_terminal() -> bool:
    """Whether keys come from a person at a terminal (else one line per action)."""
    return sys.stdin.isatty()


def stdout_is_terminal() -> bool:
    """Whether the output goes to a terminal (colour and screen clearing only then)."""
    return sys.stdout.isatty()


def pick_glyphs() -> Glyphs:
    """Unicode when standard output can encode it, ASCII otherwise."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "█╭╮╰╯─│⟲·═—".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return ASCII
    return UNICODE


# -- the log ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """Everything a session starts from: the session, its rules and the map's reference."""

    session: Flipper
    rules: VVRules
    map_ref: str | None  # a bundled id, or an absolute path to a map file
    map_name: str | None


def free_log_path(seed: str) -> Path:
    """``output/flip-<seed>.yaml``, numbered so an earlier game is never overwritten."""
    from .common import unused_output_path

    return unused_output_path(f"flip-{seed}", "flip")


def log_text(setup: Setup, session: Flipper, log_path: Path) -> str:
    """The log as YAML: format, map, changed rules, seed, no players, one card a round."""
    from scorepad.rules.voll_verplant.log import GameLog, RoundSpec
    from scorepad.rules.voll_verplant.ruleset import default_rules
    from scorepad.vv.common import map_entry

    log = GameLog(format="scorepad/vv-game@1", map=map_entry(setup.map_ref, log_path),
                  rules=setup.rules.changed_from(default_rules()), seed=session.seed,
                  players=[], rounds=[RoundSpec(card=code) for code in session.codes])
    from scorepad.io import dump_yaml

    return dump_yaml(log.to_data())


def save(setup: Setup, session: Flipper, log_path: Path) -> None:
    """Write the log atomically (a temporary file, then a rename)."""
    from scorepad.io import atomic_write

    atomic_write(log_path, log_text(setup, session, log_path))


def new_setup(seed: str, map_ref: str | None, rules_path: str | None) -> Setup:
    """A fresh session for ``seed`` (and a map)."""
    from scorepad.rules.voll_verplant.flipper import Flipper
    from scorepad.vv.common import load_network, load_rules, resolve_map_ref

    rules = load_rules(rules_path)
    network = load_network(map_ref) if map_ref else None
    ref = resolve_map_ref(map_ref) if map_ref else None
    return Setup(Flipper.start(seed, rules, network), rules, ref,
                 network.name if network else None)


def resume_setup(path: str, seed: str | None, map_ref: str | None,
                 rules_path: str | None) -> Setup:
    """The session a flipper's log stopped at; the file is only read, never changed here.

    Bad shape, no seed, a log with players, or a ``--seed``/``--map`` that contradicts
    the log: InputError (exit 2). Cards that are not the seed's: RuleViolation (exit 1).
    """
    from scorepad.io import display_name, read_mapping
    from scorepad.rules.common.errors import InputError, ScorepadError
    from scorepad.rules.voll_verplant.flipper import Flipper
    from scorepad.vv.common import load_network, load_rules, resolve_map_ref, resumable_log

    name = display_name(path)
    base = Path(path).resolve().parent
    try:
        log = resumable_log(read_mapping(path), seed)
        if log.players or any(rnd.moves for rnd in log.rounds):
            raise InputError("a game with players and moves; vv flip resumes only the logs "
                             "it writes", where=("players",))
        ref = resolve_map_ref(log.map, base) if log.map else None
        if map_ref is not None:
            given = resolve_map_ref(map_ref)
            if ref is not None and given != ref:
                raise InputError(f"--map {map_ref!r} differs from the log's map {log.map!r}")
            ref = given
        rules = load_rules(rules_path, log.rules)
        network = load_network(ref) if ref else None
        session = Flipper.start(log.seed, rules, network).resumed(
            [rnd.card for rnd in log.rounds])
    except ScorepadError as err:
        raise err.in_file(name) from None
    return Setup(session, rules, ref, network.name if network else None)


# -- the command -----------------------------------------------------------------------

@click.command(name="flip")
@seed_option("Any string; another table with the same seed gets the same cards. "
             "Default: a fresh random seed, shown at the start.")
@click.option("--map", "map_ref", metavar="MAP", shell_complete=complete_map,
              help="A bundled map id or a map file: count the windows left, end the game.")
@log_option("Where to save the log (default output/flip-<seed>.yaml); never overwritten.")
@resume_option("Continue a saved flipper log with the same upcoming cards.")
@rules_option("A ruleset file changing the deck or the shuffle cards.", dest="rules_path")
@click.option("--html", "html_path", metavar="FILE", type=click.Path(dir_okay=False),
              help="Write a self-contained offline flipper page (for a phone) and exit.")
def flip_cmd(seed: str | None, map_ref: str | None, log_path: str | None,
             resume_path: str | None, rules_path: str | None, html_path: str | None) -> None:
    """Reveal the cards for the whole table, one key press at a time.

    Enter or space reveals the next card (drawn large, with what it means, the round,
    the cards since the last shuffle and a clear reshuffle announcement after the 6);
    u takes it back, h helps, q quits. The log is saved after every card; --resume
    continues it with the same upcoming cards. With --map the flipper counts the
    windows left and says when the game is over. When standard input is not a
    terminal, one line is read per action (empty = flip, u, h, q) and one line printed
    per card. --html FILE writes the same cards as one page that works offline on a
    phone (progress kept in the browser) instead.

    \b
    Example:
      scorepad vv flip --map berlin
      scorepad vv flip --seed table-42 --html output/flip.html
      scorepad vv flip --seed table-42 --log game.yaml
      scorepad vv flip --resume game.yaml
    """
    from scorepad.io import STDIN
    from scorepad.rules.common.errors import InputError

    if html_path:
        from scorepad.web.flip_cli import write_offline_page

        if resume_path or log_path:
            raise InputError("--html writes a page and plays nothing: leave out --log and --resume")
        write_offline_page(html_path, seed, map_ref, rules_path)
        return
    if STDIN in (resume_path, log_path):
        # standard input carries the key presses; the log must be a file to save and resume
        raise InputError("--resume and --log need a file name, not -")
    if resume_path:
        setup = resume_setup(resume_path, seed, map_ref, rules_path)
        target = Path(log_path or resume_path)
        fresh = False
    else:
        from scorepad.rules.common.shuffle import fresh_seed

        fresh = seed is None
        setup = new_setup(fresh_seed() if seed is None else seed, map_ref, rules_path)
        target = Path(log_path) if log_path else free_log_path(setup.session.seed)
    if not resume_path or target.resolve() != Path(resume_path).resolve():
        if log_path and target.exists():
            raise InputError("exists already: continue it with --resume, or choose another "
                             "--log", source=str(target))
        save(setup, setup.session, target)
    if stdin_is_terminal():
        _run_terminal(setup, target, fresh=fresh)
    else:
        _run_lines(setup, target, fresh=fresh)


def _intro(setup: Setup, target: Path, fresh: bool, resumed: bool) -> list[str]:
    """The opening lines: the seed to share, the map, where the log is saved."""
    session = setup.session
    seed_note = f" (fresh; another table can use --seed {session.seed})" if fresh else ""
    lines = [f"seed: {session.seed}{seed_note}"]
    if setup.map_name:
        lines.append(f"map: {setup.map_name}, {session.windows} windows per sheet")
    lines.append(f"log: {target} (saved after every card)")
    if resumed:
        lines.append(f"resumed after round {session.position}")
    return lines


def _run_lines(setup: Setup, target: Path, *, fresh: bool) -> None:
    """The scriptable mode: one line read per action, one plain line per card."""
    session = setup.session
    for line in _intro(setup, target, fresh, resumed=session.position > 0):
        click.echo(line)
    click.echo("Enter = next card, u = take back, h = help, q = quit")
    if session.over:
        click.echo(over_text(session))
        return
    for action, raw in line_actions(sys.stdin):
        if action == FLIP:
            session = session.flip()
            save(setup, session, target)
            click.echo(plain_line(session))
            reveal = session.last
            if reveal is not None and reveal.reshuffle_after:
                click.echo(f"-- {reshuffle_text(session.deck_size)} --")
            if session.over:
                click.echo(over_text(session))
                break
        elif action == UNDO:
            session = _undo(setup, session, target, click.echo)
        elif action == HELP:
            click.echo(HELP_TEXT)
        elif action == QUIT:
            break
        else:
            click.echo(f"unknown input {raw!r}: press Enter (an empty line) for the next card, "
                       "u to take back, h for help, q to quit")
    click.echo(f"log saved: {target} (continue with: scorepad vv flip --resume {target})")


def _undo(setup: Setup, session: Flipper, target: Path, say: Callable[[str], object]
          ) -> Flipper:
    """Take back the last card (saving the log), or say there is none."""
    reveal = session.last
    if reveal is None:
        say("nothing to take back: no card has been revealed yet")
        return session
    session = session.undo()
    save(setup, session, target)
    say(f"took back round {reveal.round}'s card {reveal.card.code}; the same card comes next")
    return session


def _run_terminal(setup: Setup, target: Path, *, fresh: bool) -> None:
    """The table mode: single key presses, the screen redrawn with the card large."""
    glyphs = pick_glyphs()
    style = Style(colour=stdout_is_terminal())
    session = setup.session
    intro = "\n".join(_intro(setup, target, fresh, resumed=session.position > 0))

    def draw(note: str | None = None) -> None:
        if stdout_is_terminal():
            click.clear()
        click.echo("\n".join(screen(session, glyphs=glyphs, style=style, note=note)))

    draw(intro)
    notes: list[str] = []
    for action, _key in ([] if session.over else key_actions()):
        if action == FLIP:
            session = session.flip()
            save(setup, session, target)
            draw()
            if session.over:
                break
        elif action == UNDO:
            notes.clear()
            session = _undo(setup, session, target, notes.append)
            draw(" ".join(notes))
        elif action == HELP:
            draw(HELP_TEXT)
        elif action == QUIT:
            break
        else:
            draw("Enter/space: next card, u: take back, h: help, q: quit")
    click.echo(f"log saved: {target}")
    click.echo(f"continue: scorepad vv flip --resume {target}")
