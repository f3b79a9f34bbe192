# C types for the compiled build of encoding.py's fast writer (the pure path never reads this
# file). ``_write`` puts C doubles into a memoryview of the scratch ``array('d')`` (see
# core/obsbuf.py); the offsets are C integers.
import cython

cdef Py_ssize_t _PHASE, _DECIDING, _INITIATIVE, _TURN, _LIFE, _OPP_LIFE, _HAND, _SOURCE
cdef Py_ssize_t _REVEALED, _TRASH, _DECK, _LANE, _OPP_HAND, _OPP_TRASH, _OPP_DECK, _OPP_LANE
cdef Py_ssize_t _DECKLIST, _OPP_OPEN, _OPP_DECKLIST, _WIDTH
cdef double _UNSEEN
cdef bint _COMPILED


@cython.locals(o=cython.Py_ssize_t, at=cython.Py_ssize_t, c=cython.Py_ssize_t,
               guard=cython.Py_ssize_t, wins=cython.Py_ssize_t, life=cython.double,
               deck_size=cython.double, win_limit=cython.double, value=list, in_hand=list,
               in_revealed=list, in_trash=list, in_opp_trash=list, power=list,
               row=cython.double[::1])
cpdef _write(state, Py_ssize_t p, double[::1] out, str typecode)
