"""Floris in words: moves (:func:`describe`), events (:func:`explain`) and the verdict on
a bouquet with its smallest fix (:func:`verdict_lines`), en/de/fr.

Every text a player reads about a Floris move, event or verdict (the catalogue's
``rules.floris.*`` messages, the flowers' names as ``flower.<id>``/``flowers.<id>``); the
engine's events carry the English text as ``why``, a verdict its problems and a fix its
change as data (:class:`Problem`, :class:`FixWords`) that these words fill.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorepad.rules.common.words import points_text, say

from .flowers import Counts, flower_table, run_text

TEXTS = "rules.floris."  # the catalogue's keys of these words

@dataclass(frozen=True)
class Problem:
    """Why a hand is no bouquet, as the judge found it (:func:`.bouquet.judge`): ``key`` is
    ``no-flowers``, ``no-pattern`` (``from_one``: runs must start at 1) or ``too-few``
    (``least``: the flowers a bouquet needs)."""

    key: str
    least: int = 0
    from_one: bool = True


@dataclass(frozen=True)
class FixWords:
    """A fix (:func:`.fix.smallest_fix`) as words are made from it: the flowers added and
    removed (``(type index, count)``), the types a lone new type may be any of (their
    indices, or empty) and the goal: ``reach`` (the minimum ``least``), ``same`` (all of
    type ``kept``), ``equal``, ``run`` (the ``target`` counts) or ``empty`` (no flowers yet)."""

    adds: tuple[tuple[int, int], ...]
    drops: tuple[tuple[int, int], ...]
    new_options: tuple[int, ...]
    goal: str
    least: int
    kept: int = 0
    target: Counts = ()


def flower_word(index: int, lang: str = "en", plural: bool = False) -> str:
    """A flower type's name, singular or plural, in ``lang``."""
    flower = flower_table().flowers[index]
    return say(TEXTS, f"{'flowers' if plural else 'flower'}.{flower.id}", lang)


def flower_count(index: int, count: int, lang: str = "en") -> str:
    """``1 rose``, ``2 roses`` (``2 Rosen``)."""
    return f"{count} {flower_word(index, lang, count != 1)}"


def counts_text(counts: Counts, lang: str = "en") -> str:
    """``rose 3, lily 3``: the types present with their counts (``no flowers``)."""
    parts = [f"{flower_word(i, lang)} {n}" for i, n in enumerate(counts) if n > 0]
    return ", ".join(parts) if parts else say(TEXTS, "no-flowers", lang)


def _number(what: str, n: int, lang: str) -> str:
    return say(TEXTS, f"{what}-1" if n == 1 else f"{what}-n", lang, n=n)


def pattern_label(pattern: str | None, counts: Counts, lang: str = "en") -> str:
    """``one type``, ``equal counts``, ``run 1-2-3`` or ``no bouquet``, in ``lang``."""
    return say(TEXTS, f"pattern-{pattern}", lang, run=run_text(counts))


def problem_text(problem: Problem, counts: Counts, lang: str = "en") -> str:
    """Why ``counts`` is no bouquet, in ``lang``."""
    if problem.key == "no-pattern":
        key = "no-pattern-one" if problem.from_one else "no-pattern-any"
        return say(TEXTS, key, lang, counts=counts_text(counts, lang))
    if problem.key == "too-few":
        return say(TEXTS, "too-few", lang, flowers=_number("flower", sum(counts), lang),
                   min=problem.least)
    return say(TEXTS, problem.key, lang)


def _join(items: list[str], last: str, lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``und``, ``et``)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {say(TEXTS, last, lang)} {items[-1]}"


def fix_text(fix: FixWords, lang: str = "en") -> str:
    """A fix in words: ``add 1 daisy for 1-2-3``, ``1 rose too many for equal counts``."""
    if fix.goal == "empty":
        return say(TEXTS, "fix-empty", lang, min=fix.least)
    phrases = []
    for i, d in fix.adds:
        if fix.new_options and i in fix.new_options:
            options = _join([flower_word(j, lang) for j in fix.new_options], "or", lang)
            phrases.append(say(TEXTS, "new-type", lang, flowers=_number("flower", d, lang),
                               options=options))
        else:
            phrases.append(flower_count(i, d, lang))
    adds = _join(phrases, "and", lang)
    drops = _join([flower_count(i, d, lang) for i, d in fix.drops], "and", lang)
    key = "add-remove" if fix.adds and fix.drops else "add" if fix.adds else "too-many"
    words = say(TEXTS, key, lang, adds=adds, drops=drops)
    return say(TEXTS, f"goal-{fix.goal}", lang, words=words, min=fix.least,
               plural=flower_word(fix.kept, lang, True), run=run_text(fix.target))


def verdict_lines(verdict: Any, fix: Any, lang: str = "en") -> list[str]:
    """What ``floris bouquet`` prints for a verdict (:class:`.bouquet.Verdict`) and its
    smallest fix (:class:`.fix.Fix` or None), in ``lang``: the browser's checker says the same."""
    if verdict.valid:
        plus = say(TEXTS, "plus-bonus", lang, bonus=verdict.bonus) if verdict.bonus else ""
        label = pattern_label(verdict.pattern, verdict.counts, lang)
        return [say(TEXTS, "valid", lang, label=label,
                    counts=counts_text(verdict.counts, lang),
                    flowers=_number("flower", verdict.flowers, lang), plus=plus,
                    points=_number("point", verdict.points, lang))]
    reason = "; ".join(problem_text(p, verdict.counts, lang) for p in verdict.problems)
    lines = [say(TEXTS, "invalid", lang, reason=reason)]
    if fix is not None:
        lines.append(say(TEXTS, "fix", lang, fix=fix_text(fix.words, lang)))
    return lines


def describe(move: Any, lang: str = "en") -> str:
    """A move (a bouquet spec, or an end-of-game entry) in words."""
    if isinstance(move, Mapping):
        final = move.get("final") or say(TEXTS, "none", lang)
        return say(TEXTS, "entry", lang, **{**{k: move.get(k, 0) for k in
                                              ("left_in_hand", "discarded", "left_in_reserve")},
                                           "final": final})
    return say(TEXTS, "present", lang, spec=move)


def explain(event: Mapping[str, Any], lang: str = "en") -> str:
    """An event of :meth:`.game.Floris.events` in words."""
    fields = dict(event)
    if "points" in fields:
        fields["points"] = points_text(fields["points"])
    kind = event["type"]
    if kind in ("bouquet", "final"):
        fields["label"] = say(TEXTS, f"pattern-{event.get('pattern')}", lang, run=event.get("run"))
        fields["plus"] = say(TEXTS, "plus-bonus", lang, bonus=event["bonus"]) \
            if event.get("bonus") else ""
    if kind == "penalty":
        many = event["cards"] != 1
        text = say(TEXTS, kind, lang, **fields, s="s" if many else "", n="n" if many else "")
    else:
        text = say(TEXTS, kind, lang, **fields)
    return text if event.get("player") is None else say(TEXTS, "said", lang,
                                                        player=event["player"], text=text)
