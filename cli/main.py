"""The root command, and the error boundary that turns scorepad's errors into exit codes."""

from __future__ import annotations

import sys

import click

from scorepad import __version__
from scorepad.lazy import LazyGroup


class Root(LazyGroup):
    """The ``scorepad`` group: runs a command and reports scorepad errors in one line.

    A ``ScorepadError`` (a violation: exit 1; bad input: exit 2) or an ``OSError`` from
    reading or writing a file becomes a one-line message on stderr, never a traceback.
    """

    def invoke(self, ctx: click.Context):
        from scorepad.rules.common.errors import ScorepadError

        try:
            return super().invoke(ctx)
        except ScorepadError as err:
            click.echo(str(err), err=True)
            ctx.exit(err.exit_code)
        except OSError as err:
            where = f"{err.filename}: " if getattr(err, "filename", None) else ""
            click.echo(f"{where}{err.strerror or err}", err=True)
            ctx.exit(2)


@click.group(
    cls=Root,
    lazy={
        "voll-verplant": "scorepad.vv:group",
        "mille-fiori": "scorepad.mf:group",
        "floris": "scorepad.floris:group",
        "serve": "scorepad.web.serve:serve_cmd",
    },
    aliases={"vv": "voll-verplant", "mf": "mille-fiori"},
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="scorepad")
def root() -> None:
    """Print, flip and score Voll verplant, Mille Fiori and Floris.

    \b
    Example:
      scorepad vv sheet berlin -o output/berlin.pdf
    """


def main() -> None:
    """Console-script entry point."""
    root.main(prog_name="scorepad")
    sys.exit(0)
