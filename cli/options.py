"""The command line's one vocabulary: shared options, and the parsers behind them.

Every command spells the same option the same way, with the same short form, metavar
and default style (``tests/test_vocabulary.py`` walks the Click tree and holds every
command to it)::

    -s/--seed SEED   -p/--players NAMES|N   --rules FILE   --log FILE   --resume FILE
    --json           --format FORMAT        -o/--output FILE

Names typed by a user (players, maps, bots) are matched by :func:`match_name`:
exactly, then case-insensitively, then by a unique prefix, and otherwise refused with
"did you mean". The printing options (``--format pdf|svg``, ``--paper``, ``--lang``)
are in :mod:`scorepad.printing`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


# --- names typed by users ------------------------------------------------------------------

def did_you_mean(typed: str, known: Iterable[str]) -> str:
    """`` (did you mean 'berlin'?)`` for the closest known name, or ``""``."""
    import difflib  # here: only a mistyped name needs it

    lowered = {name.lower(): name for name in known}
    close = difflib.get_close_matches(typed.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean {lowered[close[0]]!r}?)" if close else ""


def match_name(typed: str, known: Sequence[str], *, what: str = "name") -> str:
    """The one name of ``known`` that ``typed`` means: the same, the same ignoring case,
    or the only one it begins (ignoring case). Otherwise a ContentError (exit 1) saying
    which names there are, with "did you mean" when one is close."""
    from scorepad.rules.common.errors import ContentError

    text = typed.strip()
    if text in known:
        return text
    folded = [name for name in known if name.lower() == text.lower()]
    if len(folded) == 1:
        return folded[0]
    starts = [name for name in known if text and name.lower().startswith(text.lower())]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise ContentError(f"{what} {text!r} is ambiguous: {', '.join(starts)}")
    listed = ", ".join(known) if len(known) <= 12 else ", ".join(known[:12]) + ", ..."
    close = did_you_mean(text, known)  # " (did you mean 'Ann'?)": inside the one bracket
    hint = f"; {close.strip()[1:-1]}" if close else ""
    raise ContentError(f"no {what} {text!r} ({what}s: {listed}{hint})")


def parse_players(text: str, min_players: int = 1, max_players: int = 99) -> list[str]:
    """``"Ann, Bob,Cid"`` → ``["Ann", "Bob", "Cid"]``: comma-separated, trimmed, as
    :func:`scorepad.rules.common.names.check_players` takes them (the browser takes the
    same names). A name may hold spaces (``Ann Lee,Bob`` is two players). Raises
    ``click.BadParameter``."""
    from scorepad.rules.common.errors import InputError
    from scorepad.rules.common.names import check_players

    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise click.BadParameter("an empty name: separate names by commas, e.g. Ann,Bob",
                                 param_hint="--players")
    try:
        return check_players(names, min_players, max_players)
    except InputError as err:
        hint = ", e.g. --players Ann,Bob" if "the game takes" in err.message else ""
        raise click.BadParameter(err.message + hint, param_hint="--players") from None


def complete_file(ctx: click.Context, param: click.Parameter,
                  incomplete: str) -> list[Any]:
    """Shell completion for a FILE argument (a log, a sheet): the shell's file names.
    A plain argument would complete nothing."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


# --- the shared options -------------------------------------------------------------------

def _check_seed(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A seed may be any text, but not an empty one; it is shown and recorded in its normal
    form (NFC, stripped), the text the shuffle uses."""
    from scorepad.rules.common.errors import control_character
    from scorepad.rules.common.shuffle import normal_seed

    if value is not None and not value.strip():
        raise click.BadParameter("a seed cannot be empty")
    if value is not None and control_character(value) is not None:
        raise click.BadParameter("a seed cannot hold a control character or line break "
                                 f"({repr(control_character(value))[1:-1]})")
    return None if value is None else normal_seed(value)


def seed_option(help: str, *, default: str | None = None) -> Callable[[F], F]:
    """``-s/--seed SEED``; ``help`` says what the seed decides (and the default, when it
    is a fresh random seed)."""
    return click.option("-s", "--seed", "seed", metavar="SEED", default=default,
                        show_default=default is not None, callback=_check_seed, help=help)


def players_option(min_players: int, max_players: int, *, dest: str = "players",
                   required: bool = False) -> Callable[[F], F]:
    """``-p/--players NAMES``: the names parsed by :func:`parse_players`, their count held
    to the game's (``None`` when not given)."""
    def convert(ctx: click.Context, param: click.Parameter, value: str | None
                ) -> list[str] | None:
        return None if value is None else parse_players(value, min_players, max_players)

    return click.option("-p", "--players", dest, metavar="NAMES", callback=convert,
                        required=required,
                        help=f"{min_players}-{max_players} distinct names separated by "
                             "commas, e.g. Ann,Bob.")


def player_count_option(min_players: int, max_players: int, *, default: int | None,
                        help: str = "How many players.") -> Callable[[F], F]:
    """``-p/--players N``: a number of players (bots, printed columns, a deal)."""
    # A required option gets no default at all: Click (8.3 on) takes an explicit None
    # for a value given, and the command then ran without one.
    given: dict[str, Any] = ({"default": default, "show_default": True}
                             if default is not None else {})
    return click.option("-p", "--players", "players", metavar="N",
                        type=click.IntRange(min_players, max_players),
                        required=default is None, help=help, **given)


def rules_option(help: str = "A ruleset options file (YAML/JSON).", *,
                 dest: str = "rules_file") -> Callable[[F], F]:
    """``--rules FILE``: ruleset options changing the bundled defaults."""
    return click.option("--rules", dest, metavar="FILE", type=click.Path(dir_okay=False),
                        help=help)


def log_option(help: str, *, dest: str = "log_path") -> Callable[[F], F]:
    """``--log FILE``: where an interactive tool saves its game (never overwritten)."""
    return click.option("--log", dest, metavar="FILE", type=click.Path(),
                        help=help)


def resume_option(help: str, *, dest: str = "resume_path") -> Callable[[F], F]:
    """``--resume FILE``: continue a saved game."""
    return click.option("--resume", dest, metavar="FILE", type=click.Path(dir_okay=False),
                        help=help)


def json_option(help: str = "Print JSON.", *, dest: str = "as_json") -> Callable[[F], F]:
    """``--json``: the machine-readable output."""
    return click.option("--json", dest, is_flag=True, help=help)


def jobs_option(fn: F) -> F:
    """``-j/--jobs N``: worker processes for self-play (default: the machine's cores)."""
    return click.option(
        "--jobs", "-j", type=click.IntRange(1, 256), default=None, metavar="N",
        help="Worker processes (default: the machine's cores); the figures are the same "
             "for any N.")(fn)


def cluster_option(fn: F) -> F:
    """``--cluster ADDRESS``: self-play on a Dask distributed scheduler (``scorepad[cluster]``)."""
    return click.option(
        "--cluster", metavar="ADDRESS", default=None,
        help="Play on the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786; needs "
             "scorepad[cluster] here and on the workers) instead of --jobs; the same "
             "figures, logs written here.")(fn)


def rollouts_option(default: int, help: str) -> Callable[[F], F]:
    """``--rollouts N``: a search's budget in rollouts (deterministic, unlike seconds)."""
    return click.option("--rollouts", "rollouts", metavar="N", type=click.IntRange(1, 4096),
                        default=default, show_default=True, help=help)


def search_budget_option(help: str) -> Callable[[F], F]:
    """``--budget SECONDS``: a search's time limit (the answer then depends on the machine)."""
    return click.option("--budget", "budget", type=click.FloatRange(min=0.001), metavar="SECONDS",
                        default=None, help=help)


def output_option(help: str, *, dest: str = "output") -> Callable[[F], F]:
    """``-o/--output FILE``: the file to write."""
    return click.option("-o", "--output", dest, metavar="FILE",
                        type=click.Path(), help=help)


SCORE_FORMATS = ("text", "json", "bgstats")


def score_format_options(fn: F) -> F:
    """``--format text|json|bgstats`` and ``--json`` (= ``--format json``), resolved into
    one ``fmt`` argument; ``--json`` with another ``--format`` is refused (exit 2)."""
    def resolve(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        ctx.meta.setdefault("scorepad.format", {})[param.name] = value
        chosen = ctx.meta["scorepad.format"]
        if {"fmt", "as_json"} <= chosen.keys():
            fmt, as_json = chosen["fmt"], chosen["as_json"]
            if as_json and fmt not in (None, "json"):
                raise click.UsageError(f"--json and --format {fmt} contradict each other: "
                                       "give one", ctx)
            ctx.meta["scorepad.fmt"] = fmt or ("json" if as_json else "text")
        return value

    fn = click.option("--format", "fmt", type=click.Choice(SCORE_FORMATS, case_sensitive=False),
                      default=None, callback=resolve, expose_value=False,
                      help="text (the default), json, or bgstats (a BG Stats play record).")(fn)
    fn = click.option("--json", "as_json", is_flag=True, callback=resolve, expose_value=False,
                      help="The same as --format json.")(fn)
    return _with_fmt(fn)


def _with_fmt(fn: F) -> F:
    """Pass the resolved format to ``fn`` as ``fmt``."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["fmt"] = click.get_current_context().meta.get("scorepad.fmt", "text")
        return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
