"""``scorepad vv play``: the digital table, where the engine keeps every player's sheet.

Each round one card is drawn from the seed (the flipper's :class:`Flipper`, so ``vv flip``
and ``vv play`` reveal the same cards for a seed), every player types a move in the
compact syntax of :mod:`scorepad.rules.voll_verplant.table`, special-station follow-ups
are asked for when triggered, and the round's end is shown: completions, first bonuses,
each sheet and the running score. The game log is saved atomically after every round,
so Ctrl-C (exit 130) or the end of input (exit 0) never loses a finished round and
``--resume`` continues with the same upcoming cards.

One line is read per answer, from a terminal or from a pipe alike (the answer is echoed
when standard input is not a terminal, so a transcript reads like a session).
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from scorepad.options import (
    log_option,
    players_option,
    resume_option,
    rules_option,
    seed_option,
)
from scorepad.vv.completion import complete_map

if TYPE_CHECKING:
    from scorepad.rules.voll_verplant.cards import Card
    from scorepad.rules.voll_verplant.engine import GameState, Move
    from scorepad.rules.voll_verplant.flipper import Flipper
    from scorepad.rules.voll_verplant.log import RoundSpec
    from scorepad.rules.voll_verplant.maps import Network
    from scorepad.rules.voll_verplant.ruleset import VVRules

MAX_PLAYERS = 6
EXIT_INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl-C (128 + SIGINT)


class TakeBack(Exception):
    """A player asked to take back the previous move of this round."""


class Stop(Exception):
    """The players stopped the game before it ended (``quit``, Ctrl-C or end of input)."""

    def __init__(self, code: int, why: str) -> None:
        super().__init__(why)
        self.code = code
        self.why = why


@dataclass
class Table:
    """A game at the table: the engine state, the card sequence, and the log so far."""

    network: Network
    rules: VVRules
    seed: str
    map_ref: str  # a bundled id, or an absolute path to the map file
    state: GameState
    flipper: Flipper
    rounds: list[RoundSpec] = field(default_factory=list)

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players


# --- reading answers ------------------------------------------------------------------

def read_line(prompt: str) -> str:
    """One answer; raises EOFError at the end of input and KeyboardInterrupt on Ctrl-C."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        click.echo(answer)  # a scripted session's transcript shows what was answered
    return answer


def say(text: str) -> None:
    """An indented note, wrapped to a phone-sized terminal."""
    from scorepad.rules.voll_verplant.table import WIDTH

    for line in textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="    "):
        click.echo(line)


# --- the log --------------------------------------------------------------------------

def default_log_path(seed: str) -> Path:
    """``output/play-<seed>.yaml``, numbered so an earlier game is never overwritten."""
    from .common import unused_output_path

    return unused_output_path(f"play-{seed}", "play")


def log_text(table: Table, target: Path) -> str:
    """The game log (``scorepad/vv-game@1``) of the finished rounds, as YAML."""
    from scorepad.io import dump_yaml
    from scorepad.rules.voll_verplant.log import GameLog
    from scorepad.rules.voll_verplant.ruleset import default_rules
    from scorepad.vv.common import map_entry

    log = GameLog(format="scorepad/vv-game@1", map=map_entry(table.map_ref, target),
                  rules=table.rules.changed_from(default_rules()), seed=table.seed,
                  players=list(table.players), rounds=list(table.rounds))
    return dump_yaml(log.to_data())


def save(table: Table, target: Path) -> None:
    """Write the log atomically; a Ctrl-C during the write finishes it first."""
    from scorepad.io import atomic_write

    text = log_text(table, target)
    try:
        atomic_write(target, text)
    except KeyboardInterrupt:
        atomic_write(target, text)  # a finished round is never lost
        raise


# --- setting up -----------------------------------------------------------------------

def new_table(map_ref: str, players: list[str], seed: str, rules_path: str | None) -> Table:
    """A fresh game on ``map_ref`` for ``players`` with the cards of ``seed``."""
    from scorepad.rules.voll_verplant.engine import new_game
    from scorepad.rules.voll_verplant.flipper import Flipper
    from scorepad.vv.common import load_network, load_rules, resolve_map_ref

    rules = load_rules(rules_path)
    network = load_network(map_ref)
    return Table(network, rules, seed, resolve_map_ref(map_ref),
                 new_game(network, rules, players), Flipper.start(seed, rules))


def resume_table(path: str, map_ref: str | None, players: list[str] | None,
                 seed: str | None, rules_path: str | None) -> Table:
    """The game a log stopped at, replayed through the engine; the file is only read.

    A log that cannot be read or lacks the format's shape, has no seed or no players, or
    contradicts MAP/--players/--seed: InputError (exit 2). Moves or cards the rules
    refuse: exit 1. Errors name the file.
    """
    from scorepad.io import display_name, read_mapping
    from scorepad.rules.common.errors import InputError, ScorepadError
    from scorepad.rules.voll_verplant.flipper import Flipper
    from scorepad.rules.voll_verplant.game import replay
    from scorepad.vv.common import load_network, load_rules, resolve_map_ref, resumable_log

    name = display_name(path)
    base = Path(path).resolve().parent
    try:
        log = resumable_log(read_mapping(path), seed)
        if log.map is None or not log.players:
            raise InputError("a flipper's log has no players to play: start a game with "
                             "scorepad vv play MAP --players NAMES", where=("players",))
        if players is not None and players != log.players:
            raise InputError(f"--players {','.join(players)} differs from the log's players "
                             f"{','.join(log.players)}")
        ref = resolve_map_ref(log.map, base)
        if map_ref is not None and resolve_map_ref(map_ref) != ref:
            raise InputError(f"map {map_ref!r} differs from the log's map {log.map!r}")
        rules = load_rules(rules_path, log.rules)
        network = load_network(ref)
        state = replay(log, network, rules).core
        assert state is not None
        if state.card is not None:
            raise InputError("the log's last round is not finished: vv play resumes "
                             "between rounds", where=(f"round {len(log.rounds)}",))
        flipper = Flipper.start(log.seed, rules).resumed([rnd.card for rnd in log.rounds])
    except ScorepadError as err:
        raise err.in_file(name) from None
    return Table(network, rules, str(log.seed), ref, state, flipper, list(log.rounds))


# --- playing --------------------------------------------------------------------------

class Done(NamedTuple):
    """A player's finished move: the state after it, the move with its follow-ups, and
    whether the player had nothing to choose."""

    state: GameState
    move: Move
    automatic: bool


def ask_turn(table: Table, state: GameState, player: int, card: Card) -> Done:
    """Ask one player for their move step by step until the engine says nothing is owed.

    The engine keeps what is owed (each special station's follow-up) and lapses what
    cannot be made; ``undo`` during the follow-ups starts this player's move again; before
    the first step it raises :class:`TakeBack` (the round goes back to the previous player).
    """
    from scorepad.rules.common.errors import ScorepadError
    from scorepad.rules.voll_verplant import engine
    from scorepad.rules.voll_verplant import table as words
    from scorepad.rules.voll_verplant.replay import marked_sheets

    network, rules = table.network, table.rules
    name = table.players[player]
    start = state
    if engine.legal_next(state, player) == [engine.Move()]:
        why = ("no free window" if card.kind != "free" else "no free station")
        click.echo(f"{name}: {why}, nothing to do this round")
        return Done(engine.play_step(state, player, engine.Move()).state, engine.Move(), True)
    steps: list[Move] = []
    while engine.owes(state, player):
        station = engine.asking(state, player)
        sheet = state.sheets[player]
        follow = station is not None
        default = words.default_step(network, rules, sheet, card, follow_up=follow)
        if station is None:
            prompt = f"{name} (card {card.code}) [{words.step_text(network, card, default)}]> "
        else:
            sid = network.stations[station].id
            say(f"{words.station_name(network, station)} is special: one more "
                f"{card.describe()}")
            prompt = (f"{name} (follow-up {sid}, card {card.code}) "
                      f"[{words.step_text(network, card, default)}]> ")
        try:
            answer = words.parse_answer(read_line(prompt), network, rules, sheet, card,
                                        follow_up=follow)
        except ScorepadError as err:
            say(f"not allowed: {err} (? lists the legal moves)")
            continue
        if answer == words.OPTIONS:
            for line in words.options_text(network, rules, sheet, card, follow_up=follow,
                                           width=words.WIDTH - 2):
                click.echo(f"  {line}")
            continue
        if answer == words.HELP:
            click.echo(words.SYNTAX_HELP)
            continue
        if answer == words.SHEET:  # as it stands now, this move's steps made
            for line in words.sheet_view(network, marked_sheets(state)[player]):
                click.echo(line)
            continue
        if answer == words.UNDO:
            if not steps:
                raise TakeBack
            say(f"took back {name}'s move: start it again")
            state, steps = start, []
            continue
        if answer == words.QUIT:
            raise Stop(0, "quit")
        assert not isinstance(answer, str)
        try:
            done = engine.play_step(state, player, answer)
        except ScorepadError as err:
            say(f"not allowed: {err} (? lists the legal moves)")
            continue
        say(f"{name}: {words.step_text(network, card, answer)}: "
            f"{words.step_effect(network, rules, sheet, card, answer)}")
        for lapsed in done.lapsed:
            say(f"{words.station_name(network, lapsed)}: the follow-up lapses "
                "(no free window left)")
        state = done.state
        steps.append(answer)
    return Done(state, steps[0]._replace(then=tuple(steps[1:])), False)


def ask_round(table: Table, revealed: GameState, card: Card) -> list[Done]:
    """Every player's move for ``card``, in seat order; ``undo`` goes back one player
    (players who had nothing to choose are passed over)."""
    from scorepad.rules.voll_verplant import table as words

    done: list[Done] = []
    while len(done) < len(table.players):
        try:
            done.append(ask_turn(table, done[-1].state if done else revealed, len(done), card))
        except TakeBack:
            while done and done[-1].automatic:
                done.pop()
            if not done:
                say("nothing to take back in this round (finished rounds are saved)")
                continue
            taken = done.pop()
            say(f"took back {table.players[len(done)]}'s move "
                f"({words.step_text(table.network, card, taken.move)})")
    return done


def play_round(table: Table, target: Path) -> None:
    """Reveal the next card, ask every player, close the round, save, show the sheets."""
    from scorepad.rules.voll_verplant import table as words
    from scorepad.rules.voll_verplant.engine import end_round, reveal
    from scorepad.rules.voll_verplant.log import RoundSpec
    from scorepad.rules.voll_verplant.replay import from_move, marked_sheets
    from scorepad.vv.flip import card_meaning

    flipper = table.flipper.flip()
    last = flipper.last
    assert last is not None
    card = last.card
    number = table.state.rounds + 1
    title, meaning = card_meaning(card)
    click.echo("")
    click.echo(f"== Round {number}: {title} ==")
    say(meaning)
    if last.reshuffle_after:
        say(f"shuffle: all {len(table.rules.deck)} cards are reshuffled after this round")
    done = ask_round(table, reveal(table.state, card), card)
    moves = {name: from_move(table.network, card, d.move)
             for name, d in zip(table.players, done, strict=True)}
    state, report = end_round(done[-1].state)
    table.state, table.flipper = state, flipper
    table.rounds.append(RoundSpec(card=card.code, moves=moves))
    save(table, target)
    click.echo(f"-- after round {number} --")
    for line in words.round_lines(table.network, table.players, report):
        click.echo(line)
    for sheet in marked_sheets(state):
        for line in words.sheet_view(table.network, sheet):
            click.echo(line)


def final_report(table: Table, target: Path) -> None:
    """The score table with the breakdown and the winners, and where the log is."""
    from scorepad.rules.voll_verplant.replay import marked_sheets
    from scorepad.vv.common import LoadedGame
    from scorepad.vv.game import format_game

    game = LoadedGame(str(target), table.network, table.rules, marked_sheets(table.state),
                      table.state.over, table.state.rounds, [])
    click.echo("")
    why = ("a player has no wagon window left" if table.rules.game_end == "any_full"
           else "no wagon window is left")
    click.echo(f"GAME OVER after round {table.state.rounds}: {why}.")
    click.echo(format_game(game))
    click.echo(f"log saved: {target}")


# --- the command ----------------------------------------------------------------------

@click.command(name="play")
@click.argument("map_ref", metavar="[MAP]", required=False, shell_complete=complete_map)
@players_option(1, MAX_PLAYERS)
@seed_option("Any string; the same seed gives the same cards (as vv deck and vv flip "
             "show). Default: a fresh random seed, shown at the start.")
@log_option("Where to save the game log (default output/play-<seed>.yaml); never "
            "overwritten.")
@resume_option("Continue a saved game log: map, players, seed and rules come from it.")
@rules_option(dest="rules_path")
def play_cmd(map_ref: str | None, players: list[str] | None, seed: str | None,
             log_path: str | None, resume_path: str | None, rules_path: str | None) -> None:
    """Play at a digital table: the engine keeps every sheet and checks every move.

    Each round shows the card; each player then types a move: A 3 (line A, 3 crosses),
    A (the most), K ccw 4 (a ring), B (a transfer on B), 17 (free ride to station 17),
    - (decline the free ride). Enter takes the suggestion shown in [ ]; ? lists the
    legal moves, help explains, sheet shows yours, undo takes back a move of this
    round, quit stops. Illegal moves are refused with the rule's reason and asked
    again. Special stations ask for their follow-up. After each round: completions,
    first bonuses, every sheet and score. The log is saved after every round (Ctrl-C
    exits 130, the end of input 0; both keep every finished round), and --resume
    continues with the same upcoming cards.

    \b
    Example:
      scorepad vv play berlin --players Ann,Bob --seed table-42
      scorepad vv play --resume output/play-table-42.yaml
    """
    from scorepad.rules.common.errors import InputError

    if resume_path:
        table = resume_table(resume_path, map_ref, players, seed, rules_path)
        target = Path(log_path or resume_path)
        fresh = False
    else:
        if map_ref is None:
            raise click.UsageError("give the MAP (a bundled id or a map file), or --resume LOG")
        if players is None:
            raise click.UsageError("give the players: --players Ann,Bob")
        from scorepad.rules.common.shuffle import fresh_seed

        fresh = seed is None
        table = new_table(map_ref, players, fresh_seed() if seed is None else seed, rules_path)
        target = Path(log_path) if log_path else default_log_path(table.seed)
    if not resume_path or target.resolve() != Path(resume_path).resolve():
        if log_path and target.exists():
            raise InputError("exists already: continue it with --resume, or choose another "
                             "--log", source=str(target))
        save(table, target)
    if sys.stdin.isatty():
        import contextlib

        with contextlib.suppress(ImportError):  # line editing and history for input()
            import readline  # noqa: F401
    intro(table, target, fresh)
    try:
        while not table.state.over:
            play_round(table, target)
    except KeyboardInterrupt:
        stopped(table, target, Stop(EXIT_INTERRUPTED, "interrupted"))
    except (EOFError, click.Abort):
        stopped(table, target, Stop(0, "end of input"))
    except Stop as stop:
        stopped(table, target, stop)
    final_report(table, target)


def intro(table: Table, target: Path, fresh: bool) -> None:
    """The opening lines: seed (to share), map, players, log, how to answer."""
    note = " (fresh: share it to play the same cards)" if fresh else ""
    click.echo(f"seed: {table.seed}{note}")
    click.echo(f"map: {table.network.name}, {table.network.total_windows} windows per sheet")
    click.echo(f"players: {', '.join(table.players)}")
    click.echo(f"log: {target} (saved after every round)")
    if table.state.rounds:
        click.echo(f"resumed after round {table.state.rounds}")
    click.echo("Enter = the move in [ ], ? = legal moves, help")


def stopped(table: Table, target: Path, stop: Stop) -> None:
    """Say what is saved and how to go on, then exit with the stop's code."""
    rounds = table.state.rounds
    saved = f"rounds 1-{rounds} are saved" if rounds > 1 else (
        "round 1 is saved" if rounds == 1 else "no round was finished")
    click.echo("")
    click.echo(f"stopped ({stop.why}): {saved} in {target}")
    click.echo(f"continue: scorepad vv play --resume {target}")
    sys.exit(stop.code)
