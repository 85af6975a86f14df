"""One vocabulary across the command line: the Click tree walked, every command checked.

The same option is spelled the same everywhere, with the same short form and metavar;
every option has help; every command's --help ends with an example. A new command that
strays fails here.
"""

from __future__ import annotations

import click
import pytest

from scorepad.main import root

#: long option -> (short form or None, allowed metavars, a flag?)
VOCABULARY = {
    "--seed": ("-s", {"SEED"}, False),
    "--players": ("-p", {"NAMES", "N"}, False),
    "--rules": (None, {"FILE"}, False),
    "--log": (None, {"FILE"}, False),
    "--resume": (None, {"FILE"}, False),
    "--json": (None, {None}, True),
    "--output": ("-o", {"FILE"}, False),
    "--games": ("-n", {None}, False),
    "--logs": (None, {"DIR"}, False),
    "--jobs": ("-j", {"N"}, False),
}
#: short forms belong to one long option each
SHORTS = {short: long for long, (short, _, _) in VOCABULARY.items() if short}


def _commands(group: click.Group, path: list[str], ctx: click.Context):
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None
        sub = click.Context(cmd, parent=ctx, info_name=name)
        if isinstance(cmd, click.Group):
            yield " ".join([*path, name]), cmd
            yield from _commands(cmd, [*path, name], sub)
        else:
            yield " ".join([*path, name]), cmd


COMMANDS = dict(_commands(root, [], click.Context(root, info_name="scorepad")))


def test_the_tree_holds_every_command():
    assert {"voll-verplant play", "voll-verplant flip", "mille-fiori play", "floris tally",
            "voll-verplant score", "mille-fiori score", "floris score"} <= COMMANDS.keys()


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_options_follow_the_vocabulary(path):
    cmd = COMMANDS[path]
    for param in cmd.params:
        if not isinstance(param, click.Option) or param.name == "help":
            continue
        longs = [o for o in param.opts if o.startswith("--")]
        shorts = [o for o in param.opts if not o.startswith("--")]
        assert param.help, f"{path} {param.opts}: no help"
        assert len(longs) == 1, f"{path} {param.opts}: one long spelling"
        long = longs[0]
        assert long == long.lower() and "_" not in long, f"{path} {long}: lower-case-with-dashes"
        for short in shorts:
            assert SHORTS.get(short) == long, \
                f"{path} {param.opts}: {short} is {SHORTS.get(short)}'s"
        if long in VOCABULARY:
            short, metavars, flag = VOCABULARY[long]
            assert shorts == ([short] if short else []), f"{path} {long}: short form {short}"
            assert param.metavar in metavars, f"{path} {long}: metavar {param.metavar}"
            assert param.is_flag == flag, f"{path} {long}"
        if not param.is_flag and param.default not in (None, click.core.UNSET) \
                and not param.required:
            assert param.show_default, f"{path} {long}: a default is shown in --help"


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_help_ends_with_an_example(path, runner):
    result = runner.invoke(root, [*path.split(), "--help"])
    assert result.exit_code == 0
    body = (COMMANDS[path].help or "").strip()
    blocks = body.split("\n\n")
    assert blocks[-1].lstrip("\b\n ").startswith(("Example:", "Examples:")), path
    assert "scorepad " in blocks[-1], path


def test_score_commands_share_their_format_options():
    for game in ("voll-verplant", "mille-fiori", "floris"):
        params = {p.name: p for p in COMMANDS[f"{game} score"].params}
        assert list(params["fmt"].type.choices) == ["text", "json", "bgstats"]
        assert params["as_json"].is_flag
