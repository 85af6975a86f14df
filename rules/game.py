"""The game protocol every game implements, and ``GAMES`` (game id → game object).

Outside code, the table session (:mod:`scorepad.rules.session`), bots, replay and the
browser drive every game through this one interface (pgx's ``Env`` and OpenSpiel's
``State`` are the models)::

    g = GAMES["voll-verplant"]
    s = g.new(["Ann", "Bob"], seed="table-42", rules={}, map="berlin")
    g.to_move(s)             # who may decide now: several when simultaneous; [] at chance/end
    g.legal_moves(s, "Ann")  # Ann's legal moves, plain data in the log's notation
    g.legal_moves(s, None)   # at a chance step: what the deck can still give (one when seeded)
    s = g.apply(s, "Ann", m) # a new state, or RuleViolation (rule, round, player); s unchanged
    g.is_over(s); g.score(s) # score(s) is what `scorepad <game> score --json` prints
    g.to_log(s); g.from_log(doc)

Moves are plain data exactly as the game's log writes them (dicts, strings, numbers,
lists), so a move can be typed, sent from a browser, logged and replayed without a
second notation. States are immutable. Pending work (special-station follow-ups, bonus
chains, the round end) is part of the state, so :meth:`Game.to_move` always says who
owes what, and a round ends when nobody owes anything.

Chance (a card revealed, a hand dealt) is a step too: ``to_move`` is ``[]`` while the
game is not over, ``legal_moves(s, None)`` lists the outcomes, and ``apply(s, None, x)``
records one. With a seed there is exactly one outcome, so a seeded game replays the
same everywhere.

A fourth game is one folder with a ``game.py`` whose object satisfies :class:`Game`,
plus one line in :data:`_REGISTRY`; the conformance test (``tests/test_conformance.py``),
the session, the terminal and the browser then work for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module
from typing import Any, Protocol, runtime_checkable

#: A move (or chance outcome) in the log's own notation: plain, JSON-able data.
MoveData = Any
#: A game state: an immutable value whose type is the game's own.
State = Any


@runtime_checkable
class Game(Protocol):
    """What every game offers the session, bots, replay, tests and the browser."""

    #: The game id (``voll-verplant``, ``mille-fiori``, ``floris``).
    id: str
    #: The log format this game writes and reads (``scorepad/vv-game@1`` ...).
    log_format: str
    #: How many players a game may have (inclusive).
    min_players: int
    max_players: int
    #: The set-up keywords of a typical game (``{"map": "berlin"}``): the default of the
    #: browser's start page and what the conformance test plays.
    example_setup: Mapping[str, Any]

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, **setup: Any) -> State:
        """A fresh game. ``rules`` are ruleset option overrides; ``setup`` is game-specific
        (``map="berlin"`` for Voll verplant). Bad setup raises a ScorepadError."""
        ...

    def to_move(self, state: State) -> list[str]:
        """The players who may decide now, in seat order: several when moves are
        simultaneous, one in turn-based play, none at a chance step or when over."""
        ...

    def legal_moves(self, state: State, player: str | None) -> list[MoveData]:
        """Every legal next step of ``player`` in the log's notation; for ``None`` at a
        chance step, the outcomes the deck can still give (exactly one when seeded)."""
        ...

    def apply(self, state: State, player: str | None, move: MoveData) -> State:
        """The state after ``player``'s ``move`` (``None``: a chance step). Raises a
        RuleViolation naming the rule, round and player; ``state`` is unchanged."""
        ...

    def is_over(self, state: State) -> bool:
        """Whether the game has ended."""
        ...

    def score(self, state: State) -> dict[str, Any]:
        """Exactly the object ``scorepad <game> score --json`` prints for ``to_log(state)``."""
        ...

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        """A player's total recomputed from the breakdown parts of one entry of
        ``score(state)["players"]`` (the conformance test holds ``total`` to it)."""
        ...

    def to_log(self, state: State) -> dict[str, Any]:
        """The game-log document of everything played so far (``check``/``score`` read it)."""
        ...

    def from_log(self, doc: Mapping[str, Any]) -> State:
        """The state a game-log document leads to (a replay through :meth:`apply`)."""
        ...

    def log_steps(self, doc: Mapping[str, Any]) -> tuple[dict[str, Any], list[tuple[str | None, MoveData]]]:
        """A game-log document split into ``new`` keywords (``players``, ``seed``,
        ``rules`` and the game's setup) and the steps in play order, so that
        ``from_log(doc)`` equals folding :meth:`apply` over the steps from
        ``new(**setup)``. The session uses it to resume a log with its undo history."""
        ...


# id -> "module:attribute"; imported on first use so `scorepad --version` loads no game.
_REGISTRY: dict[str, str] = {
    "voll-verplant": "scorepad.rules.voll_verplant.game:GAME",
    "mille-fiori": "scorepad.rules.mille_fiori.game:GAME",
    "floris": "scorepad.rules.floris.game:GAME",
}


class _Games(Mapping[str, Game]):
    """The registry as a read-only mapping that imports each game when first asked for."""

    def __init__(self, registry: Mapping[str, str]) -> None:
        self._registry = dict(registry)
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is None:
            module, _, attr = self._registry[game_id].partition(":")
            game = self._loaded[game_id] = getattr(import_module(module), attr)
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry)

    def __len__(self) -> int:
        return len(self._registry)


#: Every game scorepad knows, by id.
GAMES: Mapping[str, Game] = _Games(_REGISTRY)
