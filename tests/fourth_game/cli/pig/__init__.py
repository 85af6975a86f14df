"""``scorepad pig``: Pig at the terminal table, its score pad and its logs scored."""

from __future__ import annotations

import click

from scorepad.lazy import LazyGroup

COMMANDS = {
    "play": "scorepad.pig.play:play_cmd",
    "pad": "scorepad.pig.pad:pad_cmd",
    "score": "scorepad.pig.score:score_cmd",
}


@click.group(name="pig-dice", cls=LazyGroup, lazy=COMMANDS)
def group() -> None:
    """Pig: a dice race to 20 at the terminal table, a printable score pad, logs scored.

    \b
    Example:
      scorepad pig play --players Ann,Bob
    """
