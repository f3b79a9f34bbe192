# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers; the
# state's fields are read once each into typed locals; the per-match table is an extension
# type (its fields are struct members) whose per-card columns and decklist entries are C
# numbers (typed memoryviews). Units, BP changes and enchantments (``state.Unit`` and the
# rest) stay objects here: their fields are read as attributes.
import cython

ctypedef fused real:
    float
    double

cdef Py_ssize_t UNIT_SIZE, ENCHANT_SIZE, O_PHASE, O_DECIDING, O_FIRST, O_TURN, O_STARTED
cdef Py_ssize_t O_HAND, O_OPP_HAND, O_ENCHANT, O_CHAIN, O_ASK, O_ASK_MINE, O_WINDOW
cdef Py_ssize_t O_ATTACK, O_BUILDING, O_MODS, O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST
cdef Py_ssize_t N_WINDOWS, SHIFT, O_CASTERS, O_CHECKED, O_HP, O_DECK, O_DISCARD, O_BURSTS
cdef Py_ssize_t O_BCHK, O_SPEED, O_SCLOSED, O_GEAR, O_OUT, O_MULLED, O_UNIT
cdef Py_ssize_t N_UNITS, N_ENCHANTS, DUMMY_UNIT_BP
cdef double UNSEEN
cdef bint _COMPILED


cdef class _Table:
    cdef public object cards
    cdef public object decks
    cdef public double[::1] card
    cdef public long long[::1] pos
    cdef public long long[::1] bp
    cdef public long long[::1] own_aura
    cdef public long long[::1] enemy_aura
    cdef public list lists
    cdef public long long[::1] at
    cdef public double[::1] values


cdef _Table _last


cpdef _Table _table(s)


@cython.locals(places=cython.longlong[::1], values=cython.double[::1], k=cython.Py_ssize_t,
               row=list)
cpdef _decklist(real[::1] out, Py_ssize_t at, _Table t, Py_ssize_t seat)


@cython.locals(t=_Table, card=cython.double[::1], pos=cython.longlong[::1],
               started=cython.Py_ssize_t, o=cython.Py_ssize_t,
               hand=list, casters=list, cchk=list, hp=list, deck=list, discard=list,
               bchk=list, speeds=list, sclosed=list, gear=list, outs=list, mulled=list,
               deck_size=cython.Py_ssize_t, units=list, mods=list, enchants=list,
               own_aura=cython.longlong[::1], enemy_aura=cython.longlong[::1],
               unit_bp=cython.longlong[::1], phase=cython.Py_ssize_t, first=cython.Py_ssize_t,
               asked=cython.Py_ssize_t, target=cython.Py_ssize_t, n_enchants=cython.Py_ssize_t,
               aura0=cython.Py_ssize_t, aura1=cython.Py_ssize_t, aura=cython.Py_ssize_t,
               c=cython.Py_ssize_t, side=cython.Py_ssize_t,
               seat=cython.Py_ssize_t, d=cython.Py_ssize_t, k=cython.Py_ssize_t,
               j=cython.Py_ssize_t, shown=cython.bint, bursts=list, closed=cython.Py_ssize_t,
               speed=cython.Py_ssize_t, b=cython.Py_ssize_t, n=cython.Py_ssize_t,
               uid=cython.Py_ssize_t, dummy=cython.Py_ssize_t, bp=cython.Py_ssize_t,
               owner=cython.Py_ssize_t, is_open=cython.Py_ssize_t, amount=cython.Py_ssize_t,
               seen=cython.bint, x=cython.Py_ssize_t, pile=list, chain=list,
               c0=cython.Py_ssize_t, c1=cython.Py_ssize_t, c2=cython.Py_ssize_t,
               c3=cython.Py_ssize_t, area=cython.Py_ssize_t, checked=cython.Py_ssize_t)
cpdef _write(s, Py_ssize_t p, real[::1] out)

