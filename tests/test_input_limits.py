"""Hostile and broken input: every read is bounded, every error is one line naming the file.

One test (or a few) per class of failure found by fuzzing (issue 13): huge numbers, deep
nesting, lone surrogates, alias bombs, devices and FIFOs, huge files, duplicate keys, YAML
tags, missing keys, a missing map named inside a log, folders given as output paths, stale
temporary files, and seeds written as numbers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzzing import bounded

from scorepad.io import atomic_write, read_mapping, remove_stale_temporaries
from scorepad.main import root
from scorepad.rules.common.errors import InputError, shown
from scorepad.rules.common.reader import MAX_BYTES, MAX_DEPTH, parse_document

DATA = Path(__file__).parent / "data"

VV_LOG = "format: scorepad/vv-game@1\nmap: berlin\nplayers: [Ann]\nrounds: []\n"


def run(runner, *args: str, **kw):
    return runner.invoke(root, list(args), **kw)


def one_line_about(result, path: str | Path, exit_code: int = 2) -> str:
    """Assert a one-line error naming ``path`` with ``exit_code`` and no traceback."""
    assert result.exit_code == exit_code, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return path


# --- numbers, depth, Unicode -------------------------------------------------------------

@pytest.mark.parametrize("name, text", [
    ("big.yaml", VV_LOG.replace("rounds: []", "rounds: [{card: " + "9" * 5000 + "}]")),
    ("big.json", json.dumps({"format": "scorepad/vv-game@1", "map": "berlin",
                             "players": ["Ann"], "rounds": []})[:-1] + ', "x": ' + "7" * 5000
     + "}"),
])
def test_a_5000_digit_integer_is_refused_while_still_text(runner, tmp_path, name, text):
    path = write(tmp_path, name, text)
    for command in ("check", "score"):
        line = one_line_about(run(runner, "vv", command, str(path)), path)
        assert "number too long" in line and len(line) < 300


@pytest.mark.parametrize("spec", ["rose:" + "9" * 5000, "9" * 5000 + " roses",
                                  "rose:" + "0" * 5000 + "5"])
def test_a_5000_digit_count_in_a_bouquet_spec_is_an_error_not_a_crash(runner, spec):
    result = run(runner, "floris", "bouquet", spec, "--json")
    zeros = spec.startswith("rose:0")
    assert result.exit_code == (0 if zeros else 2), (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert zeros or ("too large" in result.stderr and len(result.stderr) < 300)


@pytest.mark.parametrize("name, text", [
    ("deep.json", "[" * 1000 + "]" * 1000),
    ("deep2.json", '{"a": ' * 1000 + "1" + "}" * 1000),
    ("deep.yaml", "a: " + "[" * 900 + "]" * 900),
    ("deep2.yaml", "".join(f"{'  ' * i}k:\n" for i in range(200))),
])
def test_deep_nesting_is_refused(runner, tmp_path, name, text):
    path = write(tmp_path, name, text)
    line = one_line_about(run(runner, "vv", "check", str(path)), path)
    assert f"nested more than {MAX_DEPTH} deep" in line or "nesting depth" in line


def test_nesting_up_to_the_limit_is_read():
    assert parse_document("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert parse_document("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x.json") is not None
    with pytest.raises(InputError, match="nested"):
        parse_document("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x.json")


def test_a_lone_surrogate_is_refused_by_check_and_score_alike(runner, tmp_path):
    game = {"format": "scorepad/floris-game@1",
            "players": {"\\ud800": {"bouquets": [], "left_in_hand": 0, "discarded": 0}}}
    path = write(tmp_path, "game.json", json.dumps(game).replace("\\\\ud800", "\\ud800"))
    assert "\\ud800" in path.read_text()
    for command in ("check", "score"):
        line = one_line_about(run(runner, "floris", command, str(path)), path)
        assert "not valid Unicode" in line
    yaml_path = write(tmp_path, "game.yaml", 'format: scorepad/floris-game@1\n'
                      'players: {"\\ud800": {bouquets: []}}\n')
    one_line_about(run(runner, "floris", "score", str(yaml_path)), yaml_path)


def test_non_finite_and_out_of_range_numbers_are_refused():
    for text in ("a: .nan", "a: .inf", "a: 1.0e+30", "a: 0x" + "f" * 20, "a: -1000000000000000001"):
        with pytest.raises(InputError):
            parse_document(text)
    with pytest.raises(InputError):
        parse_document('{"a": NaN}', "x.json")
    assert parse_document("a: 1000000000000000000") == {"a": 10**18}
    assert parse_document("a: 1e30") == {"a": "1e30"}  # YAML 1.1: text, not a number


# --- aliases, tags, duplicate keys -------------------------------------------------------

def alias_bomb(levels: int = 9) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines)


@pytest.mark.parametrize("where", ["format", "empty", "marked", "windows"])
def test_an_alias_bomb_is_refused_before_anyone_walks_it(runner, tmp_path, where):
    sheet = {"format": "format: scorepad/vv-sheet@1", "empty": "empty: []",
             "marked": "marked: []", "windows": "windows: {}"}
    body = ("format: scorepad/vv-sheet@1\nmap: berlin\nplayer: Ann\nempty: []\n"
            "transfers: {}\nfirst: []\n")
    body = body.replace(sheet.get(where, ""), "") if where != "marked" else \
        body.replace("empty: []", "")
    value = {"format": "format: *a8", "empty": "empty: *a8", "marked": "marked: *a8",
             "windows": "windows: {A: *a8}"}[where]
    path = write(tmp_path, "bomb.yaml", alias_bomb() + "\n" + body + value + "\n")
    # Walked, the bomb would take minutes and gigabytes: past 60 s or 1.5 GiB more it fails
    # as a hang (fuzzing.Hang) or a MemoryError, bounds against walking it, not speed targets.
    with bounded(seconds=60):
        for command in ("check", "score"):
            line = one_line_about(run(runner, "vv", command, str(path)), path)
            assert "values" in line and "aliases" in line


def test_aliases_within_the_limit_are_read():
    assert parse_document("a: &x [1, 2]\nb: *x") == {"a": [1, 2], "b": [1, 2]}
    with pytest.raises(InputError, match=r"contains itself|names no complete value"):
        parse_document("a: &x [1, *x]")


@pytest.mark.parametrize("text, tag", [
    ("format: scorepad/mf-game@1\nplayers: !!set {Ann, Bob}\nrounds: []\n", "set"),
    ("format: scorepad/mf-game@1\nplayers: !!python/tuple [Ann, Bob]\nrounds: []\n",
     "python/tuple"),
    ("format: scorepad/mf-game@1\nplayers: !!omap [{Ann: 1}]\nrounds: []\n", "omap"),
    ("format: scorepad/mf-game@1\nplayers: [!!binary aGk=, Bob]\nrounds: []\n", "binary"),
    ("format: scorepad/mf-game@1\nplayers: [!custom Ann, Bob]\nrounds: []\n", "custom"),
    ("format: scorepad/mf-game@1\nplayers: [!!timestamp 2026-12-01, Bob]\nrounds: []\n",
     "timestamp"),
])
def test_only_plain_yaml_types_are_read(runner, tmp_path, text, tag):
    path = write(tmp_path, "tags.yaml", text)
    line = one_line_about(run(runner, "mf", "check", str(path)), path)
    assert tag in line and "tag" in line


def test_a_date_a_merge_key_and_an_equals_sign_are_read_as_the_text_typed():
    assert parse_document("a: 2026-12-01\nb: 2026-12-01 10:00:00") == {
        "a": "2026-12-01", "b": "2026-12-01 10:00:00"}
    # `<<` merges nothing (so a merged key cannot hide a duplicate): it is a key like others
    assert parse_document("b: &b {x: 1}\nc: {<<: *b, x: 2}\nd: =") == {
        "b": {"x": 1}, "c": {"<<": {"x": 1}, "x": 2}, "d": "="}


@pytest.mark.parametrize("name, text", [
    ("dup.yaml", "format: scorepad/mf-game@1\nplayers: [Ann, Bob]\nplayers: [Cid, Dan]\n"
                 "rounds: []\n"),
    ("dup.json", '{"format": "scorepad/mf-game@1", "players": ["Ann", "Bob"], '
                 '"players": ["Cid", "Dan"], "rounds": []}'),
    ("dup2.yaml", "format: scorepad/mf-game@1\nplayers: [A, B]\nrounds: []\n"
                  "rules: {players: 1, players: 2}\n"),
])
def test_duplicate_keys_are_refused_naming_the_key(runner, tmp_path, name, text):
    path = write(tmp_path, name, text)
    line = one_line_about(run(runner, "mf", "check", str(path)), path)
    assert "duplicate key 'players'" in line


# --- devices, FIFOs, size ----------------------------------------------------------------

def scorepad(*args: str, timeout: float = 20, **kw) -> subprocess.CompletedProcess:
    """Run scorepad in a fresh interpreter with 1 GiB of address space at most."""
    code = ("import resource, sys\n"
            "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
            "from scorepad.main import main\nsys.argv[0] = 'scorepad'\nmain()\n")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, timeout=timeout, **kw)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("args", [
    ["vv", "check", "/dev/zero"],
    ["vv", "deck", "--rules", "/dev/zero", "--seed", "x"],
    ["mf", "deal", "--players", "2", "--rules", "/dev/zero"],
])
def test_a_device_is_refused_without_reading_it(args):
    result = scorepad(*args)
    assert result.returncode == 2, result.stderr
    assert result.stderr == ("/dev/zero: not a regular file (a device, FIFO or socket is "
                             "never read)\n")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_named_as_the_map_of_a_log_names_both(tmp_path):
    log = write(tmp_path, "game.yaml", VV_LOG.replace("berlin", "/dev/zero"))
    result = scorepad("vv", "check", str(log))
    assert result.returncode == 2
    assert result.stderr.startswith(f"{log}: map '/dev/zero': not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    # Opening a FIFO with no writer blocks for ever: a run that does fails as a hang
    # (subprocess.TimeoutExpired after 60 s, a generous bound, not a speed target).
    result = scorepad("vv", "check", str(fifo), timeout=60)
    assert result.returncode == 2 and "not a regular file" in result.stderr
    log = write(tmp_path, "game.yaml", VV_LOG.replace("berlin", "pipe.yaml"))
    result = scorepad("vv", "score", str(log), timeout=60)
    assert result.returncode == 2
    assert result.stderr.startswith(f"{log}: map 'pipe.yaml': not a regular file")


def test_a_50_mb_file_is_refused_by_its_size(runner, tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as handle:  # sparse: the size is 50 MB, the disk holds nothing
        handle.truncate(50 * 1024 * 1024)
    line = one_line_about(run(runner, "vv", "check", str(path)), path)
    assert "too large (50.0 MiB)" in line and "2 MiB" in line  # by its size, before reading


def test_a_file_just_over_the_limit_is_refused_and_one_under_is_read(runner, tmp_path):
    path = tmp_path / "log.yaml"
    comment = "#" * (MAX_BYTES - len(VV_LOG) - 1) + "\n"
    path.write_text(comment + VV_LOG)
    assert run(runner, "vv", "check", str(path)).exit_code == 0
    path.write_text(comment + "#" + VV_LOG)
    assert "too large" in one_line_about(run(runner, "vv", "check", str(path)), path)


def test_standard_input_is_read_with_the_same_bound(runner):
    result = run(runner, "vv", "check", "-", input=b"#" * (MAX_BYTES + 10))
    assert "too large" in one_line_about(result, "<stdin>")
    assert run(runner, "vv", "check", "-", input=VV_LOG).exit_code == 0


@pytest.mark.parametrize("name", ["a\0b.yaml", "x" * 5000 + ".yaml"])
def test_a_file_name_no_file_can_have_is_an_error_not_a_crash(runner, tmp_path, name):
    result = run(runner, "vv", "check", name)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.stderr) < 400
    log = write(tmp_path, "game.yaml", VV_LOG.replace("berlin", json.dumps(name)))
    line = one_line_about(run(runner, "vv", "check", str(log)), log)
    assert len(line) < 400 and (": map '" in line or "control character" in line)


# --- missing keys, map named in a log, echoes ------------------------------------------

@pytest.mark.parametrize("game, text, key", [
    ("vv", "format: scorepad/vv-game@1\nmap: berlin\nrounds: []\n", "players"),
    ("vv", "format: scorepad/vv-game@1\nmap: berlin\nplayers: [Ann]\n", "rounds"),
    ("mf", "format: scorepad/mf-game@1\nplayers: [Ann, Bob]\n", "rounds"),
    ("mf", "format: scorepad/mf-game@1\nrounds: []\n", "players"),
    ("floris", "format: scorepad/floris-game@1\n", "players"),
])
def test_required_keys_are_required(runner, tmp_path, game, text, key):
    path = write(tmp_path, "log.yaml", text)
    for command in ("check", "score"):
        line = one_line_about(run(runner, game, command, str(path)), path)
        assert f"{key}: missing key" in line


def test_a_missing_map_names_the_log_and_the_map(runner, tmp_path):
    log = write(tmp_path, "game.yaml", VV_LOG.replace("berlin", "nothere.yaml"))
    line = one_line_about(run(runner, "vv", "check", str(log)), log)
    assert line == f"{log}: map 'nothere.yaml': no such file"


def test_a_bad_map_names_the_log_the_map_and_the_place(runner, tmp_path):
    (tmp_path / "m.yaml").write_text((DATA / "tiny.yaml").read_text().replace(
        "windows: 2", "windows: many", 1))
    log = write(tmp_path, "game.yaml", VV_LOG.replace("berlin", "m.yaml"))
    line = one_line_about(run(runner, "vv", "score", str(log)), log)
    assert line.startswith(f"{log}: map 'm.yaml': line A, windows: ")


def test_a_file_that_is_not_a_scorepad_format_is_never_echoed(runner, tmp_path):
    secret = "API-KEY-0123456789abcdef"
    (tmp_path / "some.yaml").write_text(f"format: {secret}\npassword: {secret}\n")
    log = write(tmp_path, "game.yaml", VV_LOG.replace("berlin", str(tmp_path / "some.yaml")))
    result = run(runner, "vv", "check", str(log))
    line = one_line_about(result, log)
    assert secret not in result.output and "not a scorepad format" in line
    result = run(runner, "mf", "check", str(tmp_path / "some.yaml"))
    assert secret not in result.output and result.exit_code == 2


def test_a_huge_value_gives_a_short_message(runner, tmp_path):
    path = write(tmp_path, "game.yaml", VV_LOG.replace(
        "rounds: []", "rounds: [{card: " + "Q" * 1_000_000 + "}]"))
    line = one_line_about(run(runner, "vv", "check", str(path)), path, exit_code=1)
    assert len(line) < 400 and "QQQQ…" in line


def test_a_key_with_a_line_break_never_splits_the_message(runner, tmp_path):
    path = write(tmp_path, "game.yaml", 'format: scorepad/mf-game@1\nplayers: [A, B]\n'
                 'rounds: []\n"x\\ny": 1\n')
    line = one_line_about(run(runner, "mf", "check", str(path)), path)
    assert "x\\ny: unknown key" in line


def test_a_file_name_with_an_escape_character_is_shown_escaped(runner, tmp_path):
    path = write(tmp_path, "a\x1b[2Jb.yaml", "format: x\n")
    result = run(runner, "mf", "check", str(path))
    assert result.exit_code == 2 and "\x1b" not in result.stderr
    assert result.stderr.startswith(str(path).replace("\x1b", "\\x1b") + ": ")


@pytest.mark.parametrize("name, text", [
    ("c.yaml", 'format: scorepad/mf-game@1\nplayers: ["A\\e[2J", B]\nrounds: []\n'),
    ("c.json", '{"format": "scorepad/mf-game@1", "players": ["A\\u0007", "B"], "rounds": []}'),
])
def test_text_with_a_control_character_is_refused(runner, tmp_path, name, text):
    path = write(tmp_path, name, text)
    line = one_line_about(run(runner, "mf", "score", str(path)), path)
    assert "control character" in line


def test_shown_shortens_values_to_about_60_characters():
    assert shown("x" * 1000) == "'" + "x" * 57 + "…'"
    assert len(shown(list(range(10**5)))) <= 60
    assert shown("\x1b[2J") == "'\\x1b[2J'"  # never moves the terminal's cursor


# --- output paths and temporary files ----------------------------------------------------

@pytest.mark.parametrize("args", [
    ["vv", "template", "berlin", "-o", "."],
    ["vv", "sheet", "berlin", "-o", "."],
    ["floris", "pad", "-o", "."],
    ["mf", "aid", "-o", "."],
])
def test_an_output_path_naming_a_folder_is_exit_2(runner, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = run(runner, *args)
    assert result.exit_code == 2, (result.output, result.exception)
    assert "is a directory" in result.stderr and "Traceback" not in result.output


def test_a_log_naming_a_folder_is_exit_2(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(runner, "floris", "tally", "--players", "Ann,Bob", "--log", ".", input="")
    assert result.exit_code == 2, (result.output, result.exception)
    assert "is a directory" in result.stderr


def test_atomic_write_refuses_a_folder(tmp_path):
    for target in (tmp_path, str(tmp_path / "new") + "/", str(tmp_path) + "/."):
        with pytest.raises(InputError, match="is a directory"):
            atomic_write(target, "x")


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_stale_temporaries_of_killed_writes_are_removed_on_the_next_write(tmp_path):
    target = tmp_path / "game.yaml"
    gone = tmp_path / f".game.yaml.{dead_pid()}-0.tmp"
    old = tmp_path / f".game.yaml.{os.getppid()}-3.tmp"  # a live pid, but hours old
    live = tmp_path / f".game.yaml.{os.getppid()}-0.tmp"  # a live writer's: kept
    fresh_gone = tmp_path / f".game.yaml.{dead_pid()}-1.tmp"  # just written: kept for now
    other = tmp_path / f".other.yaml.{dead_pid()}-0.tmp"  # another file's: kept
    for path in (gone, old, live, fresh_gone, other):
        path.write_text("partial")
    past = time.time() - 60
    for path in (gone, live, other):
        os.utime(path, (past, past))
    os.utime(old, (past - 7200, past - 7200))
    atomic_write(target, "done")
    assert target.read_text() == "done"
    assert not gone.exists() and not old.exists()
    assert live.exists() and fresh_gone.exists() and other.exists()
    assert remove_stale_temporaries(target) == []


# --- seeds -------------------------------------------------------------------------------

def deck_cards(runner, seed: str, count: int = 12) -> list:
    result = run(runner, "vv", "deck", "--seed", seed, "--count", str(count), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["cards"]


@pytest.mark.parametrize("typed", ["0x2A", "true", "042", "1_000", "4.20", "2026-12-01", "42"])
def test_a_seed_written_as_a_bare_number_is_the_text_typed(runner, tmp_path, typed):
    assert read_mapping(write(tmp_path, "s.yaml", f"seed: {typed}\n")) == {"seed": typed}
    cards = deck_cards(runner, typed)
    log = write(tmp_path, "flip.yaml", f"format: scorepad/vv-game@1\nseed: {typed}\n"
                "players: []\nrounds: [" + ", ".join(f"{{card: {c}}}" for c in cards) + "]\n")
    result = run(runner, "vv", "check", str(log))
    assert result.exit_code == 0, result.output


def test_a_seed_in_json_is_text_too(tmp_path):
    path = tmp_path / "s.json"
    path.write_text('{"seed": 42, "other": {"seed": true}}')
    assert read_mapping(path) == {"seed": "42", "other": {"seed": "true"}}
    path.write_text('{"seed": 4.20}')
    with pytest.raises(InputError, match="seed"):
        read_mapping(path)


def test_the_same_seed_typed_on_two_phones_gives_the_same_cards(runner):
    assert deck_cards(runner, "caf\u00e9") == deck_cards(runner, " cafe\u0301 ")
    result = run(runner, "vv", "deck", "--seed", "cafe\u0301 ", "--count", "1", "--json")
    assert json.loads(result.stdout)["seed"] == "caf\u00e9"
