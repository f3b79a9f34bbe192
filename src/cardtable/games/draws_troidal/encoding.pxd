# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t _PHASE, _DECIDING, _INITIATIVE, _TURN, _LIFE, _OPP_LIFE, _HAND, _SOURCE
cdef Py_ssize_t _REVEALED, _TRASH, _DECK, _LANE, _OPP_HAND, _OPP_TRASH, _OPP_DECK, _OPP_LANE
cdef Py_ssize_t _DECKLIST, _OPP_OPEN, _OPP_DECKLIST, _WIDTH
cdef double _UNSEEN
cdef bint _COMPILED


@cython.locals(o=cython.Py_ssize_t, at=cython.Py_ssize_t, c=cython.Py_ssize_t,
               guard=cython.Py_ssize_t, wins=cython.Py_ssize_t, life=cython.double,
               deck_size=cython.double, win_limit=cython.double, value=list, in_hand=list,
               in_revealed=list, in_trash=list, in_opp_trash=list, power=list,
               row=real[::1], hit=tuple)
cpdef _write(state, Py_ssize_t p, real[::1] out, str typecode)


@cython.locals(floats=cython.float[::1], doubles=cython.double[::1])
cpdef observe_into(state, Py_ssize_t p, out)
