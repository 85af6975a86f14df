"""Self-play: whole seeded games between bots, and the statistics ``vv simulate`` prints."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.common.stats import Histogram, Sums

from .bots import BOTS, Bot
from .cards import card_stream
from .engine import GameState, Move, end_round, new_game, play_turn, reveal
from .log import GameLog, RoundSpec
from .maps import Network
from .replay import from_move, marked_sheets
from .ruleset import VVRules

MAX_ROUNDS = 400  # a guard: a game on a valid map ends long before


class SimulatedGame(NamedTuple):
    """One finished self-play game: its final state and (if asked) its log."""

    seed: str
    state: GameState
    log: GameLog | None


def play_game(network: Network, rules: VVRules, players: Sequence[str], bot: str | Bot,
              seed: str, record: bool = False) -> SimulatedGame:
    """Play one game with the given bot (a name in BOTS, or a bot) for every player; the
    seed decides cards and bot."""
    choose = BOTS[bot] if isinstance(bot, str) else bot
    stream = card_stream(seed, rules.deck, rules.shuffle_cards)
    rng = seeded_rng(f"{seed}/bot")
    state = new_game(network, rules, players)
    rounds: list[RoundSpec] = []
    seats = range(len(players))
    for _ in range(MAX_ROUNDS):
        if state.over:
            break
        card = next(stream)[0]
        state = reveal(state, card)
        moves = {}
        for p in seats:
            def ask(now: GameState, p: int = p) -> Move:
                return choose(now, p, rng)

            state, move = play_turn(state, p, ask)
            if record:
                moves[players[p]] = from_move(network, card, move)
        if record:
            rounds.append(RoundSpec(card=card.code, moves=moves))
        state = end_round(state)[0]
    log = None
    if record:
        changed = rules.changed_from(_defaults())
        log = GameLog(format="scorepad/vv-game@1", map=network.id, rules=changed, seed=seed,
                      players=list(players), rounds=rounds)
    return SimulatedGame(seed, state, log)


def _defaults() -> VVRules:
    from .ruleset import default_rules

    return default_rules()


def final_totals(state: GameState) -> list[float]:
    """Every player's total at the end of a game."""
    return [sheet.score.total for sheet in marked_sheets(state)]  # type: ignore[union-attr]


class Stats(NamedTuple):
    """Figures over all players of all games."""

    mean: float
    median: float
    p10: float
    p90: float
    empty_mean: float
    rounds_mean: float


class Tally:
    """Figures of finished games, accumulated one game at a time in flat memory.

    Tallies of disjoint sets of games merge exactly (in any order), so a run split over
    worker processes gives the same :class:`Stats` as one run.
    """

    __slots__ = ("scores", "sums")

    def __init__(self) -> None:
        self.scores = Histogram()
        self.sums = Sums()

    def add(self, state: GameState) -> None:
        """Count one finished game: every player's total, empty stations and rounds."""
        for total in final_totals(state):
            self.scores.add(total)
        all_mask = state.network.all_mask
        self.sums.add("empty", sum((all_mask & ~s.marked).bit_count() for s in state.sheets))
        self.sums.add("sheets", len(state.sheets))
        self.sums.add("rounds", state.rounds)
        self.sums.add("games", 1)

    def merge(self, other: Tally) -> Tally:
        """Add another tally's games into this one (returns self)."""
        self.scores.merge(other.scores)
        self.sums.merge(other.sums)
        return self

    @property
    def games(self) -> int:
        """How many games were counted."""
        return int(self.sums.get("games"))

    def stats(self) -> Stats:
        """Mean/median/p10/p90 of the scores, mean empty stations and rounds."""
        # Linear interpolation between the closest ranks ("inclusive"); one score is its
        # own decile.
        deciles = self.scores.quantiles(10)
        return Stats(mean=self.scores.mean(), median=self.scores.median(),
                     p10=deciles[0], p90=deciles[-1],
                     empty_mean=float(self.sums.get("empty")) / int(self.sums.get("sheets")),
                     rounds_mean=float(self.sums.get("rounds")) / self.games)


def summarize(states: Iterable[GameState]) -> Stats:
    """Mean/median/p10/p90 of the scores, mean empty stations and rounds."""
    tally = Tally()
    for state in states:
        tally.add(state)
    return tally.stats()
