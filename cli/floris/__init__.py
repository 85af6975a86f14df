"""``scorepad floris``: bouquet checker, score pad, tally and game scoring."""

from __future__ import annotations

import click

from scorepad.lazy import LazyGroup

COMMANDS = {
    "bouquet": "scorepad.floris.bouquet:bouquet_cmd",
    "pad": "scorepad.floris.pad:pad_cmd",
    "check": "scorepad.floris.game:check_cmd",
    "score": "scorepad.floris.game:score_cmd",
    "tally": "scorepad.floris.tally:tally_cmd",
}


@click.group(name="floris", cls=LazyGroup, lazy=COMMANDS)
def group() -> None:
    """Floris: is this hand a bouquet, and what is it worth? Score pads and game scoring.

    \b
    Example:
      scorepad floris bouquet "rose:3 lily:3"
    """
