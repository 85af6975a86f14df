"""scorepad's cache folder: files computed once and kept to save time, never needed.

``SCOREPAD_CACHE`` names the folder (set empty: keep nothing), else the platform's user cache
folder (``~/.cache/scorepad`` on Linux, as ``platformdirs`` finds it). Each kind of kept file
has its own subfolder (``layouts/``: the sheets' layouts, ``words/``: the read catalogues).
Everything here is best effort and silent: a folder that cannot be read or written costs the
time the file saved, nothing more.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: The environment variable naming scorepad's cache folder (empty: keep nothing).
CACHE_ENV = "SCOREPAD_CACHE"


def cache_folder(kind: str) -> Path | None:
    """The folder files of ``kind`` are kept in, or None when ``SCOREPAD_CACHE`` is empty."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is None:
        from platformdirs import user_cache_dir  # only when a file is read or kept

        chosen = user_cache_dir("scorepad", appauthor=False)
    return Path(chosen) / kind if chosen else None


def keep(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole (under a temporary name, then renamed, so a reader
    never sees half of it), silently doing nothing where the folder cannot be written
    (``scorepad.io.atomic_write`` does the same for the user's files, with errors the user
    sees, and lives a layer up)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass
