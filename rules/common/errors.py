"""Errors as values with places.

Every problem scorepad reports is a :class:`ScorepadError` that carries *where* it is
(file, round, player, line, station, field ...) and *what* is wrong. The command line
formats it once as ``file: place, place: message`` and maps it to an exit code:

* :class:`InputError` (exit 2): the input lacks its format's shape (syntax, missing or
  mistyped keys, wrong ``format``) or a usage error.
* :class:`ContentError` (exit 1): the input has the right shape but names something the
  game does not know (an unknown map, line, station, card, space).
* :class:`RuleViolation` (exit 1): a move the rules forbid; it names the rule broken.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

#: How many characters of a value a message shows (the rest is cut with "…").
VALUE_CHARS = 60
#: How many characters of a file name (with the file naming it) a message shows.
SOURCE_CHARS = 200
#: The longest line an error becomes, whatever it quotes.
LINE_CHARS = 400

# A long quoted value as ``repr`` writes it ('...' or "..." with backslash escapes), starting
# and ending where a value can (not the apostrophe of "can't", not between two quoted "+").
_N = "{%d,}" % VALUE_CHARS  # noqa: UP031 - braces of a regex, not of a format
_QUOTED = re.compile(r"(?<![^\s(\[{,=:])(?:'(?:[^'\\\n]|\\.)" + _N + "'"
                     + r'|"(?:[^"\\\n]|\\.)' + _N + '")' + r"(?=$|[\s,;:.)\]}])")


def shorten(text: str, limit: int = VALUE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with "…"."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown(value: object, limit: int = VALUE_CHARS) -> str:
    """How a message quotes a value: its ``repr``, shortened (a 1 MB value stays one short
    line). Non-printable characters are escaped by ``repr``, so a value never moves the
    terminal's cursor."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
        return text if len(value) <= limit else shorten(text[:-1], limit - 1) + text[0]
    return shorten(repr(value) if isinstance(value, (int, float, bool, type(None)))
                   else _short_repr(value, limit), limit)


def _short_repr(value: object, limit: int) -> str:
    """The start of ``repr(value)`` for a list or mapping, without building it whole (a
    shared YAML alias may make a value far bigger to print than its file)."""
    import reprlib

    brief = reprlib.Repr()
    brief.maxlevel, brief.maxlist, brief.maxdict, brief.maxstring, brief.maxother = \
        3, 6, 6, limit, limit
    return brief.repr(value)


def _shorten_quoted(text: str) -> str:
    return _QUOTED.sub(lambda m: shown_quoted(m.group(0)), text)


def shortened_message(text: str) -> str:
    """A message from elsewhere (Click's usage errors) with its quoted values shortened."""
    return shorten(_shorten_quoted(one_line(text)), LINE_CHARS)


# Characters that would end the line or move the terminal's cursor: written as escapes.
# (lone surrogates too: text that is not valid Unicode cannot be written to a log)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def one_line(text: str) -> str:
    """``text`` with line breaks and control characters escaped (``\\n``, ``\\x1b``): a key
    or file name from a file never splits a message or clears the screen."""
    return _CONTROL.sub(lambda m: repr(m.group(0))[1:-1], text)


def shown_quoted(quoted: str) -> str:
    """A quoted literal of a message shortened to :data:`VALUE_CHARS`."""
    return shorten(quoted[:-1], VALUE_CHARS - 1) + quoted[-1]


_E = TypeVar("_E", bound="ScorepadError")


class ScorepadError(Exception):
    """Base of all errors scorepad reports to a user."""

    exit_code = 1

    def __init__(self, message: str, *, where: tuple[str, ...] | list[str] = (),
                 source: str | None = None, key: str | None = None,
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where: tuple[str, ...] = tuple(w for w in where if w)
        self.source = source
        #: the catalogue's key of the message (``rules.refuse.<key>``) and its values, when
        #: it has one: :meth:`said` words it in another language
        self.key = key
        self.params: dict[str, object] = dict(params or {})

    @classmethod
    def worded(cls: type[_E], key: str, params: Mapping[str, object] | None = None, *,
               where: tuple[str, ...] | list[str] = ()) -> _E:
        """The error whose message is the catalogue's ``rules.refuse.<key>`` filled from
        ``params`` (its ``message``: the English text)."""
        params = dict(params or {})
        return cls(_refusal_text(key, "en", params), where=where, key=key, params=params)

    def said(self, lang: str) -> str:
        """The message in ``lang`` (en/de/fr; English when it has no key or the language is
        unknown)."""
        return self.message if self.key is None else _refusal_text(self.key, lang, self.params)

    def at(self: _E, *place: str) -> _E:
        """Prepend outer places (``err.at("round 3", "Ann")``) and return the same error."""
        self.where = tuple(p for p in place if p) + self.where
        return self

    def in_file(self, source: str) -> ScorepadError:
        """Name the file the error was found in (kept if one is named already)."""
        if self.source is None:
            self.source = source
        return self

    def named_in(self, outer: str, what: str) -> ScorepadError:
        """The error of a file named inside ``outer`` (a log's map): reported as
        ``outer: what: ...`` (``game.yaml: map 'x.yaml': no such file``)."""
        self.source = f"{outer}: {what}"
        return self

    def __str__(self) -> str:
        """``file: place, place: message``; quoted values and the whole line shortened, so
        a huge value in a file never becomes a huge message."""
        parts = []
        if self.source:
            parts.append(shorten(_shorten_quoted(one_line(self.source)), SOURCE_CHARS))
        if self.where:  # each place cut like a value: a key from a file may be any length
            parts.append(_shorten_quoted(one_line(", ".join(shorten(w) for w in self.where))))
        parts.append(_shorten_quoted(one_line(self.message)))
        return shorten(": ".join(parts), LINE_CHARS)


class InputError(ScorepadError):
    """The input cannot be read or lacks its format's shape (exit 2)."""

    exit_code = 2


def control_character(text: str) -> str | None:
    """The first control character or line break in ``text`` (None when there is none).

    A seed or a player's name is one line of plain text: it is printed at the table,
    written into the game log (whose reader refuses control characters) and shown on
    phones. Every command and page that takes one refuses such text up front
    (:func:`check_plain`), so no log is written that ``check`` or ``--resume`` would
    refuse later.
    """
    found = _CONTROL.search(text)
    return found.group(0) if found else None


def check_plain(text: str, what: str) -> str:
    """``text`` unchanged, or InputError (exit 2) when it holds a control character."""
    char = control_character(text)
    if char is not None:
        raise InputError(f"a {what} cannot hold a control character or line break "
                         f"({repr(char)[1:-1]})")
    return text


#: The most values a move may hold (a real one holds a few dozen).
MOVE_VALUES = 10_000
#: The largest number a move may hold (the reader's bound on a log's numbers).
MOVE_NUMBER = 10**18


def check_move(move: object) -> None:
    """Refuse a move that the game log could not be read back with (InputError, exit 2):
    text holding a control character or line break (anywhere, keys too), a number that
    is not finite or beyond ±10^18, more than :data:`MOVE_VALUES` values.

    The one door every move of every front-end passes (``Session.step``): the terminal's
    typed moves, the browser's JSON and a resumed log's steps alike, so no front-end can
    save a log that ``check`` and ``--resume`` would refuse.
    """
    import math

    stack, count = [move], 0
    while stack:
        value = stack.pop()
        count += 1
        if count > MOVE_VALUES:
            raise InputError(f"a move of more than {MOVE_VALUES:,} values")
        if isinstance(value, str):
            char = control_character(value)
            if char is not None:
                raise InputError("a move cannot hold a control character or line break "
                                 f"({repr(char)[1:-1]})")
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, (int, float)):
            if isinstance(value, float) and not math.isfinite(value):
                raise InputError("a move's number must be finite")
            if abs(value) > MOVE_NUMBER:
                raise InputError("a move's number is out of range (at most ±10^18)")
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)


class ContentError(ScorepadError):
    """The input has its format's shape but names something the game does not know (exit 1)."""

    exit_code = 1


#: The catalogue's prefix of the engines' refusals (``rules.refuse.vv.no-free-window``).
REFUSALS = "rules.refuse."


class RuleViolation(ScorepadError):
    """A move or claim the rules forbid (exit 1). ``rule`` is a short stable rule name.

    A refusal made by :meth:`of` carries the key of its text in the message catalogues
    (``key``) and the values that fill it (``params``), so a page can say it in its own
    language (:meth:`said`); its ``message`` is the English text, as the command line prints
    it."""

    exit_code = 1

    def __init__(self, message: str, *, rule: str, where: tuple[str, ...] | list[str] = (),
                 source: str | None = None, key: str | None = None,
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message, where=where, source=source, key=key, params=params)
        self.rule = rule

    @classmethod
    def of(cls, key: str, *, rule: str, where: tuple[str, ...] | list[str] = (),
           **params: object) -> RuleViolation:
        """The refusal whose text is the catalogue's ``rules.refuse.<key>``, its fields
        filled from ``params`` (its ``message``: the English text; no field may be named
        ``key``, ``rule`` or ``where``)."""
        return cls(_refusal_text(key, "en", params), rule=rule, where=where, key=key,
                   params=params)


class Term(str):
    """A word or phrase a refusal names (a scoring area, a symbol, why a bouquet is none):
    its English text, as the English message says it, and how another language says it."""

    words: Callable[[str], str]

    @classmethod
    def of(cls, english: str, key: str) -> Term:
        """``english`` said by the catalogue's ``key`` in other languages."""
        from .catalogue import text

        return cls.by(english, lambda lang: text(key, lang))

    @classmethod
    def by(cls, english: str, words: Callable[[str], str]) -> Term:
        """``english`` said by ``words(lang)`` in other languages."""
        term = cls(english)
        term.words = words
        return term


def _refusal_text(key: str, lang: str, params: Mapping[str, object]) -> str:
    from .catalogue import text  # the catalogue is read on the first refusal, not on import

    if lang != "en":
        params = {name: value.words(lang) if isinstance(value, Term) else value
                  for name, value in params.items()}
    return text(REFUSALS + key, lang).format(**params)


class UnknownInMove(RuleViolation, ContentError):
    """A move that names something the game does not know (a line, station, card, space or
    player) or is not written in the game's notation: refused like any move the rules forbid
    (code that catches RuleViolation sees it), still a ContentError to the command line."""


def refused(err: ContentError, rule: str = "unknown-in-move") -> RuleViolation:
    """``err`` (a ContentError raised while reading a move) as the RuleViolation that
    ``apply`` raises, with its message, place and file; a RuleViolation is returned as it is."""
    if isinstance(err, RuleViolation):
        return err
    out = UnknownInMove(err.message, rule=rule, where=err.where, source=err.source)
    out.__cause__ = err.__cause__
    return out


class Problems(ScorepadError):
    """Several problems at once (of one file, or of several files of one game).

    Printed one per line, each with its file and place; the exit code is the worst.
    """

    def __init__(self, errors: Sequence[ScorepadError]) -> None:
        flat: list[ScorepadError] = []
        for err in errors:
            flat.extend(err.errors if isinstance(err, Problems) else [err])
        super().__init__("; ".join(e.message for e in flat))
        self.errors: list[ScorepadError] = flat
        self.exit_code = max(e.exit_code for e in flat)

    def in_file(self, source: str) -> Problems:
        for err in self.errors:
            err.in_file(source)
        return self

    def at(self, *place: str) -> Problems:
        for err in self.errors:
            err.at(*place)
        return self

    #: At most this many problems are printed (a file listing a station 90,000 times
    #: is one problem repeated, not 90,000 lines worth reading).
    SHOWN = 20

    def __str__(self) -> str:
        lines = list(dict.fromkeys(str(e) for e in self.errors[:self.SHOWN * 5]))
        more = len(self.errors) - min(len(self.errors), self.SHOWN)
        if more:
            source = self.errors[-1].source
            lines = lines[:self.SHOWN] + [(f"{source}: " if source else "")
                                          + f"and {more} more problem{'s' if more > 1 else ''}"]
        return "\n".join(lines[:self.SHOWN + 1])


def raise_all(errors: Sequence[ScorepadError]) -> None:
    """Raise nothing, the one error, or all of them together."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise Problems(errors)
