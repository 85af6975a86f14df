"""Reading YAML/JSON documents with placed errors, and atomic writes."""

from __future__ import annotations

import atexit
import os
import re
import stat
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scorepad.rules.common.errors import InputError, ScorepadError

STDIN = "-"


def display_name(path: str | os.PathLike[str]) -> str:
    """How a file is named in messages (``<stdin>`` for ``-``)."""
    return "<stdin>" if str(path) == STDIN else str(path)


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of a regular file, or of standard input for ``-``, at most ``limit`` bytes
    (default :data:`~scorepad.rules.common.reader.MAX_BYTES`; a photo has a larger one);
    anything else is an InputError (exit 2).

    A device, FIFO or socket is refused before it is read (``/dev/zero`` would never end,
    a FIFO would block): the path is looked at first, then opened without blocking and
    looked at again, so nothing swapped in between is read either.
    """
    from scorepad.rules.common.reader import MAX_BYTES, too_large

    bound = limit or MAX_BYTES
    name = display_name(path)
    if str(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        raw = stream.read(bound + 1) if stream is not None else \
            sys.stdin.read(bound + 1).encode("utf-8", "surrogateescape")
        if len(raw) > bound:
            raise InputError(too_large(limit=bound), source=name)
        return raw
    try:
        _check_regular(os.stat(path), name, bound)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
        try:
            _check_regular(os.fstat(fd), name, bound)
            chunks, size = [], 0
            while size <= bound:  # bounded even if the size said is wrong (/proc)
                chunk = os.read(fd, bound + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise InputError("no such file", source=name) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", source=name) from None
    except ValueError:  # a NUL character in the name
        raise InputError("not a valid file name", source=name) from None
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror or err}", source=name) from None
    if size > bound:
        raise InputError(too_large(limit=bound), source=name)
    return b"".join(chunks)


def _check_regular(st: os.stat_result, name: str, limit: int | None = None) -> None:
    from scorepad.rules.common.reader import MAX_BYTES, too_large

    limit = limit or MAX_BYTES
    if stat.S_ISDIR(st.st_mode):
        raise InputError("is a folder, not a file", source=name)
    if not stat.S_ISREG(st.st_mode):
        raise InputError("not a regular file (a device, FIFO or socket is never read)",
                         source=name)
    if st.st_size > limit:
        raise InputError(too_large(st.st_size, limit), source=name)


def read_document(path: str | os.PathLike[str]) -> Any:
    """Read and parse a YAML/JSON file (``-`` = stdin) through the one bounded reader
    (``scorepad.rules.common.reader``). Errors name the file."""
    from scorepad.rules.common.reader import parse_document

    name = display_name(path)
    raw = read_bytes(path)
    try:
        return parse_document(raw, name)
    except ScorepadError as err:
        raise err.in_file(name) from None


def read_mapping(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a document that must be a mapping (every scorepad file is)."""
    data = read_document(path)
    if not isinstance(data, dict):
        kind = "empty" if data is None else type(data).__name__
        raise InputError(f"expected a mapping of keys, found {kind}", source=display_name(path))
    return data


class NameTaken(InputError):
    """A file that was to be new exists: another process made it meanwhile (exit 2)."""


#: Names this process claimed (:func:`claim_name`) and has not written yet: the empty
#: files that hold them are removed if the process ends without writing them.
_CLAIMED: set[str] = set()
#: Names that did not exist when a command checked them (``-o``): written only if they
#: still do not (:func:`expect_new`).
_EXPECTED_NEW: set[str] = set()


def claim_name(path: str | os.PathLike[str]) -> bool:
    """Take the name ``path`` for this process, or False when it exists (a file, a
    folder, a link, also one that leads nowhere). Exclusive (``O_EXCL``): of two
    processes asking at once exactly one gets it. The name holds an empty file until
    :func:`atomic_write` fills it; the parent folder is created."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
    except FileExistsError:
        return False
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror or err}", source=str(target)) from None
    except ValueError:  # a NUL character in the name
        raise InputError("not a valid file name", source=str(target)) from None
    os.close(fd)
    _CLAIMED.add(str(target))
    return True


def claimed(path: str | os.PathLike[str]) -> bool:
    """Whether this process claimed ``path`` (:func:`claim_name`) and has not written it."""
    return str(path) in _CLAIMED


def free_name(candidates: Iterable[Path], what: str = "file") -> Path:
    """The first of ``candidates`` that no file has, claimed (:func:`claim_name`). A name
    that was free when looked at but taken by another process before the claim is
    skipped, and stderr says so: two commands at once never write one file."""
    for candidate in candidates:
        if os.path.lexists(candidate):
            continue
        if claim_name(candidate):
            return candidate
        # a note on stderr (the output goes on)
        print(f"note: {candidate} was just taken by another process; "  # noqa: T201
              f"the {what} goes to the next free name", file=sys.stderr)
    raise InputError("no free file name", source=str(candidate))


def expect_new(path: str | os.PathLike[str]) -> None:
    """Note that ``path`` (an ``-o`` that no file has now) is to be a new file: if another
    process makes it before this one writes it, the write is refused (NameTaken)."""
    if not os.path.lexists(path):
        _EXPECTED_NEW.add(str(path))


def unclaim(path: str | os.PathLike[str]) -> None:
    """Give back a name this process claimed and did not write (its empty file removed)."""
    name = str(path)
    if name not in _CLAIMED:
        return
    _CLAIMED.discard(name)
    try:
        if os.lstat(name).st_size == 0:
            os.unlink(name)
    except OSError:
        pass


@atexit.register
def drop_unwritten_claims() -> None:
    """Give back every name this process claimed and never wrote (a command that failed
    between choosing its file and writing it leaves no empty file)."""
    for name in list(_CLAIMED):
        unclaim(name)
    _EXPECTED_NEW.clear()


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write a whole file at once: a temporary file in the same folder, then a rename.

    An interrupted run never leaves a half-written file; the parent folder is created.
    A link that leads nowhere is refused, not replaced. A name noted as new
    (:func:`expect_new`) is written only if no other process made it meanwhile: by a hard
    link, which fails when the name exists. Failing to write raises InputError (exit 2)
    naming the path.
    """
    target = Path(path)
    if target.name in ("", ".", "..") or str(path).endswith(("/", os.sep)) or _is_dir(target):
        raise InputError("is a directory, not a file", source=str(path))
    if _dangling(target):
        raise InputError("is a link to a file that does not exist; not replaced (remove "
                         "the link or choose another name)", source=str(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    new = str(target) in _EXPECTED_NEW
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(target)
        fd, tmp = _create_temporary(target)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            if new:
                _link_new(tmp, target)
            else:
                os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        _sync_folder(target.parent)
    except NameTaken:
        raise
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror or err}", source=str(target)) from None
    except ValueError:  # a NUL character in the name
        raise InputError("not a valid file name", source=str(target)) from None
    _CLAIMED.discard(str(target))
    _EXPECTED_NEW.discard(str(target))
    return target


def _link_new(tmp: Path, target: Path) -> None:
    """``tmp`` under the name ``target``, which must not exist: a hard link (fails when
    the name is there), then ``tmp`` removed. A file system without hard links: the name
    claimed with ``O_EXCL``, then replaced."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise NameTaken("was made by another process meanwhile; not replaced (run "
                        "again, or choose another name)", source=str(target)) from None
    except OSError:
        if not claim_name(target):
            raise NameTaken("was made by another process meanwhile; not replaced (run "
                            "again, or choose another name)", source=str(target)) from None
        os.replace(tmp, target)
        return
    tmp.unlink(missing_ok=True)


def _dangling(path: Path) -> bool:
    """Whether ``path`` is a symbolic link to nothing."""
    try:
        return path.is_symlink() and not path.exists()
    except (OSError, ValueError):
        return False


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable: the new name is on disk once the folder is
    synced (the file's own fsync does not cover its entry). Where a folder cannot be
    opened or synced (not POSIX, some network file systems) the rename stands as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder; a name no file can have (too long, a NUL) is not."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


#: A temporary file older than this is stale whatever its pid says (the pid may be reused).
STALE_SECONDS = 3600
#: A temporary file of a process that is gone is stale after this (a live write takes
#: milliseconds; the margin keeps a writer in another pid namespace safe while it writes).
GONE_SECONDS = 5


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files killed writes to ``target`` left behind
    (``.NAME.<pid>-<n>.tmp``): those of a process no longer alive, or older than an hour.

    A live writer's file is never touched: its process is alive and it is young. Windows
    has no harmless "is this pid alive" probe (``os.kill`` would stop the process), so
    there only age counts. Returns the files removed; failing to remove one is not an error.
    """
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(\d+)-\d+\.tmp")
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if not match:
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
            pid = int(match.group(1))
            if age > STALE_SECONDS or (age > GONE_SECONDS and not _alive(pid)):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (True when it cannot be told)."""
    if os.name != "posix" or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # another user's process, or a pid we cannot probe: leave its file
    return True


def _create_temporary(target: Path) -> tuple[int, Path]:
    """A new file beside ``target`` that no other process has (O_EXCL), open for writing.

    Made here rather than by ``tempfile``, whose import (random, shutil) costs a printing
    command more than the write; the mode is a plain file's (0666 less the umask).
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for attempt in range(1000):
        tmp = target.with_name(f".{target.name}.{os.getpid()}-{attempt}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue  # left over by a killed run with the same pid: take the next name
    raise FileExistsError(f"no free temporary name beside {target}")


class _Block(dict[str, Any]):
    """A mapping always written in block style (the top level of a file)."""


def dump_yaml(data: Any) -> str:
    """YAML text for a scorepad file: keys in the given order, block style at the top level
    and for nested mappings, flow style for short lists and small leaf mappings (moves)."""
    import yaml

    base: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # C emitter

    class _Dumper(base):  # type: ignore[valid-type,misc]
        pass

    def _seq(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
        flow = all(not isinstance(v, (dict, list)) for v in value)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)

    def _map(dumper: yaml.SafeDumper, value: dict[Any, Any]) -> yaml.Node:
        flow = len(value) <= 4 and all(not isinstance(v, dict) for v in value.values()) and all(
            not isinstance(v, list) or (len(v) <= 4 and all(not isinstance(i, (dict, list))
                                                            for i in v))
            for v in value.values())
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=flow)

    def _block(dumper: yaml.SafeDumper, value: dict[Any, Any]) -> yaml.Node:
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=False)

    _Dumper.add_representer(list, _seq)
    _Dumper.add_representer(tuple, _seq)
    _Dumper.add_representer(dict, _map)
    _Dumper.add_representer(_Block, _block)
    top = _Block(data) if isinstance(data, dict) else data
    return yaml.dump(top, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def emit_json(data: Any) -> str:
    """JSON text for ``--json`` output (UTF-8, stable key order as given)."""
    import json  # here: the text output of a command needs none

    return json.dumps(data, ensure_ascii=False, indent=2)
