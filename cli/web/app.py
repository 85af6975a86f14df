"""The Starlette app: JSON endpoints, server-sent events and the pages over a :class:`Host`.

Endpoints (``t`` is the caller's token, from the link they opened)::

    GET  /?t=START                       the start page (START: the link ``serve`` prints)
    GET  /g/{id}?t=TOKEN                 the game page (host or player)
    GET  /api/kinds                      the games offered, with their players and set-up
    POST /api/games?t=START              a new game → its id, seed (none while a game with hidden
                                         information runs) and every join link
    GET  /api/games/{id}?t=              the state as the caller sees it
    GET  /api/games/{id}/links?t=HOST    the join links again (host only)
    GET  /api/games/{id}/asset/{name}?t= a file the game's page fetches once (a blank sheet)
    POST /api/games/{id}/step?t=         {"player", "move"} or {"reveal": true}
    POST /api/games/{id}/check?t=        {"move"}: the game's verdict, nothing played
    POST /api/games/{id}/undo?t=         host only: {"steps": N} (what the page showed)
    POST /api/games/{id}/retract?t=      a player's own moves of the open round taken back
    POST /api/games/{id}/end?t=          host only
    GET  /api/games/{id}/events?t=       server-sent events: the state after every change

Errors are JSON ``{"error": message, "rule": rule}``: 400 for a body without the right
shape, 403 for a token that may not do this (or a request from another site's page), 404
for no such game, 408 for a body sent too slowly, 409 for an undo of a game that moved
on, 413 for a body over the size limit, 415 for a body that is not JSON, 421 for a host
name the server does not serve, 422 for a step the engine refuses (its own message, as
the CLI prints it), 429 past a cap (games per start link, event streams per link), 503
when the step could not be saved (and so was not played). No answer names a file.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import AsyncIterator, Iterable, Mapping
from pathlib import Path
from typing import Any, cast

from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from scorepad import store
from scorepad.rules.common.errors import InputError, ScorepadError

from .bodies import TooLarge, TooSlow
from .bodies import json_body as _body
from .compress import Gzipped, accepts_gzip
from .games import WebGame, default_games
from .guard import Guard
from .host import (
    HOST,
    MAX_STREAMS,
    WATCH,
    Conflict,
    Forbidden,
    Host,
    HostedGame,
    NotSaved,
    Role,
    TooMany,
)
from .lang import ASKED, page_lang
from .models import Check, CreateGame, Retract, Step, Undo

STATIC = Path(__file__).parent / "static"


class _Static(StaticFiles):
    """Starlette's static files, where a path holding a NUL byte is not found (404):
    Starlette before 1.0 passes it to the file system, whose ValueError was a 500."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        if "\x00" in path:
            return "", None
        return super().lookup_path(path)

#: Headers of every page: tokens are in page URLs, so no referrer ever leaves with them.
PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                                           "style-src 'self'; script-src 'self'"}


def create_app(games: Mapping[str, WebGame] | None = None, *,
               folder: Path = store.DEFAULT_FOLDER, public_url: str | None = None,
               ping: float = 15.0, pages: Path = STATIC / "games",
               start_token: str | None = None, hosts: Iterable[str] = (),
               lan_hint: str | None = None) -> Starlette:
    """The app over every game of ``games`` (default: the installed ones) saved in ``folder``.

    Every game saved there before is resumed now (``app.state.host.problems`` names the
    files that could not be). ``public_url`` is the address phones use in join links
    (``--lan``); by default the address the request came to. ``pages`` is the folder of
    the games' page modules, served as ``/static/games/``. ``start_token``: the token of
    the start page's link, which creating a game needs (a fresh one when None:
    ``app.state.start_token``). ``hosts``: the ``Host`` values the server answers (see
    :mod:`.guard`; empty: any). ``lan_hint``: the command that opens a loopback-only
    server to the phones, which the start page gives (None: the phones can reach it).
    """
    start_token = start_token or secrets.token_urlsafe(18)
    host = Host(default_games() if games is None else games, folder)
    host.resume_all()

    async def start_page(request: Request) -> Response:
        return _page("start.html", {"lan": lan_hint})

    async def game_page(request: Request) -> Response:
        return _page("game.html")

    async def kinds(request: Request) -> Response:
        return JSONResponse([
            {"id": gid, "min_players": w.game.min_players, "max_players": w.game.max_players,
             "setup": {k: list(v) for k, v in w.setup_choices.items()},
             "setup_names": {k: [w.setup_name(k, c) if w.setup_name else None for c in v]
                             for k, v in w.setup_choices.items()},
             "scorekeeper": w.scorekeeper, "flipper": w.flipper,
             "options": {k: dict(v) for k, v in w.game.info.options.items()}}
            for gid, w in host.games.items()])

    async def create(request: Request) -> Response:
        given = request.query_params.get("t", "")
        if not secrets.compare_digest(given.encode(), start_token.encode()):
            raise Forbidden("a new game needs the start page's link (the one scorepad serve "
                            "printed, with ?t=)")
        body = await _body(request, CreateGame)
        hosted = await host.create(body)
        return JSONResponse(_links(request, hosted), status_code=201)

    async def state(request: Request) -> Response:
        hosted, role = _find(request)
        return Response(hosted.view_json(role), media_type="application/json")

    async def links(request: Request) -> Response:
        hosted, role = _find(request)
        if role != HOST:
            raise Forbidden("only the host's link shows the join links")
        return JSONResponse(_links(request, hosted))

    async def asset(request: Request) -> Response:
        hosted, role = _find(request)
        if hosted.web.asset_owner:
            name = hosted.web.asset_owner(hosted.session, request.path_params["name"])
            _only_for(role, name, watch=True)
        found = hosted.web.asset(hosted.session, request.path_params["name"]) \
            if hosted.web.asset else None
        if found is None:
            raise Forbidden("no such file", status=404)
        text, media_type = found
        # the same for the whole game (its map does not change): the phone keeps it
        return Response(text, media_type=media_type,
                        headers={"Cache-Control": "private, max-age=86400",
                                 "X-Content-Type-Options": "nosniff"})

    async def step(request: Request) -> Response:
        hosted, role = _find(request)
        await host.step(hosted, role, await _body(request, Step))
        return Response(hosted.view_json(role), media_type="application/json")

    async def check(request: Request) -> Response:
        hosted, role = _find(request)
        if hosted.web.check is None:
            raise Forbidden(f"{hosted.web.id} offers no check", status=404)
        body = await _body(request, Check)
        if hosted.web.check_owner:
            _only_for(role, hosted.web.check_owner(hosted.session, body.move), watch=False)
        asked = ASKED.set(page_lang(request))  # a refused preview said in the page's language
        try:
            return JSONResponse(dict(hosted.web.check(hosted.session, body.move)))
        finally:
            ASKED.reset(asked)

    async def undo(request: Request) -> Response:
        hosted, role = _find(request)
        body = await _body(request, Undo)
        await host.undo(hosted, role, body.steps)
        return Response(hosted.view_json(role), media_type="application/json")

    async def retract(request: Request) -> Response:
        hosted, role = _find(request)
        body = await _body(request, Retract)
        await host.retract(hosted, role, body.player)
        return Response(hosted.view_json(role), media_type="application/json")

    async def end(request: Request) -> Response:
        hosted, role = _find(request)
        await host.end(hosted, role)
        return Response(hosted.view_json(role), media_type="application/json")

    async def events(request: Request) -> Response:
        hosted, role = _find(request)
        if hosted.streams.get(role, 0) >= MAX_STREAMS:
            raise TooMany(f"this link has {MAX_STREAMS} pages open already: close one")
        hosted.streams[role] = hosted.streams.get(role, 0) + 1

        async def stream() -> AsyncIterator[dict[str, str]]:
            queue = hosted.listen()
            try:
                yield {"event": "state", "id": str(hosted.version), "data": hosted.view_json(role)}
                while True:
                    await queue.get()
                    yield {"event": "state", "id": str(hosted.version),
                           "data": hosted.view_json(role)}
            finally:
                hosted.unlisten(queue)
                hosted.streams[role] -= 1

        response = EventSourceResponse(stream(), ping=ping, send_timeout=10,
                                       headers={"Cache-Control": "no-store"})
        # gzipped as it streams: a step's message stays a few kB a phone (cli/web/compress.py)
        return cast(Response, Gzipped(response)) if accepts_gzip(request.headers) else response

    def _find(request: Request) -> tuple[HostedGame, Role]:
        return host.find(request.path_params["game_id"], request.query_params.get("t"))

    def _links(request: Request, hosted: HostedGame) -> dict[str, Any]:
        base = (public_url or str(request.base_url)).rstrip("/")

        def link(token: str) -> dict[str, str]:
            url = f"{base}/g/{hosted.id}?t={token}"
            return {"url": url, "qr": _qr_data_uri(url)}

        return {"id": hosted.id, "game": hosted.web.id,
                "seed": None if hosted.private() else hosted.session.setup.get("seed"),
                "log": hosted.meta.log, "host": link(hosted.meta.host),
                "watch": link(hosted.meta.watch),
                "players": [{"name": name, **link(token)}
                            for name, token in hosted.meta.players.items()]}

    routes = [
        Route("/", start_page), Route("/g/{game_id}", game_page),
        Route("/api/kinds", kinds), Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{game_id}", state), Route("/api/games/{game_id}/links", links),
        Route("/api/games/{game_id}/asset/{name}", asset),
        Route("/api/games/{game_id}/step", step, methods=["POST"]),
        Route("/api/games/{game_id}/check", check, methods=["POST"]),
        Route("/api/games/{game_id}/undo", undo, methods=["POST"]),
        Route("/api/games/{game_id}/retract", retract, methods=["POST"]),
        Route("/api/games/{game_id}/end", end, methods=["POST"]),
        Route("/api/games/{game_id}/events", events),
        *_game_routes(host),  # what a game's page adds (its routes hook)
        Mount("/static/games", _Static(directory=pages, check_dir=False), name="pages"),
        Mount("/static", _Static(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Any] = {
        Forbidden: _forbidden, ScorepadError: _refused, NotSaved: _not_saved,
        Conflict: _status(409), TooMany: _status(429), HTTPException: _http_error,
        Exception: _internal}
    app = Starlette(routes=routes, exception_handlers=handlers,
                    middleware=[Middleware(Guard, hosts=hosts)])
    app.state.host = host
    app.state.start_token = start_token
    return app


def _game_routes(host: Host) -> list[BaseRoute]:
    """The endpoints the games declare (:attr:`WebGame.routes`), each hook's once."""
    hooks: list[Any] = []
    for web in host.games.values():
        if web.routes is not None and web.routes not in hooks:
            hooks.append(web.routes)
    return [route for hook in hooks for route in hook(host)]


def _page(name: str, server: dict[str, Any] | None = None) -> Response:
    from scorepad.app.words import all_words

    head = (STATIC / "head.html").read_text(encoding="utf-8").split("\n", 1)[1]
    text = (STATIC / name).read_text(encoding="utf-8").replace("<!--HEAD-->\n", head)
    words = json.dumps(all_words(), ensure_ascii=False).replace("<", "\\u003c")
    text = text.replace('"/*WORDS*/"', words)
    if server is not None:  # what the page says of the server itself (the loopback hint)
        text = text.replace('"/*SERVER*/"', json.dumps(server).replace("<", "\\u003c"))
    return HTMLResponse(text, headers=PAGE_HEADERS)


def _only_for(role: Role, player: str | None, *, watch: bool) -> None:
    """A request about ``player`` (None: nobody's in particular) answers only to that
    player's link or the host's (and the watch link's where ``watch``: it sees every
    sheet); another player's link gets 403."""
    if player is None or role == HOST or role == ("player", player) or (watch and role == WATCH):
        return
    if role[0] == "player":
        raise Forbidden(f"this link answers only for {role[1]}, not for {player}")
    raise Forbidden(f"the watch link answers for no player ({player})")


def _qr_data_uri(url: str) -> str:
    import segno

    # 3 px a module at its own size (the page shows it so): a phone camera reads it at arm's length
    return segno.make(url, error="m").svg_data_uri(scale=3, border=2)


async def _forbidden(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Forbidden)
    return JSONResponse({"error": str(exc), "rule": None}, status_code=exc.status)


async def _not_saved(request: Request, exc: Exception) -> Response:
    # the file's path and the system's words stay on the server, out of the phones
    if str(exc):
        print(f"scorepad serve: not saved: {exc}", file=sys.stderr)  # noqa: T201 - stderr
    return JSONResponse({"error": "the game could not be saved, so the step was not played",
                         "rule": None}, status_code=503)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ScorepadError)
    status = (413 if isinstance(exc, TooLarge) else 408 if isinstance(exc, TooSlow)
              else 400 if isinstance(exc, InputError) else 422)
    # the places and the message, never the error's file (a path on the server); an
    # engine's refusal in the page's language (the page sends it as Accept-Language)
    message = exc.said(page_lang(request))
    shown = ScorepadError(message, where=exc.where)
    body: dict[str, Any] = {"error": str(shown), "rule": getattr(exc, "rule", None)}
    if hasattr(exc, "code"):  # a refusal a page says in its own words (names)
        body.update(code=exc.code, fields=getattr(exc, "fields", {}))
    return JSONResponse(body, status_code=status)


def _status(status: int) -> Any:
    async def handler(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc), "rule": None}, status_code=status)

    return handler


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    words = {404: "no such page", 405: "this address does not take that method"}
    return JSONResponse({"error": words.get(exc.status_code, str(exc.detail)), "rule": None},
                        status_code=exc.status_code, headers=exc.headers)


async def _internal(request: Request, exc: Exception) -> Response:
    # the last resort: a bug. The phone gets a sentence, the server's stderr the type
    # and message (never the phone: it could name a file)
    print(f"scorepad serve: internal error: {type(exc).__name__}: {exc}",  # noqa: T201 - stderr
          file=sys.stderr)
    return JSONResponse({"error": "the server could not answer this (an internal error)",
                         "rule": None}, status_code=500)
