# C types for the compiled build of rng.py (Cython reads this file beside the module; the pure
# path never does). The generator is 64-bit arithmetic: in C an unsigned 64-bit product wraps
# exactly as ``& _MASK`` cuts the Python one, so both paths give the same numbers
# (tests/test_core_rng.py pins them), and the shuffle that every playout and every search
# sample runs stops allocating a big integer per step.
# The modules that draw from the generator in their inner loops (a game's die) cimport
# ``roll``, so theirs is a C call too and keep no copy of the generator.
import cython

# the generator's constants as C globals: read in C by every draw (as module names, four dict
# lookups and conversions a call, more than the step itself)
cdef unsigned long long _GOLDEN, _MASK, _MIX1, _MIX2


@cython.locals(golden=cython.ulonglong, mask=cython.ulonglong, mix1=cython.ulonglong,
               mix2=cython.ulonglong, z=cython.ulonglong, hi=cython.ulonglong,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef unsigned long long shuffle(unsigned long long state, object items)


@cython.locals(golden=cython.ulonglong, mask=cython.ulonglong, mix1=cython.ulonglong,
               mix2=cython.ulonglong, z=cython.ulonglong)
cpdef tuple next_u64(unsigned long long state)


# n stays a Python int (it may exceed 64 bits); below 2**32 the .py takes the product in
# 32-bit halves, so here every step is unsigned 64-bit C and equals the Python big-int result
@cython.locals(golden=cython.ulonglong, mask=cython.ulonglong, mix1=cython.ulonglong,
               mix2=cython.ulonglong, z=cython.ulonglong, small=cython.ulonglong,
               hi=cython.ulonglong, lo=cython.ulonglong)
cpdef tuple randbelow(unsigned long long state, object n)


@cython.locals(value=object)
cpdef tuple roll(unsigned long long state, list script, object sides)
