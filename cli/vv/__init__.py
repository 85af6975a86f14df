"""``scorepad voll-verplant`` (short ``vv``): maps, sheets, cards, play and scoring."""

from __future__ import annotations

import click

from scorepad.lazy import LazyGroup

# One module per job; each is imported only when its command runs.
COMMANDS = {
    "maps": "scorepad.vv.maps:maps_cmd",
    "map": "scorepad.vv.maps:map_group",
    "sheet": "scorepad.vv.sheet:sheet_cmd",
    "render": "scorepad.vv.sheet:render_cmd",
    "deck": "scorepad.vv.deck:deck_cmd",
    "flip": "scorepad.vv.flip:flip_cmd",
    "play": "scorepad.vv.play:play_cmd",
    "check": "scorepad.vv.game:check_cmd",
    "score": "scorepad.vv.game:score_cmd",
    "simulate": "scorepad.vv.simulate:simulate_cmd",
    "analyse": "scorepad.vv.analyse:analyse_cmd",
    "enter": "scorepad.vv.paper:enter_cmd",
    "template": "scorepad.vv.paper:template_cmd",
    "scan": "scorepad.vv.scan:scan_cmd",
}


@click.group(name="voll-verplant", cls=LazyGroup, lazy=COMMANDS)
def group() -> None:
    """Voll verplant (short: vv): sheets, card flipper, digital table, scoring.

    \b
    Example:
      scorepad vv score game.yaml --json
    """
