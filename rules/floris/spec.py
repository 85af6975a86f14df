"""Reading a bouquet spec into flower counts: pure string handling.

Accepted, in any mix (separators: commas, semicolons, spaces, ``+``, ``&``):

* ``rose:3 lily:3``, ``rose=3``, ``rose 3``: a type, then its count;
* ``3 rose, 3 lilies``, ``3x rose``: a count, then its type;
* ``r3 l3``, ``3r 3l``, ``ro3``, ``sun2``: a name or an unambiguous prefix glued to a count;
* ``rose lily``: a type without a count is one flower (one card showing one flower).

A type may repeat (the contract's spec is one pair per card); counts add up. A card
shows at least one flower, so a count of 0 (``rose:0``) is refused, naming the card. Between
commas, or wherever a glued pair interrupts, a run of loose words and numbers is paired
in the direction its first item shows: ``rose 3 lily 2`` (count after) or
``3 rose 2 lily`` (count before).
"""

from __future__ import annotations

import re

from scorepad.rules.common.errors import InputError, ScorepadError, Term

from .flowers import Counts, UnknownWord, flower_types, lookup

MAX_COUNT = 99
"""No type may total more flowers than this (the whole deck has 45 cards)."""

_LETTERS = r"[^\W\d_]+"
_GROUPS = re.compile(r"[,;]")
_TOKENS = re.compile(r"[\s+&]+")
_BIND = re.compile(r"\s*[:=]\s*")
_TIMES_BEFORE = re.compile(rf"(\d)\s*[x×*]\s*(?={_LETTERS})")   # 3x rose, 3 × rose
_TIMES_AFTER = re.compile(r"(?<=[^\W\d_])\s*(?:\s[x×*]|[×*])\s*(?=\d)")  # rose x3, rose×3
_WORD_NUM = re.compile(rf"({_LETTERS}):?(\d+)")
_NUM_WORD = re.compile(rf"(\d+):?({_LETTERS})")
_WORD = re.compile(_LETTERS)
_NUM = re.compile(r"\d+")


def parse_spec(spec: str) -> Counts:
    """Flower counts of a spec, in the fixed type order; ``""`` gives all zeros.

    Raises :class:`InputError` (exit 2) saying which part cannot be read.
    """
    counts = [0] * len(flower_types())
    for card, (word, number) in enumerate(_pairs(spec), start=1):
        try:
            index = lookup(word)
        except UnknownWord as err:
            raise _read_error(spec, err.error) from None
        if number == 0:
            # a card shows at least one flower (rules/floris.md): "rose:0" is a typo, not a card
            raise _error(spec, "zero", card=card, flower=flower_types()[index])
        counts[index] += number
        if counts[index] > MAX_COUNT:
            flower = flower_types()[index]
            raise _error(spec, "too-many", most=MAX_COUNT,
                         flower=Term.of(flower, f"rules.floris.flowers.{flower}"))
    return tuple(counts)


def _error(spec: str, why: str, **params: object) -> InputError:
    """Why ``spec`` cannot be read: the catalogue's ``floris.spec-<why>`` with ``params``."""
    return _read_error(spec, ScorepadError.worded(f"floris.spec-{why}", params))


def _read_error(spec: str, why: ScorepadError) -> InputError:
    """``cannot read bouquet 'SPEC': WHY``, in every language the reason is worded in."""
    reason = Term.by(why.message, why.said)
    return InputError.worded("floris.spec", {"spec": repr(spec), "why": reason})


def _pairs(spec: str) -> list[tuple[str, int]]:
    """(word, count) pairs in the order written."""
    if not isinstance(spec, str):
        raise InputError(f"a bouquet spec is text such as 'rose:3 lily:3', not {spec!r}")
    text = _BIND.sub(":", spec.strip())
    text = _TIMES_BEFORE.sub(r"\1 ", text)
    text = _TIMES_AFTER.sub(":", text)
    pairs: list[tuple[str, int]] = []
    for group in _GROUPS.split(text):
        loose: list[str | int] = []
        for token in _TOKENS.split(group.strip()):
            if not token:
                continue
            if m := _WORD_NUM.fullmatch(token):
                pairs.extend(_pair_loose(loose, spec))
                loose = []
                pairs.append((m[1], _count(m[2], spec)))
            elif m := _NUM_WORD.fullmatch(token):
                pairs.extend(_pair_loose(loose, spec))
                loose = []
                pairs.append((m[2], _count(m[1], spec)))
            elif _WORD.fullmatch(token):
                loose.append(token)
            elif _NUM.fullmatch(token):
                loose.append(_count(token, spec))
            elif token.endswith(":") and _WORD.fullmatch(token[:-1]):
                raise _error(spec, "no-count", token=repr(token[:-1]))
            else:
                raise _error(spec, "token", token=repr(token))
        pairs.extend(_pair_loose(loose, spec))
    return pairs


def _count(digits: str, spec: str) -> int:
    # the length first: int() of thousands of digits is slow, and past 4,300 an error
    significant = digits.lstrip("0") or "0"
    number = int(significant) if len(significant) <= len(str(MAX_COUNT)) else MAX_COUNT + 1
    if number > MAX_COUNT:
        from scorepad.rules.common.errors import shown

        raise _error(spec, "large", digits=shown(digits, 20)[1:-1], most=MAX_COUNT)
    return number


def _pair_loose(items: list[str | int], spec: str) -> list[tuple[str, int]]:
    """Pair a run of loose words and counts in the direction its first item shows."""
    pairs: list[tuple[str, int]] = []
    count_first = bool(items) and isinstance(items[0], int)
    i = 0
    while i < len(items):
        item = items[i]
        nxt = items[i + 1] if i + 1 < len(items) else None
        if count_first:
            if isinstance(item, str):           # a type without a count: one flower
                pairs.append((item, 1))
                i += 1
            elif isinstance(nxt, str):
                pairs.append((nxt, item))
                i += 2
            else:
                raise _error(spec, "after", count=item)
        else:
            if isinstance(item, int):
                raise _error(spec, "before", count=item)
            if isinstance(nxt, int):
                pairs.append((item, nxt))
                i += 2
            else:
                pairs.append((item, 1))
                i += 1
    return pairs
