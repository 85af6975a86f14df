"""The fast Mille Fiori simulator against the rules engine: the same games, step by step.

The simulator (:mod:`scorepad.play.mille_fiori.simulator`) plays ``mf simulate``'s bot
games; the engine, behind the game protocol (``GAMES["mille-fiori"]``), is the rules. Here
every ruleset option, player count and bot plays the same seeded game three ways: through
the protocol (its chance steps deal the seed's hands and take the leftovers, every step
is checked, the bots choose on the engine's state), through the simulator in lockstep
(the same actions; after every step its state, events and whys must be the engine's, and
a bot asked on the simulator's state must choose what it chose on the engine's; beside it
the simulator as a bot game runs it, ``explain=False``: no events, a bonus card's why only
``OWED``, every other field the engine's after every step, the bots' choices the same), and
as ``play_game`` plays it for ``mf simulate``, unrecorded and recorded (the same final
state and scores). Unseeded
table games (free card choices, an untracked display: empty-display bonuses, the round
closed by the next card) are played the same way from random legal moves.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.play.mille_fiori import simulator
from scorepad.play.mille_fiori.bots import BOTS, draft_of
from scorepad.play.mille_fiori.simulate import play_game
from scorepad.rules.common.shuffle import seeded_rng
from scorepad.rules.mille_fiori import engine
from scorepad.rules.mille_fiori.board import board
from scorepad.rules.mille_fiori.engine import BONUS, OVER, SHIP, EmptyDisplay, EndRound, Play
from scorepad.rules.mille_fiori.game import EMPTY_DISPLAY, GAME
from scorepad.rules.mille_fiori.ruleset import MFRules, default_rules
from scorepad.rules.mille_fiori.scoring import breakdown, score_json
from scorepad.rules.mille_fiori.words import Reason

B = board()


@st.composite
def rulesets(draw: st.DrawFn) -> MFRules:
    """Every option drawn (few diamonds: games that end by the last diamond too)."""
    hand = draw(st.integers(2, 8))
    last_end = draw(st.sampled_from(["turn", "round", "action"]))
    options: dict[str, Any] = {
        "diamonds": draw(st.sampled_from([2, 5, 9, 14, 27])),
        "hand_size": hand,
        "display_size": {n: draw(st.integers(0, 10)) for n in (2, 3, 4)},
        "plays_per_round": {n: draw(st.integers(1, hand)) for n in (2, 3, 4)},
        "empty_display_points": draw(st.integers(0, 7)),
        "harbor_order": draw(st.sampled_from(["ship_first", "diamond_first"])),
        "landing_bonus": draw(st.sampled_from(["after_action", "at_landing"])),
        "field_timing": draw(st.sampled_from(["action", "turn_end"])),
        "field_marker_diamond": draw(st.booleans()),
        "field_without_diamond": draw(st.booleans()),
        "last_diamond_end": last_end,
        "reserve_diamonds": draw(st.integers(0, 3)) if last_end == "round" else 0,
        "townspeople_top": draw(st.sampled_from(["middles_below", "middle_row"])),
        "ties": draw(st.sampled_from(["shared", "ship"])),
    }
    return default_rules().with_overrides(options)


def seen(state: Any) -> dict[str, Any]:
    """What the engine's and the simulator's states both say of a moment of the game."""
    return {
        "mine": state.mine, "owner": state.owner, "points": state.points,
        "diamonds": state.diamonds, "ship": state.ship, "claimed": state.claimed,
        "field_taken": state.field_taken, "display": state.display, "seen": state.seen,
        "pool": state.pool, "hidden": state.hidden, "round": state.round,
        "start": state.start, "turn": state.turn, "turns": state.turns, "phase": state.phase,
        "pending": state.pending, "pending_why": state.pending_why, "ending": state.ending,
        "end_reason": state.end_reason, "leftover_done": state.leftover_done,
        "bonus_cards": state.bonus_cards, "deferred": state.deferred,
        "to_move": state.to_move, "finished": state.finished, "ended_by": state.ended_by,
        "rounds_played": state.rounds_played, "round_start": state.round_start,
        "totals": [state.total(p) for p in range(state.players)],
    }


def events(state: Any) -> list[tuple[Any, ...]]:
    """The last action's events with their keyed whys."""
    return [(e.player, e.points, e.kind, str(e.why),
             e.why.data() if isinstance(e.why, Reason) else None) for e in state.events]


def unexplained(state: Any) -> dict[str, Any]:
    """What a bot game's state (no events, no whys) says of a moment of the game: all that
    :func:`seen` says but why a bonus card is owed, only whether one is."""
    return {**seen(state), "pending_why": bool(state.pending_why)}


class Lockstep:
    """The simulator following the engine's game: the same actions, the same states; and
    the simulator as a bot game plays (``explain=False``: no events, no reasons built)."""

    def __init__(self, g: engine.State) -> None:
        cfg = g.cfg
        self.sim = simulator.setup(cfg.names, cfg.rules, display=g.display, start=g.start)
        self.bare = simulator.setup(cfg.names, cfg.rules, display=g.display, start=g.start,
                                    explain=False)
        self.follow(g)

    def follow(self, g: engine.State, action: Any = None) -> None:
        """Play ``action`` (None: none) in the simulator; its state must be ``g``."""
        if action is not None:
            self.sim = simulator.apply(self.sim, action)
            self.bare = simulator.apply(self.bare, action)
        assert seen(self.sim) == seen(g)
        assert unexplained(self.bare) == unexplained(g)
        assert self.bare.events == ()
        if g.pending_why:
            assert self.bare.pending_why == simulator.OWED
        if action is not None:
            assert events(self.sim) == events(g)

    def same_choice(self, g: engine.State, bot: Any, player: int, cards: Any,
                    rng: random.Random) -> tuple[int, int]:
        """The bot's choice on the engine's state; on the simulator's it is the same, and
        the rules list the same places for each card."""
        twin = random.Random()
        twin.setstate(rng.getstate())
        bare = random.Random()
        bare.setstate(rng.getstate())
        chosen = bot(g, player, cards, rng)
        assert bot(self.sim, player, cards, twin) == chosen
        assert bot(self.bare, player, cards, bare) == chosen
        assert rng.getstate() == twin.getstate() == bare.getstate()
        for card in set(cards):
            assert simulator.legal_spaces(self.sim, player, card) == \
                engine.legal_spaces(g, player, card)
            assert simulator.placement_choices(self.sim, player, card) == \
                engine.placement_choices(g, player, card)
        return chosen


def _move(card: int, space: int) -> dict[str, Any]:
    return {"card": B.cards[card].id,
            "action": {"ship": True} if space == SHIP else {"place": B.space_ids[space]}}


def engine_game(players: int, rules: MFRules, bots: list[str], seed: str) -> Any:
    """The seeded game through the protocol, as ``play_game`` plays it (each pass: every
    seat keeps a card of its hand, then the cards are resolved in turn order with their
    bonus chains), the simulator in lockstep."""
    names = [f"P{i + 1}" for i in range(players)]
    s = GAME.new(names, seed=seed, rules=rules.changed_from(default_rules()))
    step = Lockstep(s.g)
    rng = seeded_rng(f"{seed}/bots")
    seats = [BOTS[name] for name in bots]
    drafts = [draft_of(bot) for bot in seats]

    def play(s: Any, p: int, card: int, space: int) -> Any:
        s = GAME.apply(s, names[p], _move(card, space))
        step.follow(s.g, Play(p, card, space))
        return s

    while not GAME.is_over(s):
        (dealt,) = GAME.legal_moves(s, None)
        s = GAME.apply(s, None, dealt)
        order = [(s.g.start + j) % players for j in range(players)]
        for _ in range(s.g.cfg.plays):
            kept = []
            for p in range(players):
                hand = list(s.hands[p])
                card = drafts[p](s.g, p, hand, rng)
                assert card in hand
                kept.append(card)
            for p in order:
                space = step.same_choice(s.g, seats[p], p, (kept[p],), rng)[1]
                s = play(s, p, kept[p], space)
                while s.g.phase == BONUS:
                    card, space = step.same_choice(s.g, seats[p], p, s.g.display or (), rng)
                    s = play(s, p, card, space)
                if s.g.phase == OVER:
                    break
            if s.g.phase == OVER:
                break
        (left,) = GAME.legal_moves(s, None)
        s = GAME.apply(s, None, left)
        step.follow(s.g, EndRound(tuple(B.card(k) for k in left["leftover"])))
    return s, step.sim


def assert_same(players: int, rules: MFRules, bots: list[str], seed: str) -> None:
    s, lockstep = engine_game(players, rules, bots, seed)
    fast = play_game(players, seed, [BOTS[name] for name in bots], rules).state
    logged = play_game(players, seed, [BOTS[name] for name in bots], rules, record=True)
    assert fast.events == ()
    assert seen(fast) == seen(lockstep) == seen(logged.state) == seen(s.g)
    assert breakdown(fast) == breakdown(lockstep) == breakdown(s.g)
    assert score_json(fast) == score_json(s.g) == GAME.score(s)
    # the simulator's log replays through the engine to the same game
    replayed = GAME.from_log(logged.log)
    assert seen(replayed.g) == seen(s.g)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), rulesets(),
       st.lists(st.sampled_from(sorted(BOTS)), min_size=4, max_size=4),
       st.text("abcxyz0123-", min_size=1, max_size=8))
def test_the_simulator_plays_the_engines_games(players, rules, bots, seed):
    assert_same(players, rules, bots[:players], seed)


def test_every_bot_at_every_table_with_the_bundled_rules():
    for players in (2, 3, 4):
        for bot in sorted(BOTS):
            assert_same(players, default_rules(), [bot] * players, f"mf-{players}-{bot}")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), rulesets(), st.integers(0, 10**6), st.booleans())
def test_unseeded_table_games_step_by_step(players, rules, seed, bonus_first):
    """A scorekeeper's game: any card the deck can still hold, an untracked display (a
    bonus card from the leftovers or the unseen set-up display, or 5 points for an empty
    one), rounds closed by the next card; random legal moves, the simulator in lockstep."""
    names = [f"P{i + 1}" for i in range(players)]
    s = GAME.new(names, rules=rules.changed_from(default_rules()))
    step = Lockstep(s.g)
    pick = random.Random(seed)
    for _ in range(400):
        if GAME.is_over(s):
            break
        (name,) = GAME.to_move(s)
        p = names.index(name)
        moves = GAME.legal_moves(s, name)
        if bonus_first and EMPTY_DISPLAY in moves and pick.random() < 0.5:
            move = EMPTY_DISPLAY
        else:
            move = pick.choice(moves)
        s = GAME.apply(s, name, move)
        if move == EMPTY_DISPLAY:
            action: Any = EmptyDisplay(p)
        else:
            space = SHIP if "ship" in move["action"] else B.space(move["action"]["place"])
            action = Play(p, B.card(move["card"]), space)
        step.follow(s.g, action)
    assert GAME.is_over(s)
    assert breakdown(step.sim) == breakdown(s.g)


def refusal(apply: Any, state: Any, action: Any) -> tuple[str, str, str]:
    try:
        apply(state, action)
    except Exception as err:  # noqa: BLE001 - the kind of refusal is compared too
        return type(err).__name__, str(err), getattr(err, "rule", "")
    raise AssertionError(f"{action} was played")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_the_simulator_refuses_a_step_as_the_engine_does(seed, steps):
    """Wrong turns, taken or wrong spaces, cards the deck or the display lacks, a round
    closed early, bonus points not owed: the same refusal, rule and words."""
    s = GAME.new(["A", "B", "C"], track_display=False)
    step = Lockstep(s.g)
    pick = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(s):
            break
        (name,) = GAME.to_move(s)
        move = pick.choice(GAME.legal_moves(s, name))
        s = GAME.apply(s, name, move)
        p = s.g.cfg.names.index(name)
        step.follow(s.g, EmptyDisplay(p) if move == EMPTY_DISPLAY else Play(
            p, B.card(move["card"]),
            SHIP if "ship" in move["action"] else B.space(move["action"]["place"])))
    g, sim = s.g, step.sim
    actions = [EndRound(()), EndRound(None), EmptyDisplay(0), EmptyDisplay(2),
               Play(7, 0, SHIP), Play(0, 999, SHIP)]
    actions += [Play(p, pick.randrange(len(B.cards)), pick.randrange(-1, B.spaces))
                for p in range(3) for _ in range(6)]
    for action in actions:
        try:
            after = engine.apply(g, action)
        except Exception:  # noqa: BLE001
            assert refusal(simulator.apply, sim, action) == refusal(engine.apply, g, action)
        else:
            assert seen(simulator.apply(sim, action)) == seen(after)
