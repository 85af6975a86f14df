"""The fuzzer behind tests/test_fuzz.py: valid files of every format, mutated as a hostile
user would, run through the CLI in-process with a time and a memory bound.

Every input must end in exit 0, 1 or 2, without a traceback, and without hanging (past
:data:`SECONDS`, a generous bound, it fails as a hang: a bound, not a speed target), and
every error line must name a file it was given. ``make fuzz`` runs the same tests with the
``fuzz`` profile (many thousands of inputs); ``make test`` with a few dozen per test.
"""

from __future__ import annotations

import copy
import json
import os
import resource
import signal
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner
from hypothesis import strategies as st

from scorepad.io import dump_yaml
from scorepad.main import root

DATA = Path(__file__).parent / "data"
#: Wall-clock bound of one command on one input (generous: the machine is shared).
SECONDS = 10.0
#: How much more address space the fuzzing process may take while it runs an input.
MEMORY_BYTES = 1536 * 1024 * 1024


class Hang(BaseException):
    """An input ran past :data:`SECONDS` (BaseException: no handler in the CLI catches it)."""


@dataclass(frozen=True)
class Sample:
    """A valid file of one format and the commands that read it (``{}`` = its path)."""

    kind: str
    data: Any
    commands: tuple[tuple[str, ...], ...]


def _tiny_map() -> dict:
    return yaml.safe_load((DATA / "tiny.yaml").read_text())


@cache
def samples() -> tuple[Sample, ...]:
    """One valid file of every format scorepad reads."""
    from scorepad.play.voll_verplant.simulate import play_game
    from scorepad.rules.voll_verplant.maps import bundled_map
    from scorepad.rules.voll_verplant.ruleset import default_rules

    game = play_game(bundled_map("berlin"), default_rules(), ["Ann", "Bob"], "greedy", "fz",
                     record=True)
    vv_log = yaml.safe_load(dump_yaml(game.log.to_data()))
    vv_log["rounds"] = vv_log["rounds"][:6]
    valid_log = Path(tempfile.mkdtemp(prefix="scorepad-fuzz-")) / "valid-vv.yaml"
    valid_log.write_text(dump_yaml(vv_log))
    return (
        Sample("vv-map", _tiny_map(), (("vv", "map", "check", "{}"),)),
        Sample("vv-game", vv_log, (("vv", "check", "{}"), ("vv", "score", "{}", "--json"))),
        Sample("vv-flip", {"format": "scorepad/vv-game@1", "seed": "table-42", "players": [],
                           "rounds": [{"card": c} for c in (5, 3, "T", 4)]},
               (("vv", "check", "{}"),)),
        Sample("vv-sheet", {"format": "scorepad/vv-sheet@1", "map": "berlin", "player": "Ann",
                            "empty": [1, 2, 3], "transfers": {8: 3}, "first": ["A"],
                            "windows": {"A": [4, 5, "+"]}},
               (("vv", "check", "{}"), ("vv", "score", "{}", "--json"))),
        Sample("mf-game", yaml.safe_load((DATA / "mf_short.yaml").read_text()),
               (("mf", "check", "{}"), ("mf", "score", "{}", "--json"))),
        Sample("floris-game", yaml.safe_load((DATA / "floris_game.yaml").read_text()),
               (("floris", "check", "{}"), ("floris", "score", "{}", "--json"))),
        Sample("vv-rules", {"ruleset": "vv-1", "empty_rounding": "down"},
               (("vv", "deck", "--seed", "s", "--count", "3", "--rules", "{}"),
                ("vv", "score", str(valid_log), "--rules", "{}"))),
        Sample("mf-rules", {"last_diamond_end": "round"},
               (("mf", "deal", "--players", "2", "--seed", "s", "--rules", "{}"),
                ("mf", "score", str(DATA / "mf_short.yaml"), "--rules", "{}"))),
        Sample("floris-rules", {"penalty_per_card": 2},
               (("floris", "score", str(DATA / "floris_game.yaml"), "--rules", "{}"),)),
    )


# --- mutations ---------------------------------------------------------------------------

HOSTILE: list[Any] = [
    -1, 0, 1, 99, 10**18, -(10**18), 2**63, 1.5, -0.0, True, False, None, "", " ", "0x2A",
    "x" * 5000, "é" * 70, "/dev/zero", "nothere.yaml", "../" * 40 + "etc/passwd", "\x1b[2J",
    "a\x00b", "tiny", "berlin", "A", "Z", "+", "E2", "T", "F", "cw", "ccw", [], {}, [[[[[]]]]],
    {"": None}, [1] * 500, {"k": "v"}, ["Ann", "Ann"], "rose:3 lily:2", "workshops/17",
    "trade/goblet/2", "harbor/-/2", "scorepad/vv-game@1", "scorepad/vv-map@1",
    # names and moves a front-end refuses and the log's reader must refuse alike (issue 34)
    "A\u2028nn", "Ann\u200b", "Zoe\u0301", "\u202eAnn", "An\u00adn", "rose:3\x85lily:3",
    "rose:3\x0blily:3", "k" * 300, "db_password",
]

#: Player names a log may hold: odd ones (control, separator, invisible, NFD, long) and
#: plain ones, for the fuzz test that ``check`` refuses what ``--resume`` refuses.
NAMES = ["A\u2028nn", "A\u2029nn", "Ann\u200b", "\ufeffAnn", "An\u00adn", "\u202eAnn",
         "A\u2066nn", "Zoe\u0301", "A\x85nn", "A\tnn", "A" * 41, "Zoé", "王芳", "😀 Ann", " Ann"]

SNIPPETS: list[str] = [
    "!!set ", "!!python/object:os.system ", "!!binary ", "!!timestamp ", "!foo ", "&a ", "*a",
    "*nothere", "<<: ", "\n- ", ": ", "? ", "{", "}", "[", "]", "'", '"', "\t", ",", "#",
    "9" * 5000, "-" + "9" * 30, "\\ud800", '"\\ud800"', '"\\e[2J"', "\\u001b", "---\n",
    "...\n", "%YAML 1.1\n",
    "[" * 2000, "{a: " * 300, "\n" + "  " * 200 + "k: v\n", "\ufeff", "\x00", "\x85", "~",
    ".nan", ".inf", "1e400", "0o17", "0b101", "1:30", "yes", "2026-12-01", "=",
    "a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c]\n"
    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e]\n"
    "g: &g [*f, *f, *f, *f, *f, *f, *f, *f]\nformat: *g\n",
]


def _paths(value: Any, here: tuple = ()) -> Iterator[tuple]:
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*here, index))


def _get(value: Any, path: tuple) -> Any:
    for part in path:
        value = value[part]
    return value


values = st.recursive(
    st.one_of(st.sampled_from(HOSTILE), st.integers(-10**20, 10**20), st.text(max_size=12),
              st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none()),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8)


@st.composite
def mutated_data(draw: st.DrawFn, data: Any) -> Any:
    """``data`` with one to three values replaced, removed, doubled or wrapped."""
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(data))))
        if not path:
            continue
        parent, last = _get(data, path[:-1]), path[-1]
        action = draw(st.sampled_from(["replace", "replace", "delete", "double", "wrap",
                                       "rekey"]))
        if action == "replace":  # a copy: HOSTILE's lists must stay as they are
            parent[last] = copy.deepcopy(draw(values))
        elif action == "delete":
            del parent[last]
        elif action == "double" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif action == "wrap":
            parent[last] = [parent[last]] if draw(st.booleans()) else {"x": parent[last]}
        elif action == "rekey" and isinstance(parent, dict):
            key = draw(st.sampled_from([*HOSTILE[:20], "format", "players", "seed"]))
            parent[key] = parent.pop(last)
    return data


def _dump(data: Any, as_json: bool) -> str:
    if as_json:  # ASCII with \u escapes, as many JSON writers do
        return json.dumps(data, default=str)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> bytes:
    """``text`` with a few snippets inserted, lines cut or doubled, bytes flipped."""
    for _ in range(draw(st.integers(1, 2))):
        lines = text.split("\n")
        action = draw(st.sampled_from(["insert", "insert", "truncate", "double", "drop",
                                       "flip", "prefix"]))
        if action == "insert":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(SNIPPETS)) + text[at:]
        elif action == "truncate":
            text = text[:draw(st.integers(0, len(text)))]
        elif action == "double" and lines:
            at = draw(st.integers(0, len(lines) - 1))
            text = "\n".join(lines[:at + 1] + lines[at:])
        elif action == "drop" and lines:
            at = draw(st.integers(0, len(lines) - 1))
            text = "\n".join(lines[:at] + lines[at + 1:])
        elif action == "prefix":
            text = draw(st.sampled_from(SNIPPETS)) + text
    raw = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0 and raw:  # now and then a byte that is not UTF-8
        at = draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + bytes([draw(st.sampled_from([0x80, 0xC0, 0xFF, 0xED]))]) + raw[at + 1:]
    return raw


@st.composite
def hostile_file(draw: st.DrawFn, kinds: Sequence[str] = ()) -> tuple[Sample, bytes, str]:
    """A sample (of one of ``kinds``, default any), the bytes of a mutation of it, and the
    suffix its file gets. Most mutations change values (they reach the games' schemas and
    engines); the rest break the text (they reach the reader)."""
    sample = draw(st.sampled_from([s for s in samples() if not kinds or s.kind in kinds]))
    as_json = draw(st.booleans())
    how = draw(st.sampled_from(["data", "data", "data", "text", "both"]))
    data = draw(mutated_data(sample.data)) if how in ("data", "both") else sample.data
    text = _dump(data, as_json)
    raw = draw(mutated_text(text)) if how in ("text", "both") else text.encode()
    return sample, raw, ".json" if as_json else ".yaml"


# --- running an input --------------------------------------------------------------------

@contextmanager
def bounded(seconds: float = SECONDS, memory: int = MEMORY_BYTES) -> Iterator[None]:
    """Raise :class:`Hang` after ``seconds``; MemoryError past ``memory`` more bytes of
    address space (Linux; the limits are put back afterwards)."""
    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    old_handler = signal.signal(signal.SIGALRM, ring)
    old_limit = resource.getrlimit(resource.RLIMIT_AS)
    limited = False
    if sys.platform.startswith("linux"):
        used = int(Path("/proc/self/statm").read_text().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        cap = used + memory
        if old_limit[1] == resource.RLIM_INFINITY or cap < old_limit[1]:
            resource.setrlimit(resource.RLIMIT_AS, (cap, old_limit[1]))
            limited = True
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if limited:
            resource.setrlimit(resource.RLIMIT_AS, old_limit)


def check_run(args: Sequence[str], files: Sequence[str], stdin: bytes | None = None) -> int:
    """Run ``scorepad ARGS`` in-process within the bounds and check how it ended: exit
    0/1/2, no traceback, every error line naming one of ``files`` (when any are given).
    Returns the exit code."""
    runner = CliRunner()
    start = time.monotonic()
    with bounded():
        result = runner.invoke(root, list(args), input=stdin)
    elapsed = time.monotonic() - start
    if os.environ.get("SCOREPAD_FUZZ_STATS"):  # make fuzz: one line per input, for the README
        with Path(os.environ["SCOREPAD_FUZZ_STATS"]).open("a", encoding="utf-8",
                                                          errors="backslashreplace") as stats:
            first = (result.stderr.splitlines() or [""])[0]
            stats.write(f"{result.exit_code}\t{elapsed:.3f}\t{' '.join(args[:2])!r}\t"
                        f"{first.split(': ')[-1][:80]!r}\n")
    context = f"scorepad {' '.join(a[:80] for a in args)}"
    assert result.exit_code in (0, 1, 2), (context, result.exit_code, result.output[-2000:],
                                           result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        context, repr(result.exception))
    assert "Traceback" not in result.output, (context, result.output[-2000:])
    # (No assert on ``elapsed``: an input past SECONDS fails as a hang, by ``bounded``'s
    # Hang, which no handler catches; how fast an input is read is a benchmark's business.)
    lines = result.stderr.splitlines()
    assert all(len(line) <= 1000 for line in lines), (context, "a very long message")
    if result.exit_code and files and not result.stderr.startswith("Usage:"):
        assert lines, (context, "an error without a message")
        names = tuple(f"{name}: " for name in files)
        for line in lines:
            assert line.startswith(names), (context, line[:300])
    return result.exit_code


# --- the CLI's arguments -----------------------------------------------------------------

ARGUMENT_LISTS: list[list[str]] = [
    ["vv", "deck", "--seed", "table-42", "--count", "5", "--json"],
    ["vv", "maps", "--json"],
    ["vv", "map", "check", str(DATA / "tiny.yaml")],
    ["vv", "map", "check", str(DATA / "sheet_grid.yaml")],
    ["floris", "score", str(DATA / "floris_game.yaml"), "--json"],
    ["vv", "template", str(DATA / "tiny.yaml")],
    ["mf", "deal", "--players", "3", "--seed", "table-7", "--json"],
    ["mf", "check", str(DATA / "mf_short.yaml")],
    ["mf", "score", str(DATA / "mf_short.yaml"), "--json"],
    ["floris", "bouquet", "rose:3 lily:3", "--json"],
    ["floris", "bouquet", "d1 c1 r1 s1 l1"],
    ["floris", "score", str(DATA / "floris_game.yaml")],
]

ARG_VALUES: list[str] = ["-", ".", "", "--", "-h", "--json", "--seed", "--count", "--players",
              "--rules",
              "--format", "-o", "0", "-1", "5", "999999999999999999999", "x" * 3000, "\x00",
              "/dev/zero", "nothere.yaml", "berlin", "tiny", "rose:999999999999", "rose:-1",
              "rose:" + "9" * 5000,
              "lily:3 lily:3", "d" * 500, "é", "\udcff", "json", "pdf", "svg", "a4"]


@st.composite
def argument_list(draw: st.DrawFn) -> list[str]:
    """One of the commands above with an argument replaced, added or removed."""
    args = list(draw(st.sampled_from(ARGUMENT_LISTS)))
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["replace", "insert", "drop"]))
        at = draw(st.integers(1, len(args)))
        value = draw(st.one_of(st.sampled_from(ARG_VALUES), st.text(max_size=20)))
        if action == "replace" and at < len(args):
            args[at] = value
        elif action == "insert":
            args.insert(at, value)
        elif action == "drop" and at < len(args) and len(args) > 2:
            del args[at]
    return args
