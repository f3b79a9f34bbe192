"""A tiny seeded generator whose whole state is one integer.

Why not ``random.Random``: its state is 625 words, which makes every clone and every JSON
snapshot of a game state heavy. SplitMix64 keeps a state in a single 64-bit int, so a game
state that holds it stays plain data, clones for free and replays byte for byte on any
machine. Functions take the state and return the next one; callers store it back.

This module is the generator's one home: a game draws through ``randbelow``, ``shuffle`` and
``roll`` (cimported where the compiled build makes it a C call), never a copy of its own. The
step is written out in each of the three functions below rather than shared through a helper,
because on the pure path a call per output is a measurable part of a playout (a shuffle makes
one output per two swaps; 30 random DRAWS-◎-TROIDAL games made 3,698 more calls, 6 %, with one).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
#: SplitMix64's two mixing multipliers (named, so the compiled build can hold them in C)
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def seed_state(seed: int) -> int:
    """Fold any integer (negative or huge) into a 64-bit generator state."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator; return ``(new_state, 64-bit value)``."""
    # the constants as locals: the compiled build types them as unsigned 64-bit (rng.pxd)
    golden, mask, mix1, mix2 = _GOLDEN, _MASK, _MIX1, _MIX2
    state = (state + golden) & mask
    z = ((state ^ (state >> 30)) * mix1) & mask
    z = ((z ^ (z >> 27)) * mix2) & mask
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in ``[0, n)`` by Lemire's multiply-shift (bias below n / 2**64).

    The step is written out rather than calling ``next_u64``, and for ``n`` below 2**32 the
    product is taken in 32-bit halves, ``(hi * n + (lo * n >> 32)) >> 32``, which equals
    ``z * n >> 64`` exactly and never leaves 64 bits: every random agent's pick and every
    die goes through here, and in the compiled build (rng.pxd) it then stays in C.
    """
    golden, mask, mix1, mix2 = _GOLDEN, _MASK, _MIX1, _MIX2
    state = (state + golden) & mask
    z = ((state ^ (state >> 30)) * mix1) & mask
    z = ((z ^ (z >> 27)) * mix2) & mask
    z ^= z >> 31
    if 0 < n < 0x100000000:
        # the halves by shifts, not ``z & 0xFFFFFFFF``: Cython reads a literal of 2**31 or
        # more as a Python int, which took the whole line out of C (six big-int steps a die)
        small = n
        hi = z >> 32
        lo = z - (hi << 32)
        return state, (hi * small + ((lo * small) >> 32)) >> 32
    return state, (z * n) >> 64


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new generator state.

    Each 64-bit output yields two 32-bit halves, one per swap: shuffles are the generator's
    one hot use, and for decks of any real size the bias of a 32-bit multiply-shift
    (below n / 2**32) is far beneath anything a game could show.
    """
    golden, mask, mix1, mix2 = _GOLDEN, _MASK, _MIX1, _MIX2
    i = len(items) - 1
    while i > 0:  # two swaps per output: its low half, then its high half
        state = (state + golden) & mask
        z = ((state ^ (state >> 30)) * mix1) & mask
        z = ((z ^ (z >> 27)) * mix2) & mask
        z ^= z >> 31
        hi = z >> 32
        j = ((z - (hi << 32)) * (i + 1)) >> 32  # the low half by a shift (see randbelow)
        items[i], items[j] = items[j], items[i]
        i -= 1
        if i:
            j = (hi * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
            i -= 1
    return state


def roll(state: int, script: list[int], sides: int) -> tuple[int, int]:
    """One die of ``sides`` faces (1..sides): the next scripted value, else the generator's.

    ``script`` is the state's ``dice`` list (filled by a scenario's ``dice:`` line); a used
    value leaves it. Every game's die and coin go through here, so a scenario scripts them all
    the same way, and an empty script draws exactly what ``randbelow`` would.
    """
    if script:
        value = script.pop(0)
        if not 1 <= value <= sides:
            from cardtable.core.errors import CardtableError

            raise CardtableError(f"scripted die value {value} does not fit a {sides}-sided roll")
        return state, value
    state, v = randbelow(state, sides)
    return state, v + 1
