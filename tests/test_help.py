"""The help a newcomer sees: a bare group prints its help (many lines, as Click shows it),
help pages fit an 80-column terminal, group listings never cut a summary, and usage lines
repeat the name the user typed (``scorepad vv``, not ``scorepad voll-verplant``)."""

from __future__ import annotations

import click
import pytest

from scorepad.main import root

#: Since Click 8.2 a bare group is a usage error: exit 2, the whole help on stderr.
BARE_EXIT = 2


def _pages(group: click.Group, path: list[str]):
    for name in group.list_commands(click.Context(group)):
        cmd = group.get_command(click.Context(group), name)
        assert cmd is not None
        yield [*path, name]
        if isinstance(cmd, click.Group):
            yield from _pages(cmd, [*path, name])


def help_of(runner, args: list[str]) -> str:
    """``scorepad ARGS --help`` in an 80-column terminal."""
    return runner.invoke(root, prog_name="scorepad", args=[*args, "--help"],
                         terminal_width=80).output


PAGES = [[], *_pages(root, [])]
GROUPS = [[], ["vv"], ["voll-verplant"], ["mf"], ["mille-fiori"], ["floris"], ["vv", "map"]]


@pytest.mark.parametrize("args", GROUPS, ids=lambda a: " ".join(["scorepad", *a]))
def test_a_bare_group_prints_its_help_on_many_lines(runner, args):
    result = runner.invoke(root, prog_name="scorepad", args=args, terminal_width=80)
    assert result.exit_code == BARE_EXIT
    lines = result.output.splitlines()
    assert lines[0] == f"Usage: {' '.join(['scorepad', *args])} [OPTIONS] COMMAND [ARGS]..."
    assert "\\n" not in result.output
    assert "Commands:" in lines and "Options:" in lines
    assert any(line.strip().startswith("scorepad ") for line in lines), "its example"


def test_the_installed_command_with_no_arguments_prints_the_help():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "scorepad"], capture_output=True, text=True,
                            timeout=60, env={"COLUMNS": "80", "PATH": ""})
    assert result.returncode == BARE_EXIT
    text = result.stdout + result.stderr
    assert text.startswith("Usage: ") and len(text.splitlines()) > 10
    assert "voll-verplant|vv" in text


@pytest.mark.parametrize("args", PAGES, ids=lambda a: " ".join(["scorepad", *a]))
def test_help_fits_80_columns(runner, args):
    text = help_of(runner, args)
    wide = [line for line in text.splitlines() if len(line) > 80]
    assert not wide, wide


@pytest.mark.parametrize("args", [a for a in PAGES if a in GROUPS or a == ["voll-verplant"]],
                         ids=lambda a: " ".join(["scorepad", *a]))
def test_group_listings_give_whole_summaries(runner, args):
    text = help_of(runner, args)
    listing = text.split("Commands:\n", 1)[1]
    assert "..." not in listing
    assert "Voll verplant" in help_of(runner, []).split("Commands:")[1]


@pytest.mark.parametrize(("typed", "usage"), [
    (["vv", "sheet"], "Usage: scorepad vv sheet [OPTIONS] MAP"),
    (["voll-verplant", "sheet"], "Usage: scorepad voll-verplant sheet [OPTIONS] MAP"),
    (["mf", "deal"], "Usage: scorepad mf deal [OPTIONS]"),
    (["VV", "map", "check"], "Usage: scorepad vv map check [OPTIONS]"),
])
def test_usage_repeats_the_name_typed(runner, typed, usage):
    assert help_of(runner, typed).startswith(usage)


def test_a_usage_error_names_the_command_as_typed(runner):
    result = runner.invoke(root, prog_name="scorepad", args=["vv", "sheet"])
    assert result.exit_code == 2
    assert "Try 'scorepad vv sheet -" in result.stderr  # -h or --help: Click's choice
