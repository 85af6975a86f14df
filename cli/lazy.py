"""A Click group whose subcommands are imported only when used.

Keeps ``scorepad --version`` and ``--help`` fast: pydantic, PyYAML and reportlab are
imported by the commands that need them, not at start-up.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import click

#: How much of a command's first sentence its group's ``--help`` lists: all of it, wrapped
#: under the name where it is long (Click's default cuts it to the line with "...").
SUMMARY_CHARS = 300


class LazyGroup(click.Group):
    """A group mapping command names to ``"module:attribute"`` import paths.

    ``aliases`` maps a short name to a listed one (``vv`` → ``voll-verplant``); aliases
    work everywhere but are not listed twice in ``--help``.
    """

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None,
                 aliases: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.aliases = dict(aliases or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        present = {name for name, target in self.lazy.items() if _module_exists(target)}
        return sorted(set(super().list_commands(ctx)) | present)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd_name = self.aliases.get(cmd_name, cmd_name)
        if cmd_name in self.lazy and _module_exists(self.lazy[cmd_name]):
            module, _, attr = self.lazy[cmd_name].partition(":")
            command: click.Command = getattr(importlib.import_module(module), attr)
            return command
        return super().get_command(ctx, cmd_name)

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as err:
            raise _shortened(err) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as err:
            raise _shortened(err) from None

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command ``args`` names, under the name the user typed (``vv``, not
        ``voll-verplant``): its usage line and messages repeat the user's words."""
        typed = args[0] if args else ""
        if (typed and not typed.startswith("-") and self.get_command(ctx, typed) is None
                and not ctx.resilient_parsing):
            known = [*self.list_commands(ctx), *self.aliases]
            folded = [name for name in known if name.lower() == typed.lower()]
            if folded:  # VV, Score: a command name in another case is still that command
                args = [folded[0], *args[1:]]
            else:
                from scorepad.options import did_you_mean

                ctx.fail(f"No such command {typed!r}{did_you_mean(typed, known)}. "
                         f"Commands: {', '.join(self.list_commands(ctx))}.")
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None:  # the command path, for the error boundary's one line
            ctx.meta.setdefault("scorepad.path", []).append(cmd.name)
        return (name if cmd is not None and name in self.aliases else
                (cmd.name if cmd else name)), cmd, rest

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        short = {v: k for k, v in self.aliases.items()}
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            label = f"{name}|{short[name]}" if name in short else name
            rows.append((label, cmd.get_short_help_str(limit=SUMMARY_CHARS)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _shortened(err: click.UsageError) -> click.UsageError:
    """Click's usage error with the values it quotes shortened (``No such command 'xxx…'``):
    a 1 MB argument never becomes a 1 MB message.

    A bare group's help (Click 8.2's ``NoArgsIsHelpError``, a usage error whose message is
    the whole help page) is left as Click shows it: many lines, none of them user input.
    """
    from scorepad.rules.common.errors import shortened_message

    if isinstance(err, click.exceptions.NoArgsIsHelpError):
        return err
    err.message = shortened_message(err.message)  # type: ignore[misc]  # Final in stubs only
    return err


def _module_exists(target: str) -> bool:
    """Whether a ``module:attr`` target's module is installed (a command may be optional)."""
    return importlib.util.find_spec(target.partition(":")[0]) is not None
