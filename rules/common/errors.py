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

from collections.abc import Sequence


class ScorepadError(Exception):
    """Base of all errors scorepad reports to a user."""

    exit_code = 1

    def __init__(self, message: str, *, where: tuple[str, ...] | list[str] = (),
                 source: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where: tuple[str, ...] = tuple(w for w in where if w)
        self.source = source

    def at(self, *place: str) -> ScorepadError:
        """Prepend outer places (``err.at("round 3", "Ann")``) and return the same error."""
        self.where = tuple(p for p in place if p) + self.where
        return self

    def in_file(self, source: str) -> ScorepadError:
        """Name the file the error was found in (kept if one is named already)."""
        if self.source is None:
            self.source = source
        return self

    def __str__(self) -> str:
        parts = []
        if self.source:
            parts.append(self.source)
        if self.where:
            parts.append(", ".join(self.where))
        parts.append(self.message)
        return ": ".join(parts)


class InputError(ScorepadError):
    """The input cannot be read or lacks its format's shape (exit 2)."""

    exit_code = 2


class ContentError(ScorepadError):
    """The input has its format's shape but names something the game does not know (exit 1)."""

    exit_code = 1


class RuleViolation(ScorepadError):
    """A move or claim the rules forbid (exit 1). ``rule`` is a short stable rule name."""

    exit_code = 1

    def __init__(self, message: str, *, rule: str, where: tuple[str, ...] | list[str] = (),
                 source: str | None = None) -> None:
        super().__init__(message, where=where, source=source)
        self.rule = rule


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

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


def raise_all(errors: Sequence[ScorepadError]) -> None:
    """Raise nothing, the one error, or all of them together."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise Problems(errors)
