"""Floris in words: moves (:func:`describe`), events (:func:`explain`) and the verdict on
a bouquet with its smallest fix (:func:`verdict_lines`), en/de/fr.

The one table of every text a player reads about a Floris move, event or verdict; the
engine's events carry the English text as ``why``, a verdict its problems and a fix its
change as data (:class:`Problem`, :class:`FixWords`) that these words fill.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorepad.rules.common.words import points_text, say

from .flowers import Counts, flower_table, run_text

TEXTS: dict[str, dict[str, str]] = {
    "present": {"en": "presents the bouquet {spec}", "de": "zeigt den Strauß {spec}",
                "fr": "présente le bouquet {spec}"},
    "entry": {"en": "end of game: final bouquet {final}, {left_in_hand} in hand, {discarded} "
                    "discarded, {left_in_reserve} in reserve",
              "de": "Spielende: letzter Strauß {final}, {left_in_hand} auf der Hand, "
                    "{discarded} abgeworfen, {left_in_reserve} im Vorrat",
              "fr": "fin de partie : dernier bouquet {final}, {left_in_hand} en main, "
                    "{discarded} défaussées, {left_in_reserve} en réserve"},
    "none": {"en": "none", "de": "keiner", "fr": "aucun"},
    "bouquet": {"en": "{label}, {flowers} flowers{plus} = {points} points",
                "de": "{label}, {flowers} Blumen{plus} = {points} Punkte",
                "fr": "{label}, {flowers} fleurs{plus} = {points} points"},
    "final": {"en": "final bouquet {label}, {flowers} flowers{plus} = {points} points",
              "de": "letzter Strauß {label}, {flowers} Blumen{plus} = {points} Punkte",
              "fr": "dernier bouquet {label}, {flowers} fleurs{plus} = {points} points"},
    "plus-bonus": {"en": " + {bonus} bonus", "de": " + {bonus} Bonus", "fr": " + {bonus} bonus"},
    # a bouquet's pattern (bouquet.PATTERNS), as the event names it
    "pattern-same": {"en": "one type", "de": "eine Sorte", "fr": "une seule sorte"},
    "pattern-equal": {"en": "equal counts", "de": "gleiche Anzahlen", "fr": "nombres égaux"},
    "pattern-ascending": {"en": "run {run}", "de": "Folge {run}", "fr": "suite {run}"},
    "pattern-None": {"en": "no bouquet", "de": "kein Strauß", "fr": "pas de bouquet"},
    "penalty": {"en": "{cards} penalty card{s}: {points} points",
                "de": "{cards} Strafkarte{n}: {points} Punkte",
                "fr": "{cards} carte{s} de pénalité : {points} points"},
    "game-over": {"en": "the game is over", "de": "das Spiel ist aus",
                  "fr": "la partie est terminée"},
    "said": {"en": "{player}: {text}", "de": "{player}: {text}", "fr": "{player} : {text}"},
    # the verdict on a bouquet (`floris bouquet`, the browser's checker)
    "valid": {"en": "valid bouquet: {label} ({counts}), {flowers}{plus} = {points}",
              "de": "gültiger Strauß: {label} ({counts}), {flowers}{plus} = {points}",
              "fr": "bouquet valable : {label} ({counts}), {flowers}{plus} = {points}"},
    "invalid": {"en": "not a bouquet: {reason}", "de": "kein Strauß: {reason}",
                "fr": "pas un bouquet : {reason}"},
    "fix": {"en": "smallest fix: {fix}", "de": "kleinste Änderung: {fix}",
            "fr": "plus petite correction : {fix}"},
    "no-flowers": {"en": "no flowers", "de": "keine Blumen", "fr": "aucune fleur"},
    "no-pattern-one": {
        "en": "{counts}: not one type, not equal counts, not a run from 1 over 3+ types",
        "de": "{counts}: nicht nur eine Sorte, keine gleichen Anzahlen, keine Folge ab 1 "
              "über 3+ Sorten",
        "fr": "{counts} : ni une seule sorte, ni des nombres égaux, ni une suite "
              "depuis 1 sur 3+ sortes"},
    "no-pattern-any": {"en": "{counts}: not one type, not equal counts, not a run of consecutive "
                             "counts over 3+ types",
                       "de": "{counts}: nicht nur eine Sorte, keine gleichen Anzahlen, keine Folge "
                             "aufeinanderfolgender Anzahlen über 3+ Sorten",
                       "fr": "{counts} : ni une seule sorte, ni des nombres égaux, ni une suite "
                             "de nombres consécutifs sur 3+ sortes"},
    "too-few": {"en": "only {flowers}, at least {min} needed",
                "de": "nur {flowers}, mindestens {min} nötig",
                "fr": "seulement {flowers}, au moins {min} nécessaires"},
    "flower-1": {"en": "1 flower", "de": "1 Blume", "fr": "1 fleur"},
    "flower-n": {"en": "{n} flowers", "de": "{n} Blumen", "fr": "{n} fleurs"},
    "point-1": {"en": "1 point", "de": "1 Punkt", "fr": "1 point"},
    "point-n": {"en": "{n} points", "de": "{n} Punkte", "fr": "{n} points"},
    "and": {"en": "and", "de": "und", "fr": "et"},
    "or": {"en": "or", "de": "oder", "fr": "ou"},
    "fix-empty": {"en": "add {min} flowers of any one type",
                  "de": "{min} Blumen einer Sorte dazunehmen",
                  "fr": "ajouter {min} fleurs d'une même sorte"},
    "new-type": {"en": "{flowers} of one new type ({options})",
                 "de": "{flowers} einer neuen Sorte ({options})",
                 "fr": "{flowers} d'une nouvelle sorte ({options})"},
    "add-remove": {"en": "add {adds} and remove {drops}",
                   "de": "{adds} dazunehmen und {drops} weglegen",
                   "fr": "ajouter {adds} et retirer {drops}"},
    "add": {"en": "add {adds}", "de": "{adds} dazunehmen", "fr": "ajouter {adds}"},
    "too-many": {"en": "{drops} too many", "de": "{drops} zu viel", "fr": "{drops} en trop"},
    "goal-reach": {"en": "{words} to reach {min}", "de": "{words}, um {min} zu erreichen",
                   "fr": "{words} pour atteindre {min}"},
    "goal-same": {"en": "{words} for all {plural}", "de": "{words} für nur {plural}",
                  "fr": "{words} pour n'avoir que des {plural}"},
    "goal-equal": {"en": "{words} for equal counts", "de": "{words} für gleiche Anzahlen",
                   "fr": "{words} pour des nombres égaux"},
    "goal-run": {"en": "{words} for {run}", "de": "{words} für {run}", "fr": "{words} pour {run}"},
}

#: The flowers' names in German and French (English: the flower table's id and plural).
FLOWERS: dict[str, dict[str, tuple[str, str]]] = {
    "daisy": {"de": ("Gänseblümchen", "Gänseblümchen"), "fr": ("marguerite", "marguerites")},
    "cornflower": {"de": ("Kornblume", "Kornblumen"), "fr": ("bleuet", "bleuets")},
    "rose": {"de": ("Rose", "Rosen"), "fr": ("rose", "roses")},
    "sunflower": {"de": ("Sonnenblume", "Sonnenblumen"), "fr": ("tournesol", "tournesols")},
    "lily": {"de": ("Lilie", "Lilien"), "fr": ("lys", "lys")},
}


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
    if lang in ("de", "fr"):
        return FLOWERS[flower.id][lang][plural]
    return flower.plural if plural else flower.id


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
        return [say(TEXTS, "valid", lang,
                    label=pattern_label(verdict.pattern, verdict.counts, lang),
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
