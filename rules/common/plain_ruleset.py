"""The plain record an engine reads its rule options from, without pydantic.

A game's ruleset lives twice over: a pydantic model (its ``ruleset_model.py``, a
:class:`~scorepad.rules.common.ruleset.Ruleset`) that validates option data and names what
is wrong, and a frozen dataclass built on :class:`PlainRuleset` that the engine reads.
pydantic's import costs more start-up than a whole table-side command, so the bundled
defaults load straight into the record (the test suite validates each bundled file against
its model) and the model is imported only when a log or ``--rules FILE`` changes an option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .ruleset import Ruleset

P = TypeVar("P", bound="PlainRuleset")


class PlainRuleset:
    """Behaviour shared by the option records: subclass it with a frozen dataclass and
    implement :meth:`model` (importing the pydantic model inside it)."""

    @classmethod
    def model(cls) -> type[Ruleset]:
        """The pydantic model that validates this ruleset's options."""
        raise NotImplementedError

    @classmethod
    def of(cls: type[P], data: Mapping[str, Any]) -> P:
        """The record of already validated option data."""
        return cls(**data)

    def model_dump(self) -> dict[str, Any]:
        """The options as plain data, as in the ruleset file."""
        return asdict(self)  # type: ignore[call-overload]

    def with_overrides(self: P, overrides: Mapping[str, Any] | None) -> P:
        """A copy with some options changed; InputError naming a bad option (exit 2)."""
        if not overrides:
            return self
        base = self.model().model_validate(self.model_dump())
        return self.of(base.with_overrides(overrides).model_dump())

    def changed_from(self, base: PlainRuleset) -> dict[str, Any]:
        """The options that differ from ``base`` (usually the bundled defaults)."""
        mine, theirs = self.model_dump(), base.model_dump()
        return {key: value for key, value in mine.items() if theirs.get(key) != value}
