"""Fuzzing: mutated files of every format and mutated argument lists never crash, hang or
grow without bound, and every error names the file (see tests/fuzzing.py).

``make test`` runs a few dozen inputs per test (a few seconds); ``make fuzz`` runs the
``fuzz`` hypothesis profile: thousands per test (docs/design.md › Development records the last run).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from fuzzing import (
    ARGUMENT_LISTS,
    NAMES,
    Hang,
    argument_list,
    bounded,
    check_run,
    hostile_file,
    samples,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

_SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
             HealthCheck.function_scoped_fixture]
settings.register_profile("suite", max_examples=25, deadline=None, derandomize=True,
                          suppress_health_check=_SUPPRESS, database=None)
settings.register_profile("fuzz", max_examples=int(os.environ.get("FUZZ_EXAMPLES", "3000")),
                          deadline=None, suppress_health_check=_SUPPRESS)
PROFILE = "fuzz" if os.environ.get("SCOREPAD_FUZZ") else "suite"


@settings.get_profile(PROFILE)
@given(case=hostile_file(), data=st.data())
def test_a_mutated_file_ends_in_0_1_or_2_naming_the_file(tmp_path_factory, case, data):
    sample, raw, suffix = case
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / f"input{suffix}"
    path.write_bytes(raw)
    command = data.draw(st.sampled_from(sample.commands))
    args = [a.replace("{}", str(path)) for a in command]
    check_run(args, [str(path), *(a for a in args if a.startswith("/"))])


@settings.get_profile(PROFILE)
@given(case=hostile_file(), data=st.data())
def test_a_mutated_file_on_standard_input(case, data):
    sample, raw, _ = case
    command = data.draw(st.sampled_from([c for c in sample.commands if c[-1] == "{}"
                                         or "{}" in c[:4]] or sample.commands))
    args = [a.replace("{}", "-") for a in command]
    check_run(args, ["<stdin>", *(a for a in args if a.startswith("/"))], stdin=raw)


@settings.get_profile(PROFILE)
@given(case=hostile_file(kinds=("vv-map",)))
def test_a_mutated_map_named_inside_a_log_names_both(tmp_path_factory, case):
    _sample, raw, suffix = case
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / f"map{suffix}").write_bytes(raw)
    log = folder / "game.yaml"
    log.write_text(f"format: scorepad/vv-game@1\nmap: map{suffix}\nplayers: [Ann]\n"
                   "rounds: [{card: 4, moves: {Ann: {line: A, crosses: 2}}}]\n")
    check_run(["vv", "score", str(log)], [str(log)])


@settings.get_profile(PROFILE)
@given(args=argument_list())
def test_mutated_arguments_end_in_0_1_or_2(tmp_path_factory, args):
    folder = tmp_path_factory.mktemp("fuzz")
    cwd = Path.cwd()
    os.chdir(folder)  # whatever a mutated -o writes lands here
    try:
        check_run(args, [])
    finally:
        os.chdir(cwd)


def test_every_argument_list_is_valid_before_mutation(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args in ARGUMENT_LISTS:
        assert check_run(args, []) == 0, args


def test_the_bounds_stop_a_hang_and_a_runaway_allocation():
    with pytest.raises(Hang), bounded(seconds=0.2):
        time.sleep(5)
    if sys.platform.startswith("linux"):
        with pytest.raises(MemoryError), bounded(memory=64 * 1024 * 1024):
            bytearray(512 * 1024 * 1024)
    with bounded():  # and afterwards everything is as before
        assert len(bytearray(64 * 1024 * 1024)) == 64 * 1024 * 1024


#: The sample logs of each game and the command that resumes one (its answers: quit).
_RESUMABLE = {"vv-game": ("vv", "play"), "mf-game": ("mf", "play"),
              "floris-game": ("floris", "tally")}


@settings.get_profile(PROFILE)
@given(kind=st.sampled_from(sorted(_RESUMABLE)), name=st.sampled_from(NAMES) | st.text(
    min_size=1, max_size=8), as_json=st.booleans())
def test_check_refuses_a_player_name_exactly_when_resume_does(tmp_path_factory, kind, name,
                                                             as_json):
    """A log's player renamed (to a name with a control, separator or invisible character,
    in NFD, too long, or any text): ``check`` and ``--resume`` refuse it alike (exit 2)."""
    import json

    import yaml

    from scorepad.io import dump_yaml

    sample = next(s for s in samples() if s.kind == kind)
    text = dump_yaml(sample.data)
    if "Ann" not in text or "Ann" in name:
        return
    quoted = json.dumps(name)  # every character escaped as YAML reads it
    renamed = yaml.safe_load(text.replace("Ann", quoted))
    path = tmp_path_factory.mktemp("names") / ("log.json" if as_json else "log.yaml")
    path.write_text(json.dumps(renamed) if as_json else text.replace("Ann", quoted))
    group, play = _RESUMABLE[kind]
    checked = check_run([group, "check", str(path)], [str(path)])
    before = path.read_bytes()
    resumed = check_run([group, play, "--resume", str(path)], [str(path)], stdin=b"q\n")
    assert (checked == 2) == (resumed == 2), (name, checked, resumed)
    if resumed == 2:
        assert path.read_bytes() == before  # a refused resume leaves the log alone
