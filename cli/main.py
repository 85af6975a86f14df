"""The root command, and the error boundary that turns scorepad's errors into exit codes."""

from __future__ import annotations

import errno
import gc
import os
import sys
from typing import Any

import click

from scorepad import __version__
from scorepad.lazy import LazyGroup
from scorepad.rules.registry import abouts

#: An internal error (a bug): BSD's EX_SOFTWARE.
EXIT_INTERNAL = 70
#: Interrupted by Ctrl-C (128 + SIGINT); interactive tools save their game first.
EXIT_INTERRUPTED = 130


class Root(LazyGroup):
    """The ``scorepad`` group: runs a command and reports every failure in one line.

    * a ``ScorepadError`` (a violation: exit 1; bad input: exit 2) or an ``OSError`` from
      reading or writing a file: its message, never a traceback;
    * Ctrl-C (or the end of input) outside a game's prompt: one word, exit 130;
    * a closed pipe (``scorepad vv deck --count 10000 | head -1``): quietly exit 0;
    * anything else is a bug: one line saying what failed and that ``--debug`` shows
      the traceback, exit 70 (the interactive loop has saved its log before).
    """

    def invoke(self, ctx: click.Context) -> Any:
        from scorepad.rules.common.errors import ScorepadError

        lock = sys.modules.get("scorepad.lock")
        holding = lock.held() if lock is not None else frozenset()  # a server in a test's process
        try:
            return super().invoke(ctx)
        except ScorepadError as err:
            click.echo(str(err), err=True)
            ctx.exit(err.exit_code)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except (KeyboardInterrupt, EOFError) as err:
            click.echo("interrupted" if isinstance(err, KeyboardInterrupt) else "end of input",
                       err=True)
            ctx.exit(EXIT_INTERRUPTED)
        except OSError as err:
            if _closed_pipe(err):
                _silence_stdout()
                ctx.exit(0)
            where = f"{err.filename}: " if getattr(err, "filename", None) else ""
            if not where and err.errno in _FULL:  # naming no file: the output (`> /dev/full`)
                where = "<stdout>: "
            click.echo(f"{where}{err.strerror or err}", err=True)
            ctx.exit(2)
        except Exception as err:  # noqa: BLE001 - a bug: one line and exit 70, not a traceback
            if ctx.params.get("debug"):
                import traceback

                traceback.print_exc()
            else:
                path = " ".join(["scorepad", *ctx.meta.get("scorepad.path", [])])
                what = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
                click.echo(f"{path}: internal error ({what[:200]}); run it again with "
                           "scorepad --debug ... to see the details", err=True)
            ctx.exit(EXIT_INTERNAL)
        finally:  # the command is done: what it claimed and held is given back
            written, held = sys.modules.get("scorepad.io"), sys.modules.get("scorepad.lock")
            if written is not None:  # a name chosen and never written
                written.drop_unwritten_claims()
            if held is not None:  # the logs it played
                held.release_all(keep=holding)


#: A write that found no room (a full disk or quota, a file grown past its limit).
_FULL = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG")
                  if hasattr(errno, name))


def _closed_pipe(err: OSError) -> bool:
    return isinstance(err, BrokenPipeError) or err.errno == errno.EPIPE


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test runner's)
        pass


@click.group(
    cls=Root,
    lazy={
        # each game's group, from the registry: its package is named by its short name
        **{game_id: f"scorepad.{about.short}:group" for game_id, about in abouts().items()},
        "serve": "scorepad.web.serve:serve_cmd",
    },
    aliases={about.short: game_id for game_id, about in abouts().items()
             if about.short != game_id},
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="scorepad")
@click.option("--debug", is_flag=True,
              help="On an internal error, show the Python traceback.")
def root(debug: bool) -> None:
    """Print, flip and score Voll verplant, Mille Fiori and Floris.

    \b
    Example:
      scorepad vv sheet berlin -o output/berlin.pdf
    """


#: Allocations between two collections of the collector's youngest generation (CPython's
#: default is 700). Starting a command builds some 60,000 objects that live as long as the
#: process (modules, pydantic's schemas, the font tables); at 700 the collector walked them
#: about a hundred times while they were built, a twentieth of ``vv sheet``'s time. A short
#: command now ends before its first collection; a long one (``serve``, ``play``) still
#: collects, every 100,000 allocations (a few milliseconds each time).
GC_THRESHOLD = 100_000

#: pydantic's documented switch for its plugins. scorepad's models use none, yet pydantic
#: looks for them when it builds its first validator: it reads the entry points of every
#: installed distribution (3-4 ms of `vv sheet` in the test environment, more with many
#: packages, and a plugin such as logfire's imports its whole SDK). A user who sets the
#: variable (even to "", which searches again) keeps their choice.
PYDANTIC_PLUGINS = ("PYDANTIC_DISABLE_PLUGINS", "__all__")


#: How the user started scorepad, for the commands the tools print (a ``--resume`` hint
#: must run when pasted): ``scorepad`` when that name finds it, else the path typed
#: (``.venv/bin/scorepad``) or ``PYTHON -m scorepad``. Set by :func:`main`; a test
#: runner's in-process run keeps ``scorepad``.
PROGRAM = "scorepad"


def invoked_as(argv0: str, executable: str) -> str:
    """The program part of a command line that starts this scorepad again."""
    import shlex
    import shutil

    name = os.path.basename(argv0)
    if name == "__main__.py":  # python -m scorepad: argv[0] is the module's file
        return f"{shlex.quote(executable)} -m scorepad"
    found = shutil.which(name)
    try:
        if found and os.path.samefile(found, argv0):
            return name
    except OSError:
        pass
    return shlex.quote(argv0)


def as_typed(command: str) -> str:
    """``command`` (``scorepad vv flip ...``) with the program as the user started it."""
    head, space, rest = command.partition(" ")
    return PROGRAM + space + rest if head == "scorepad" else command


def main() -> None:
    """Console-script entry point.

    The collector runs less often (:data:`GC_THRESHOLD`). When the command is done the
    process ends: the objects it built (pydantic's schemas, the font tables, a sheet's
    layout) are frozen out of the collector first, so the interpreter's last collections do
    not walk them only to free memory the operating system takes back anyway. That walk was
    a fifth of a short command's time (``vv score``: 20 ms of 150). Files are written and
    closed by then (atomic writes), and output is flushed at exit all the same. pydantic
    does not look for plugins (:data:`PYDANTIC_PLUGINS`).
    """
    global PROGRAM
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    PROGRAM = invoked_as(sys.argv[0], sys.executable)
    os.environ.setdefault(*PYDANTIC_PLUGINS)
    try:
        root.main(prog_name="scorepad")
    finally:
        gc.freeze()
    sys.exit(0)
