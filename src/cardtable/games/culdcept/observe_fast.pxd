# C types for the compiled build of observe_fast.py (the pure path never reads this file):
# the writer puts C doubles into a memoryview of the scratch ``array('d')`` (core/obsbuf.py);
# the offsets and loop indices are C integers.
import cython

cdef Py_ssize_t NL, NE, S_ELEM, S_LEVEL, S_TOLL, S_LANDC, S_LEVELC, S_CRE, S_DMG, S_LSP
cdef Py_ssize_t S_CSP, S_MINE, SLOT_SIZE
cdef Py_ssize_t O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST, O_TURN, O_DIE, O_DEST, O_HAND
cdef Py_ssize_t O_KIND0, O_OPP_HAND, O_BATTLE, O_PENDING, O_DECKLIST, O_OPP_OPEN
cdef Py_ssize_t O_OPP_DECKLIST
cdef double UNSEEN
cdef bint _COMPILED


@cython.locals(row=list, k=cython.Py_ssize_t)
cpdef _decklist(double[::1] out, Py_ssize_t at, deck)


@cython.locals(o_deck=cython.Py_ssize_t, o_discard=cython.Py_ssize_t,
               o_tolls=cython.Py_ssize_t, o_points=cython.Py_ssize_t, o_slot=cython.Py_ssize_t,
               pos=list, card=list, terrain=list, element=list, tolls_of=list,
               b=cython.Py_ssize_t, base=cython.Py_ssize_t, lv=cython.Py_ssize_t,
               c=cython.Py_ssize_t, ls=cython.Py_ssize_t, cs=cython.Py_ssize_t,
               e=cython.Py_ssize_t, level=cython.double, mine=cython.bint)
cpdef _side(double[::1] out, s, Py_ssize_t seat, bint own, p, t, tuple at, deck_size)


@cython.locals(o=cython.Py_ssize_t, pos=list, card=list, last=cython.Py_ssize_t,
               kind=cython.Py_ssize_t, end=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef _write(s, Py_ssize_t p, double[::1] out)
