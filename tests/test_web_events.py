"""The browser's Voll verplant page lists the line completions the game's events record
(no state is diffed): over a whole game they are each player's line bonuses."""

from __future__ import annotations

import random

from scorepad.rules.session import Session
from scorepad.web.vv import table_view


def test_completions_are_the_line_events_and_add_up_to_the_line_points():
    session = Session.start("voll-verplant", ["Ann", "Bob"], seed="web-events", map="berlin")
    rng = random.Random(7)
    while not session.is_over():
        if session.at_chance():
            session = session.reveal()
        else:
            player = session.to_move()[0]
            session = session.step(player, rng.choice(session.legal_moves(player)))
    view = table_view(session, None)
    completions = view["completions"]
    assert completions and {c["bonus"] for c in completions} <= {"first", "later"}
    score = session.score()
    for entry in score["players"]:
        mine = [c for c in completions if c["player"] == entry["name"]]
        assert sum(c["points"] for c in mine) == entry["line_points"]
        assert {c["line"] for c in mine} == {k for k, v in entry["lines"].items() if v["bonus"]}
    assert all(1 <= c["round"] <= len(session.state.cards) for c in completions)
