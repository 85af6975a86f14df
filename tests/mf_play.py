"""A whole Mille Fiori game for the page tests, played through the table session."""

from __future__ import annotations

from scorepad.rules.session import Session


def greedy_game(seed: str, players: tuple[str, ...] = ("Ann", "Bob")) -> Session:
    """A seeded game to its end, every player taking the move that scores most for them
    (ties: the first listed), the chance steps revealed."""
    s = Session.start("mille-fiori", list(players), seed=seed)
    while not s.is_over():
        if s.at_chance():
            s = s.reveal()
            continue
        p = s.to_move()[0]
        i = s.players.index(p)
        s = s.step(p, max(s.legal_moves(p),
                          key=lambda m: s.game.apply(s.state, p, m).g.total(i)))
    return s
