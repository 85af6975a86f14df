"""``mf play``: the table-side scorekeeper for a physical game of Mille Fiori.

A thin command on the shared table loop (:mod:`scorepad.table`): Mille Fiori adds its
move syntax and display (:mod:`.table`); the loop prompts, undoes, saves after every
step, resumes and stops (Ctrl-C, end of input, ``q``) as every interactive tool does.
"""

from __future__ import annotations

import click

from scorepad.options import log_option, players_option, resume_option

from .common import rules_option


@click.command(name="play")
@players_option(2, 4, dest="names")
@click.option("--start", "start_name", metavar="NAME",
              help="Who starts the first round (default: the first name).")
@log_option("Game log to write (never overwritten; default: a new file under output/).")
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
    (with laps past 100) and saves the log after every card. 'u' takes back the last
    card, 'help' shows the short form, Ctrl-C saves and prints the --resume command.
    With --display it also keeps the face-up display (typed at set-up, and each
    round's leftover cards), shows it when a bonus card is owed and refuses a bonus
    card that is not on it.

    \b
    Example:
      scorepad mf play --players Ann,Bob,Cid --log game.yaml --display
      display> coin 2, lime 1, house 3, swan 5
      turn 1 · Ann> w17 quartz 3
      turn 2 · Bob> t1 goblet 2
      turn 3 · Cid> ship swan 4
    """
    from scorepad import store
    from scorepad.app.start import start_game
    from scorepad.io import display_name, read_mapping
    from scorepad.rules.common.errors import InputError
    from scorepad.rules.mille_fiori.game import GAME
    from scorepad.rules.mille_fiori.ruleset import default_rules
    from scorepad.rules.session import Session
    from scorepad.table import Console, open_session, run

    from .common import load_rules
    from .table import MilleFioriAdapter, totals_lines

    start, rules = None, {}
    if resume_path is None:
        if not names:
            raise click.UsageError("give --players NAMES (or --resume FILE)")
        if start_name:
            from scorepad.mf.shorthand import match_player

            found = match_player(start_name, names)
            if found is None:
                raise click.BadParameter(f"{start_name!r} is not one of {', '.join(names)}",
                                         param_hint="--start")
            start = names[found]
        if rules_file:
            rules = load_rules(rules_file).changed_from(default_rules())
    elif names:  # checked before the log is opened, so a refused resume leaves it alone
        logged = read_mapping(resume_path).get("players")
        if names != logged:
            raise InputError("--players differs from the players of the resumed log",
                             source=display_name(resume_path))

    adapter = MilleFioriAdapter()
    session, path = open_session(
        adapter, log=log_path, resume=resume_path,
        start=lambda: start_game(GAME, names or [], deal=False, rules=rules,
                                 setup={"start": start, "track_display": track_display}))
    g = session.state.g
    tracked = g.display is not None or session.state.display_owed
    if track_display and not tracked and session.steps:
        raise InputError("this log does not track the display: resume it without --display",
                         source=display_name(path))
    if track_display and not tracked:  # a game saved before it started: now it tracks
        session = Session.start(GAME, session.players, rules=session.setup["rules"],
                                start=session.setup.get("start"), track_display=True)
        store.save(path, session)
    console = Console()
    console.show(f"Mille Fiori · {', '.join(session.players)} · log: {path}")
    if not session.steps:
        console.show(f"Set-up: shuffle the 109 cards, lay {g.cfg.display_size} face up as the "
                     f"display; everyone takes {g.cfg.diamonds} diamonds. Type help for the "
                     "short form.")
    intro = []
    if session.steps and not session.is_over():
        intro = totals_lines(g, console.width)  # the loop says where it resumes
    run(adapter, session, path, intro=intro, console=console)
