"""Shared foundation: seeded shuffle (pinned), ranking, errors, file reading and writing."""

from __future__ import annotations

import random
from math import floor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.io import atomic_write, read_mapping
from scorepad.rules.common.errors import ContentError, InputError
from scorepad.rules.common.ranking import ranks, winners
from scorepad.rules.common.shuffle import (
    below,
    normal_seed,
    seeded_rng,
    shuffle_bits,
    shuffled,
    shuffled_rows,
)


def test_seeded_shuffle_is_pinned():
    # Pinned output: if this changes, every seed players wrote down gives other cards.
    assert seeded_rng("table-42").random() == 0.785076817468043
    assert shuffled(range(10), seeded_rng("table-42")) == [6, 3, 9, 4, 8, 1, 2, 0, 5, 7]
    assert shuffled("abcdef", seeded_rng(7)) == shuffled("abcdef", seeded_rng("7"))


@given(st.one_of(st.text(min_size=1, max_size=20), st.integers()))
def test_seeded_rng_is_random_random_of_the_normal_seed(seed):
    # the cards depend on this: the normal text of the seed, through Random's own seeding
    assert seeded_rng(seed).getstate() == random.Random(normal_seed(seed)).getstate()


@given(st.one_of(st.text(min_size=1, max_size=20), st.integers()), st.integers(0, 700))
def test_a_generator_seeded_again_is_a_new_one(seed, drawn):
    used = random.Random("before")
    for _ in range(drawn):  # anywhere in its state, even past a refill of its 624 words
        used.random()
    assert seeded_rng(seed, used) is used
    assert used.getstate() == seeded_rng(seed).getstate()


def reference_shuffle(items, rng):
    """The Fisher–Yates shuffle as first written (with below()'s guard), to hold the
    shuffle's faster form to."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = floor(rng.random() * (i + 1))
        j = min(j, i)
        out[i], out[j] = out[j], out[i]
    return out


@given(st.integers(0, 130), st.text(min_size=1, max_size=8))
def test_shuffle_equals_the_reference_fisher_yates(n, seed):
    rng, ref = seeded_rng(seed), seeded_rng(seed)
    for _ in range(3):  # one generator through several shuffles, as a card stream does
        assert shuffled(range(n), rng) == reference_shuffle(range(n), ref)
    assert rng.random() == ref.random()


@settings(deadline=None)
@given(st.integers(1, 60), st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=5))
def test_shuffles_from_the_generators_words_are_its_shuffles(n, seeds):
    # numpy's rows from the words getrandbits draws: the shuffles random() draws, several
    # in a row from one generator as a card stream makes them
    import numpy as np

    rows, want = [], []
    for seed in seeds:
        bits = 3 * shuffle_bits(n)
        rows.append(seeded_rng(seed).getrandbits(bits).to_bytes(bits // 8, "little"))
        rng = seeded_rng(seed)
        want += [shuffled(range(n), rng) for _ in range(3)]
    words = np.frombuffer(b"".join(rows), dtype="<u4").reshape(3 * len(seeds), 2 * (n - 1))
    assert shuffled_rows(words, n).tolist() == want


def test_shuffles_from_the_extreme_words():
    # every word 0 (random() 0.0: every step draws 0) and every word all ones (the largest
    # random(): every step draws its own place, nothing moves)
    import numpy as np

    words = np.array([[0] * 26, [0xFFFFFFFF] * 26], dtype="<u4")
    zero = list(range(14))
    for i in range(13, 0, -1):
        zero[i], zero[0] = zero[0], zero[i]
    assert shuffled_rows(words, 14).tolist() == [zero, list(range(14))]


def test_largest_random_times_a_count_stays_below_the_count():
    # why shuffled() needs no guard: floor(r * m) < m for the largest r = random() gives
    largest = 1 - 2 ** -53
    counts = [*range(1, 100_000), *(2 ** k + d for k in range(17, 53) for d in (-1, 0, 1))]
    assert all(floor(largest * m) < m for m in counts)


def test_below_stays_in_range():
    rng = seeded_rng("x")
    assert {below(rng, 3) for _ in range(200)} == {0, 1, 2}


def test_ranks_share_ties_and_skip():
    assert ranks([(10, -1), (12, 0), (10, -1), (10, -3)]) == [2, 1, 2, 4]
    assert winners(["a", "b", "c"], [1, 2, 1]) == ["a", "c"]


def test_error_formatting_names_file_and_place():
    err = ContentError("line B has no free wagon window").at("round 7", "Ann").in_file("game.yaml")
    assert str(err) == "game.yaml: round 7, Ann: line B has no free wagon window"
    assert err.exit_code == 1 and InputError("x").exit_code == 2


def test_read_mapping_reports_yaml_syntax_with_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1, 2\nb: 3\n")
    with pytest.raises(InputError) as info:
        read_mapping(bad)
    assert str(info.value).startswith(f"{bad}: line ")


def test_read_mapping_refuses_a_list(tmp_path):
    f = tmp_path / "list.json"
    f.write_text("[1, 2]")
    with pytest.raises(InputError, match="expected a mapping"):
        read_mapping(f)


def test_atomic_write_replaces_whole_file(tmp_path):
    target = tmp_path / "sub" / "out.txt"
    atomic_write(target, "one")
    atomic_write(target, b"two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["out.txt"]


def test_atomic_write_gives_the_mode_of_a_plain_write(tmp_path):

    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    atomic = atomic_write(tmp_path / "atomic.txt", "x")
    assert Path(atomic).stat().st_mode & 0o777 == plain.stat().st_mode & 0o777


def test_atomic_write_to_unwritable_place_is_input_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(InputError, match="cannot write"):
        atomic_write(blocker / "x.pdf", b"")


def test_atomic_write_syncs_the_folder_after_the_rename(tmp_path, monkeypatch):
    """A renamed file is durable only once its folder's entry is on disk."""
    import os
    import stat


    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(src, dst):
        events.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write(tmp_path / "sub" / "g.yaml", "a: 1\n")
    assert events == ["fsync file", "rename", "fsync folder"]
    assert (tmp_path / "sub" / "g.yaml").read_text() == "a: 1\n"
