"""``scorepad vv flip``: one device replaces the 14 cards at the table.

A thin command on the shared table loop (:mod:`scorepad.table`): the game is Voll
verplant with no players (``players=[]``), whose only steps are the seed's cards; the
loop waits for Enter before each card (``confirm_chance``), undoes, saves after every
card, resumes and stops. This module adds the flipper's face, :class:`FlipAdapter`:
the card drawn large in a terminal (30 columns wide, narrower on a narrower terminal),
one line naming it elsewhere, the cards since the last shuffle, the cards still in the
pile by kind, the reshuffle announced after the 6, and with ``--map`` the windows left.
"""

from __future__ import annotations

import sys
import textwrap
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from scorepad.options import log_option, resume_option, rules_option, seed_option
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorepad.rules.session import Session
    from scorepad.rules.voll_verplant.cards import Card
    from scorepad.table import Adapter, View

CARD_INNER = 28  # characters inside the card's frame: the card is 30 columns wide

FLIP_WORDS = ("f", "flip", "n", "next")

HELP_TEXT = """Enter (or f, n): reveal the next card
u: take back the last card (the same card comes again)
q: quit (the log is saved after every card;
   --resume LOG goes on with the same cards)
help: this help
The cards:
3-6: cross that many stations in a row
E2, E3: express, may jump over marked stations
+ (transfer): write the number of lines at the first free station
FREE RIDE: cross any one free station, no window is filled
SHUFFLE on the 6: after its round all cards are shuffled again"""


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


def draw_card(card: Card, shuffle_icon: bool, glyphs: Glyphs, view: View,
              inner: int = CARD_INNER) -> list[str]:
    """The card as a framed box ``inner + 2`` columns wide: the face large, its name
    and what it means; the shuffle icon on the 6."""
    tl, tr, bl, br, hz, vt = tuple(glyphs.frame)  # six one-character glyphs
    colour = card_colour(card, shuffle_icon)
    title, words = card_meaning(card)

    def row(text: str = "", emphasis: bool = False) -> str:
        return f"{vt}{view.paint(text.center(inner), colour, bold=emphasis)}{vt}"

    lines = [f"{tl}{hz * inner}{tr}"]
    lines += [row(text, emphasis=True) for text in big_text(card_face(card), glyphs.ink)]
    lines += [row(), row(title, emphasis=True)]
    lines += [row(text) for text in textwrap.wrap(words, inner - 2)]
    if shuffle_icon:
        lines.append(row(f"{glyphs.shuffle} SHUFFLE {glyphs.shuffle}", emphasis=True))
    lines.append(f"{bl}{hz * inner}{br}")
    return lines


def card_colour(card: Card, shuffle_icon: bool) -> str:
    """The colour of a card's face: by kind, the shuffle card magenta."""
    from scorepad.rules.voll_verplant.cards import EXPRESS, NUMBER, TRANSFER

    if shuffle_icon:
        return "magenta"
    return {NUMBER: "bright_white", EXPRESS: "yellow", TRANSFER: "cyan"}.get(card.kind, "green")


def pick_glyphs() -> Glyphs:
    """Unicode when standard output can encode it, ASCII otherwise."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "█╭╮╰╯─│⟲·═—".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return ASCII
    return UNICODE


def stdout_is_terminal() -> bool:
    """Whether a person watches the output (the card is drawn large only then)."""
    return sys.stdout.isatty()


# -- what the table sees ----------------------------------------------------------------

def cards_text(cards: Any) -> str:
    """Cards in log notation separated by spaces: ``5 3 T E2``."""
    return " ".join(str(card.code) for card in cards)


def windows_text(session: Session) -> str | None:
    """How far the game is, with a map: windows left and the least number of rounds left
    (every card but a free ride fills one window; special stations may fill more)."""
    from scorepad.rules.voll_verplant.cards import windows_filled

    state = session.state
    if not state.windows:
        return None
    if session.is_over():
        return "no windows left"
    left = max(state.windows - windows_filled(state.cards), 0)
    text = (f"{left} window{'s' if left != 1 else ''} left, at least {left} "
            f"round{'s' if left != 1 else ''} left")
    if state.core.network.special_mask:
        text += " (special stations: players may fill up sooner)"
    return text


def over_text(session: Session) -> str:
    """The game-over announcement."""
    rounds = len(session.state.cards)
    if session.state.core is not None and session.state.core.network.special_mask:
        return (f"The game is over after round {rounds} at the latest: no player can have "
                "a free wagon window left.")
    return f"The game is over after round {rounds}: every wagon window is filled."


def reshuffle_text(deck_size: int) -> str:
    """The reshuffle announcement (after the round with the 6)."""
    return f"RESHUFFLE: after this round all {deck_size} cards are shuffled into a new pile."


def card_block(session: Session, view: View, *, big: bool, glyphs: Glyphs,
               again: bool = False) -> list[str]:
    """The last card revealed, for the table: large in a terminal (one line elsewhere:
    ``round N: CARD``, or ``now at round N: CARD`` when shown ``again`` after an undo or
    on resuming), the cards since the shuffle, the pile by kind or the reshuffle, and
    the windows left."""
    from scorepad.rules.voll_verplant.cards import parse_card
    from scorepad.rules.voll_verplant.replay import since_shuffle

    state = session.state
    rules, card, number = state.rules, state.cards[-1], len(state.cards)
    icon = card in {parse_card(c) for c in rules.shuffle_cards}
    since, reshuffle = since_shuffle(state.cards, rules)
    if big:
        inner = max(min(CARD_INNER, view.width - 2), 12)
        head, seed = f" ROUND {number} ", f"seed {state.seed}"
        room = inner + 2 - len(head)
        lines = [view.paint(head, bold=True) + (f"{seed:>{room}}" if len(seed) < room else "")]
        lines += draw_card(card, icon, glyphs, view, inner)
    else:
        shuffle = ", shuffle" if icon else ""
        lines = [f"{'now at ' if again else ''}round {number}: {card.code} "
                 f"({card.describe()}{shuffle})"]
    lines.append(f"Since the shuffle ({len(since)}): {cards_text(since)}")
    if reshuffle:
        lines.append(view.paint(f"{glyphs.shuffle} {reshuffle_text(len(rules.deck))}",
                                "magenta", bold=True))
    else:
        left = Counter(parse_card(c) for c in rules.deck) - Counter(since)
        order = sorted(left, key=lambda c: (_KINDS.index(c.kind), c.value))
        pile = " ".join(str(c.code) for c in order for _ in range(left[c]))
        lines.append(f"In the pile ({sum(left.values())}): {pile}")
    windows = windows_text(session)
    if windows:
        lines.append(windows)
    return lines


_KINDS = ("number", "express", "transfer", "free")


def _adapter_class() -> type:
    """The adapter, built on first use (the loop is imported only when a game runs)."""
    from scorepad.rules.common.errors import InputError
    from scorepad.rules.voll_verplant.game import GAME
    from scorepad.table import Adapter

    class FlipAdapter(Adapter):
        """The card flipper at the terminal (see the module's notes)."""

        game = GAME
        command = "scorepad vv flip"
        score_command = None  # a flipper's log holds cards, no scores: vv check reads it
        help_text = HELP_TEXT
        # its help_text says Enter, u, q and help; `s` (no scores here) is unknown input
        loop_words: frozenset[str] = frozenset()
        bare_numbers_pick = False
        confirm_chance = True  # each card waits for Enter

        def __init__(self, *, big: bool, glyphs: Glyphs) -> None:
            self.big, self.glyphs = big, glyphs
            self._shown: int | None = None  # the card count last shown

        def parse(self, session: Session, player: str | None, line: str) -> Any:
            if line.strip().lower() in FLIP_WORDS and session.at_chance():
                return session.legal_moves(None)[0]
            raise InputError(f"unknown input {line!r}: press Enter for the next card, u to "
                             "take back, h for help, q to quit")

        def describe(self, session: Session, player: str | None, move: Any) -> str:
            return (f"round {len(session.state.cards) + 1}'s card {move}; the same card "
                    "comes next")

        def suggest(self, session: Session, player: str | None) -> Any:
            return None  # the next card stays face down until Enter

        def prompt(self, session: Session, player: str | None) -> str:
            return "Enter: next card"

        def status(self, session: Session, view: View) -> list[str]:
            cards = len(session.state.cards)
            if cards == self._shown:
                return []
            self._shown = cards
            if not cards:
                lines = ["Press Enter to reveal the first card (type help for the other keys)."]
                windows = windows_text(session)
                return lines + ([windows] if windows else [])
            return card_block(session, view, big=self.big, glyphs=self.glyphs, again=True)

        def after_step(self, before: Session, after: Session, player: str | None, move: Any,
                       view: View) -> list[str]:
            self._shown = len(after.state.cards)
            return ["", *card_block(after, view, big=self.big, glyphs=self.glyphs)]

        def over(self, session: Session) -> str:
            return over_text(session)

        def final(self, session: Session, view: View) -> list[str]:
            return []

    return FlipAdapter


def flip_adapter(*, big: bool | None = None, glyphs: Glyphs | None = None) -> Adapter:
    """A fresh :class:`FlipAdapter`: the card large when standard output is a terminal."""
    adapter: Adapter = _adapter_class()(big=stdout_is_terminal() if big is None else big,
                                        glyphs=glyphs or pick_glyphs())
    return adapter


def _accept(map_ref: str | None) -> Callable[[Any, Any], str | None]:
    """The conditions ``vv flip --resume`` adds to ``vv check``'s (InputError, exit 2)."""
    def accept(log: Any, base: Any) -> str | None:
        from scorepad.app.vv_files import resolve_map_ref
        from scorepad.vv.tablelog import refuse

        if log.players or any(rnd.moves for rnd in log.rounds):
            raise refuse("a game with players and moves; vv flip resumes only the logs it "
                         "writes", "players")
        if map_ref is None:
            return None
        if log.map is None:
            return map_ref  # the flipper counts this map's windows from now on
        if resolve_map_ref(map_ref) != resolve_map_ref(log.map, base):
            raise refuse(f"--map {map_ref!r} differs from the log's map {log.map!r}")
        return None

    return accept


def intro(session: Session, fresh: bool) -> list[str]:
    """The opening lines: the seed to share and the map."""
    seed = session.state.seed
    lines = [f"seed: {seed}" + (f" (fresh; another table can use --seed {seed})" if fresh
                                else "")]
    core = session.state.core
    if core is not None:
        lines.append(f"map: {core.network.name}, {core.network.total_windows} windows per sheet")
    return lines


# -- the command -----------------------------------------------------------------------

@click.command(name="flip")
@seed_option("Any string; another table with the same seed gets the same cards. "
             "Default: a fresh random seed, shown at the start.")
@click.option("--map", "map_ref", metavar="MAP", shell_complete=complete_map,
              help="A bundled map id or a map file: count the windows left, end the game.")
@log_option("Where to save the log (default: a new output/flip-<seed>-N.yaml); an "
            "existing file is never overwritten.")
@resume_option("Continue a saved flipper log with the same upcoming cards.")
@rules_option("A ruleset file changing the deck or the shuffle cards.", dest="rules_path")
@click.option("--html", "html_path", metavar="FILE", type=click.Path(),
              help="Write a self-contained offline flipper page (for a phone) and exit.")
def flip_cmd(seed: str | None, map_ref: str | None, log_path: str | None,
             resume_path: str | None, rules_path: str | None, html_path: str | None) -> None:
    """Reveal the cards for the whole table, one Enter at a time.

    Enter reveals the next card (drawn large in a terminal, with what it means, the
    round, the cards since the last shuffle, the cards still in the pile and a clear
    reshuffle announcement after the 6); u takes it back, help explains, q quits. The
    log is saved after every card; Ctrl-C or the end of input stop with exit 130 and
    print the --resume command, which continues with the same upcoming cards. With
    --map the flipper counts the windows left and says when the game is over.
    --html FILE writes the same cards as one page that works offline on a phone
    (progress kept in the browser) instead.

    \b
    Example:
      scorepad vv flip --map berlin
      scorepad vv flip --seed table-42 --html output/flip.html
      scorepad vv flip --seed table-42 --log game.yaml
      scorepad vv flip --resume game.yaml
    """
    from scorepad.vv.tablelog import play_at_the_table

    if html_path:
        from scorepad.rules.common.errors import InputError

        if resume_path or log_path:
            raise InputError("--html writes a page and plays nothing: leave out --log and --resume")
        _write_offline_page(html_path, seed, map_ref, rules_path)
        return
    play_at_the_table(flip_adapter(), players=[], seed=seed, map_ref=map_ref,
                      log_path=log_path, resume_path=resume_path, rules_path=rules_path,
                      tool="flip", accept=_accept(map_ref), intro=intro)


def _write_offline_page(path: str, seed: str | None, map_ref: str | None,
                        rules_path: str | None) -> None:
    """Write the offline flipper for ``seed`` (a fresh one when None, shown) atomically and
    say where."""
    from scorepad.app.flipper import offline_flipper
    from scorepad.io import STDIN, atomic_write, expect_new
    from scorepad.rules.common.errors import InputError

    if path == STDIN:
        raise InputError("--html needs a file name, not -")
    expect_new(path)  # new now: refused if another process makes it meanwhile
    page = offline_flipper(seed, map_ref, rules_path)
    target = atomic_write(path, page.html)
    note = f" (fresh; another table can use --seed {page.seed})" if page.fresh else ""
    click.echo(f"seed: {page.seed}{note}")
    click.echo(f"wrote {target}: {page.cards} cards, works offline")
