"""The game host: every live game of the server, each a table session kept in the store.

A :class:`Table` is one game: its :class:`~scorepad.rules.session.Session`, the log file
the store saves it to after every step, its tokens and the phones listening to it. The
:class:`Host` creates tables, resumes every table found in its folder, checks who may do
what, and tells the listeners when a table changed. Nothing here speaks HTTP (that is
:mod:`scorepad.web.app`) and nothing here knows a rule: the session and its engine
accept or refuse every step, with the same messages as the command line.

Who may do what: the host token flips (chance steps), undoes, ends and may move for any
player (one phone can keep score for the table); a player's token moves only on that
player's behalf; a watcher's token (a phone or a screen showing the table) only sees.
Tokens are ``secrets.token_urlsafe`` values compared in constant time.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from scorepad import store
from scorepad.io import atomic_write
from scorepad.rules.common.errors import InputError, RuleViolation, ScorepadError
from scorepad.rules.common.shuffle import fresh_seed
from scorepad.rules.session import Session

from .games import WebGame
from .models import CreateGame, Step, TableFile

#: A caller's role: the host, a watcher (sees, moves nothing) or ("player", name). Kept
#: apart from player names, so a player called "host" is just a player.
Role = tuple[str, "str | None"]
HOST: Role = ("host", None)
WATCH: Role = ("watch", None)
META_SUFFIX = ".web.json"


class Forbidden(Exception):
    """The caller's token does not allow this (HTTP 403), or names no game (404)."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status


class NotSaved(Exception):
    """The step could not be saved, so it was not played (HTTP 503; the server log says why)."""


@dataclass(eq=False)
class Table:
    """One game the server keeps: session, files, tokens and listeners.

    ``version`` grows with every change (a step, an undo, the end), also across a
    restart, so a phone can tell a newer state from an older answer arriving late.
    """

    meta: TableFile
    web: WebGame
    session: Session
    folder: Path
    version: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Queue[int]] = field(default_factory=set)
    _views: dict[Role, tuple[int, str]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.meta.id

    @property
    def log_path(self) -> Path:
        return self.folder / self.meta.log

    @property
    def meta_path(self) -> Path:
        return self.folder / (Path(self.meta.log).stem + META_SUFFIX)

    def role(self, token: str | None) -> Role | None:
        """The role a token gives at this table, or None for a token of no one here."""
        if not token:
            return None
        given = token.encode()
        if secrets.compare_digest(given, self.meta.host.encode()):
            return HOST
        if secrets.compare_digest(given, self.meta.watch.encode()):
            return WATCH
        for name, player_token in self.meta.players.items():
            if secrets.compare_digest(given, player_token.encode()):
                return ("player", name)
        return None

    # -- what a viewer sees -------------------------------------------------------------

    def private(self) -> bool:
        """A seeded game with hidden information deals what some may not see (hands, the
        cards to come): while it runs no one gets its seed or its log, the host neither,
        only the game's view of it (GAME.view); once over, both, so it can be checked."""
        s = self.session
        return (s.game.info.hidden_information and s.setup.get("seed") is not None
                and not (s.is_over() or self.meta.ended))

    def view(self, role: Role) -> dict[str, Any]:
        """The state as ``role`` sees it: plain JSON-able data."""
        s = self.session
        player = role[1]
        over = s.is_over()
        movers = [] if self.meta.ended else s.to_move()
        mine = movers if role == HOST else [p for p in movers if p == player]
        chance = not over and not self.meta.ended and not movers
        outcomes = s.legal_moves(None) if chance and role == HOST else []
        setup = {k: v for k, v in s.setup.items() if k not in ("players", "seed", "rules")}
        private = self.private()
        return {
            "game": {"id": self.id, "kind": self.web.id, "players": s.players,
                     "seed": None if private else s.setup.get("seed"),
                     "rules": s.setup.get("rules") or {}, "setup": setup,
                     "page": self.web.page},
            "you": {"host": role == HOST, "player": player, "watch": role == WATCH},
            "version": self.version, "steps": len(s.steps),
            "to_move": movers, "at_chance": chance, "over": over, "ended": self.meta.ended,
            "legal": {p: s.legal_moves(p) for p in mine},
            # an unseeded chance step needs the host to say what came; a seeded one has one
            "chance_outcomes": outcomes if len(outcomes) > 1 else [],
            "can_undo": role == HOST and s.can_undo() and not self.meta.ended,
            "log": None if private else s.to_log(),
            "state": s.view(player),
            "score": s.score() if over or self.meta.ended else None,
            "view": dict(self.web.view(s, player)) if self.web.view else None,
        }

    def view_json(self, role: Role) -> str:
        """:meth:`view` as JSON text, computed once per version and role (many phones)."""
        cached = self._views.get(role)
        if cached and cached[0] == self.version:
            return cached[1]
        text = json.dumps(self.view(role), ensure_ascii=False, default=str)
        self._views[role] = (self.version, text)
        return text

    # -- listeners ----------------------------------------------------------------------

    def listen(self) -> asyncio.Queue[int]:
        """A queue told the new version after every change (only the latest is kept)."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self.listeners.add(queue)
        return queue

    def unlisten(self, queue: asyncio.Queue[int]) -> None:
        self.listeners.discard(queue)

    def _changed(self) -> None:
        self.version += 1
        self._views.clear()
        for queue in self.listeners:
            if queue.full():  # a phone that has not read the last change reads this one
                queue.get_nowait()
            queue.put_nowait(self.version)


class Host:
    """Every table of one server, saved in ``folder`` (``output/`` by default)."""

    def __init__(self, games: Mapping[str, WebGame], folder: Path = store.DEFAULT_FOLDER) -> None:
        self.games = dict(games)
        self.folder = Path(folder)
        self.tables: dict[str, Table] = {}
        self.problems: list[str] = []
        self._create_lock = asyncio.Lock()

    # -- starting and resuming ------------------------------------------------------------

    def resume_all(self) -> list[Table]:
        """Load every table saved in the folder; a file that fails is named in ``problems``."""
        found = []
        for meta_path in sorted(self.folder.glob(f"*{META_SUFFIX}")):
            try:
                meta = TableFile.model_validate_json(meta_path.read_bytes())
                web = self.games.get(meta.game)
                if web is None:
                    raise InputError(f"game {meta.game!r} is not installed here")
                session = store.load(self.folder / meta.log, web.game)
            except (OSError, ValidationError, ScorepadError) as err:
                text = str(err).splitlines()[0]
                self.problems.append(f"{meta_path}: not resumed: {text}")
                continue
            # versions only grow, also across a restart: a phone that saw version 7 of the
            # old server takes this one's states as newer
            table = Table(meta, web, session, self.folder, version=time.time_ns() // 1_000_000)
            self.tables[meta.id] = table
            found.append(table)
        return found

    async def create(self, request: CreateGame) -> Table:
        """A new game, saved at once under a fresh name (never over an existing file)."""
        web = self.games.get(request.game)
        if web is None:
            raise InputError(f"unknown game {request.game!r} (games: {', '.join(self.games)})")
        game = web.game
        players = list(request.players)
        if not (game.min_players <= len(players) <= game.max_players
                or web.flipper and not players):
            raise InputError(f"{game.id} takes {game.min_players}–{game.max_players} players, "
                             f"not {len(players)}", where=("players",))
        if len(set(players)) != len(players):
            raise InputError("every player needs a name of their own", where=("players",))
        setup = self._setup(web, request.setup)
        if not request.deal and not web.scorekeeper:
            raise InputError(f"{game.id} has no game without a seed to keep score of",
                             where=("deal",))
        if not request.deal and request.seed:
            raise InputError("a game the table deals itself has no seed", where=("seed",))
        seed = None if not request.deal else request.seed or fresh_seed()
        session = Session.start(game, players, seed=seed, rules=request.rules, **setup)
        async with self._create_lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            log_path = store.new_log_path(game.id, self.folder)
            meta = TableFile(id=_token(), game=game.id, log=log_path.name, host=_token(),
                             watch=_token(), players={p: _token() for p in players})
            table = Table(meta, web, session, self.folder)
            await asyncio.to_thread(self._save, table, True)
            self.tables[meta.id] = table
        return table

    @staticmethod
    def _setup(web: WebGame, asked: Mapping[str, Any]) -> dict[str, Any]:
        """The set-up keywords: only the offered ones, each one of its offered values."""
        unknown = sorted(set(asked) - set(web.setup_choices))
        if unknown:
            raise InputError(f"{web.id} has no set-up option {unknown[0]!r}", where=("setup",))
        setup = {}
        for key, choices in web.setup_choices.items():
            value = asked.get(key, choices[0])
            if value not in choices:
                shown = ", ".join(map(str, choices))
                raise InputError(f"{value!r} is not one of {shown}", where=("setup", key))
            setup[key] = value
        return setup

    # -- finding and acting ---------------------------------------------------------------

    def find(self, game_id: str, token: str | None) -> tuple[Table, Role]:
        """The table and the caller's role; Forbidden for an unknown game or token."""
        table = self.tables.get(game_id)
        if table is None:
            raise Forbidden("no such game", status=404)
        role = table.role(token)
        if role is None:
            raise Forbidden("this link's token is not one of this game's")
        return table, role

    async def step(self, table: Table, role: Role, request: Step) -> None:
        """Play one step for ``role``; the engine's RuleViolation leaves the table as it was."""
        if table.meta.ended:
            raise RuleViolation("the game has ended", rule="game-ended")
        chance = request.reveal or request.player is None
        if chance and role != HOST:
            raise Forbidden("only the host's link reveals cards")
        if not chance and role not in (HOST, ("player", request.player)):
            raise Forbidden(f"this link moves only for {role[1]}" if role[1] else
                            "this link only watches")
        async with table.lock:
            s = table.session
            after = s.reveal() if request.reveal else s.step(request.player, request.move)
            await self._commit(table, after)

    async def undo(self, table: Table, role: Role) -> None:
        """Take back the last step (host only)."""
        if role != HOST:
            raise Forbidden("only the host's link undoes")
        if table.meta.ended:
            raise RuleViolation("the game has ended", rule="game-ended")
        async with table.lock:
            await self._commit(table, table.session.undo())

    async def end(self, table: Table, role: Role) -> None:
        """End the game for everyone (host only): its log stays; nothing more is played."""
        if role != HOST:
            raise Forbidden("only the host's link ends the game")
        async with table.lock:
            table.meta = table.meta.model_copy(update={"ended": True})
            await asyncio.to_thread(self._save, table, True)
            table._changed()

    async def _commit(self, table: Table, session: Session) -> None:
        old = table.session
        table.session = session
        try:
            await asyncio.to_thread(self._save, table, False)
        except (OSError, ScorepadError):
            table.session = old  # not saved: not played
            raise NotSaved() from None
        table._changed()

    @staticmethod
    def _save(table: Table, meta_too: bool) -> None:
        """The log through the store (atomic), and the table file when it changed."""
        store.save(table.log_path, table.session)
        if meta_too:
            atomic_write(table.meta_path, table.meta.model_dump_json(indent=1))
            table.meta_path.chmod(0o600)  # it holds the game's tokens


def _token() -> str:
    return secrets.token_urlsafe(18)
