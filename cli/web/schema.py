"""The shape of what a game page receives, as a JSON schema and as TypeScript declarations.

Every state the server sends a page (``GET /api/games/{id}`` and each server-sent
``state`` event) is a :class:`PageState`: the generic part the server builds
(:meth:`scorepad.web.host.HostedGame.view`), the game's own view (``GAME.view``, a
``TypedDict`` of the game's ``rules/<game>/schema.py``) in ``state`` and the game's page
view (its view hook's result, a ``TypedDict`` of ``scorepad.web.<short>``) in ``view``.
The types are read from the annotations mypy checks (the return types of ``GAME.view``
and of the hook), so a game declares them once; pydantic exports their JSON schema
(:func:`json_schemas`) and :func:`typescript` turns that into declarations the pages'
JavaScript is checked against (``tsc --checkJs``, ``tests/test_page_types.py``)::

    python -m scorepad.web.schema build/jscheck   # the pages and their types, for tsc
    tsc -p build/jscheck

Nothing of it is stored in the repository: the declarations are made from the code each
time, so no generated file ever needs regenerating by hand.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar, get_type_hints

from pydantic import TypeAdapter
from typing_extensions import NotRequired, TypedDict

from scorepad.rules.game import GameView

from .games import WebGame, default_games

GV = TypeVar("GV")  # the game's view (GAME.view)
PV = TypeVar("PV")  # the game's page view (its view hook)


class PageGame(TypedDict):
    """The game a page shows: its id, kind, players and what it was set up with."""

    id: str
    kind: str                       # the game id (``voll-verplant``)
    players: list[str]
    seed: str | int | None          # once the game is over or ended only
    rules: dict[str, Any]
    setup: dict[str, Any]
    page: str | None                # the game's page module under ``static/games/``
    scan: bool


class PageYou(TypedDict):
    """Who the page's link is: the host, a player or a watcher."""

    host: bool
    player: str | None
    watch: bool


class PageStep(TypedDict):
    """A step by its number (1-based) and player (None: a chance step)."""

    number: int
    player: str | None


class PageLink(TypedDict):
    """A link as a page shows it: its address and its QR code (an SVG data URI)."""

    url: str
    qr: str


class PageUndone(PageStep):
    """The last step taken back: by the host's undo, or by its player (``retracted``)."""

    retracted: NotRequired[bool]


class PageState(TypedDict, Generic[GV, PV]):
    """Everything a page receives after each change (see the module)."""

    game: PageGame
    you: PageYou
    version: int
    steps: int
    to_move: list[str]
    at_chance: bool
    over: bool
    ended: bool
    legal: dict[str, list[Any]]         # player -> the moves this page may make for them
    moves_elsewhere: list[str]          # players who move on their own page (a hand)
    chance_outcomes: list[Any]          # an unseeded chance step's outcomes (the host)
    can_undo: bool
    last_step: PageStep | None
    undone: PageUndone | None           # the last step taken back
    can_retract: list[str]
    log: dict[str, Any] | None          # once the game is over or ended only
    state: GV
    score: dict[str, Any] | None        # the ``score --json`` object, once over or ended
    bgstats: PageLink | None            # the BG Stats link of a finished game
    view: PV | None


def page_types(web: WebGame) -> tuple[Any, Any]:
    """The types of a game's view and of its page view, from the annotations of
    ``GAME.view`` and of the view hook (``Any`` for a game without a hook)."""
    game_view = get_type_hints(type(web.game).view)["return"]
    page_view = get_type_hints(web.view)["return"] if web.view is not None else Any
    return game_view, page_view


def json_schemas(games: Mapping[str, WebGame] | None = None) -> dict[str, dict[str, Any]]:
    """The JSON schema of the state a page receives: ``page`` for any game (the generic
    page, ``static/game.js``) and one per game id."""
    out = {"page": TypeAdapter(PageState[GameView, Any]).json_schema()}
    for game_id, web in (default_games() if games is None else games).items():
        game_view, page_view = page_types(web)
        # the types are values found at run time (the annotations), which mypy cannot follow
        typed = PageState[game_view, page_view]  # type: ignore[valid-type]
        out[game_id] = TypeAdapter(typed).json_schema()
    return out


# -- TypeScript --------------------------------------------------------------------------

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _name(title: str) -> str:
    return re.sub(r"\W", "_", title)


def _key(key: str) -> str:
    return key if _IDENTIFIER.match(key) else json.dumps(key)


def _type(schema: Mapping[str, Any], indent: str = "") -> str:
    """The TypeScript type of a JSON schema (the subset pydantic writes for TypedDicts)."""
    if "$ref" in schema:
        return _name(schema["$ref"].rsplit("/", 1)[-1])
    if "anyOf" in schema:
        return " | ".join(_type(s, indent) for s in schema["anyOf"])
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    kind = schema.get("type")
    if kind in ("integer", "number"):
        return "number"
    if kind in ("string", "boolean", "null"):
        return str(kind)
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_type(s, indent) for s in schema["prefixItems"]) + "]"
        item = _type(schema.get("items", {}), indent)
        return f"({item})[]" if "|" in item else f"{item}[]"
    if kind == "object":
        return _object(schema, indent)
    return "any"  # Any: data the page passes on without reading (a move, a log)


def _object(schema: Mapping[str, Any], indent: str) -> str:
    properties = schema.get("properties")
    if not properties:
        extra = schema.get("additionalProperties", True)
        value = "any" if extra is True else _type(extra, indent)
        return f"{{ [key: string]: {value} }}"
    required = set(schema.get("required", ()))
    inner = indent + "  "
    lines = [f"{inner}{_key(k)}{'' if k in required else '?'}: {_type(v, inner)};"
             for k, v in properties.items()]
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def _comment(schema: Mapping[str, Any]) -> str:
    text = schema.get("description")
    return f"/** {' '.join(text.split())} */\n" if text else ""


def typescript(schema: Mapping[str, Any], name: str = "PageState") -> str:
    """TypeScript declarations of a JSON schema: each ``$defs`` entry by its name and the
    schema itself as ``name``."""
    parts = ["// Made by scorepad.web.schema from the Python types: do not edit.\n"]
    for title, sub in {**schema.get("$defs", {}), name: schema}.items():
        body = _type(sub)
        keyword = "interface" if body.startswith("{\n") else "type"
        parts.append(_comment(sub) + (f"export interface {_name(title)} {body}\n"
                                      if keyword == "interface"
                                      else f"export type {_name(title)} = {body};\n"))
    return "\n".join(parts)


# -- the pages, for tsc --------------------------------------------------------------------

STATIC = Path(__file__).parent / "static"


def write_js_check(folder: Path, games: Mapping[str, WebGame] | None = None) -> list[str]:
    """A copy of the pages in ``folder`` with their types (``types/<id>.d.ts``, ``page``
    for the generic page, and each schema as ``types/<id>.schema.json``) and a
    ``tsconfig.json`` that checks the game page and every game's page module
    (``tsc -p folder``). Returns the pages checked."""
    folder = Path(folder)
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(STATIC, folder)
    (folder / "types").mkdir()
    webs = default_games() if games is None else games
    for key, schema in json_schemas(webs).items():
        (folder / "types" / f"{key}.schema.json").write_text(json.dumps(schema, indent=1))
        (folder / "types" / f"{key}.d.ts").write_text(typescript(schema))
    pages = ["game.js", *(f"games/{w.page}" for w in webs.values() if w.page)]
    config = {"compilerOptions": {"allowJs": True, "checkJs": True, "noEmit": True,
                                  "target": "es2022", "module": "es2022",
                                  "lib": ["es2022", "dom", "dom.iterable"]},
              # flipcard.js: a classic script, its global ScorepadCards is what common.js reads
              "files": ["types/globals.d.ts", "flipcard.js", *pages]}
    (folder / "types" / "globals.d.ts").write_text(GLOBALS)
    (folder / "tsconfig.json").write_text(json.dumps(config, indent=1))
    return pages


#: What the pages use that TypeScript's DOM library of Debian's tsc (4.8) lacks: the
#: screen wake lock (common.js asks for it where the browser has it).
GLOBALS = """\
interface Navigator { wakeLock?: { request(type: "screen"): Promise<any> } }
"""


def main(argv: list[str]) -> int:
    """``python -m scorepad.web.schema FOLDER``: :func:`write_js_check` into FOLDER."""
    if len(argv) != 1:
        print("usage: python -m scorepad.web.schema FOLDER (then: tsc -p FOLDER)",  # noqa: T201 (a build tool's own usage line, not a command's output)
              file=sys.stderr)
        return 2
    pages = write_js_check(Path(argv[0]))
    # a build tool's report (make typecheck-js), not a scorepad command: plain print
    print(f"{argv[0]}: {', '.join(pages)} with their types; check with: tsc -p {argv[0]}")  # noqa: T201
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
