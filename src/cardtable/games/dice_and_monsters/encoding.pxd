# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers; the
# state's fields are read once each into typed locals; the per-match table is an extension
# type (its fields are struct members) whose card column and pool rows are C numbers.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t _PHASE, _DECIDING, _ROUNDS, _POOL, _OPP_POOL, _DECK, _LEAP, _BUILT
cdef Py_ssize_t _TEAM_GIVEN, _TEAM, _OPP_BUILT, _OPP_ANSWERED, _OPP_DECK, _OPP_LEAP
cdef Py_ssize_t _SQUARES, _UNITS, _SQUARE, _WIDTH, _WAITING, _TEAM_PHASE, _BUILD_PHASE
cdef double _UNSEEN
cdef bint _COMPILED


cdef class _Table:
    cdef public object cards
    cdef public object pool
    cdef public tuple seat_pools
    cdef public long long[::1] index
    cdef public list rows
    cdef public long long[::1] at
    cdef public double[::1] values


cdef _Table _last


cpdef _Table _table(state)


cpdef bint _same(tuple kept, list pool)


@cython.locals(places=cython.longlong[::1], values=cython.double[::1], k=cython.Py_ssize_t)
cpdef _pool_row(real[::1] out, Py_ssize_t at, _Table t, Py_ssize_t seat)


@cython.locals(t=_Table, index=cython.longlong[::1], o=cython.Py_ssize_t,
               phase=cython.Py_ssize_t, to_move=cython.Py_ssize_t, decks=list, leaps=list,
               built=list, at=cython.Py_ssize_t, c=cython.Py_ssize_t, pending=list,
               mine=cython.Py_ssize_t, theirs=cython.Py_ssize_t, seat=cython.Py_ssize_t,
               sq=cython.Py_ssize_t, hidden=cython.Py_ssize_t)
cpdef _write(state, Py_ssize_t p, real[::1] out)

