"""Whole bot games: the seeded deal, the draft (pick, pass left, resolve in turn order),
bonus chains from the display, and optionally the game log they make.

A game is reproducible from its seed: the deal uses ``seed`` and the bots draw from a
separate generator seeded ``"<seed>/bots"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.common.stats import Histogram, Sums

from .board import Board, board
from .bots import Bot, draft_of
from .deal import deal, pass_left
from .engine import BONUS, CATEGORIES, NCAT, OVER, SHIP, EndRound, Play, State, apply, setup
from .log import GAME_FORMAT
from .ruleset import MFRules
from .scoring import totals_and_ranks

#: Play(...) at a third of its cost (a NamedTuple's __new__ is a Python function)
new_play = tuple.__new__


class GameResult(NamedTuple):
    """A finished bot game: its seed, final state and (when recorded) its log data."""

    seed: str
    state: State
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
    dealt = deal(players, seed, rules, b)
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
        state = apply(state, EndRound(leftover))
        if record:
            rounds[-1] = {"start": rounds[-1]["start"],
                          "leftover": [b.cards[k].id for k in leftover], "turns": turns}
    log: dict[str, Any] | None = None
    if record:
        log = {"format": GAME_FORMAT}
        if rules is not None:
            from .ruleset import default_rules

            changed = rules.changed_from(default_rules())
            if changed:
                log["rules"] = changed
        # the seed lets a replay check the deal: each card played from its player's hand
        # (as the protocol passes them), the leftovers the cards left in the hands
        log.update({"seed": str(seed), "players": names,
                    "display": [b.cards[k].id for k in dealt.display], "rounds": rounds})
    return GameResult(str(seed), state, log)


#: the sums of points per category, by the engine's category index
_POINT_KEYS = tuple(f"points/{name}" for name in CATEGORIES)


class Tally:
    """Figures of finished games, accumulated one game at a time in flat memory.

    Tallies of disjoint sets of games merge exactly (win shares are fractions), so a run
    split over worker processes gives the same figures as one run.
    """

    __slots__ = ("totals", "sums", "players")

    def __init__(self, players: int) -> None:
        self.players = players
        self.totals = Histogram()
        self.sums = Sums()

    def add(self, state: State) -> None:
        """Count one finished game: totals, points per category, how it ended, the winners."""
        totals, rank_list = totals_and_ranks(state)
        sums = self.sums
        sums.add("games", 1)
        sums.add(f"ended/{state.end_reason or 'deck'}", 1)
        firsts = rank_list.count(1)
        win = 1 if firsts == 1 else Fraction(1, firsts)
        points = state.points
        for cat, key in enumerate(_POINT_KEYS):  # every seat's points in the category
            sums.add(key, sum(points[cat::NCAT]))
        for seat, total in enumerate(totals):
            self.totals.add(total)
            if rank_list[seat] == 1:
                sums.add(f"wins/{seat}", win)

    def merge(self, other: Tally) -> Tally:
        """Add another tally's games into this one (returns self)."""
        self.totals.merge(other.totals)
        self.sums.merge(other.sums)
        return self

    @property
    def games(self) -> int:
        """How many games were counted."""
        return int(self.sums.get("games"))

    def figures(self) -> dict[str, Any]:
        """What ``mf simulate --json`` prints of the games (mean, deciles, areas, ends, wins)."""
        count = len(self.totals)
        deciles = self.totals.quantiles(10)
        return {
            "mean": round(self.totals.mean(), 2), "median": self.totals.median(),
            "p10": deciles[0], "p90": deciles[-1],
            "min": self.totals.min(), "max": self.totals.max(),
            "areas": {k: round(int(self.sums.get(f"points/{k}")) / count, 2)
                      for k in CATEGORIES},
            "ended_by": {k: int(self.sums.get(f"ended/{k}")) for k in ("deck", "diamonds")},
            "win_share": [round(float(self.sums.get(f"wins/{seat}")) / self.games, 3)
                          for seat in range(self.players)],
        }
