"""Monte Carlo search over the engine: the ``search`` bot and the best play on known cards.

No rule lives here. A candidate is one of the engine's legal steps
(:func:`.engine.legal_next`), applied with :func:`.engine.play_step`; a *rollout* plays
the rest of the game from there with the greedy bot (:func:`.engine.play_turn`,
:func:`.engine.reveal`, :func:`.engine.end_round`) and returns the player's final total.

* The **bot** (:class:`SearchBot`, ``vv simulate --bot search``) knows what a player at
  the table knows: the cards revealed since the last shuffle. Each rollout draws its
  future cards from the rest of that pile (and fresh piles after the next shuffle), never
  from the seeded sequence. All candidates are compared on the same sampled futures
  (common random numbers), and the budget goes to the promising ones by successive
  halving; the step with the best mean wins.
* The **analysis** (:func:`best_play`, :func:`analyse_player`) happens after the game, when
  the cards are known: rollouts follow the game's own cards (then the seed's, or cards
  sampled from the deck when a log without a seed runs out), the other players repeat
  their logged moves, and a step is worth the best final total any of its rollouts found.

Everything is deterministic for a given budget in rollouts; a budget in seconds stops
early and is not.
"""

from __future__ import annotations

import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from random import Random
from typing import Any, NamedTuple

from scorepad.rules.common.shuffle import below, seeded_rng, shuffled
from scorepad.rules.voll_verplant.cards import (
    EXPRESS,
    FREE,
    NUMBER,
    Card,
    card_stream,
    parse_card,
    sequence,
)
from scorepad.rules.voll_verplant.engine import (
    GameState,
    Move,
    apply,
    end_round,
    final_total,
    legal_next,
    map_tables,
    owes,
    play_step,
    play_turn,
    reach_stations,
    reveal,
    round_done,
)
from scorepad.rules.voll_verplant.replay import _pile
from scorepad.rules.voll_verplant.ruleset import VVRules

from . import simulator
from .bots import greedy_bot

MAX_ROUNDS = 400  # a guard, as in self-play: a game on a valid map ends long before

#: Moves fixed in advance for some players: ``fixed[round][seat]`` is that seat's whole
#: move of that round (0-based), or None where the rollout policy decides.
Fixed = Sequence[Sequence[Move | None]]


# --- scores straight from engine sheets --------------------------------------------------

# --- future cards ------------------------------------------------------------------------

def pile_left(history: Sequence[Card], rules: VVRules) -> list[Card]:
    """The cards still face down after ``history`` (every card revealed so far, the current
    one included), in deck order: the deck minus the cards revealed since the last shuffle.
    After a shuffle card (or a pile revealed in full) that is the whole deck."""
    deck = [parse_card(c) for c in rules.deck]
    triggers = {parse_card(c) for c in rules.shuffle_cards}
    seen = _pile(history, Counter(deck), triggers)
    left = []
    for card in deck:
        if seen[card]:
            seen[card] -= 1
        else:
            left.append(card)
    return left


def sampled_cards(left: Sequence[Card], rules: VVRules, seed: str) -> Iterator[Card]:
    """One imagined future: ``left`` shuffled and revealed up to a shuffle card (or its
    end), then fresh seeded piles by the deck's own rule (:func:`.cards.card_stream`)."""
    rng = seeded_rng(seed)
    triggers = {parse_card(c) for c in rules.shuffle_cards}
    for card in shuffled(left, rng):
        yield card
        if card in triggers:
            break
    for card, _ in card_stream(f"{seed}/next", rules.deck, rules.shuffle_cards):
        yield card


def known_cards(cards: Sequence[Card], start: int, rules: VVRules, seed: str | int | None,
                sample_seed: str) -> Iterator[Card]:
    """The game's own cards from index ``start`` on: the known ``cards``, then the seed's
    sequence, or (no seed) cards sampled from what the pile still held."""
    yield from cards[start:]
    index = max(start, len(cards))
    if seed is not None:
        seq = sequence(seed, tuple(rules.deck), tuple(rules.shuffle_cards))
        while True:
            yield seq.at(index)[0]
            index += 1
    # the same imagined cards whatever ``start`` is: skip those already "revealed"
    tail = sampled_cards(pile_left(cards, rules), rules, sample_seed)
    for _ in range(index - len(cards)):
        next(tail)
    yield from tail


# --- rollouts ----------------------------------------------------------------------------

class Policy(NamedTuple):
    """How a rollout chooses steps: greedy, with another step at rate ``explore`` (see
    :func:`.simulator.rollout`, which plays it)."""

    explore: float = 0.0

    def bot(self, rng: Random) -> Callable[[GameState, int], Move]:
        """The engine's greedy bot as a chooser (the other seats' moves of a round the
        analysis plays)."""
        return lambda state, p: greedy_bot(state, p, rng)


#: A player's step as recorded: ``(round index, card, step or whole move)``.
Made = tuple[int, Card, Move]


GREEDY = Policy()


class Rollout(NamedTuple):
    """A finished rollout: the player's final total and, when recorded, their moves from
    the start of the rollout."""

    total: float
    steps: tuple[Made, ...]


def _finish_round(state: GameState, choose: Callable[[GameState, int], Move],
                  fixed_round: Sequence[Move | None] | None, player: int,
                  record: list[Made] | None) -> GameState:
    """Every step still owed this round (fixed moves first), then the round's end."""
    for q in range(len(state.players)):
        if not owes(state, q):
            continue
        move = fixed_round[q] if fixed_round is not None and q != player else None
        if move is not None and not state.moved[q]:
            state = apply(state, q, move)
            continue
        state, made = play_turn(state, q, partial(_choose_for, choose, q))
        if record is not None and q == player:
            assert state.card is not None
            record.append((state.rounds, state.card, made))
    assert round_done(state)
    return end_round(state)[0]


def rollout(state: GameState, player: int, cards: Iterator[Card], rng: Random, *,
            policy: Policy | None = None, fixed: Fixed = (), record: bool = False) -> Rollout:
    """Play the game out from ``state`` (in a round or between rounds) with ``policy``
    for every step not ``fixed``, the cards coming from ``cards``; ``player``'s total.

    Played by the simulator (:func:`.simulator.rollout`): the same steps as the engine's
    bots would take (``tests/test_vv_simulator.py``), several times faster."""
    made: list[Made] | None = [] if record else None
    total = simulator.rollout(state, player, cards, rng, explore=(policy or GREEDY).explore,
                              fixed=fixed, made=made)
    return Rollout(total, tuple(made) if made is not None else ())


# --- the bot -----------------------------------------------------------------------------

class Budget(NamedTuple):
    """What a decision may spend: ``rollouts`` per step finalist (deterministic), and at
    most ``seconds`` per decision when given (then the result depends on the machine)."""

    rollouts: int = 16
    seconds: float | None = None


def halving(count: int, rollouts: int) -> list[tuple[int, int]]:
    """The successive-halving schedule for ``count`` candidates: ``(survivors, rollouts
    each has had by the end of the stage)`` per stage; the last two get ``rollouts``."""
    stages = []
    alive = count
    while alive > 2:
        stages.append(alive)
        alive = (alive + 1) // 2
    stages.append(alive)
    schedule = []
    for k, alive in enumerate(stages):
        each = max(1, rollouts >> (len(stages) - 1 - k))
        schedule.append((alive, each))
    return schedule


def choose_by_mean(state: GameState, player: int, steps: Sequence[Move],
                   future: Callable[[int], Iterator[Card]], budget: Budget, seed: str
                   ) -> tuple[int, list[float]]:
    """The index of the step with the best mean rollout total (successive halving over
    the same futures for every step), and each step's mean (of those it had)."""
    sums = [0.0] * len(steps)
    done = [0] * len(steps)
    after = [play_step(state, player, step).state for step in steps]
    alive = list(range(len(steps)))
    deadline = time.perf_counter() + budget.seconds if budget.seconds else None
    for survivors, each in halving(len(steps), budget.rollouts):
        alive.sort(key=lambda i: (-sums[i] / done[i] if done[i] else 0.0, i))
        alive = alive[:survivors]
        for i in alive:
            for r in range(done[i], each):
                sums[i] += rollout(after[i], player, future(r), seeded_rng(f"{seed}/{r}/p")).total
            done[i] = max(done[i], each)
        if deadline is not None and time.perf_counter() > deadline:
            break
    means = [sums[i] / done[i] if done[i] else float("-inf") for i in range(len(steps))]
    best = max(alive, key=lambda i: (means[i], -i))
    return best, means


def candidates(state: GameState, player: int, steps: Sequence[Move]) -> list[Move]:
    """The legal steps worth a rollout, so the budget goes to real choices.

    Number and express cards: per line (and ring direction) the most crosses, and every
    shorter count that stops just before an interchange (left free for a transfer, worth
    twice its lines). Free rides: the free stations of lines with at most three free
    stations left (or all when there are none), and declining. Transfers: every step.
    """
    card = state.card
    assert card is not None
    network = state.network
    marked = state.sheets[player].marked
    paths = map_tables(network)
    if card.kind == FREE:
        near: set[int] = set()
        for line in network.lines:
            free = [i for i in line.order if not marked >> i & 1]
            if len(free) <= 3:
                near.update(free)
        kept = [s for s in steps if s.station < 0 or s.station in near]
        return kept if len(kept) > 1 else list(steps)
    if card.kind not in (NUMBER, EXPRESS):
        return list(steps)
    kept = []
    for step in steps:
        if step.line < 0:
            kept.append(step)
            continue
        reach = reach_stations(paths, marked, step.line, step.direction, card)
        if step.crosses == len(reach) or (step.crosses < len(reach) and
                                          paths.lines_through[reach[step.crosses]] > 1):
            kept.append(step)
    return kept


class SearchBot:
    """The ``search`` bot: flat Monte Carlo over the legal steps with greedy rollouts on
    cards sampled from what the player can know (see the module docstring).

    A bot is called ``(state, player, rng)``; the cards revealed so far are remembered per
    game, keyed by the game's ``rng`` (one per game in self-play).
    """

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self._seen: weakref.WeakKeyDictionary[Random, list[Card]] = weakref.WeakKeyDictionary()

    def __reduce__(self) -> tuple[type[SearchBot], tuple[Budget]]:
        # sent to worker processes without the per-game memory
        return (SearchBot, (self.budget,))

    def _history(self, state: GameState, rng: Random) -> list[Card]:
        """The cards revealed in this game so far, the current one last. Asked every round
        (self-play asks each seat for its move), the bot sees them all; a bot that missed a
        round knows only the current card (a fresh pile as far as it can tell)."""
        assert state.card is not None
        seen = self._seen.get(rng)
        if seen is None or not state.rounds <= len(seen) <= state.rounds + 1:
            seen = self._seen[rng] = []
        if len(seen) == state.rounds or not seen:
            seen.append(state.card)
        return seen

    def __call__(self, state: GameState, player: int, rng: Random) -> Move:
        history = self._history(state, rng)
        steps = candidates(state, player, legal_next(state, player))
        if len(steps) == 1:
            return steps[0]
        seed = f"search/{below(rng, 1 << 30)}"
        rules = state.rules
        left = pile_left(history, rules)
        best, _ = choose_by_mean(state, player, steps,
                                 lambda r: sampled_cards(left, rules, f"{seed}/{r}"),
                                 self.budget, seed)
        return steps[best]


#: The ``search`` bot of :data:`.bots.BOTS` (``vv simulate --bot search``).
DEFAULT_BOT = SearchBot()


# --- after the game: the cards are known ---------------------------------------------------

class Found(NamedTuple):
    """The best a search found for one step: the best total of its rollouts and, for the
    best of all, the steps that led there."""

    total: float
    steps: tuple[Made, ...]


def best_rollouts(state: GameState, player: int, steps: Sequence[Move],
                  cards: Callable[[int], Iterator[Card]], rollouts: int, seed: str,
                  fixed: Fixed = (), explore: float = 0.15, keep: Sequence[int] = ()
                  ) -> list[Found]:
    """For each step: the best final total of its rollouts, with the player's steps of
    that rollout. Every step gets a greedy rollout; the best quarter (at least
    :data:`FINALISTS`) and the steps in ``keep`` get ``rollouts`` in all, the others
    exploring: the budget goes where the greedy games say the best ones are."""
    assert state.card is not None
    after = [play_step(state, player, step).state for step in steps]
    found: list[Found] = []

    def run(i: int, r: int) -> None:
        got = rollout(after[i], player, cards(r), seeded_rng(f"{seed}/{i}/{r}"),
                      policy=Policy(0.0 if r == 0 else explore), fixed=fixed, record=True)
        if r == 0 or got.total > found[i].total:
            made: Made = (state.rounds, state.card, steps[i])  # type: ignore[assignment]
            best = Found(got.total, (made,) + got.steps)
            if r == 0:
                found.append(best)
            else:
                found[i] = best

    for i in range(len(steps)):
        run(i, 0)
    ranked = sorted(range(len(steps)), key=lambda i: (-found[i].total, i))
    finalists = set(ranked[:max(FINALISTS, -(-len(steps) // 4))]) | set(keep)
    for i in sorted(finalists):
        for r in range(1, rollouts):
            run(i, r)
    return found


#: At least this many steps of a decision get every rollout (see :func:`best_rollouts`).
FINALISTS = 4


class Decision(NamedTuple):
    """One of the player's steps judged: where, what was played, what was best."""

    round: int          # 1-based
    step: int           # 0: the move itself, 1..: its follow-ups
    card: Card
    played: Move
    played_total: float
    best: Move
    best_total: float
    line: tuple[Made, ...] = ()  # the player's whole game along the best alternative

    @property
    def cost(self) -> float:
        return self.best_total - self.played_total


def _steps_of(move: Move) -> list[Move]:
    """A whole move as its steps: the first, then each follow-up."""
    return [move._replace(then=())] + list(move.then)


def _best_of(steps: Sequence[Move], found: Sequence[Found]) -> int:
    """The index of the best step; among equals the one crossing most (what a player
    would try first), then the first listed."""
    return max(range(len(steps)), key=lambda i: (found[i].total, steps[i].crosses, -i))


def best_play(start: GameState, player: int, cards: Sequence[Card], seed: str | int | None,
              rollouts: int, *, fixed: Fixed = (), tick: Callable[[], None] | None = None,
              deadline: float | None = None) -> Found:
    """The best total a search finds for ``player`` from ``start`` (a fresh game) on the
    game's own cards: at every step the step whose best rollout is best is played (a
    rollout algorithm on top of greedy play), and the best of every rollout seen is kept,
    with its steps; where no rollout beats that best game, its next step is played, so
    the search goes on around the best game it has seen."""
    state = start
    best = Found(float("-inf"), ())
    made: list[Made] = []
    cards_at = _cards_from(cards, seed, start.rules)
    for _ in range(MAX_ROUNDS):
        if state.over:
            break
        state = reveal(state, next(cards_at(state.rounds)))
        fixed_round = fixed[state.rounds] if state.rounds < len(fixed) else None
        while owes(state, player):
            steps = legal_next(state, player)
            budget = 1 if deadline is not None and time.perf_counter() > deadline else rollouts
            found = best_rollouts(state, player, steps,
                                  partial(_cards_after, cards_at, state.rounds),
                                  budget, f"best/{state.rounds}/{len(made)}", fixed)
            pick = _best_of(steps, found)
            if found[pick].total > best.total:
                best = Found(found[pick].total, tuple(made) + found[pick].steps)
            elif len(best.steps) > len(made) and best.steps[len(made)][2] in steps:
                # nothing better here than the best line so far: go on along it, so the
                # next rollouts look around the best game seen
                pick = steps.index(best.steps[len(made)][2])
            made.append(found[pick].steps[0])
            state = play_step(state, player, steps[pick]).state
        if tick is not None:
            tick()
        state = _finish_round(state, Policy().bot(seeded_rng("best/others")), fixed_round, player,
                              None)
    total = final_total(state.network, state.rules, state.sheets[player])
    return best if best.total >= total else Found(total, tuple(made))


def _cards_from(cards: Sequence[Card], seed: str | int | None, rules: VVRules
                ) -> Callable[[int], Iterator[Card]]:
    """``at(index)``: the game's cards from ``index`` on (see :func:`known_cards`); past
    the known cards of a log without a seed, one imagined continuation for every line."""
    def at(index: int) -> Iterator[Card]:
        return known_cards(cards, index, rules, seed, "analyse/tail")
    return at


def analyse_player(start: GameState, player: int, cards: Sequence[Card],
                   moves: Sequence[Sequence[Move | None]], seed: str | int | None,
                   rollouts: int, *, tick: Callable[[], None] | None = None,
                   deadline: float | None = None) -> list[Decision]:
    """Each of ``player``'s logged steps against the best the search finds instead:
    before each step, every legal step is rolled out on the game's cards (the other
    players repeating ``moves``, their logged moves per round and seat), the played one
    included. A step's worth is its best rollout."""
    decisions: list[Decision] = []
    made: list[Made] = []
    state = start
    cards_at = _cards_from(cards, seed, start.rules)
    for number, (card, round_moves) in enumerate(zip(cards, moves, strict=False)):
        if state.over:
            break
        state = reveal(state, card)
        mine = round_moves[player]
        if mine is not None:
            for k, step in enumerate(_steps_of(mine)):
                steps = legal_next(state, player)
                if step not in steps:  # crosses written as "the most": find the listed step
                    step = _listed_step(state, player, step, steps)
                    if step not in steps:
                        steps.append(step)
                budget = 1 if deadline is not None and time.perf_counter() > deadline else rollouts
                played = steps.index(step)
                found = best_rollouts(state, player, steps,
                                      partial(_cards_after, cards_at, number),
                                      budget, f"analyse/{number}/{k}", moves, keep=(played,))
                pick = _best_of(steps, found)
                decisions.append(Decision(number + 1, k, card, step, found[played].total,
                                          steps[pick], found[pick].total,
                                          tuple(made) + found[pick].steps))
                made.append((state.rounds, card, step))
                state = play_step(state, player, step).state
        if tick is not None:
            tick()
        state = _finish_round(state, Policy().bot(seeded_rng("analyse/others")), round_moves,
                              player, None)
    return _reachable(decisions)


def _reachable(decisions: list[Decision]) -> list[Decision]:
    """The decisions with what was found later on the played path counted: a game found
    after a later step of the player's was reachable from every played step before it, so
    a played step is worth at least the best found at any later decision (and the best
    step at least the played one)."""
    out: list[Decision] = []
    later = float("-inf")
    for decision in reversed(decisions):
        played = max(decision.played_total, later)
        if played > decision.best_total:
            decision = decision._replace(best=decision.played, best_total=played)
        out.append(decision._replace(played_total=played))
        later = max(later, decision.best_total)
    return out[::-1]


def _listed_step(state: GameState, player: int, step: Move, steps: Sequence[Move]) -> Move:
    """The listed legal step that ``step`` means (``crosses=-1``: the most the card
    allows on that line), found by the sheet it leads to."""
    sheet = play_step(state, player, step).state.sheets[player]
    for candidate in steps:
        if play_step(state, player, candidate).state.sheets[player] == sheet:
            return candidate
    return step


def _choose_for(choose: Any, seat: int, state: Any) -> Any:
    """``choose(state, seat)`` with the seat fixed (a bot's step for one player)."""
    return choose(state, seat)


def _cards_after(cards_at: Any, rounds: int, _rollout: object) -> Any:
    """The cards a rollout plays after round ``rounds`` (the same for every rollout)."""
    return cards_at(rounds + 1)
