# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t _PHASE, _DECIDING, _ROUNDS, _POOL, _OPP_POOL, _DECK, _LEAP, _BUILT
cdef Py_ssize_t _TEAM_GIVEN, _TEAM, _OPP_BUILT, _OPP_ANSWERED, _OPP_DECK, _OPP_LEAP
cdef Py_ssize_t _SQUARES, _UNITS, _SQUARE, _WIDTH
cdef double _UNSEEN
cdef bint _COMPILED


@cython.locals(o=cython.Py_ssize_t, at=cython.Py_ssize_t, c=cython.Py_ssize_t, index=list,
               seat=cython.Py_ssize_t, sq=cython.Py_ssize_t, hidden=cython.Py_ssize_t,
               row=real[::1])
cpdef _write(state, Py_ssize_t p, real[::1] out, str typecode)


@cython.locals(floats=cython.float[::1], doubles=cython.double[::1])
cpdef observe_into(state, Py_ssize_t p, out)
