"""The session store: where a table session's game log lives between steps.

Every front-end (the terminal tools, the browser) keeps its games here, so they behave
alike: a new game never overwrites a file (an existing ``--log`` is refused, and without
one the game gets a fresh name under ``output/``), and the name is claimed exclusively,
so two games started at once never share one; the log is written atomically after every
step, by one writer at a time (:mod:`scorepad.lock`); a saved log resumes into the same
session, undo history included.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from scorepad.io import (
    atomic_write,
    claim_name,
    claimed,
    display_name,
    dump_yaml,
    free_name,
    read_mapping,
)
from scorepad.lock import hold
from scorepad.rules.common.errors import InputError, ScorepadError
from scorepad.rules.game import GAMES, AnyGame
from scorepad.rules.session import Session

#: Where games are saved when no ``--log`` is given.
DEFAULT_FOLDER = Path("output")

def _prefix(game_id: str) -> str:
    """The start of a game's saved logs' names (the game's ``About.file_prefix``)."""
    from scorepad.rules.registry import PACKAGES, about

    return about(game_id).file_prefix if game_id in PACKAGES else game_id


def new_log_path(game_id: str, folder: Path = DEFAULT_FOLDER, *, stem: str | None = None) -> Path:
    """A path under ``folder`` that no file had, claimed for this process
    (:func:`scorepad.io.free_name`): ``vv-2026-12-01-1.yaml`` and so on."""
    base = stem or f"{_prefix(game_id)}-{time.strftime('%Y-%m-%d')}"
    base = re.sub(r"[^\w.-]+", "-", base).strip("-") or "game"
    return free_name((folder / f"{base}-{n}.yaml" for n in range(1, 100_000)), "game")


def claim(path: str | os.PathLike[str] | None, game_id: str, command: str,
          folder: Path = DEFAULT_FOLDER) -> Path:
    """The file a new game will be saved in.

    ``path`` from ``--log``: refused when it exists (the message says how to continue
    it with ``--resume``), also when another process makes it at the same moment, or is
    a folder; ``None``: a new name under ``folder``. Either way the name is claimed for
    this process (an empty file until the first save) and held (:func:`scorepad.lock.hold`).
    """
    if path is None:
        target = new_log_path(game_id, folder)
        hold(target)
        return target
    target = Path(path)
    if target.is_dir():
        raise InputError("is a directory, not a file", source=str(target))
    if target.is_symlink() and not target.exists():
        raise InputError("is a link to a file that does not exist; not replaced",
                         source=str(target))
    if not claimed(target) and not claim_name(target):
        raise InputError(f"already exists and is never overwritten; continue it with "
                         f"`{command} --resume {target}` or choose another --log",
                         source=str(target))
    hold(target)
    return target


def save(path: str | os.PathLike[str], session: Session) -> Path:
    """Write the session's game log atomically (after every step)."""
    return atomic_write(path, dump_yaml(session.to_log()))


def load(path: str | os.PathLike[str], game: AnyGame | str) -> Session:
    """The session a saved log resumes into; a log the game refuses names the file.
    (Only read: a caller that will write it holds it first, :func:`scorepad.lock.hold`.)"""
    g = GAMES[game] if isinstance(game, str) else game
    doc = read_mapping(path)
    try:
        return Session.resume(g, doc)
    except ScorepadError as err:
        raise err.in_file(display_name(path)) from None
