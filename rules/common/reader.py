"""The one bounded reader: the bytes of a user's YAML or JSON file in, plain data out.

Every file scorepad reads from a user (maps, game logs, paper sheets, rulesets, standard
input) is parsed here, so every command has the same limits and the same messages. The
limits are far above any real game and stop hostile or broken files before they cost
memory or time:

* at most :data:`MAX_BYTES` (2 MiB; the biggest real log is a few dozen KiB),
* nesting at most :data:`MAX_DEPTH` deep,
* at most :data:`MAX_VALUES` values once YAML aliases are expanded (an alias counts the whole
  value it names at every use, so a "billion laughs" file is refused before anyone walks it),
* numbers within ±10^18 (a 5,000-digit integer is refused while still text),
* text valid Unicode (no lone surrogates such as JSON's ``"\\ud800"``) without control
  characters other than tab and line breaks (``"\\u001b[2J"`` would clear a screen),
* duplicate keys refused, naming the key,
* only plain types: mappings, lists, text, integers, finite floats, booleans and null;
  YAML tags such as ``!!set``, ``!!binary``, ``!!timestamp`` or ``!!python/...`` are
  refused; a date (``2026-12-01``), ``=`` and ``<<`` are text, as typed (``<<`` merges
  nothing, so no merged key can hide a duplicate).

A seed is text: the value of a ``seed`` key is always the text the user typed
(``seed: 0x2A`` is ``"0x2A"``, not 42; ``seed: true`` is ``"true"``), so no file silently
gives another seed than the one written.

Pure: no files, no printing. Errors are :class:`InputError` (exit 2) with the line and
column where known; the caller names the file.
"""

from __future__ import annotations

import math
import re
from typing import Any

from .errors import InputError, shown

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 50
MAX_VALUES = 100_000
MAX_NUMBER = 10**18
_MAX_NUMBER_TEXT = 40  # characters of a number's text (digits, sign, `_`, `0x`) checked first

#: Keys whose scalar value is always read as the text typed (a seed is text).
TEXT_KEYS = frozenset({"seed"})

_SURROGATE = re.compile("[\ud800-\udfff]")
# Control characters (all but tab, line feed and carriage return): no scorepad text needs
# one, and printed in a score table they would move the cursor or clear the screen.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_YAML = "tag:yaml.org,2002:"
_PLAIN_SCALARS = {_YAML + t for t in ("str", "int", "float", "bool", "null")}
_PLAIN_COLLECTIONS = {None, "!", _YAML + "seq", _YAML + "map"}


def decode(raw: bytes) -> str:
    """UTF-8 text of ``raw`` (a leading byte-order mark dropped); InputError naming the byte."""
    if len(raw) > MAX_BYTES:
        raise InputError(too_large(len(raw)))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"not UTF-8 text (byte {err.start})") from None
    return text[1:] if text.startswith("\ufeff") else text


def too_large(size: int | None = None, limit: int = MAX_BYTES) -> str:
    """The message for a file over ``limit`` bytes (:data:`MAX_BYTES` unless a kind of
    file has its own, as photos do)."""
    have = f" ({size / 1024 / 1024:.1f} MiB)" if size else ""
    return f"too large{have}: scorepad reads files of at most {limit // 1024 // 1024} MiB"


def parse_document(raw: bytes | str, name: str = "") -> Any:
    """Plain data from a YAML or JSON document within the limits above.

    JSON is read as JSON when ``name`` ends in ``.json`` and the text starts with ``{`` or
    ``[``; everything else is read as YAML (which JSON almost always is, too).
    """
    text = decode(raw) if isinstance(raw, bytes) else raw
    if len(text) > MAX_BYTES:
        raise InputError(too_large(len(text)))
    if text.lstrip()[:1] in ("{", "[") and name.endswith(".json"):
        return _parse_json(text)
    return _parse_yaml(text)


# --- JSON -------------------------------------------------------------------------------

def _json_int(text: str) -> int:
    if len(text) > _MAX_NUMBER_TEXT:
        raise InputError(f"number too long ({len(text)} digits; at most ±10^18)")
    number: int = _bounded(int(text))
    return number


def _json_float(text: str) -> float:
    if len(text) > _MAX_NUMBER_TEXT:
        raise InputError(f"number too long ({len(text)} characters)")
    number: float = _bounded(float(text))
    return number


def _json_constant(text: str) -> Any:
    raise InputError(f"{text} is not a number scorepad reads")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise InputError(f"duplicate key {shown(key)}")
        if key in TEXT_KEYS and value is not None and not isinstance(value, str):
            if isinstance(value, bool):
                value = "true" if value else "false"  # as typed in JSON
            elif isinstance(value, int):
                value = str(value)
            else:
                raise InputError("write the seed as text in quotes", where=(key,))
        out[key] = value
    return out


def _parse_json(text: str) -> Any:
    import json  # here: the logs, sheets and rulesets users write are YAML

    try:
        data = json.loads(text, object_pairs_hook=_json_object, parse_int=_json_int,
                          parse_float=_json_float, parse_constant=_json_constant)
    except json.JSONDecodeError as err:
        raise InputError(f"invalid JSON: {err.msg}",
                         where=(f"line {err.lineno}, column {err.colno}",)) from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} deep") from None
    _check_tree(data)
    return data


def _check_tree(data: Any) -> None:
    """Depth, value count and valid text of parsed JSON (YAML is checked while it is read)."""
    stack = [(data, 1)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise InputError(f"more than {MAX_VALUES:,} values")
        if depth > MAX_DEPTH:
            raise InputError(f"nested more than {MAX_DEPTH} deep")
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


# --- YAML -------------------------------------------------------------------------------

def _loader_class() -> type:
    """A C-accelerated safe loader whose resolver reads dates, ``=`` and ``<<`` as text."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):  # type: ignore[misc, valid-type]
        pass

    Loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers
                if tag not in (_YAML + "timestamp", _YAML + "value", _YAML + "merge")]
        for first, resolvers in base.yaml_implicit_resolvers.items()}
    return Loader


_LOADER: list[type] = []


class _Collection:
    """A list or mapping being read: its value, depth, value count and pending key."""

    __slots__ = ("value", "is_map", "anchor", "size", "key", "has_key", "line")

    def __init__(self, value: Any, anchor: str | None, line: int) -> None:
        self.value = value
        self.is_map = isinstance(value, dict)
        self.anchor = anchor
        self.size = 1
        self.key: Any = None
        self.has_key = False
        self.line = line


def _parse_yaml(text: str) -> Any:
    import yaml

    if not _LOADER:
        _LOADER.append(_loader_class())
    loader = _LOADER[0](text)
    try:
        return _build(loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        problem = getattr(err, "problem", None) or getattr(err, "reason", None) \
            or "not valid YAML or JSON"
        where = (f"line {mark.line + 1}, column {mark.column + 1}",) if mark else ()
        raise InputError(f"invalid YAML: {problem}", where=where) from None
    finally:
        loader.dispose()


def _build(loader: Any) -> Any:
    """Plain data from the loader's events, with every limit checked as the events come.

    Built from events (not from PyYAML's node graph) so an alias is never expanded: it
    names the value already built, and only its size is counted again.
    """
    import yaml

    anchors: dict[str, tuple[Any, int]] = {}
    stack: list[_Collection] = []
    result: Any = None
    documents = 0
    total = 0
    while True:
        event = loader.get_event()
        line = event.start_mark.line + 1 if event.start_mark else 0
        kind = type(event)
        if kind is yaml.ScalarEvent:
            value, size = _scalar(loader, event, stack, line), 1
            added = 1
            if event.anchor:
                anchors[event.anchor] = (value, 1)
        elif kind is yaml.AliasEvent:
            if event.anchor not in anchors:
                raise InputError(f"alias *{shown(event.anchor, 30)[1:-1]} names no complete "
                                 "value (undefined, or the value contains itself)",
                                 where=(f"line {line}",))
            value, size = anchors[event.anchor]
            added = size  # the value named is used again, whole
        elif kind in (yaml.SequenceStartEvent, yaml.MappingStartEvent):
            if event.tag not in _PLAIN_COLLECTIONS:
                raise InputError(f"YAML tag {shown(event.tag, 40)} is not a plain list or "
                                 "mapping", where=(f"line {line}",))
            if len(stack) >= MAX_DEPTH:
                raise InputError(f"nested more than {MAX_DEPTH} deep", where=(f"line {line}",))
            if stack and stack[-1].is_map and not stack[-1].has_key:
                raise InputError("a key must be text or a number, not a list or mapping",
                                 where=(f"line {line}",))
            stack.append(_Collection({} if kind is yaml.MappingStartEvent else [],
                                     event.anchor, line))
            total += 1  # the collection itself; its items count as they come
            continue
        elif kind in (yaml.SequenceEndEvent, yaml.MappingEndEvent):
            done = stack.pop()
            value, size = done.value, done.size
            added = 0  # counted already, item by item
            if done.anchor:
                anchors[done.anchor] = (value, size)
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise InputError("more than one YAML document (---) in the file",
                                 where=(f"line {line}",))
            continue
        elif kind is yaml.StreamEndEvent:
            return result
        else:  # stream start, document end
            continue
        total += added  # the values of the document with every alias expanded
        if total > MAX_VALUES:
            raise InputError(f"more than {MAX_VALUES:,} values (YAML aliases count at every "
                             "use)", where=(f"line {line}",))
        if not stack:
            result = value
            continue
        parent = stack[-1]
        parent.size += size
        if not parent.is_map:
            parent.value.append(value)
        elif not parent.has_key:
            if isinstance(value, (list, dict)):
                raise InputError("a key must be text or a number, not a list or mapping",
                                 where=(f"line {line}",))
            if value in parent.value:
                raise InputError(f"duplicate key {shown(value)}", where=(f"line {line}",))
            parent.key, parent.has_key = value, True
        else:
            parent.value[parent.key] = value
            parent.has_key = False


def _scalar(loader: Any, event: Any, stack: list[_Collection], line: int) -> Any:
    """The plain value of one scalar: text, a bounded number, a boolean or null."""
    import yaml

    text = event.value
    tag = event.tag
    if tag is None or tag == "!":
        tag = _YAML + "str" if tag == "!" else loader.resolve(yaml.ScalarNode, text,
                                                               event.implicit)
    if tag not in _PLAIN_SCALARS:
        raise InputError(f"YAML tag {shown(tag, 40)} is not a plain value",
                         where=(f"line {line}",))
    parent = stack[-1] if stack else None
    if (parent is not None and parent.is_map and parent.has_key and parent.key in TEXT_KEYS
            and tag != _YAML + "null"):
        tag = _YAML + "str"  # a seed is the text typed: `seed: 0x2A` is "0x2A", not 42
    if tag == _YAML + "str":
        _check_text(text, line)
        return text
    if tag == _YAML + "null":
        return None
    if tag == _YAML + "bool":
        return loader.bool_values[text.lower()]
    if len(text) > _MAX_NUMBER_TEXT:
        raise InputError(f"number too long ({len(text)} characters; at most ±10^18)",
                         where=(f"line {line}",))
    node = yaml.ScalarNode(tag, text)
    try:
        number = (loader.construct_yaml_int(node) if tag == _YAML + "int"
                  else loader.construct_yaml_float(node))
    except ValueError:
        raise InputError(f"not a number: {shown(text)}", where=(f"line {line}",)) from None
    return _bounded(number, line)


# --- shared checks ----------------------------------------------------------------------

def _bounded(number: Any, line: int | None = None) -> Any:
    where = (f"line {line}",) if line else ()
    if isinstance(number, float) and not math.isfinite(number):
        raise InputError("not a finite number", where=where)
    if abs(number) > MAX_NUMBER:
        raise InputError("number out of range (at most ±10^18)", where=where)
    return number


def _check_text(text: Any, line: int | None = None) -> None:
    if not isinstance(text, str):
        return
    if _SURROGATE.search(text):
        raise InputError("text is not valid Unicode (a lone surrogate such as \\ud800)",
                         where=(f"line {line}",) if line else ())
    control = _CONTROL.search(text)
    if control:
        raise InputError(f"text holds a control character ({control.group(0)!r})",
                         where=(f"line {line}",) if line else ())
