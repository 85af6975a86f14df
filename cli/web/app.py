"""The Starlette app: JSON endpoints, server-sent events and the pages over a :class:`Host`.

Endpoints (``t`` is the caller's token, from the link they opened)::

    GET  /                               the start page
    GET  /g/{id}?t=TOKEN                 the game page (host or player)
    GET  /api/kinds                      the games offered, with their players and set-up
    POST /api/games                      a new game → its id, seed and every join link
    GET  /api/games/{id}?t=              the state as the caller sees it
    GET  /api/games/{id}/links?t=HOST    the join links again (host only)
    GET  /api/games/{id}/asset/{name}?t= a file the game's page fetches once (a blank sheet)
    POST /api/games/{id}/step?t=         {"player", "move"} or {"reveal": true}
    POST /api/games/{id}/check?t=        {"move"}: the game's verdict, nothing played
    POST /api/games/{id}/undo?t=         host only
    POST /api/games/{id}/end?t=          host only
    GET  /api/games/{id}/events?t=       server-sent events: the state after every change

Errors are JSON ``{"error": message, "rule": rule}``: 400 for a body without the right
shape, 403 for a token that may not do this, 404 for no such game, 413 for a body over
the size limit, 422 for a step the engine refuses (its own message, as the CLI prints it),
503 when the step could not be saved (and so was not played).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from scorepad import store
from scorepad.rules.common.errors import InputError, ScorepadError

from .games import WebGame, default_games
from .host import HOST, Forbidden, Host, NotSaved, Role, Table
from .models import MAX_BODY, MAX_DEPTH, Check, CreateGame, Step, depth
from .scan import scan_routes

STATIC = Path(__file__).parent / "static"
#: Headers of every page: tokens are in page URLs, so no referrer ever leaves with them.
PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                                           "style-src 'self'; script-src 'self'"}


def create_app(games: Mapping[str, WebGame] | None = None, *,
               folder: Path = store.DEFAULT_FOLDER, public_url: str | None = None,
               ping: float = 15.0, pages: Path = STATIC / "games") -> Starlette:
    """The app over every game of ``games`` (default: the installed ones) saved in ``folder``.

    Every game saved there before is resumed now (``app.state.host.problems`` names the
    files that could not be). ``public_url`` is the address phones use in join links
    (``--lan``); by default the address the request came to. ``pages`` is the folder of
    the games' page modules, served as ``/static/games/``.
    """
    host = Host(default_games() if games is None else games, folder)
    host.resume_all()

    async def start_page(request: Request) -> Response:
        return _page("start.html")

    async def game_page(request: Request) -> Response:
        return _page("game.html")

    async def kinds(request: Request) -> Response:
        return JSONResponse([
            {"id": gid, "min_players": w.game.min_players, "max_players": w.game.max_players,
             "setup": {k: list(v) for k, v in w.setup_choices.items()},
             "scorekeeper": w.scorekeeper}
            for gid, w in host.games.items()])

    async def create(request: Request) -> Response:
        body = await _body(request, CreateGame)
        table = await host.create(body)
        return JSONResponse(_links(request, table), status_code=201)

    async def state(request: Request) -> Response:
        table, role = _find(request)
        return Response(table.view_json(role), media_type="application/json")

    async def links(request: Request) -> Response:
        table, role = _find(request)
        if role != HOST:
            raise Forbidden("only the host's link shows the join links")
        return JSONResponse(_links(request, table))

    async def asset(request: Request) -> Response:
        table, _ = _find(request)
        found = table.web.asset(table.session, request.path_params["name"]) \
            if table.web.asset else None
        if found is None:
            raise Forbidden("no such file", status=404)
        text, media_type = found
        # the same for the whole game (its map does not change): the phone keeps it
        return Response(text, media_type=media_type,
                        headers={"Cache-Control": "private, max-age=86400",
                                 "X-Content-Type-Options": "nosniff"})

    async def step(request: Request) -> Response:
        table, role = _find(request)
        await host.step(table, role, await _body(request, Step))
        return Response(table.view_json(role), media_type="application/json")

    async def check(request: Request) -> Response:
        table, _ = _find(request)
        if table.web.check is None:
            raise Forbidden(f"{table.web.id} offers no check", status=404)
        body = await _body(request, Check)
        return JSONResponse(dict(table.web.check(table.session, body.move)))

    async def undo(request: Request) -> Response:
        table, role = _find(request)
        await host.undo(table, role)
        return Response(table.view_json(role), media_type="application/json")

    async def end(request: Request) -> Response:
        table, role = _find(request)
        await host.end(table, role)
        return Response(table.view_json(role), media_type="application/json")

    async def events(request: Request) -> Response:
        table, role = _find(request)

        async def stream():
            queue = table.listen()
            try:
                yield {"event": "state", "id": str(table.version), "data": table.view_json(role)}
                while True:
                    await queue.get()
                    yield {"event": "state", "id": str(table.version),
                           "data": table.view_json(role)}
            finally:
                table.unlisten(queue)

        return EventSourceResponse(stream(), ping=ping, send_timeout=10,
                                   headers={"Cache-Control": "no-store"})

    def _find(request: Request) -> tuple[Table, Role]:
        return host.find(request.path_params["game_id"], request.query_params.get("t"))

    def _links(request: Request, table: Table) -> dict[str, Any]:
        base = (public_url or str(request.base_url)).rstrip("/")

        def link(token: str) -> dict[str, str]:
            url = f"{base}/g/{table.id}?t={token}"
            return {"url": url, "qr": _qr_data_uri(url)}

        return {"id": table.id, "game": table.web.id, "seed": table.session.setup.get("seed"),
                "log": table.meta.log, "host": link(table.meta.host),
                "watch": link(table.meta.watch),
                "players": [{"name": name, **link(token)}
                            for name, token in table.meta.players.items()]}

    routes = [
        Route("/", start_page), Route("/g/{game_id}", game_page),
        Route("/api/kinds", kinds), Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{game_id}", state), Route("/api/games/{game_id}/links", links),
        Route("/api/games/{game_id}/asset/{name}", asset),
        Route("/api/games/{game_id}/step", step, methods=["POST"]),
        Route("/api/games/{game_id}/check", check, methods=["POST"]),
        Route("/api/games/{game_id}/undo", undo, methods=["POST"]),
        Route("/api/games/{game_id}/end", end, methods=["POST"]),
        Route("/api/games/{game_id}/events", events),
        *scan_routes(host),  # "photograph my sheet" (cli/web/scan.py)
        Mount("/static/games", StaticFiles(directory=pages, check_dir=False), name="pages"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers = {Forbidden: _forbidden, ScorepadError: _refused, NotSaved: _not_saved}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.host = host
    return app


def _page(name: str) -> Response:
    from .words import all_words

    head = (STATIC / "head.html").read_text(encoding="utf-8").split("\n", 1)[1]
    text = (STATIC / name).read_text(encoding="utf-8").replace("<!--HEAD-->\n", head)
    words = json.dumps(all_words(), ensure_ascii=False).replace("<", "\\u003c")
    return HTMLResponse(text.replace('"/*WORDS*/"', words), headers=PAGE_HEADERS)


async def _body(request: Request, model: type[BaseModel]) -> Any:
    """The request's JSON body as ``model``: size-limited, depth-limited, validated."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise _TooLarge()
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise _TooLarge()
    try:
        value = json.loads(data or b"{}")
    except (ValueError, RecursionError):
        raise InputError("the request body is not JSON") from None
    if depth(value) > MAX_DEPTH:
        raise InputError(f"the request nests deeper than {MAX_DEPTH} levels")
    try:
        return model.model_validate(value)
    except ValidationError as err:
        first = err.errors()[0]
        place = ".".join(str(p) for p in first["loc"]) or "body"
        raise InputError(first["msg"], where=(place,)) from None


class _TooLarge(InputError):
    def __init__(self) -> None:
        super().__init__(f"the request body is larger than {MAX_BODY} bytes")


def _qr_data_uri(url: str) -> str:
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


async def _forbidden(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Forbidden)
    return JSONResponse({"error": str(exc), "rule": None}, status_code=exc.status)


async def _not_saved(request: Request, exc: Exception) -> Response:
    # the file's path and the system's words stay on the server, out of the phones
    return JSONResponse({"error": "the game could not be saved, so the step was not played",
                         "rule": None}, status_code=503)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ScorepadError)
    status = 413 if isinstance(exc, _TooLarge) else 400 if isinstance(exc, InputError) else 422
    return JSONResponse({"error": str(exc), "rule": getattr(exc, "rule", None)},
                        status_code=status)
