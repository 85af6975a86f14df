"""Starting a game from set-up choices (``scorepad.app.start``), as the terminal tables and
the browser both do."""

from __future__ import annotations

import pytest
from toy_game import TOY

from scorepad.app.start import chosen_setup, start_game
from scorepad.rules.common.errors import InputError
from scorepad.rules.game import GAMES


def test_a_dealt_game_gets_the_seed_given_or_a_fresh_one():
    assert start_game(TOY, ["Ann", "Bob"], seed="s1").setup["seed"] == "s1"
    fresh = {start_game(TOY, ["Ann", "Bob"]).setup["seed"] for _ in range(3)}
    assert len(fresh) == 3 and None not in fresh


def test_a_game_the_table_deals_has_no_seed():
    assert start_game(TOY, ["Ann", "Bob"], deal=False).setup["seed"] is None
    with pytest.raises(InputError, match="has no seed") as info:
        start_game(TOY, ["Ann", "Bob"], seed="s1", deal=False)
    assert info.value.where == ("seed",)


def test_players_are_checked_as_every_front_end_checks_them():
    session = start_game(TOY, ["  Ann ", "Bob"], seed="s")
    assert session.players == ["Ann", "Bob"]
    for names in (["Ann"], ["Ann", "ann"], ["Ann", ""]):
        with pytest.raises(InputError) as info:
            start_game(TOY, names, seed="s")
        assert info.value.where[0] == "players"
    with pytest.raises(InputError):
        start_game(TOY, [], seed="s")
    flipper = start_game(GAMES["voll-verplant"], [], seed="s", no_players=True,
                         setup={"map": "berlin"})
    assert flipper.players == []


def test_set_up_values_are_held_to_what_is_offered():
    offered = {"map": ["berlin", "paris"]}
    assert chosen_setup("g", offered, {}) == {"map": "berlin"}
    assert chosen_setup("g", offered, {"map": "paris"}) == {"map": "paris"}
    with pytest.raises(InputError, match="not one of berlin, paris"):
        chosen_setup("g", offered, {"map": "/etc/passwd"})
    with pytest.raises(InputError, match="no set-up option 'size'"):
        chosen_setup("g", offered, {"size": 3})
    session = start_game(GAMES["voll-verplant"], ["Ann"], seed="s", offered=offered,
                         setup={"map": "paris"})
    assert session.setup["map"] == "paris"
