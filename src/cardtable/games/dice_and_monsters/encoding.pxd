# C types for the compiled build of encoding.py's fast writer (the pure path never reads this
# file). ``_write`` puts C doubles into a memoryview of the scratch ``array('d')`` (see
# core/obsbuf.py); the offsets are C integers.
import cython

cdef Py_ssize_t _PHASE, _DECIDING, _ROUNDS, _POOL, _OPP_POOL, _DECK, _LEAP, _BUILT
cdef Py_ssize_t _TEAM_GIVEN, _TEAM, _OPP_BUILT, _OPP_ANSWERED, _OPP_DECK, _OPP_LEAP
cdef Py_ssize_t _SQUARES, _UNITS, _SQUARE, _WIDTH
cdef double _UNSEEN
cdef bint _COMPILED


@cython.locals(o=cython.Py_ssize_t, at=cython.Py_ssize_t, c=cython.Py_ssize_t, index=list,
               seat=cython.Py_ssize_t, sq=cython.Py_ssize_t, hidden=cython.Py_ssize_t,
               row=cython.double[::1])
cpdef _write(state, Py_ssize_t p, double[::1] out, str typecode)
