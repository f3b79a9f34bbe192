# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t UNIT_SIZE, ENCHANT_SIZE, O_PHASE, O_DECIDING, O_FIRST, O_TURN, O_STARTED
cdef Py_ssize_t O_HAND, O_OPP_HAND, O_ENCHANT, O_CHAIN, O_ASK, O_ASK_MINE, O_WINDOW
cdef Py_ssize_t O_ATTACK, O_BUILDING, O_MODS, O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST
cdef Py_ssize_t N_WINDOWS
cdef double UNSEEN
cdef bint _COMPILED


@cython.locals(row=list, k=cython.Py_ssize_t)
cpdef _decklist(real[::1] out, Py_ssize_t at, entry)


@cython.locals(o_casters=cython.Py_ssize_t, o_checked=cython.Py_ssize_t,
               o_hp=cython.Py_ssize_t, o_deck=cython.Py_ssize_t, o_discard=cython.Py_ssize_t,
               o_bursts=cython.Py_ssize_t, o_bchk=cython.Py_ssize_t, o_speed=cython.Py_ssize_t,
               o_sclosed=cython.Py_ssize_t, o_gear=cython.Py_ssize_t, o_out=cython.Py_ssize_t,
               o_mulled=cython.Py_ssize_t, o_unit=cython.Py_ssize_t, card=list, pos=list,
               k=cython.Py_ssize_t, j=cython.Py_ssize_t, c=cython.Py_ssize_t,
               b=cython.Py_ssize_t, speed=cython.Py_ssize_t, units=list, own_aura=list,
               enemy_aura=list)
cpdef _side(real[::1] out, s, Py_ssize_t seat, Py_ssize_t p, t, tuple at)


@cython.locals(o=cython.Py_ssize_t, card=list, pos=list, b=cython.Py_ssize_t,
               c=cython.Py_ssize_t, k=cython.Py_ssize_t)
cpdef _write(s, Py_ssize_t p, real[::1] out)


@cython.locals(floats=cython.float[::1], doubles=cython.double[::1])
cpdef observe_into(s, Py_ssize_t p, out)
