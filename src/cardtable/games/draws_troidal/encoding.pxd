# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers; the
# state's fields are read once each into typed locals; the per-card table is an extension
# type (its fields are struct members) whose columns and decklist rows are C numbers.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t _PHASE, _DECIDING, _INITIATIVE, _TURN, _LIFE, _OPP_LIFE, _HAND, _SOURCE
cdef Py_ssize_t _REVEALED, _TRASH, _DECK, _LANE, _OPP_HAND, _OPP_TRASH, _OPP_DECK, _OPP_LANE
cdef Py_ssize_t _DECKLIST, _OPP_OPEN, _OPP_DECKLIST, _WIDTH, _NOT_ASKED, _HAND_MAX
cdef double _UNSEEN
cdef bint _COMPILED


cdef class _Table:
    cdef public object cards
    cdef public object decks
    cdef public double[::1] value
    cdef public long long[::1] in_hand
    cdef public long long[::1] in_revealed
    cdef public long long[::1] in_trash
    cdef public long long[::1] in_opp_trash
    cdef public double[::1] power
    cdef public list rows
    cdef public long long[::1] at
    cdef public double[::1] values


cdef _Table _last


cpdef _Table _table(state)


@cython.locals(places=cython.longlong[::1], values=cython.double[::1], k=cython.Py_ssize_t)
cpdef _decklist(real[::1] out, Py_ssize_t at, _Table t, Py_ssize_t seat)


@cython.locals(t=_Table, value=cython.double[::1], power=cython.double[::1],
               in_hand=cython.longlong[::1], in_revealed=cython.longlong[::1],
               in_trash=cython.longlong[::1], o=cython.Py_ssize_t, life=cython.double,
               deck_size=cython.double, win_limit=cython.double, phase=cython.Py_ssize_t,
               to_move=cython.Py_ssize_t, initiative=cython.Py_ssize_t, lives=list,
               hands=list, revealeds=list, trashes=list, decks_left=list, redos=list,
               pending=list, fields=list, guards=list, winses=list, freshes=list, hand=list,
               revealed=list, sources=list, n=cython.Py_ssize_t, k=cython.Py_ssize_t,
               c=cython.Py_ssize_t, asked=cython.Py_ssize_t, field=list, guard=list,
               wins=list, fresh=list, at=cython.Py_ssize_t, g=cython.Py_ssize_t,
               w=cython.Py_ssize_t, turn_no=cython.Py_ssize_t, x=cython.Py_ssize_t)
cpdef _write(state, Py_ssize_t p, real[::1] out)

