"""Voll verplant as the server offers it, on the short test map as well (tests/data/tiny.yaml).

The real game object and the real WebGame (view hook, sheet asset, page module); the only
addition is that set-up ``map: tiny.yaml`` means the test map (a server offers bundled maps
only), so whole games stay short. The map file is copied beside the logs, so
``vv score LOG`` finds it by the log's ``map: tiny.yaml``.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from scorepad.rules.voll_verplant.game import VollVerplant
from scorepad.rules.voll_verplant.maps import load_map_data

TINY = Path(__file__).parent / "data" / "tiny.yaml"


class TinyVV(VollVerplant):
    """Voll verplant, with ``map="tiny.yaml"`` read from the test data."""

    def new(self, players, *, seed=None, rules=None, **setup: Any):
        if setup.get("map") == "tiny.yaml":
            import yaml

            network = load_map_data(yaml.safe_load(TINY.read_text()))
            setup = {"map": network, "map_ref": "tiny.yaml"}
        return super().new(players, seed=seed, rules=rules, **setup)


def vv_games(folder: Path) -> dict:
    """The server's Voll verplant with the test map first (and copied into ``folder``)."""
    from scorepad.web.games import default_games

    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(TINY, folder / "tiny.yaml")
    web = default_games()["voll-verplant"]
    return {"voll-verplant": replace(web, game=TinyVV(),
                                     setup_choices={"map": ["tiny.yaml", "berlin", None]})}
