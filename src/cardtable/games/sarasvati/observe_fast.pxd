# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST, O_TURN, O_HAND, O_KIND0, O_OPP_HAND
cdef Py_ssize_t O_CHOICE, O_CHOICE_MINE, O_CHOICE_CARD, O_QUEUE, O_MODS
cdef Py_ssize_t O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST
cdef double UNSEEN
cdef bint _COMPILED


@cython.locals(row=list, k=cython.Py_ssize_t)
cpdef _decklist(real[::1] out, Py_ssize_t at, deck)


@cython.locals(o_deck=cython.Py_ssize_t, o_grave=cython.Py_ssize_t,
               o_voltage=cython.Py_ssize_t, o_tapped=cython.Py_ssize_t,
               places_at=cython.Py_ssize_t, pos=list, card=list, plain=list, attack=list,
               defense=list, b=cython.Py_ssize_t, book=cython.Py_ssize_t,
               st=cython.Py_ssize_t, i=cython.Py_ssize_t, c=cython.Py_ssize_t,
               e=cython.Py_ssize_t, occupied=list)
cpdef _side(real[::1] out, s, Py_ssize_t seat, bint own, t, at, wide, bint printed)


@cython.locals(o=cython.Py_ssize_t, pos=list, card=list, last=cython.Py_ssize_t,
               kind=cython.Py_ssize_t, end=cython.Py_ssize_t, c=cython.Py_ssize_t,
               printed=cython.bint)
cpdef _write(s, Py_ssize_t p, real[::1] out)


@cython.locals(floats=cython.float[::1], doubles=cython.double[::1])
cpdef observe_into(s, Py_ssize_t p, out)
