"""The Floris ruleset (``floris-1``): every [default] rule of Floris as an option.

:class:`FlorisRules` is the plain, frozen record the rules read. The bundled defaults
(``data/ruleset.yaml``) load without pydantic — the test suite validates that file with
:class:`.ruleset_model.FlorisRulesModel` — and pydantic is imported only when options are
changed (:meth:`FlorisRules.with_overrides`), to validate the change and name what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from scorepad.rules.common.plain_ruleset import PlainRuleset

if TYPE_CHECKING:
    from .ruleset_model import FlorisRulesModel


@dataclass(frozen=True)
class FlorisRules(PlainRuleset):
    """Options of a Floris game (see ``data/ruleset.yaml`` for each)."""

    ruleset: str
    min_flowers: int
    run_starts_at_one: bool
    bonus_from: int
    bonus_per_flower: int
    final_bouquet: str
    penalty_per_card: int
    ties: str

    @classmethod
    def model(cls) -> type[FlorisRulesModel]:
        """The pydantic model that validates these options."""
        from .ruleset_model import FlorisRulesModel

        return FlorisRulesModel

    def bonus(self, flowers: int) -> int:
        """Extra points for a valid bouquet of ``flowers`` flowers (0 below ``bonus_from``)."""
        if flowers < self.bonus_from:
            return 0
        return (flowers - self.bonus_from + 1) * self.bonus_per_flower


@lru_cache(maxsize=1)
def default_rules() -> FlorisRules:
    """The bundled ruleset ``floris-1`` (validated by the test suite, read here plainly)."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    return FlorisRules.of(load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml")))
