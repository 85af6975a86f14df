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
    g.events(s)              # what the last step did: [{"type", "player", "points", "why"}]
    g.view(s, "Ann")         # what Ann may see (None: the host or a watcher), JSON-able
    visible_moves(g, s, None)  # the legal moves the host may see (none from a hand)
    g.describe(m, "de")      # a move in words (en, de, fr); g.explain(event, "de") an event
    g.info                   # GameInfo: players, simultaneity, hidden information, set-up

Moves are plain data exactly as the game's log writes them (dicts, strings, numbers,
lists), so a move can be typed, sent from a browser, logged and replayed without a
second notation. States are immutable. Pending work (special-station follow-ups, bonus
chains, the round end) is part of the state, so :meth:`Game.to_move` always says who
owes what, and a round ends when nobody owes anything.

Chance (a card revealed, a hand dealt) is a step too: ``to_move`` is ``[]`` while the
game is not over, ``legal_moves(s, None)`` lists the outcomes, and ``apply(s, None, x)``
records one. With a seed there is exactly one outcome, so a seeded game replays the
same everywhere.

A fourth game is one folder with a ``game.py`` whose object satisfies :class:`Game` and an
``about.py`` saying what it is (:class:`~scorepad.rules.registry.About`), plus one line in
:data:`scorepad.rules.registry.PACKAGES`; the conformance test (``tests/test_conformance.py``),
the session, the terminal and the browser then work for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from importlib import import_module
from typing import Any, Protocol, cast, runtime_checkable

# pydantic reads a TypedDict (the JSON schema of views and events) only from
# typing_extensions before Python 3.12
from typing_extensions import NotRequired, TypedDict, TypeVar

# the languages, where the words are (re-exported: the protocol names them)
from scorepad.rules.common.words import LANGS as LANGS
from scorepad.rules.common.words import lang_of as lang_of
from scorepad.rules.registry import PACKAGES, About

#: A move (or chance outcome) in the log's own notation: plain, JSON-able data (a game's
#: ``Game[S, M, V, E]`` says its own ``M``; this is what a front-end holds of any game).
MoveData = Any


class Event(TypedDict):
    """One thing a step did, as plain JSON-able data (see :meth:`Game.events`): its
    ``type`` and ``player`` (None: nobody, a chance step) and, where points change,
    ``points`` and ``why``. Each game's events extend it with their own keys (a
    ``TypedDict`` per game: ``VVEvent``, ``MFEvent``, ``FlorisEvent``), which the schema of
    the pages (:mod:`scorepad.web.schema`) exports."""

    type: str
    player: str | None
    points: NotRequired[float]
    why: NotRequired[str]


class GameView(TypedDict):
    """What every game's view holds (:meth:`Game.view`); each game's view extends it."""

    game: str
    viewer: str | None
    to_move: list[str]


# A game's own types. Each defaults to Any: a bare ``Game`` or ``Session`` (a front-end that
# serves every game) is one of any game, as :data:`AnyGame` and ``AnySession`` say.
S = TypeVar("S", default=Any)   # a game's state type
M = TypeVar("M", default=Any)   # a game's move type (the log's notation)
V_co = TypeVar("V_co", bound=GameView, covariant=True, default=Any)  # its view (a TypedDict)
E = TypeVar("E", bound=Event, default=Any)  # a game's event (a TypedDict)


@dataclass(frozen=True)
class SetupChoice:
    """One set-up keyword of :meth:`Game.new` a front-end offers: its name, the values to
    choose from (``()``: free, such as a start player or a map file), the default."""

    name: str
    values: tuple[Any, ...] = ()
    default: Any = None


@dataclass(frozen=True)
class GameInfo:
    """What a front-end needs to know of a game, as data (no ``if game_id == ...``)."""

    id: str
    min_players: int
    max_players: int
    simultaneous: bool          # several players may be to move at once
    hidden_information: bool    # a player may not see everything (hands, the deck)
    chance: bool                # the game has chance steps (cards revealed or dealt)
    #: players may hold a hand (a ``"hand"`` in their view, see :func:`visible_moves`)
    hands: bool = False
    setup: tuple[SetupChoice, ...] = ()
    #: ruleset options: name -> {"default": value, "values": [...]} (values [] = free)
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: what the game says of itself beyond its rules: names, short name, BoardGameGeek id,
    #: file prefix, page, what the browser offers (its folder's ``about.ABOUT``; None: a
    #: game registered nowhere, such as a test's)
    about: About | None = None

    def data(self) -> dict[str, Any]:
        """The info as plain JSON-able data."""
        out = asdict(self)
        out["setup"] = [dict(c, values=list(c["values"])) for c in out["setup"]]
        if self.about is not None:  # a named tuple: as a mapping, as JSON shows it
            out["about"] = {**self.about._asdict(), "names": dict(self.about.names),
                            "pages": list(self.about.pages)}
        return out


class StepEvents(tuple[E, ...]):
    """The events of the step that led to a state, kept in the state (``GAME.events`` reads
    them). A record of the step, not part of the game: a replay may make a round's moves in
    another order than the table did and reach the same game with other last events, so a
    state keeps it in a field left out of its equality and hash
    (``last: StepEvents = field(default=NO_EVENTS, compare=False)``), and a state's
    equality is its game's."""

    __slots__ = ()


#: No events yet (a new game): a record of any game's event type.
NO_EVENTS: StepEvents[Any] = StepEvents()


def event(type_: str, player: str | None, points: float | None = None, why: str = "",
          **more: Any) -> Event:
    """An event in the protocol's shape (``points`` and ``why`` only where points change);
    ``more`` are the game's own keys, which its event type (a ``TypedDict``) names."""
    out: Event = {"type": type_, "player": player}
    if points is not None:
        out["points"] = points
        out["why"] = why
    elif why:
        out["why"] = why
    # the game's own keys: its typed builder (``_event(..., **fields: Unpack[...])``)
    # checked them; the base shape cannot name them
    cast(dict[str, Any], out).update(more)
    return out


@runtime_checkable
class Game(Protocol[S, M, V_co, E]):
    """What every game offers the session, bots, replay, tests and the browser.

    Generic in the game's state type ``S``, move type ``M``, view ``V_co`` and event
    ``E`` (the last two ``TypedDict``s, what a page receives); every game binds its object
    to it (``_PROTOCOL: Game[VVState, VVMove, VVView, VVEvent] = GAME`` beside ``GAME``),
    so mypy holds each game to the protocol, while callers still see the class's own
    keywords (``from_log(doc, rules=...)``)."""

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
    #: What a front-end needs to know, as data (players, set-up choices, options ...).
    info: GameInfo

    def new(self, players: Sequence[str], *, seed: str | None = None,
            rules: Mapping[str, Any] | None = None, **setup: Any) -> S:
        """A fresh game. ``rules`` are ruleset option overrides; ``setup`` is game-specific
        (``map="berlin"`` for Voll verplant). Bad setup raises a ScorepadError."""
        ...

    def to_move(self, state: S) -> list[str]:
        """The players who may decide now, in seat order: several when moves are
        simultaneous, one in turn-based play, none at a chance step or when over."""
        ...

    def legal_moves(self, state: S, player: str | None) -> list[M]:
        """Every legal next step of ``player`` in the log's notation; for ``None`` at a
        chance step, the outcomes the deck can still give (exactly one when seeded)."""
        ...

    def apply(self, state: S, player: str | None, move: M) -> S:
        """The state after ``player``'s ``move`` (``None``: a chance step). Raises a
        RuleViolation naming the rule, round and player for every refusal (a move naming
        an unknown id too); ``state`` is unchanged."""
        ...

    def events(self, state: S) -> list[E]:
        """What the step that led to ``state`` did, as plain JSON-able events (``[]`` for
        a new game). Each has ``type`` and ``player`` (None: nobody, a chance step); where
        points change, ``points`` and ``why``. Over a finished game the ``points`` of all
        steps' events, per player, add up to the player's ``total`` in :meth:`score`."""
        ...

    def view(self, state: S, viewer: str | None) -> V_co:
        """What ``viewer`` (a player; None: the host or a watcher) may see, JSON-able.
        Other players' hands, the deck order and future cards are absent, and so is the
        seed of a game with hidden information until it is over."""
        ...

    def describe(self, move: M, lang: str = "en") -> str:
        """``move`` in words (``en``, ``de``, ``fr``), for terminal and browser alike."""
        ...

    def explain(self, event: E, lang: str = "en") -> str:
        """An event of :meth:`events` in words (``en``, ``de``, ``fr``)."""
        ...

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        ...

    def score(self, state: S) -> dict[str, Any]:
        """Exactly the object ``scorepad <game> score --json`` prints for ``to_log(state)``."""
        ...

    def breakdown_total(self, player_score: Mapping[str, Any]) -> float:
        """A player's total recomputed from the breakdown parts of one entry of
        ``score(state)["players"]`` (the conformance test holds ``total`` to it)."""
        ...

    def to_log(self, state: S) -> dict[str, Any]:
        """The game-log document of everything played so far (``check``/``score`` read it)."""
        ...

    def from_log(self, doc: Mapping[str, Any]) -> S:
        """The state a game-log document leads to (a replay through :meth:`apply`)."""
        ...

    def log_steps(self, doc: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], list[tuple[str | None, M]]]:
        """A game-log document split into ``new`` keywords (``players``, ``seed``,
        ``rules`` and the game's setup) and the steps in play order, so that
        ``from_log(doc)`` equals folding :meth:`apply` over the steps from
        ``new(**setup)``. The session uses it to resume a log with its undo history."""
        ...


def step_events(game: Game[S, M, V_co, E], state: S, steps: Sequence[tuple[str | None, M]]
                ) -> list[list[E]]:
    """The events of each of ``steps`` played from ``state`` (a game's history in the
    game's own words: what ``vv analyse`` lists, with no step re-derived)."""
    out: list[list[E]] = []
    for player, move in steps:
        state = game.apply(state, player, move)
        out.append(game.events(state))
    return out


def visible_moves(game: Game[S, M, V_co, E], state: S, viewer: str | None
                  ) -> dict[str, list[M]]:
    """The legal moves ``viewer`` may see now, by player to move: a player sees their own;
    the host (``None``, who may move for anyone) sees those of every player to move whose
    moves reveal nothing hidden. A player holding a hand (a ``hand`` in their
    :meth:`Game.view`) moves cards of it, so their moves are in their own view only: the
    host's and the watchers' views hold no player's hand in any form."""
    movers = game.to_move(state)
    if viewer is not None:
        return {viewer: game.legal_moves(state, viewer)} if viewer in movers else {}
    # a game whose players never hold a hand needs no view asked (the host's state is
    # made after every step: six Voll verplant views would cost it ~3 ms a step)
    return {p: game.legal_moves(state, p) for p in movers
            if not game.info.hands or _hand(game.view(state, p)) is None}


def _hand(view: Mapping[str, object]) -> object:
    """The hand a view shows its player (a game whose players hold one says it in its
    view's ``hand``, :attr:`GameInfo.hands`; None or absent: no hand)."""
    return view.get("hand")


#: A game of the registry, whichever it is (its own types are its module's).
AnyGame = Game[Any, Any, Any, Any]


class _Games(Mapping[str, AnyGame]):
    """The registry as a read-only mapping that imports each game when first asked for."""

    def __init__(self, packages: Mapping[str, str]) -> None:
        self._registry = dict(packages)
        self._loaded: dict[str, AnyGame] = {}

    def __getitem__(self, game_id: str) -> AnyGame:
        game = self._loaded.get(game_id)
        if game is None:
            module = import_module(f"{self._registry[game_id]}.game")
            game = self._loaded[game_id] = module.GAME
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry)

    def __len__(self) -> int:
        return len(self._registry)


#: Every game scorepad knows, by id (:data:`scorepad.rules.registry.PACKAGES`), each
#: imported on first use so that `scorepad --version` loads no game.
GAMES: Mapping[str, AnyGame] = _Games(PACKAGES)
