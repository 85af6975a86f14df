"""Self-play: whole seeded games between bots, and the statistics ``vv simulate`` prints."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import partial
from typing import NamedTuple

from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.common.stats import Histogram
from scorepad.rules.voll_verplant.cards import card_stream
from scorepad.rules.voll_verplant.engine import (
    GameState,
    end_round,
    final_result,
    final_totals,  # noqa: F401  # read from here by callers of play_game
    new_game,
    play_turn,
    reveal,
    seat,
)
from scorepad.rules.voll_verplant.log import GameLog, RoundSpec
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.replay import from_move
from scorepad.rules.voll_verplant.ruleset import VVRules

from . import bots
from .bots import Bot
from .search import DEFAULT_BOT
from .simulator import (
    POLICIES,
    RANDOM,
    play_seeded,
    random_solo_results,
    sheet_result,
    sim_map,
)

MAX_ROUNDS = 400  # a guard: a game on a valid map ends long before

#: Every bot by name (``vv simulate --bot``): the simple ones and the search.
BOTS: dict[str, Bot] = {**bots.BOTS, "search": DEFAULT_BOT}


class SimulatedGame(NamedTuple):
    """One finished self-play game: its final state and (if asked) its log."""

    seed: str
    state: GameState
    log: GameLog | None


def play_game(network: Network, rules: VVRules, players: Sequence[str], bot: str | Bot,
              seed: str, record: bool = False, *,
              generators: tuple[random.Random, random.Random] | None = None
              ) -> SimulatedGame:
    """Play one game with the given bot (a name in BOTS, or a bot) for every player; the
    seed decides cards and bot. ``generators`` (cards', bot's) are seeded again for this
    game instead of two new ones made (see :func:`tally_games`)."""
    choose = BOTS[bot] if isinstance(bot, str) else bot
    cards_rng, bot_rng = generators or (None, None)
    stream = card_stream(seed, rules.deck, rules.shuffle_cards, rng=cards_rng)
    rng = seeded_rng(f"{seed}/bot", bot_rng)
    state = new_game(network, rules, players)
    rounds: list[RoundSpec] = []

    # a new game is never over: the end is checked after each round, and a card drawn
    # only for a round that is played (zip asks the rounds' range first)
    if not record and isinstance(bot, str) and bot in POLICIES:  # the fast simulator
        sim = play_seeded(network, rules, players, POLICIES[bot], seed, generators)
        return SimulatedGame(seed, sim.game_state(network, rules, players), None)
    # through the engine (a search bot, or a game to record): the rules' own calls
    seats = [(p, seat(choose, p, rng)) for p in range(len(players))]  # once a game
    for _, (card, _reshuffle) in zip(range(MAX_ROUNDS), stream, strict=False):
        state = reveal(state, card)
        moves = {}
        for p, ask in seats:
            state, move = play_turn(state, p, ask)
            if record:
                moves[players[p]] = from_move(network, card, move)
        if record:
            rounds.append(RoundSpec(card=card.code, moves=moves))
        state = end_round(state)[0]
        if state.over:
            break
    log = None
    if record:
        changed = rules.changed_from(_defaults())
        log = GameLog(format="scorepad/vv-game@1", map=network.id, rules=changed, seed=seed,
                      players=list(players), rounds=rounds)
    return SimulatedGame(seed, state, log)


def tally_games(network: Network, rules: VVRules, players: Sequence[str], bot: str | Bot,
                seeds: Iterable[str]) -> Tally:
    """Play each seed's game (:func:`play_game`) and tally it, in flat memory. The games
    share two generators, seeded again for each game: one game is done with them before
    the next starts."""
    tally = Tally()
    generators = (random.Random(), random.Random())
    policy = POLICIES.get(bot) if isinstance(bot, str) else None
    if policy == RANDOM and len(players) == 1:  # the solo loop on one reused state
        add_sheets = tally.add_sheets
        for total, empty, rounds in random_solo_results(network, rules, seeds, generators):
            add_sheets(((total, empty),), rounds)
        return tally
    if policy is not None:  # the simulator's games, tallied from its own state
        sm, rounding, add_sheets = sim_map(network), rules.empty_rounding, tally.add_sheets
        for seed in seeds:
            st = play_seeded(network, rules, players, policy, seed, generators)
            add_sheets(map(partial(sheet_result, sm, rounding), st.marked, st.first, st.later,
                           st.transfers), st.rounds)
        return tally
    add = tally.add
    for seed in seeds:
        add(play_game(network, rules, players, bot, seed, generators=generators)[1])
    return tally


def _defaults() -> VVRules:
    from scorepad.rules.voll_verplant.ruleset import default_rules

    return default_rules()


class Stats(NamedTuple):
    """Figures over all players of all games."""

    mean: float
    median: float
    p10: float
    p90: float
    empty_mean: float
    rounds_mean: float


class Tally:
    """Figures of finished games, accumulated one game at a time in flat memory: a histogram
    of the scores and four whole-number sums.

    Tallies of disjoint sets of games merge exactly (in any order), so a run split over
    worker processes gives the same :class:`Stats` as one run.
    """

    __slots__ = ("scores", "empty", "sheets", "rounds", "games")

    def __init__(self) -> None:
        self.scores = Histogram()
        self.empty = 0  #: empty stations, all sheets of all games
        self.sheets = 0  #: sheets (players) of all games
        self.rounds = 0  #: rounds of all games
        self.games = 0  #: how many games were counted

    def add(self, state: GameState) -> None:
        """Count one finished game: every player's total, empty stations and rounds."""
        counts = self.scores.counts  # Histogram.add, inline: a call less a player
        network, rules, _, sheets, _, _, _, rounds, _, _, _ = state  # one unpacking
        for sheet in sheets:  # final_totals without its list
            total, empty = final_result(network, rules, sheet)
            counts[total] += 1
            self.empty += empty
        self.sheets += len(sheets)
        self.rounds += rounds
        self.games += 1

    def add_sheets(self, results: Iterable[tuple[float, int]], rounds: int) -> None:
        """Count one finished game from its sheets' ``(total, empty stations)`` and its
        rounds."""
        counts = self.scores.counts
        for total, empty in results:
            counts[total] += 1
            self.empty += empty
            self.sheets += 1
        self.rounds += rounds
        self.games += 1

    def merge(self, other: Tally) -> Tally:
        """Add another tally's games into this one (returns self)."""
        self.scores.merge(other.scores)
        self.empty += other.empty
        self.sheets += other.sheets
        self.rounds += other.rounds
        self.games += other.games
        return self

    def stats(self) -> Stats:
        """Mean/median/p10/p90 of the scores, mean empty stations and rounds."""
        # Linear interpolation between the closest ranks ("inclusive"); one score is its
        # own decile.
        deciles = self.scores.quantiles(10)
        return Stats(mean=self.scores.mean(), median=self.scores.median(),
                     p10=deciles[0], p90=deciles[-1], empty_mean=self.empty / self.sheets,
                     rounds_mean=self.rounds / self.games)


def summarize(states: Iterable[GameState]) -> Stats:
    """Mean/median/p10/p90 of the scores, mean empty stations and rounds."""
    tally = Tally()
    for state in states:
        tally.add(state)
    return tally.stats()
