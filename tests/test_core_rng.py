"""The seeded generator (SplitMix64 in one integer) and seed derivation."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardtable.core import derive_seed, rng


def test_generator_matches_the_published_splitmix64_values() -> None:
    state, first = rng.next_u64(rng.seed_state(0))
    _, second = rng.next_u64(state)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def test_generator_is_deterministic() -> None:
    def draws(seed: int) -> list[int]:
        state, out = rng.seed_state(seed), []
        for _ in range(20):
            state, value = rng.randbelow(state, 1000)
            out.append(value)
        return out

    assert draws(42) == draws(42)
    assert draws(42) != draws(43)


def test_seed_state_folds_any_integer_into_64_bits() -> None:
    assert rng.seed_state(-1) == 2**64 - 1
    assert rng.seed_state(2**64 + 5) == 5
    assert 0 <= rng.seed_state(-(10**30)) < 2**64


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(min_value=1, max_value=2**70))
def test_randbelow_stays_in_range(seed: int, n: int) -> None:
    state, value = rng.randbelow(rng.seed_state(seed), n)
    assert 0 <= value < n
    assert 0 <= state < 2**64


def test_randbelow_is_roughly_uniform() -> None:
    state, counts = rng.seed_state(7), Counter()
    for _ in range(6000):
        state, value = rng.randbelow(state, 6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(850 < c < 1150 for c in counts.values()), counts


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=70))
def test_shuffle_is_a_deterministic_permutation(seed: int, items: list[int]) -> None:
    a, b = list(items), list(items)
    state_a, state_b = rng.shuffle(seed, a), rng.shuffle(seed, b)
    assert a == b and state_a == state_b
    assert sorted(a) == sorted(items)
    assert 0 <= state_a < 2**64


def test_shuffle_gives_every_order_about_equally_often() -> None:
    """All 24 orders of four cards, each near 1/24 (Sattolo's off-by-one would give only 6)."""
    counts: Counter[tuple[int, ...]] = Counter()
    state = rng.seed_state(11)
    for _ in range(12000):
        items = [0, 1, 2, 3]
        state = rng.shuffle(state, items)
        counts[tuple(items)] += 1
    assert len(counts) == 24
    assert all(380 < c < 620 for c in counts.values()), counts


def test_shuffle_permutes_and_depends_on_the_seed() -> None:
    a, b = list(range(30)), list(range(30))
    rng.shuffle(1, a)
    rng.shuffle(2, b)
    assert sorted(a) == sorted(b) == list(range(30))
    assert a != b and a != list(range(30))


# -- derive_seed -----------------------------------------------------------------------------------

def test_derive_seed_is_stable_across_versions() -> None:
    """Pinned values: a change here silently changes every simulation's games."""
    assert derive_seed(1, "game", 0) == 5728606160572345301
    assert derive_seed(2024, "game", 7) == 8076912814265460819


def test_derive_seed_does_not_depend_on_the_process_hash_salt() -> None:
    code = "from cardtable.core import derive_seed; print(derive_seed(5, 'agent', 'x', 3))"
    outputs = set()
    for salt in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": salt}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True)
        outputs.add(done.stdout.strip())
    assert outputs == {str(derive_seed(5, "agent", "x", 3))}


def test_derive_seed_is_distinct_per_key_and_63_bits() -> None:
    seeds = [derive_seed(m, "game", i) for m in range(5) for i in range(200)]
    seeds += [derive_seed(0, "agent", i) for i in range(200)]
    seeds += [derive_seed(0, "game"), derive_seed(0, "game", "0"), derive_seed(0, "game0")]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= s < 2**63 for s in seeds)


def _shuffle_reference(state: int, items: list) -> int:
    """The shuffle as first written (one swap per loop turn, the spare half kept aside): the
    faster loop must give exactly its orders and generator states, or old records break."""
    mask = (1 << 64) - 1
    spare = -1
    for i in range(len(items) - 1, 0, -1):
        if spare < 0:
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            half, spare = z & 0xFFFFFFFF, z >> 32
        else:
            half, spare = spare, -1
        j = (half * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
    return state


def test_shuffle_gives_the_orders_it_always_gave() -> None:
    for n in range(0, 70):
        for seed in (0, 1, n * 7919, (1 << 64) - 1 - n):
            a, b = list(range(n)), list(range(n))
            assert rng.shuffle(seed, a) == _shuffle_reference(seed, b)
            assert a == b


def test_the_search_rollout_draws_as_randrange_does() -> None:
    """mcts writes ``Random.randrange(n)`` out in its rollout loop; same bits, same picks."""
    import random

    a, b = random.Random(7), random.Random(7)
    for n in list(range(1, 300)) * 3:
        k = n.bit_length()
        r = b.getrandbits(k)
        while r >= n:
            r = b.getrandbits(k)
        assert a.randrange(n) == r


@given(st.integers(min_value=0, max_value=2**64 - 1),
       st.one_of(st.integers(min_value=1, max_value=2**32 + 2),
                 st.sampled_from([1, 2**32 - 1, 2**32, 2**64, 2**70])))
def test_randbelow_is_lemires_multiply_shift_of_the_next_output(state: int, n: int) -> None:
    """randbelow takes small products in 32-bit halves; they must equal z * n >> 64."""
    after, z = rng.next_u64(state)
    assert rng.randbelow(state, n) == (after, (z * n) >> 64)
