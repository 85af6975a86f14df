"""The table session: one game growing step by step, for every front-end.

A :class:`Session` is a game of the protocol (:mod:`scorepad.rules.game`) together with
the steps played so far. It is pure and immutable: :meth:`Session.step`,
:meth:`Session.undo` and :meth:`Session.retract` return new sessions, so a front-end (the
terminal, the browser) only shows a session and turns input into steps; saving is the store's job
(``scorepad.store``), which writes :meth:`Session.to_log` after every step.

Undo is "the log without its last step": the session keeps the state after every
step, which is what a replay of the shorter log gives (the conformance test holds the
games to that), without replaying the whole game on every undo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, overload

from scorepad.rules.common.errors import RuleViolation, check_move, check_plain
from scorepad.rules.common.names import check_name
from scorepad.rules.game import GAMES, E, Game, M, MoveData, S, V_co, visible_moves

#: A step played: the player (None: a chance step) and the move in the log's notation.
Step = tuple[str | None, MoveData]


@dataclass(frozen=True)
class Session(Generic[S, M, V_co, E]):
    """A game in progress: its set-up, the steps played and the state after each.

    Typed by its game (``Session[VVState, VVMove, VVView, VVEvent]`` for Voll verplant):
    its state, moves, views and events are the game's own; a session of a game found by
    id (``Session.start("floris", ...)``) is an :data:`AnySession`."""

    game: Game[S, M, V_co, E]
    setup: Mapping[str, Any]
    steps: tuple[tuple[str | None, M], ...] = ()
    states: tuple[S, ...] = field(default=(), repr=False)

    # --- starting ---------------------------------------------------------------------

    @overload
    @classmethod
    def start(cls, game: Game[S, M, V_co, E], players: Sequence[str], *,
              seed: str | None = None, rules: Mapping[str, Any] | None = None,
              **setup: Any) -> Session[S, M, V_co, E]: ...

    @overload
    @classmethod
    def start(cls, game: str, players: Sequence[str], *, seed: str | None = None,
              rules: Mapping[str, Any] | None = None, **setup: Any) -> AnySession: ...

    @classmethod
    def start(cls, game: Game[Any, Any, Any, Any] | str, players: Sequence[str], *,
              seed: str | None = None, rules: Mapping[str, Any] | None = None,
              **setup: Any) -> Session[Any, Any, Any, Any]:
        """A new game of ``game`` (an object or a ``GAMES`` id) with nothing played."""
        g = GAMES[game] if isinstance(game, str) else game
        for name in players:  # what the log could not be read back with (every front-end)
            if isinstance(name, str):
                check_name(name)
        if isinstance(seed, str):
            check_plain(seed, "seed")
        keywords = {"players": list(players), "seed": seed, "rules": dict(rules or {}), **setup}
        state = g.new(list(players), seed=seed, rules=rules, **setup)
        return Session(g, keywords, (), (state,))

    @overload
    @classmethod
    def resume(cls, game: Game[S, M, V_co, E], doc: Mapping[str, Any]
               ) -> Session[S, M, V_co, E]: ...

    @overload
    @classmethod
    def resume(cls, game: str, doc: Mapping[str, Any]) -> AnySession: ...

    @classmethod
    def resume(cls, game: Game[Any, Any, Any, Any] | str, doc: Mapping[str, Any]
               ) -> Session[Any, Any, Any, Any]:
        """The session a saved game log leads to, with every step undoable."""
        g = GAMES[game] if isinstance(game, str) else game
        keywords, steps = g.log_steps(doc)
        kw = dict(keywords)
        players = kw.pop("players")
        session = Session.start(g, players, **kw)
        for player, move in steps:
            session = session.step(player, move)
        return session

    # --- what the game says ------------------------------------------------------------

    @property
    def state(self) -> S:
        """The current state."""
        return self.states[-1]

    @property
    def players(self) -> list[str]:
        """The players in seat order."""
        return list(self.setup["players"])

    def to_move(self) -> list[str]:
        """Who may decide now (several when simultaneous; none at chance or the end)."""
        return self.game.to_move(self.state)

    def legal_moves(self, player: str | None) -> list[M]:
        """``player``'s legal moves now (``None``: the chance outcomes)."""
        return self.game.legal_moves(self.state, player)

    def visible_moves(self, viewer: str | None) -> dict[str, list[M]]:
        """The legal moves ``viewer`` may see now, by player
        (:func:`~scorepad.rules.game.visible_moves`): a player their own; the host (None)
        none that reveal a hand, which the player moves from their own view."""
        return visible_moves(self.game, self.state, viewer)

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over(self.state)

    def at_chance(self) -> bool:
        """Whether the next step is chance (a card to reveal, a hand to deal)."""
        return not self.is_over() and not self.to_move()

    def score(self) -> dict[str, Any]:
        """The score object, as ``score --json`` prints it."""
        return self.game.score(self.state)

    def to_log(self) -> dict[str, Any]:
        """The game log of everything played so far."""
        return self.game.to_log(self.state)

    def events(self, step: int = -1) -> list[E]:
        """What a step did (``GAME.events``): the last one, or ``step`` (0-based, negative
        from the end) of those played; ``[]`` before the first."""
        if not -len(self.steps) <= step < len(self.steps):
            if not self.steps:
                return []
            raise IndexError(f"no step {step} (steps played: {len(self.steps)})")
        # states[0] is the game before the first step: step i led to states[i + 1]
        return self.game.events(self.states[step + 1 if step >= 0 else step])

    def view(self, viewer: str | None) -> V_co:
        """What ``viewer`` may see now (``GAME.view``; None: the host or a watcher)."""
        return self.game.view(self.state, viewer)

    # --- changing ------------------------------------------------------------------------

    def step(self, player: str | None, move: M) -> Session[S, M, V_co, E]:
        """The session after ``player``'s ``move``; a RuleViolation leaves this one as it is.
        A move the log could not hold (a control character, :func:`check_move`) is refused
        here, before the game sees it, whichever front-end sent it (InputError)."""
        check_move(move)
        state = self.game.apply(self.state, player, move)
        return Session(self.game, self.setup, self.steps + ((player, move),),
                       self.states + (state,))

    def reveal(self) -> Session[S, M, V_co, E]:
        """Play the chance step when the game leaves exactly one outcome (a seeded deck)."""
        if not self.at_chance():
            raise RuleViolation("nothing is left to chance now", rule="not-a-chance-step")
        outcomes = self.legal_moves(None)
        if len(outcomes) != 1:
            raise RuleViolation(f"the next step has {len(outcomes)} possible outcomes: "
                                "say which one", rule="chance-outcome-needed")
        return self.step(None, outcomes[0])

    def can_undo(self) -> bool:
        """Whether a step has been played that undo would take back."""
        return bool(self.steps)

    def undo(self) -> Session[S, M, V_co, E]:
        """The session without its last step."""
        if not self.steps:
            raise RuleViolation.of("session.nothing-to-undo", rule="nothing-to-undo")
        return Session(self.game, self.setup, self.steps[:-1], self.states[:-1])

    def own_steps(self, player: str | None) -> list[int]:
        """The indices (0-based) of ``player``'s steps in the round still open: their
        steps since the last chance step. ``[]`` when there are none, and when the players
        did not move at the same time then (the engine's ``to_move`` named ``player``
        alone: a turn others have played on from, as in Mille Fiori, is not theirs to take
        back)."""
        found: list[int] = []
        for index in range(len(self.steps) - 1, -1, -1):
            who = self.steps[index][0]
            if who is None:
                break
            if who == player:
                found.append(index)
        if found and len(self.game.to_move(self.states[min(found)])) < 2:
            return []
        return sorted(found)

    def retract(self, player: str | None) -> Session[S, M, V_co, E]:
        """The session with ``player``'s own steps of the round still open
        (:meth:`own_steps`) taken back and every other player's kept: a player changes
        their mind before the round closes. The others' steps are played again on the
        state before ``player``'s first, each accepted or refused by the engine as if
        played now; a refusal (a RuleViolation) leaves this session as it is."""
        mine = self.own_steps(player)
        if not mine:
            raise RuleViolation.of("session.nothing-to-take-back", player=player,
                                   rule="nothing-to-take-back")
        after = Session(self.game, self.setup, self.steps[:mine[0]], self.states[:mine[0] + 1])
        for index in range(mine[0], len(self.steps)):
            if index not in mine:
                after = after.step(*self.steps[index])
        return after


#: A session of any game (one found by id; a front-end that serves every game holds these).
AnySession = Session[Any, Any, Any, Any]
