"""Whole bot games: the seeded deal, the draft (pick, pass left, resolve in turn order),
bonus chains from the display, and optionally the game log they make.

Games are played by the fast simulator (:mod:`.simulator`), which plays the engine's games
(``tests/test_mf_simulator.py``); a recorded game's log replays through the engine.

A game is reproducible from its seed: the deal uses ``seed`` and the bots draw from a
separate generator seeded ``"<seed>/bots"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from operator import add
from typing import Any, NamedTuple

from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.common.stats import Histogram
from scorepad.rules.mille_fiori.board import Board, board
from scorepad.rules.mille_fiori.deal import deal, pass_left
from scorepad.rules.mille_fiori.engine import BONUS, CATEGORIES, NCAT, OVER, SHIP, EndRound, Play
from scorepad.rules.mille_fiori.log import GAME_FORMAT
from scorepad.rules.mille_fiori.ruleset import MFRules
from scorepad.rules.mille_fiori.scoring import totals_and_ranks

from .bots import Bot, draft_of
from .simulator import SimState, apply, setup, sim_config

#: Play(...), EndRound(...) at a third of the cost (a NamedTuple's __new__ is a Python
#: function)
new_play = tuple.__new__


class GameResult(NamedTuple):
    """A finished bot game: its seed, final state and (when recorded) its log data."""

    seed: str
    state: SimState
    log: dict[str, Any] | None


def _action(b: Board, space: int) -> dict[str, Any]:
    return {"ship": True} if space == SHIP else {"place": b.space_ids[space]}


def play_game(players: int, seed: object, bots: Sequence[Bot], rules: MFRules | None = None,
              *, record: bool = False, names: Sequence[str] | None = None) -> GameResult:
    """Play one game between ``bots`` (one per seat) and return the final state.

    With ``record`` the result carries a ``scorepad/mf-game@1`` log that records the
    seed, the display and every round's leftovers, so its replay checks every bonus card
    and that every card came from its player's hand.
    """
    b = board()
    names = list(names or [f"P{i + 1}" for i in range(players)])
    dealt = deal(players, seed, rules, b, cfg=sim_config(names, rules, b, explain=False))
    rng = seeded_rng(f"{seed}/bots")
    # nobody reads a bot game's events: they carry no why (explain=False)
    state = setup(names, rules, display=dealt.display, start=0, game_board=b, explain=False)
    cfg = state.cfg
    n = players
    rounds: list[dict[str, Any]] = []
    drafts = [draft_of(bot) for bot in bots]
    for dealt_hands in dealt.rounds:
        if state.phase == OVER or state.finished:
            break
        hands: Sequence[list[int]] = [list(h) for h in dealt_hands]
        turns: list[dict[str, Any]] = []
        if record:
            rounds.append({"start": names[state.start], "turns": turns})
        unplayed: list[int] = []
        order = [(state.start + j) % n for j in range(n)]  # the round's turn order
        for _ in range(cfg.plays):
            chosen = []
            for p in range(n):  # everyone keeps a card (the draft), then hands pass left
                hand = hands[p]
                card = drafts[p](state, p, hand, rng)
                hand.remove(card)
                chosen.append(card)
            hands = pass_left(hands)
            for j, p in enumerate(order):
                card = chosen[p]
                bot = bots[p]
                space = bot(state, p, (card,), rng)[1]
                state = apply(state, new_play(Play, (p, card, space)))
                phase = state.phase
                if phase == BONUS or record:
                    chain = []
                    while phase == BONUS:
                        bcard, bspace = bot(state, p, state.display or (), rng)
                        state = apply(state, new_play(Play, (p, bcard, bspace)))
                        phase = state.phase
                        if record:
                            chain.append({"card": b.cards[bcard].id,
                                          "action": _action(b, bspace)})
                    if record:
                        entry: dict[str, Any] = {"player": names[p], "card": b.cards[card].id,
                                                 "action": _action(b, space)}
                        if chain:
                            entry["bonus"] = chain
                        turns.append(entry)
                if phase == OVER:
                    unplayed = [chosen[q] for q in order[j + 1:]]
                    break
            if state.phase == OVER:
                break
        leftover = tuple(unplayed + [c for hand in hands for c in hand])
        state = apply(state, new_play(EndRound, (leftover,)))
        if record:
            rounds[-1] = {"start": rounds[-1]["start"],
                          "leftover": [b.cards[k].id for k in leftover], "turns": turns}
    log: dict[str, Any] | None = None
    if record:
        log = {"format": GAME_FORMAT}
        if rules is not None:
            from scorepad.rules.mille_fiori.ruleset import default_rules

            changed = rules.changed_from(default_rules())
            if changed:
                log["rules"] = changed
        # the seed lets a replay check the deal: each card played from its player's hand
        # (as the protocol passes them), the leftovers the cards left in the hands
        log.update({"seed": str(seed), "players": names,
                    "display": [b.cards[k].id for k in dealt.display], "rounds": rounds})
    return GameResult(str(seed), state, log)


class Tally:
    """Figures of finished games, accumulated one game at a time in flat memory.

    Plain counts (a histogram of totals, points per seat and category, ends, wins by how
    many shared them) are all a game adds, so a game costs a few hundred instructions;
    tallies of disjoint sets of games merge exactly (win shares become fractions only in
    :meth:`figures`), so a run split over worker processes gives the same figures.
    """

    __slots__ = ("players", "scores", "points", "ended", "wins")

    def __init__(self, players: int) -> None:
        self.players = players
        self.scores = Histogram()  # the seats' totals
        self.points = [0] * (players * NCAT)  # summed State.points (player * NCAT + cat)
        self.ended = {"deck": 0, "diamonds": 0}
        # seat * (players + 1) + k: the games the seat won, shared among k winners
        self.wins = [0] * (players * (players + 1))

    def add(self, state: SimState) -> None:
        """Count one finished game: totals, points per category, how it ended, the winners."""
        totals, rank_list = totals_and_ranks(state)
        scores = self.scores.counts  # Histogram.add, inline: a call less a seat
        for total in totals:
            scores[total] += 1
        self.points = list(map(add, self.points, state.points))
        self.ended[state.end_reason or "deck"] += 1
        firsts = rank_list.count(1)
        wins, width = self.wins, self.players + 1
        for seat, rank in enumerate(rank_list):
            if rank == 1:
                wins[seat * width + firsts] += 1

    def merge(self, other: Tally) -> Tally:
        """Add another tally's games into this one (returns self)."""
        self.scores.merge(other.scores)
        self.points = list(map(add, self.points, other.points))
        for reason, times in other.ended.items():
            self.ended[reason] = self.ended.get(reason, 0) + times
        self.wins = list(map(add, self.wins, other.wins))
        return self

    @property
    def games(self) -> int:
        """How many games were counted."""
        return sum(self.ended.values())

    def figures(self) -> dict[str, Any]:
        """What ``mf simulate --json`` prints of the games (mean, deciles, areas, ends, wins)."""
        totals = self.scores
        count = len(totals)
        deciles = totals.quantiles(10)
        points, n, width = self.points, self.players, self.players + 1
        win = [sum((Fraction(self.wins[seat * width + k], k) for k in range(1, width)),
                   Fraction(0)) for seat in range(n)]
        return {
            "mean": round(totals.mean(), 2), "median": totals.median(),
            "p10": deciles[0], "p90": deciles[-1],
            "min": totals.min(), "max": totals.max(),
            "areas": {k: round(sum(points[cat::NCAT]) / count, 2)
                      for cat, k in enumerate(CATEGORIES)},
            "ended_by": {k: self.ended.get(k, 0) for k in ("deck", "diamonds")},
            "win_share": [round(float(w) / self.games, 3) for w in win],
        }
