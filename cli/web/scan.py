"""The browser's "photograph my sheet" (paper play of Voll verplant): the endpoints that read
a photo with ``vv scan``'s reader, take the player's corrections and score the hosted.

Endpoints (``t`` is the caller's token; ``name`` the player on the host's or a flipper
table's phones, a player's own link names its player)::

    POST /api/games/{id}/scan?t=&name=          the photo's bytes (at most MAX_UPLOAD)
                                                → every cell read, where it is on the photo
    POST /api/games/{id}/scan/confirm?t=&name=  {"values": {cell: value}} → the table's scores
    GET  /api/games/{id}/scan/scores?t=         the scores of the sheets confirmed so far

The readings and confirmed sheets live in memory for the server's life; a confirmed sheet
is also written, as ``vv scan`` writes it, beside the game's log. The server reads at most
:data:`SCANS_AT_ONCE` photos at once; :data:`SCANS_WAITING` more wait, the next gets 429.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from scorepad.rules.common.errors import ContentError, InputError

from .bodies import json_body, read_bounded
from .guard import UPLOADS
from .host import HOST, WATCH, Forbidden, Host, HostedGame, Role, TooMany

if TYPE_CHECKING:
    from scorepad.app.photo_scan import ScannedSheet
    from scorepad.rules.voll_verplant.ruleset import VVRules

#: The largest photo accepted (bytes).
MAX_UPLOAD = 15 * 1024 * 1024
# A photo is the one body that is not JSON: the guard lets these types through to it (the
# Origin and Host checks still hold); what the bytes are is OpenCV's to find out.
UPLOADS["/scan"] = frozenset({"image/jpeg", "image/png", "image/webp", "image/heic",
                              "image/heif", "image/bmp", "image/tiff",
                              "application/octet-stream"})
#: At most this many sheets a table (readings and confirmed together).
MAX_SHEETS = 12
#: Photos read at once by the whole server (a large photo's reading takes a few hundred
#: MB at its peak: the cap, not the machine's thread count, bounds the server's memory).
SCANS_AT_ONCE = 2
#: Photos waiting for their turn, at most; beyond, an upload is answered 429 at once.
SCANS_WAITING = 8
T = TypeVar("T")


class _Turns:
    """Turns to read a photo, for one server: at most :data:`SCANS_AT_ONCE` at once; the
    next ones wait, at most :data:`SCANS_WAITING` of them (more: TooMany, 429)."""

    def __init__(self) -> None:
        self.gate: asyncio.Semaphore | None = None  # made in the server's event loop
        self.waiting = 0

    async def run(self, read: Callable[..., T], *args: Any) -> T:
        """``read(*args)`` in a worker thread, in turn. The turn ends when the reading
        does, also if the phone hangs up first (the thread cannot be stopped: the
        memory it takes is freed only when it ends)."""
        if self.gate is None:
            self.gate = asyncio.Semaphore(SCANS_AT_ONCE)
        gate = self.gate
        if gate.locked() and self.waiting >= SCANS_WAITING:
            raise TooMany("the server is reading other photos: try again in a moment")
        self.waiting += 1
        try:
            await gate.acquire()
        finally:
            self.waiting -= 1

        async def reading() -> T:
            try:
                return await asyncio.to_thread(read, *args)
            finally:
                gate.release()

        return await asyncio.shield(asyncio.ensure_future(reading()))


@dataclass
class _Board:
    """One table's scans: the last reading of each name and the confirmed sheets."""

    readings: dict[str, ScannedSheet] = field(default_factory=dict)
    sheets: dict[str, dict[str, Any]] = field(default_factory=dict)


class Confirm(BaseModel):
    """``POST …/scan/confirm``: the cells the player changed, cell name → value."""

    model_config = ConfigDict(extra="forbid")
    values: dict[Annotated[str, Field(max_length=40)], Annotated[str, Field(max_length=20)]] = {}


def scan_routes(host: Host) -> list[Route]:
    """The scan endpoints over ``host``'s tables."""
    boards: dict[str, _Board] = {}
    turns = _Turns()

    def board_of(request: Request) -> tuple[HostedGame, Role, _Board]:
        hosted, role = host.find(request.path_params["game_id"], request.query_params.get("t"))
        if not hosted.web.scan:
            raise Forbidden(f"{hosted.web.id} has no paper sheets to photograph", status=404)
        return hosted, role, boards.setdefault(hosted.id, _Board())

    def find(request: Request) -> tuple[HostedGame, str, _Board]:
        hosted, role, board = board_of(request)
        return hosted, _who(hosted, role, request.query_params.get("name")), board

    async def scan(request: Request) -> Response:
        hosted, name, board = find(request)
        if name not in board.readings and len(board.readings) >= MAX_SHEETS:
            raise InputError(f"a table reads at most {MAX_SHEETS} sheets")
        data = await _upload(request)
        from scorepad.app.photo_scan import scan_one

        # a few photos at a time: the memory the readings take is bounded
        scanned = await turns.run(scan_one, data, _map_ref(hosted), _rules(hosted))
        board.readings[name] = scanned
        return JSONResponse(_reading_json(name, scanned))

    async def confirm(request: Request) -> Response:
        hosted, name, board = find(request)
        scanned = board.readings.get(name)
        if scanned is None:
            raise InputError("photograph the sheet first")

        values = (await json_body(request, Confirm)).values
        from scorepad.sheets.voll_verplant.scan_reading import (
            problems,
            sheet_data,
            values_of,
        )

        read = values_of(scanned.cells)
        for cell, value in values.items():
            options = scanned.cells[cell].probabilities if cell in scanned.cells else None
            if options is None or value not in options:
                raise InputError(f"{str(cell)[:30]}: no such cell or value")
            read[cell] = value
        found = problems(scanned.network, _rules(hosted), read)
        if found:
            raise ContentError("; ".join(str(p) for p in found))
        board.sheets[name] = sheet_data(scanned.network, read, scanned.network.id, name)
        _save(host, hosted, name, board.sheets[name])
        return JSONResponse(_scores(board))

    async def scores(request: Request) -> Response:
        _, _, board = board_of(request)  # every phone of the table sees the scores
        return JSONResponse(_scores(board))

    return [Route("/api/games/{game_id}/scan", scan, methods=["POST"]),
            Route("/api/games/{game_id}/scan/confirm", confirm, methods=["POST"]),
            Route("/api/games/{game_id}/scan/scores", scores)]


def _who(hosted: HostedGame, role: Role, name: str | None) -> str:
    """The player whose sheet this is: a player's own link names it; the host (or, on a
    flipper's table with no players, any phone) names it with ``name``."""
    player = role[1]
    if player is not None:
        return player
    if role == WATCH and hosted.session.players:
        raise Forbidden("a watcher's link only sees: photograph with your own player link")
    if role not in (HOST, WATCH):
        raise Forbidden("this link may not photograph sheets")
    name = (name or "").strip()
    if not 1 <= len(name) <= 40:
        raise InputError("give the player's name (1-40 characters)", where=("name",))
    if hosted.session.players and name not in hosted.session.players:
        raise InputError(f"{name[:40]} is not a player of this game", where=("name",))
    return name


def _map_ref(hosted: HostedGame) -> str | None:
    """The game's map file, for a table on a map that is not bundled (else the QR code
    finds the bundled map)."""
    ref = hosted.session.setup.get("map")
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS

    return ref if isinstance(ref, str) and ref.lower() not in BUNDLED_MAPS else None


def _rules(hosted: HostedGame) -> VVRules:
    """The table's ruleset (the bundled one with the game's options)."""
    from scorepad.app.vv_files import load_rules

    return load_rules(None, hosted.session.setup.get("rules") or None)


async def _upload(request: Request) -> bytes:
    data = await read_bounded(request, MAX_UPLOAD, f"the photo is larger than "
                              f"{MAX_UPLOAD // 1024 // 1024} MiB: take it at a lower resolution")
    if not data:
        raise InputError("no photo was sent")
    return data


def _reading_json(name: str, scanned: ScannedSheet) -> dict[str, Any]:
    """Every cell with its value, options, confidence and where it is on the photo."""
    import numpy as np

    from scorepad.sheets.voll_verplant import sheet_layout

    sheet = sheet_layout(scanned.network, scanned.paper, scanned.lang, True)
    matrix = np.array(scanned.page_to_photo)

    def at(x: float, y: float) -> tuple[float, float]:
        u, v, w = matrix @ np.array([x, y, 1.0])
        return round(float(u / w), 1), round(float(v / w), 1)

    places: dict[str, tuple[float, float]] = {
        f"station {sid}": at(*c) for sid, c in sheet.centers.items()}
    for letter, boxes in sheet.windows.items():
        for k, b in enumerate(boxes, start=1):
            places[f"window {letter} {k}"] = at((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)
    for letter, kinds in sheet.bonus.items():
        for kind, (_, tick) in kinds.items():
            places[f"{kind} {letter}"] = at((tick.x0 + tick.x1) / 2, (tick.y0 + tick.y1) / 2)
    cells = [{"cell": c.name, "value": c.value, "options": list(c.probabilities),
              "confidence": round(c.confidence, 3), "uncertain": c.uncertain,
              "seen": c.seen, "x": places[c.name][0], "y": places[c.name][1]}
             for c in scanned.cells.values()]
    return {"player": name, "map": scanned.network.id, "photo": list(scanned.photo_size),
            "changed": scanned.changed, "cells": cells}


def _scores(board: _Board) -> dict[str, Any]:
    """The confirmed sheets scored together, as ``vv score --json`` prints them."""
    if not board.sheets:
        return {"players": [], "winners": []}
    from scorepad.app.vv_files import Document, load_paper_games

    docs = [Document(f"{name}.yaml", data, None) for name, data in board.sheets.items()]
    [game] = load_paper_games(docs, None)
    return game.score()


def _save(host: Host, hosted: HostedGame, name: str, data: dict[str, Any]) -> None:
    """The confirmed sheet beside the game's log (``<log>-<name>.sheet.yaml``)."""
    import re

    from scorepad.io import atomic_write, dump_yaml

    folder = getattr(host, "folder", None)
    if folder is None:
        return
    safe = re.sub(r"[^\w.-]+", "_", name).strip("._")[:40] or "player"
    stem = str(hosted.meta.log).rsplit(".", 1)[0]
    # the score is shown all the same when the file cannot be written: it is a convenience
    with contextlib.suppress(OSError, InputError):
        atomic_write(folder / f"{stem}-{safe}.sheet.yaml", dump_yaml(data))
