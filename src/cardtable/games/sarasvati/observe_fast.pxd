# C types for the compiled build of observe_fast.py (the pure path never reads this file):
# the writer puts C doubles into a memoryview of the scratch ``array('d')`` (core/obsbuf.py);
# the offsets and loop indices are C integers.
import cython

cdef Py_ssize_t O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST, O_TURN, O_HAND, O_KIND0, O_OPP_HAND
cdef Py_ssize_t O_CHOICE, O_CHOICE_MINE, O_CHOICE_CARD, O_QUEUE, O_MODS
cdef Py_ssize_t O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST
cdef double UNSEEN
cdef bint _COMPILED


@cython.locals(row=list, k=cython.Py_ssize_t)
cpdef _decklist(double[::1] out, Py_ssize_t at, deck)


@cython.locals(o_deck=cython.Py_ssize_t, o_grave=cython.Py_ssize_t,
               o_voltage=cython.Py_ssize_t, o_tapped=cython.Py_ssize_t,
               places_at=cython.Py_ssize_t, pos=list, card=list, plain=list, attack=list,
               defense=list, b=cython.Py_ssize_t, book=cython.Py_ssize_t,
               st=cython.Py_ssize_t, i=cython.Py_ssize_t, c=cython.Py_ssize_t,
               e=cython.Py_ssize_t, occupied=list)
cpdef _side(double[::1] out, s, Py_ssize_t seat, bint own, t, at, wide, bint printed)


@cython.locals(o=cython.Py_ssize_t, pos=list, card=list, last=cython.Py_ssize_t,
               kind=cython.Py_ssize_t, end=cython.Py_ssize_t, c=cython.Py_ssize_t,
               printed=cython.bint)
cpdef _write(s, Py_ssize_t p, double[::1] out)
