"""``scorepad mille-fiori`` (short ``mf``): score aids, deals, scorekeeper, log scoring."""

from __future__ import annotations

import click

from scorepad.lazy import LazyGroup

COMMANDS = {
    "aid": "scorepad.mf.aid:aid_cmd",
    "deal": "scorepad.mf.deal:deal_cmd",
    "play": "scorepad.mf.play:play_cmd",
    "check": "scorepad.mf.game:check_cmd",
    "score": "scorepad.mf.game:score_cmd",
    "simulate": "scorepad.mf.simulate:simulate_cmd",
}


@click.group(name="mille-fiori", cls=LazyGroup, lazy=COMMANDS)
def group() -> None:
    """Mille Fiori (short: mf): score aids, seeded deals, table-side scorekeeper, log scoring.

    \b
    Example:
      scorepad mf score game.yaml
    """
