"""``scorepad floris tally``: keep score during a game, on the shared table loop.

A thin command: it opens the session (:func:`scorepad.table.open_session`: an existing
``--log`` is refused, a game without one is saved under ``output/``, ``--resume``
replays and checks the log as ``floris check`` does) and runs the loop with the Floris
adapter (:mod:`scorepad.floris.table`: the move syntax and the display).
"""

from __future__ import annotations

import click

from scorepad.floris.common import rules_option
from scorepad.options import log_option, players_option, resume_option

# as scorepad.rules.floris.engine's (--help imports no rules): the table game is for 2-5,
# one player is accepted everywhere for practice and worked examples
MIN_PLAYERS, MAX_PLAYERS = 1, 5


@click.command(name="tally")
@players_option(MIN_PLAYERS, MAX_PLAYERS, dest="names")
@log_option("Save the game file (scorepad/floris-game@1) here after every entry; an existing "
            "file is never overwritten (default: a new file under output/).")
@resume_option("Continue the unfinished game in FILE (checked as floris check does; saved "
               "back to it unless --log).")
@rules_option
def tally_cmd(names: list[str] | None, log_path: str | None, resume_path: str | None,
              rules_file: str | None) -> None:
    """Keep score during a game of Floris.

    Type who presented which bouquet; scorepad checks it, shows its points and the
    running totals. "end" asks each player's final bouquet, the cards left in hand and
    the cards discarded, then prints the final table. The game is saved after every
    entry; Ctrl-C or the end of input stops and prints the --resume command.

    \b
    Example:
      scorepad floris tally --players Ann,Bob,Cid --log output/floris.yaml
      > ann rose:3 lily:3
      > bob d1 r2 l3
      > end
    """
    from scorepad.floris.common import load_rules
    from scorepad.floris.table import FlorisAdapter
    from scorepad.rules.common.errors import ContentError, InputError
    from scorepad.rules.floris.game import GAME
    from scorepad.rules.floris.ruleset import default_rules
    from scorepad.rules.session import Session
    from scorepad.table import open_session, run

    if resume_path:
        if names:
            raise InputError("give either --players or --resume, not both")
        if rules_file:
            raise InputError("give either --rules or --resume: a resumed game keeps the "
                             "rules its log records")
    elif not names:
        raise InputError("name the players: --players Ann,Bob "
                         "(or continue a game with --resume FILE)")
    overrides = load_rules(rules_file).changed_from(default_rules()) if not resume_path else {}

    def start() -> Session:
        try:
            return Session.start(GAME, names or [], rules=overrides)
        except ContentError as err:      # the engine knows which names Floris allows
            raise InputError(f"--players: {err.message}") from None

    adapter = FlorisAdapter()
    session, path = open_session(adapter, log=log_path, resume=resume_path, start=start)
    run(adapter, session, path, intro=adapter.intro(session))
