# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t NL, NE, S_ELEM, S_LEVEL, S_TOLL, S_LANDC, S_LEVELC, S_CRE, S_DMG, S_LSP
cdef Py_ssize_t S_CSP, S_MINE, SLOT_SIZE
cdef Py_ssize_t O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST, O_TURN, O_DIE, O_DEST, O_HAND
cdef Py_ssize_t O_KIND0, O_OPP_HAND, O_BATTLE, O_PENDING, O_DECKLIST, O_OPP_OPEN
cdef Py_ssize_t O_OPP_DECKLIST
cdef double UNSEEN
cdef bint _COMPILED


@cython.locals(row=list, k=cython.Py_ssize_t)
cpdef _decklist(real[::1] out, Py_ssize_t at, deck)


@cython.locals(o_deck=cython.Py_ssize_t, o_discard=cython.Py_ssize_t,
               o_tolls=cython.Py_ssize_t, o_points=cython.Py_ssize_t, o_slot=cython.Py_ssize_t,
               pos=list, card=list, terrain=list, element=list, tolls_of=list,
               b=cython.Py_ssize_t, base=cython.Py_ssize_t, lv=cython.Py_ssize_t,
               c=cython.Py_ssize_t, ls=cython.Py_ssize_t, cs=cython.Py_ssize_t,
               e=cython.Py_ssize_t, level=cython.double, mine=cython.bint)
cpdef _side(real[::1] out, s, Py_ssize_t seat, bint own, p, t, tuple at, deck_size)


@cython.locals(o=cython.Py_ssize_t, pos=list, card=list, last=cython.Py_ssize_t,
               kind=cython.Py_ssize_t, end=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef _write(s, Py_ssize_t p, real[::1] out)


@cython.locals(floats=cython.float[::1], doubles=cython.double[::1])
cpdef observe_into(s, Py_ssize_t p, out)
