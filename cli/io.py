"""Reading YAML/JSON documents with placed errors, and atomic writes."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from scorepad.rules.common.errors import InputError

STDIN = "-"


def display_name(path: str | os.PathLike[str]) -> str:
    """How a file is named in messages (``<stdin>`` for ``-``)."""
    return "<stdin>" if str(path) == STDIN else str(path)


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a file, or of standard input for ``-``; unreadable → InputError (exit 2)."""
    name = display_name(path)
    try:
        if str(path) == STDIN:
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", source=name) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", source=name) from None
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text (byte {err.start})", source=name) from None
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror or err}", source=name) from None


def parse_text(text: str, name: str) -> Any:
    """Parse a YAML or JSON document; a syntax error names the line and column."""
    import yaml

    from scorepad.rules.common.data import load_yaml_text

    stripped = text.lstrip()
    if stripped[:1] in "{[" and name.endswith(".json"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as err:
            raise InputError(f"invalid JSON: {err.msg}",
                             where=(f"line {err.lineno}, column {err.colno}",),
                             source=name) from None
    try:
        return load_yaml_text(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        problem = getattr(err, "problem", None) or "not valid YAML or JSON"
        where = (f"line {mark.line + 1}, column {mark.column + 1}",) if mark else ()
        raise InputError(f"invalid YAML: {problem}", where=where, source=name) from None


def read_document(path: str | os.PathLike[str]) -> Any:
    """Read and parse a YAML/JSON file (``-`` = stdin). Errors name the file."""
    name = display_name(path)
    return parse_text(read_text(path), name)


def read_mapping(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a document that must be a mapping (every scorepad file is)."""
    data = read_document(path)
    if not isinstance(data, dict):
        kind = "empty" if data is None else type(data).__name__
        raise InputError(f"expected a mapping of keys, found {kind}", source=display_name(path))
    return data


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write a whole file at once: a temporary file in the same folder, then a rename.

    An interrupted run never leaves a half-written file; the parent folder is created.
    Failing to write raises InputError (exit 2) naming the path.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _create_temporary(target)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    except OSError as err:
        raise InputError(f"cannot write: {err.strerror or err}", source=str(target)) from None
    return target


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


class _Block(dict):
    """A mapping always written in block style (the top level of a file)."""


def dump_yaml(data: Any) -> str:
    """YAML text for a scorepad file: keys in the given order, block style at the top level
    and for nested mappings, flow style for short lists and small leaf mappings (moves)."""
    import yaml

    base: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # C emitter

    class _Dumper(base):  # type: ignore[valid-type,misc]
        pass

    def _seq(dumper: yaml.SafeDumper, value: list) -> yaml.Node:
        flow = all(not isinstance(v, (dict, list)) for v in value)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)

    def _map(dumper: yaml.SafeDumper, value: dict) -> yaml.Node:
        flow = len(value) <= 4 and all(not isinstance(v, dict) for v in value.values()) and all(
            not isinstance(v, list) or (len(v) <= 4 and all(not isinstance(i, (dict, list))
                                                            for i in v))
            for v in value.values())
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=flow)

    def _block(dumper: yaml.SafeDumper, value: dict) -> yaml.Node:
        return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=False)

    _Dumper.add_representer(list, _seq)
    _Dumper.add_representer(tuple, _seq)
    _Dumper.add_representer(dict, _map)
    _Dumper.add_representer(_Block, _block)
    top = _Block(data) if isinstance(data, dict) else data
    return yaml.dump(top, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def emit_json(data: Any) -> str:
    """JSON text for ``--json`` output (UTF-8, stable key order as given)."""
    return json.dumps(data, ensure_ascii=False, indent=2)
