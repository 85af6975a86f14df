"""Shell completion (Click's): command names, and the bundled map ids wherever a MAP goes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete

from scorepad.main import root

MAPS = ["amsterdam", "berlin", "paris", "madrid"]


def completions(args: list[str], incomplete: str) -> list[tuple[str, str]]:
    comp = ShellComplete(root, {}, "scorepad", "_SCOREPAD_COMPLETE")
    return [(item.type, item.value) for item in comp.get_completions(args, incomplete)]


@pytest.mark.parametrize("args", [["vv", "sheet"], ["vv", "play"], ["vv", "simulate"],
                                  ["vv", "enter"], ["vv", "template"], ["vv", "flip", "--map"],
                                  ["vv", "map", "check"]])
def test_a_map_completes_to_the_bundled_ids_then_files(args):
    assert completions(args, "") == [("file", ""), *(("plain", m) for m in MAPS)]
    assert completions(args, "ma") == [("file", "ma"), ("plain", "madrid")]
    assert completions(args, "maps/") == [("file", "maps/")]  # a path: files only


def test_commands_and_choices_complete():
    assert ("plain", "sheet") in completions(["vv"], "sh")
    assert completions(["vv", "sheet", "berlin", "--lang"], "") == \
        [("plain", "en"), ("plain", "de"), ("plain", "fr")]


def test_the_installed_command_answers_bash():
    env = {**os.environ, "COMP_WORDS": "scorepad vv sheet ber", "COMP_CWORD": "3",
           "_SCOREPAD_COMPLETE": "bash_complete"}
    scorepad = Path(sys.executable).with_name("scorepad")
    result = subprocess.run([str(scorepad)], env=env, capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["file,ber", "plain,berlin"]


@pytest.mark.parametrize("args", [["vv", "score"], ["vv", "check"], ["mf", "score"],
                                  ["mf", "check"], ["floris", "score"], ["floris", "check"],
                                  ["vv", "render"], ["vv", "analyse"],
                                  ["vv", "score", "a.yaml"]])
def test_a_file_argument_completes_to_file_names(args):
    assert completions(args, "ga") == [("file", "ga")]
