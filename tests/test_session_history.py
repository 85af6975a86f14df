"""The session owns its history: a player's own moves of the open round taken back
(``Session.retract``), the step records left out of a state's equality, and an engine's own
error answered by the browser as the bug it is, never as a refused move."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from starlette.testclient import TestClient
from toy_game import ToyGame
from web_server import START
from web_toy import TOY, Toy, ToyState

from scorepad.rules.common.errors import RuleViolation
from scorepad.rules.game import GAMES, StepEvents, event
from scorepad.rules.session import Session
from scorepad.web.app import create_app
from scorepad.web.games import WebGame

TAKE, PASS = {"take": True}, {"take": False}


def opened(game: Any = TOY, players=("Ann", "Bob", "Cid")) -> Session:
    """A toy game with its first card revealed: everybody to move at once."""
    return Session.start(game, list(players), seed="s").reveal()


def test_retract_takes_back_only_that_players_moves_of_the_open_round():
    s = opened().step("Ann", TAKE).step("Bob", PASS)
    assert s.own_steps("Ann") == [1] and s.own_steps("Bob") == [2] and s.own_steps("Cid") == []
    after = s.retract("Ann")
    assert after.steps == (s.steps[0], ("Bob", PASS))
    # the same game as if Ann had not moved, and every step of it undoable as usual
    assert after.state == opened().step("Bob", PASS).state
    assert after.undo().state == opened().state
    assert s.steps == (s.steps[0], ("Ann", TAKE), ("Bob", PASS))  # the session is a value
    assert sorted(after.to_move()) == ["Ann", "Cid"]


def test_nothing_to_take_back_once_the_round_closed_or_in_a_turn_others_played_on_from():
    s = opened().step("Ann", TAKE).step("Bob", PASS).step("Cid", PASS).reveal()
    with pytest.raises(RuleViolation) as refused:
        s.retract("Ann")
    assert refused.value.rule == "nothing-to-take-back"
    assert "Ann has no move of this round" in refused.value.message
    # players in turn (the engine named one player to move): not theirs to take back
    turns = Session.start(ToyGame(), ["Ann", "Bob"], seed="s")
    while turns.at_chance() or turns.to_move() != ["Bob"]:
        turns = turns.reveal() if turns.at_chance() else turns.step(
            turns.to_move()[0], turns.legal_moves(turns.to_move()[0])[0])
    assert any(who == "Ann" for who, _ in turns.steps)
    assert turns.own_steps("Ann") == []
    with pytest.raises(RuleViolation):
        turns.retract("Ann")


class AfterAnn(Toy):
    """The toy, where Bob may take a card only once Ann has taken it."""

    def apply(self, s: ToyState, player: str | None, move: Any) -> ToyState:
        taken = dict(s.choices[-1]) if s.choices else {}
        if player == "Bob" and move == TAKE and not taken.get("Ann"):
            raise RuleViolation("Bob takes only after Ann", rule="after-ann")
        return super().apply(s, player, move)


def test_a_step_the_engine_now_refuses_leaves_the_session_as_it_was():
    s = opened(AfterAnn()).step("Ann", TAKE).step("Bob", TAKE)
    with pytest.raises(RuleViolation) as refused:
        s.retract("Ann")  # Bob's take, played again without Ann's, is refused
    assert refused.value.rule == "after-ann"
    assert s.retract("Bob").steps == s.steps[:2]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_states_equality_is_its_games_not_its_step_record(game_id):
    setup = {"map": "berlin"} if game_id == "voll-verplant" else {}
    state = GAMES[game_id].new(["Ann", "Bob"], seed="s", **setup)
    other = dataclasses.replace(state, last=StepEvents([event("anything", "Ann")]))
    assert other == state
    assert dataclasses.replace(other, last=StepEvents()) == other
    assert GAMES[game_id].events(other) == [event("anything", "Ann")]


class Broken(Toy):
    """The toy with a bug: a pass by Ann trips over its own code."""

    def apply(self, s: ToyState, player: str | None, move: Any) -> ToyState:
        if player == "Ann" and move == PASS:
            return None.choices  # type: ignore[attr-defined]  # the bug: AttributeError
        return super().apply(s, player, move)


def test_an_engines_own_error_is_a_500_in_words_and_logged_not_a_refused_move(tmp_path, capsys):
    app = create_app({"toy": WebGame(Broken(), {"rounds": [3]})}, folder=tmp_path,
                     start_token=START)
    client = TestClient(app, raise_server_exceptions=False)
    game = client.post(f"/api/games?t={START}", json={"game": "toy", "players": ["Ann"],
                                                     "seed": "s"}).json()
    host, ann = (link["url"].rsplit("t=", 1)[1] for link in (game["host"],
                                                              game["players"][0]))
    url = f"/api/games/{game['id']}"
    assert client.post(f"{url}/step?t={host}", json={"reveal": True}).status_code == 200
    r = client.post(f"{url}/step?t={ann}", json={"player": "Ann", "move": PASS})
    assert r.status_code == 500
    assert r.json() == {"error": "the server could not answer this (an internal error)",
                        "rule": None}
    assert "internal error: AttributeError" in capsys.readouterr().err  # the server's log
    # a move the engine refuses is still a refusal in the game's words, and nothing moved
    r = client.post(f"{url}/step?t={ann}", json={"player": "Ann", "move": ["take"]})
    assert r.status_code == 422 and r.json()["rule"] == "toy-move"
    assert client.get(f"{url}?t={ann}").json()["steps"] == 1
