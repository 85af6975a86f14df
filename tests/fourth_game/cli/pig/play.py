"""``scorepad pig play``: Pig at the terminal table (:mod:`scorepad.table`): the adapter
says how moves are typed and what the table shows; the loop saves, undoes and resumes."""

from __future__ import annotations

from typing import Any

import click

from scorepad.options import log_option, players_option, resume_option, seed_option
from scorepad.rules.common.errors import InputError
from scorepad.rules.pig_dice.engine import GOAL
from scorepad.rules.pig_dice.game import GAME
from scorepad.rules.session import Session
from scorepad.table import Adapter, View

#: The turn's points a suggestion holds at.
HOLD_AT = 6


class PigAdapter(Adapter):
    """Pig's terminal face: ``r`` (roll again) or ``h`` (hold); the die rolls itself."""

    game = GAME
    command = "scorepad pig play"
    help_text = "r, roll   roll again\nh, hold   bank the turn's points"

    def parse(self, session: Session, player: str | None, line: str) -> Any:
        word = line.strip().lower()
        for move in ("roll", "hold"):
            if word in (move, move[0]):
                return move
        raise InputError(f"cannot read {line!r}: type r (roll again) or h (hold)")

    def describe(self, session: Session, player: str | None, move: Any) -> str:
        return f"die {move}" if player is None else str(move)

    def suggest(self, session: Session, player: str | None) -> Any:
        if player is None:
            return super().suggest(session, player)
        return "hold" if session.state.pot >= HOLD_AT else "roll"

    def prompt(self, session: Session, player: str | None) -> str:
        return "die" if player is None else f"{player} (turn: {session.state.pot})"

    def status(self, session: Session, view: View) -> list[str]:
        state = session.state
        banked = "  ".join(f"{name} {total}" for name, total
                           in zip(state.players, state.banked, strict=True))
        return [view.paint(f"== {banked} (to {GOAL}) ==", bold=True)]

    def after_step(self, before: Session, after: Session, player: str | None,
                   move: Any, view: View) -> list[str]:
        return [self.game.explain(ev) for ev in after.events()] or [f"{player}: {move}"]


@click.command(name="play")
@players_option(2, 4, dest="names")
@seed_option("The dice's seed (default: a fresh one).")
@log_option("Save the game (scorepad/pig-game@1) here after every step (default: a new "
            "file under output/).")
@resume_option("Continue the game saved in FILE.")
def play_cmd(names: list[str] | None, seed: str | None, log_path: str | None,
             resume_path: str | None) -> None:
    """Play Pig at the table: each turn roll again or hold; the first to 20 wins.

    \b
    Example:
      scorepad pig play --players Ann,Bob --seed 7
    """
    from scorepad.app.start import start_game
    from scorepad.table import open_session, run

    if not resume_path and not names:
        raise InputError("name the players: --players Ann,Bob (or --resume FILE)")
    adapter = PigAdapter()
    session, path = open_session(
        adapter, log=log_path, resume=resume_path,
        start=lambda: start_game(GAME, names or [], seed=seed))
    run(adapter, session, path, intro=[f"Pig: {', '.join(session.players)}, to {GOAL}"])
