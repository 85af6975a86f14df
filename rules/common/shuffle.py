"""Seeded, platform-independent shuffling.

``random.Random(seed).random()`` is specified to give the same floats on every platform
and Python version for a given ``str`` seed (seeding version 2 hashes the string with
SHA-512), but ``random.shuffle``/``randrange`` have changed between versions. So the
shuffle is written here, on top of ``random()`` alone, and pinned by tests.

A seed is text. It is normalised in one place, :func:`normal_seed` (Unicode NFC, spaces
at either end dropped), so the same seed typed on two phones — one keyboard writing "é" as
one character, another as "e" and an accent — gives the same cards. A seed written in a
YAML file is the text typed there (the bounded reader keeps ``seed: 0x2A`` as ``"0x2A"``),
so ``--seed 42`` and ``seed: 42`` give the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import floor
from typing import TYPE_CHECKING, TypeVar

from .errors import InputError

if TYPE_CHECKING:
    import numpy as np

T = TypeVar("T")

SHUFFLE_VERSION = 1


def normal_seed(seed: object) -> str:
    """The seed as the shuffle uses it: its text in Unicode NFC, stripped.

    A seed that is not valid Unicode (bytes of another encoding on a command line arrive
    as lone surrogates) is an InputError: no text, no cards.
    """
    text = str(seed).strip()
    if text.isascii():
        return text  # NFC of ASCII is itself; skip the unicodedata import
    import unicodedata

    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("a seed is text, and this one is not valid UTF-8",
                         where=("seed",)) from None
    return unicodedata.normalize("NFC", text).strip()


def seeded_rng(seed: object, rng: random.Random | None = None) -> random.Random:
    """A ``random.Random`` seeded from the seed's normal text (:func:`normal_seed`).

    With ``rng``, that generator is seeded again and returned: the same numbers as a new
    one, for less (a loop of games that is done with one game's generator before the next
    starts: no generator made and freed a game).

    Seeded through ``random.Random`` itself: re-creating its text seeding from CPython's
    private pieces saved 7k of a simulated game's 1.7M instructions, not worth the tie.
    """
    if rng is None:
        return random.Random(normal_seed(seed))
    rng.seed(normal_seed(seed))
    return rng


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``0..n-1`` from one ``rng.random()`` call."""
    k = floor(rng.random() * n)  # math.floor: int() is a slower call, and random() >= 0
    return k if k < n else n - 1  # guards float rounding; random() < 1 keeps k below n


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """Fisher–Yates shuffle of a copy of ``items`` using only ``rng.random()``.

    Step ``i`` (from the last position down to 1) swaps position ``i`` with
    ``j = floor(random() * (i + 1))`` — :func:`below` inline, without its guard, which
    never acts here: for a whole number ``m`` up to 2**53 and ``r`` at most 1 - 2**-53 (the
    largest ``random()``), the exact ``r * m`` lies at least ``m * 2**-53`` below ``m``: more
    than half the spacing of floats just below ``m``, so it rounds below ``m`` (and for a
    power of two ``m`` the product is exact). So ``j <= i`` always.
    """
    out = list(items)
    random = rng.random
    steps = _STEPS.get(len(out))
    if steps is None:
        steps = _STEPS[len(out)] = _steps(len(out))
    for i, m in steps:
        j = floor(random() * m)
        out[i], out[j] = out[j], out[i]
    return out


def _steps(n: int) -> tuple[tuple[int, float], ...]:
    """Each step of a shuffle of ``n`` items: the position and the count it draws from, as
    a float (``random() * m`` then multiplies two floats, the same product as with the int)."""
    return tuple((i, float(i + 1)) for i in range(n - 1, 0, -1))


#: The steps of a shuffle by number of items (decks have a few sizes; made once each).
_STEPS: dict[int, tuple[tuple[int, float], ...]] = {}


def shuffle_bits(n: int) -> int:
    """The generator's bits one :func:`shuffled` of ``n`` items uses: two 32-bit words for
    each ``random()`` it draws (``n - 1`` of them)."""
    return 64 * (n - 1) if n > 1 else 0


def shuffled_rows(words: np.ndarray, n: int) -> np.ndarray:
    """Many shuffles at once (numpy): row ``r`` of the result is ``shuffled(range(n), rng)``
    for a generator whose next ``2 * (n - 1)`` 32-bit words are row ``r`` of ``words``
    (unsigned, in the order drawn: :meth:`random.Random.getrandbits` of
    :func:`shuffle_bits` bits holds them from the least significant word up).

    ``random()`` is made of two words as CPython makes it, ``(a * 2**26 + b) / 2**53`` with
    ``a`` the first word's top 27 bits and ``b`` the second's top 26: exact in binary64
    (a whole number below 2**53, scaled by a power of two), so these are the very floats
    ``random()`` returns; the product with each step's count rounds the same in numpy as
    in Python (IEEE binary64 both), and the swaps run in the same order, a column a step
    for every row.
    """
    import numpy as np

    rows = words.shape[0]
    first = (words[:, 0::2] >> 5).astype(np.float64)
    second = (words[:, 1::2] >> 6).astype(np.float64)
    draws = (first * 67108864.0 + second) * (1.0 / 9007199254740992.0)
    # step s draws from the n - s items still in front: positions n-1 down to 1
    picked = np.floor(draws * np.arange(n, 1, -1, dtype=np.float64)).astype(np.intp)
    out = np.tile(np.arange(n, dtype=np.intp), (rows, 1))
    flat = out.reshape(-1)  # a view: row r's position p at r * n + p
    picked += np.arange(0, rows * n, n, dtype=np.intp)[:, None]
    for step, i in enumerate(range(n - 1, 0, -1)):
        at = picked[:, step]
        held = flat.take(at)
        flat.put(at, out[:, i])  # (a row's own i when it drew i: the same value)
        out[:, i] = held
    return out


def fresh_seed() -> str:
    """A new random seed that is short enough to read out at the table (e.g. ``k7q2-m9xa``)."""
    import secrets  # only here: it costs start-up time every other command would pay

    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    chars = [secrets.choice(alphabet) for _ in range(8)]
    return "".join(chars[:4]) + "-" + "".join(chars[4:])
