"""The game host: every live game of the server, each a session kept in the store.

A :class:`HostedGame` is one game: its :class:`~scorepad.rules.session.Session`, the log
file the store saves it to after every step, its tokens and the phones listening to it.
(The terminal's table loop, :mod:`scorepad.table`, is another front-end of the same
session; "table" names that one.) The :class:`Host` creates hosted games, resumes every
one found in its folder, checks who may do what, and tells the listeners when a game
changed. Nothing here speaks HTTP (that is
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
from scorepad.app.start import start_game
from scorepad.io import atomic_write, unclaim
from scorepad.lock import hold, release
from scorepad.rules.common.errors import InputError, RuleViolation, ScorepadError
from scorepad.rules.session import AnySession

from .bgstats_link import bgstats_link
from .games import WebGame
from .models import CreateGame, HostedGameFile, Step
from .schema import PageState, PageUndone

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
    """The step (or new game) could not be saved, so it was not played (HTTP 503); the
    message (naming the file) is for the server's terminal only."""


class Conflict(Exception):
    """The game changed since the caller looked (HTTP 409): nothing was done."""


class TooMany(Exception):
    """A cap is reached: games per start link, event streams per link (HTTP 429)."""


#: The most games one start link creates in one run of the server.
MAX_GAMES = 200
#: The most event streams one link of a game holds open at once (a phone has one; a
#: reload opens the next before the browser closes the last).
MAX_STREAMS = 8


@dataclass(eq=False)
class HostedGame:
    """One game the server keeps: session, files, tokens and listeners.

    ``version`` grows with every change (a step, an undo, the end), also across a
    restart, so a phone can tell a newer state from an older answer arriving late.
    """

    meta: HostedGameFile
    web: WebGame
    session: AnySession
    folder: Path
    version: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Queue[int]] = field(default_factory=set)
    #: open event streams per role (capped at :data:`MAX_STREAMS`)
    streams: dict[Role, int] = field(default_factory=dict)
    #: the last step taken back: whose it was and its number (everyone's page says so)
    undone: PageUndone | None = None
    _views: dict[Role, tuple[int, str]] = field(default_factory=dict)
    _shared: tuple[int, dict[str, Any]] | None = None

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
        """The role a token gives in this game, or None for a token of no one here."""
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

    def view(self, role: Role) -> PageState[Any, Any]:
        """The state as ``role`` sees it: plain JSON-able data (its type, with the game's
        view and page view in it, is what :mod:`.schema` exports for the pages)."""
        s = self.session
        player = role[1]
        over = s.is_over()
        movers = [] if self.meta.ended else s.to_move()
        # the moves this role may make and see: the host none that reveal a hand (its
        # player moves on their own page), a watcher none
        legal = {} if self.meta.ended or role == WATCH else s.visible_moves(player)
        chance = not over and not self.meta.ended and not movers
        outcomes = s.legal_moves(None) if chance and role == HOST else []
        setup = {k: v for k, v in s.setup.items() if k not in ("players", "seed", "rules")}
        shared = self._shared_parts()
        score = shared["score"]
        return {
            # a running game's seed would tell the next cards and every hand: shown at
            # its end only (the host typed or was shown it when starting)
            "game": {"id": self.id, "kind": self.web.id, "players": s.players,
                     "seed": s.setup.get("seed") if over or self.meta.ended else None,
                     "rules": s.setup.get("rules") or {}, "setup": setup,
                     "page": self.web.page, "scan": self.web.scan},
            "you": {"host": role == HOST, "player": player, "watch": role == WATCH},
            "version": self.version, "steps": len(s.steps),
            "to_move": movers, "at_chance": chance, "over": over, "ended": self.meta.ended,
            "legal": legal,
            # players to move whose moves only their own page shows (they hold a hand)
            "moves_elsewhere": [p for p in movers if p not in legal] if role == HOST else [],
            # an unseeded chance step needs the host to say what came; a seeded one has one
            "chance_outcomes": outcomes if len(outcomes) > 1 else [],
            "can_undo": role == HOST and s.can_undo() and not self.meta.ended,
            # whose step undo would take back, and the last one taken back
            "last_step": {"number": len(s.steps), "player": s.steps[-1][0]} if s.steps else None,
            "undone": self.undone,
            "can_retract": self.retractable(role),
            # the log only for checking a finished game: a running game's page shows
            # views and events, never the log (it would tell what no one may see yet)
            "log": shared["log"] if over or self.meta.ended else None,
            "state": s.view(player),
            "score": score,
            # the end screen's link to record the play in BG Stats (and its QR code)
            "bgstats": shared["bgstats"],
            "view": dict(self.web.view(s, player)) if self.web.view else None,
        }

    def _shared_parts(self) -> dict[str, Any]:
        """What every viewer's state holds alike (the log and the score once the game is
        over or ended, the BG Stats link),
        computed once per version, not once per phone."""
        if self._shared is None or self._shared[0] != self.version:
            s = self.session
            done = s.is_over() or self.meta.ended
            score = s.score() if done else None
            log = s.to_log() if done else None  # none while the game runs (see view)
            self._shared = (self.version, {
                "log": log, "score": score,
                "bgstats": bgstats_link(self.web.id, score, self.meta.id)
                if score and score.get("players")
                else None})
        return self._shared[1]

    def retractable(self, role: Role) -> list[str]:
        """The players whose moves ``role`` may take back now (their own steps since the
        last chance step: a round still open)."""
        if self.meta.ended or self.session.is_over():
            return []
        names = self.session.players if role == HOST else [role[1]] if role[0] == "player" else []
        return [name for name in names if name is not None and self.session.own_steps(name)]

    def view_json(self, role: Role) -> str:
        """:meth:`view` as JSON text, computed once per version and role (many phones)."""
        cached = self._views.get(role)
        if cached and cached[0] == self.version:
            return cached[1]
        state: dict[str, Any] = dict(self.view(role))
        # The log is the same for every viewer (none while the game runs): written
        # once per version and spliced in.
        log = state.pop("log")
        shared = self._shared_parts()
        if log is None:
            log_json = "null"
        else:
            if "log_json" not in shared:
                shared["log_json"] = json.dumps(log, ensure_ascii=False, default=str)
            log_json = shared["log_json"]
        text = json.dumps(state, ensure_ascii=False, default=str)
        text = f'{text[:-1]}, "log": {log_json}}}'
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

    def _changed(self, undone: PageUndone | None = None) -> None:
        self.undone = undone
        self.version += 1
        self._views.clear()
        for queue in self.listeners:
            if queue.full():  # a phone that has not read the last change reads this one
                queue.get_nowait()
            queue.put_nowait(self.version)


class Host:
    """Every hosted game of one server, saved in ``folder`` (``output/`` by default)."""

    def __init__(self, games: Mapping[str, WebGame], folder: Path = store.DEFAULT_FOLDER) -> None:
        self.games = dict(games)
        self.folder = Path(folder)
        self.hosted: dict[str, HostedGame] = {}
        self.problems: list[str] = []
        self._create_lock = asyncio.Lock()
        #: games created in this run, and the answers to repeated requests (a second tap)
        self.created = 0
        self._requests: dict[str, str] = {}

    # -- starting and resuming ------------------------------------------------------------

    def resume_all(self) -> list[HostedGame]:
        """Load every game saved in the folder; a file that fails is named in ``problems``."""
        found = []
        for meta_path in sorted(self.folder.glob(f"*{META_SUFFIX}")):
            try:
                meta = HostedGameFile.model_validate_json(meta_path.read_bytes())
                web = self.games.get(meta.game)
                if web is None:
                    raise InputError(f"game {meta.game!r} is not installed here")
                hold(self.folder / meta.log)  # a log another process plays is left to it
                session = store.load(self.folder / meta.log, web.game)
            except (OSError, ValidationError, ScorepadError) as err:
                text = str(err).splitlines()[0]
                self.problems.append(f"{meta_path}: not resumed: {text}")
                continue
            # versions only grow, also across a restart: a phone that saw version 7 of the
            # old server takes this one's states as newer
            hosted = HostedGame(meta, web, session, self.folder,
                                version=time.time_ns() // 1_000_000)
            self.hosted[meta.id] = hosted
            found.append(hosted)
        return found

    async def create(self, request: CreateGame) -> HostedGame:
        """A new game, saved at once under a fresh name (never over an existing file)."""
        web = self.games.get(request.game)
        if web is None:
            raise InputError(f"unknown game {request.game!r} (games: {', '.join(self.games)})")
        game = web.game
        if request.request in self._requests:  # the same tap sent twice: the same game
            found = self.hosted.get(self._requests[request.request])
            if found is not None:
                return found
        if self.created >= MAX_GAMES:
            raise TooMany(f"this start link has made {MAX_GAMES} games: restart the server "
                          "for more")
        if not request.deal and not web.scorekeeper:
            raise InputError(f"{game.id} has no game without a seed to keep score of",
                             where=("deal",))
        session = start_game(game, request.players, seed=request.seed, deal=request.deal,
                             rules=request.rules, setup=request.setup,
                             offered=web.setup_choices, no_players=web.flipper)
        players = session.players
        async with self._create_lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            try:  # claimed (no other process takes the name) and held while served
                log_path = store.new_log_path(game.id, self.folder)
                hold(log_path)
            except ScorepadError as err:
                raise NotSaved(str(err)) from None
            meta = HostedGameFile(id=_token(), game=game.id, log=log_path.name, host=_token(),
                             watch=_token(), players={p: _token() for p in players})
            hosted = HostedGame(meta, web, session, self.folder)
            try:
                await asyncio.to_thread(self._save, hosted.log_path, session, hosted)
            except (OSError, ScorepadError) as err:
                unclaim(log_path)
                release(log_path)
                raise NotSaved(str(err)) from None  # a full disk is the server's trouble
            self.hosted[meta.id] = hosted
            self.created += 1
            if request.request:
                if len(self._requests) > 4 * MAX_GAMES:
                    self._requests.clear()
                self._requests[request.request] = meta.id
        return hosted

    # -- finding and acting ---------------------------------------------------------------

    def find(self, game_id: str, token: str | None) -> tuple[HostedGame, Role]:
        """The hosted game and the caller's role; Forbidden for an unknown game or token."""
        hosted = self.hosted.get(game_id)
        if hosted is None:
            raise Forbidden("no such game", status=404)
        role = hosted.role(token)
        if role is None:
            raise Forbidden("this link's token is not one of this game's")
        return hosted, role

    async def step(self, hosted: HostedGame, role: Role, request: Step) -> None:
        """Play one step for ``role``; the engine's RuleViolation leaves the game as it was."""
        if hosted.meta.ended:
            raise RuleViolation.of("session.game-ended", rule="game-ended")
        chance = request.reveal or request.player is None
        if chance and role != HOST:
            raise Forbidden("only the host's link reveals cards")
        if not chance and role not in (HOST, ("player", request.player)):
            raise Forbidden(f"this link moves only for {role[1]}" if role[1] else
                            "this link only watches")
        async with hosted.lock:
            s = hosted.session
            # The engine refuses a move of any shape with a RuleViolation (the protocol);
            # anything else it raises is a bug in it, answered 500 and logged by the app,
            # never reworded as a refusal
            after = s.reveal() if request.reveal else s.step(request.player, request.move)
            await self._commit(hosted, after)

    async def undo(self, hosted: HostedGame, role: Role, seen: int | None = None
                   ) -> PageUndone:
        """Take back the last step (host only) and say whose it was. ``seen``: the number
        of steps the host's page showed; if the game has moved on since, nothing is
        undone (Conflict), so a move a player was just told succeeded is not taken back
        by an undo meant for the step before it."""
        if role != HOST:
            raise Forbidden("only the host's link undoes")
        if hosted.meta.ended:
            raise RuleViolation.of("session.game-ended", rule="game-ended")
        async with hosted.lock:
            s = hosted.session
            if seen is not None and seen != len(s.steps):
                raise Conflict("the game moved on since your page showed it: look again, "
                               "then undo")
            undone: PageUndone = {"number": len(s.steps),
                                  "player": s.steps[-1][0] if s.steps else None}
            await self._commit(hosted, s.undo(), undone)
            return undone

    async def retract(self, hosted: HostedGame, role: Role, player: str | None
                      ) -> PageUndone:
        """Take back ``player``'s own moves of the round still open (their steps since the
        last chance step), keeping every other player's: a player changes their mind
        before the round closes. The engine replays the others' steps; one it now
        refuses leaves the game as it was."""
        name = player if role == HOST else role[1]
        if role[0] != "player" and role != HOST:
            raise Forbidden("this link only watches")
        if role != HOST and player not in (None, name):
            raise Forbidden(f"this link takes back only {name}'s moves")
        if hosted.meta.ended:
            raise RuleViolation.of("session.game-ended", rule="game-ended")
        async with hosted.lock:
            s = hosted.session
            after = s.retract(name)  # RuleViolation: nothing to take back, or refused
            undone: PageUndone = {"number": s.own_steps(name)[0] + 1, "player": name,
                                  "retracted": True}
            await self._commit(hosted, after, undone)
            return undone

    async def end(self, hosted: HostedGame, role: Role) -> None:
        """End the game for everyone (host only): its log stays; nothing more is played.
        Saved first: a game that could not be saved as ended stays running."""
        if role != HOST:
            raise Forbidden("only the host's link ends the game")
        async with hosted.lock:
            ended = hosted.meta.model_copy(update={"ended": True})
            try:
                await asyncio.to_thread(self._save, hosted.log_path, hosted.session, hosted, ended)
            except (OSError, ScorepadError) as err:
                raise NotSaved(str(err)) from None
            hosted.meta = ended
            hosted._changed()

    async def _commit(self, hosted: HostedGame, session: AnySession,
                      undone: PageUndone | None = None) -> None:
        """Save ``session``, then make it the game's: a step is on disk before anyone
        is told it was played."""
        try:
            await asyncio.to_thread(self._save, hosted.log_path, session)
        except (OSError, ScorepadError) as err:
            raise NotSaved(str(err)) from None  # not saved: not played
        hosted.session = session
        hosted._changed(undone)

    @staticmethod
    def _save(log_path: Path, session: AnySession, hosted: HostedGame | None = None,
              meta: HostedGameFile | None = None) -> None:
        """The log through the store (atomic), and the game file (``meta``, or the
        game's own) when ``hosted`` is given."""
        store.save(log_path, session)
        if hosted is not None:
            atomic_write(hosted.meta_path, (meta or hosted.meta).model_dump_json(indent=1))
            hosted.meta_path.chmod(0o600)  # it holds the game's tokens


def _token() -> str:
    return secrets.token_urlsafe(18)
