"""Helpers for Voll verplant engine tests: play moves by printed ids on the tiny map."""

from __future__ import annotations

from pathlib import Path

from scorepad.io import read_mapping
from scorepad.rules.voll_verplant.cards import parse_card
from scorepad.rules.voll_verplant.engine import GameState, Move, apply, end_round, new_game, reveal
from scorepad.rules.voll_verplant.maps import Network, load_map_data
from scorepad.rules.voll_verplant.ruleset import VVRules, default_rules

TINY = Path(__file__).parent / "data" / "tiny.yaml"


def tiny() -> Network:
    return load_map_data(read_mapping(TINY))


def game(players=("Ann",), rules: VVRules | None = None, network: Network | None = None
         ) -> GameState:
    return new_game(network or tiny(), rules or default_rules(), players)


def mv(state: GameState, line: str | None = None, crosses: int = 0, direction: str = "cw",
       station: int | None = None, then: tuple = ()) -> Move:
    """A move by printed ids (line letter, station number)."""
    net = state.network
    return Move(line=net.line_index[line] if line else -1, crosses=crosses, direction=direction,
                station=net.station_index[station] if station is not None else -1, then=then)


def play_round(state: GameState, card, *moves: Move) -> GameState:
    """Reveal a card, apply one move per player (in order), end the round."""
    state = reveal(state, parse_card(card))
    for p, move in enumerate(moves):
        state = apply(state, p, move)
    state, _ = end_round(state)
    return state


def marked_ids(state: GameState, player: int = 0) -> set[int]:
    sheet = state.sheets[player]
    return {s.id for s in state.network.stations if sheet.marked >> s.index & 1}
