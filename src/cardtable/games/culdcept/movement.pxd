# C types for the compiled build of movement.py (Cython reads this file beside the module;
# the pure path never does). Seats and slots are small ints, so a C integer reads back as the
# same int. The die's SplitMix64 step is unsigned 64-bit arithmetic: a C product wraps
# exactly as ``& _MASK`` cuts the Python one (as in core/rng.pxd), and the multiply-shift by
# 6 is written so no step needs more than 64 bits, so both paths roll the same dice.
import cython

cdef unsigned long long _GOLDEN, _MASK, _MIX1, _MIX2


@cython.locals(p=cython.Py_ssize_t, k=cython.Py_ssize_t, o=cython.Py_ssize_t,
               g=cython.ulonglong, z=cython.ulonglong)
cpdef roll(object state)


@cython.locals(p=cython.Py_ssize_t)
cpdef invade(object state, object card, Py_ssize_t from_slot)
