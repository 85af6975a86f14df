"""Whole seeded games pinned as they were before the engines were made faster (#16).

The same seeds must give the same games: every final sheet (marks, windows, entries,
transfers, bonuses), the rounds and the scores of several seeds and player counts on
two Voll verplant maps (a ring map and a map with rings and special stations), the
greedy bot's mean over 200 solo games on every bundled map, and whole Mille Fiori
games. ``tests/data/pinned_games.json`` was written by this module's ``__main__`` on
the engines before the optimisation; a change in a rule or a bot that changes games on
purpose rewrites it (``python tests/test_pinned_games.py``) and says so in its commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from scorepad.play.mille_fiori.bots import make_bot
from scorepad.play.mille_fiori.simulate import play_game as mf_play_game
from scorepad.play.voll_verplant.simulate import play_game, summarize
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
from scorepad.rules.voll_verplant.replay import marked_sheets
from scorepad.rules.voll_verplant.ruleset import default_rules

DATA = Path(__file__).parent / "data" / "pinned_games.json"

#: (map, players, bot, seed) of the pinned Voll verplant games.
VV_GAMES = [(m, n, bot, f"pin-{k}") for m in ("berlin", "madrid") for n in (1, 2, 4)
            for bot in ("random", "greedy") for k in range(3)]
#: (players, bots, seed) of the pinned Mille Fiori games.
MF_GAMES = [(n, bots, f"pin-{k}") for n in (2, 4) for bots in ("random", "greedy")
            for k in range(2)]
MEAN_GAMES = 200


def vv_game(map_id: str, players: int, bot: str, seed: str) -> dict[str, Any]:
    """Everything a finished game left on its sheets, plain data."""
    game = play_game(bundled_map(map_id), default_rules(), [f"P{i + 1}" for i in range(players)],
                     bot, seed)
    state = game.state
    return {
        "rounds": state.rounds, "first_taken": state.first_taken,
        "totals": [sheet.score.total for sheet in marked_sheets(state)],  # the paper path
        "sheets": [{"marked": s.marked, "used": list(s.used),
                    "entries": [list(e) for e in s.entries],
                    "transfers": [list(t) for t in s.transfers],
                    "first": s.first, "later": s.later, "free": s.free}
                   for s in state.sheets],
    }


def greedy_mean(map_id: str) -> float:
    """The greedy bot's mean solo score over the first 200 seeds ``sim-<i>``."""
    network = bundled_map(map_id)
    return summarize(play_game(network, default_rules(), ["solo"], "greedy", f"sim-{i}").state
                     for i in range(MEAN_GAMES)).mean


def mf_game(players: int, bot: str, seed: str) -> dict[str, Any]:
    """A Mille Fiori game's final board, points per category, ship and how it ended."""
    state = mf_play_game(players, seed, [make_bot(bot)] * players).state
    return {"owner": list(state.owner), "points": list(state.points),
            "ship": list(state.ship), "diamonds": list(state.diamonds),
            "round": state.round, "turns": state.turns, "end": state.end_reason,
            "bonus_cards": list(state.bonus_cards)}


def compute() -> dict[str, Any]:
    return {
        "vv": {"/".join(map(str, key)): vv_game(*key) for key in VV_GAMES},
        "greedy_means": {m: greedy_mean(m) for m in BUNDLED_MAPS},
        "mf": {"/".join(map(str, key)): mf_game(*key) for key in MF_GAMES},
    }


@pytest.fixture(scope="module")
def pinned() -> dict[str, Any]:
    return json.loads(DATA.read_text())


@pytest.mark.parametrize("key", VV_GAMES, ids=lambda k: "/".join(map(str, k)))
def test_vv_games_are_the_pinned_ones(pinned: dict[str, Any], key: tuple) -> None:
    assert vv_game(*key) == pinned["vv"]["/".join(map(str, key))]


@pytest.mark.parametrize("map_id", BUNDLED_MAPS)
def test_greedy_means_are_the_pinned_ones(pinned: dict[str, Any], map_id: str) -> None:
    assert greedy_mean(map_id) == pinned["greedy_means"][map_id]


@pytest.mark.parametrize("key", MF_GAMES, ids=lambda k: "/".join(map(str, k)))
def test_mf_games_are_the_pinned_ones(pinned: dict[str, Any], key: tuple) -> None:
    assert mf_game(*key) == pinned["mf"]["/".join(map(str, key))]


def test_pinned_games_cover_what_they_claim(pinned: dict[str, Any]) -> None:
    """The pins hold finished games with specials, rings and shared bonuses, not trivia."""
    games = pinned["vv"].values()
    assert all(g["rounds"] > 10 for g in games)
    assert any(g["sheets"][0]["transfers"] for g in games)
    assert any(len(g["sheets"]) > 1 and g["sheets"][1]["later"] for g in games)
    assert len(set(pinned["greedy_means"].values())) == len(BUNDLED_MAPS)


if __name__ == "__main__":
    DATA.write_text(json.dumps(compute(), indent=0) + "\n")
    print(f"wrote {DATA}", file=sys.stderr)
