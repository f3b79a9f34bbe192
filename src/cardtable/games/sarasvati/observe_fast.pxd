# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). ``_write`` comes in two C forms: float32 stores straight into the
# caller's float32 buffer (an ``array('f')`` or NumPy array: the adapters' case), each
# double rounded as the pure path's store rounds it; doubles into a scratch ``array('d')``
# delivered into any other buffer (core/obsbuf.py). Offsets and indices are C integers; the
# per-card columns of ``_Table`` and a decklist's nonzero places are C arrays (typed
# memoryviews of the ``array`` objects the .py makes when compiled); the state's lists are
# typed ``list`` (the state holds plain lists), so an item is read without a lookup, and
# each is read once per call. Attack and defense are summed as C integers (whole numbers, as
# in stats.stats) and divided once. ``auras`` (the pure path's) is stats' cpdef.
import cython

from cardtable.games.sarasvati.stats cimport auras

ctypedef fused real:
    float
    double

cdef Py_ssize_t O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST, O_TURN, O_HAND, O_KIND0, O_OPP_HAND
cdef Py_ssize_t O_CHOICE, O_CHOICE_MINE, O_CHOICE_CARD, O_QUEUE, O_MODS
cdef Py_ssize_t O_DECKLIST, O_OPP_OPEN, O_OPP_DECKLIST
cdef Py_ssize_t O_DECK, O_GRAVE, O_VOLTAGE, O_TAPPED, O_BOOKS, O_PLACES, OPP
cdef Py_ssize_t _ALL, _ALL_OWN, _ALL_OPP
# imported from encoding and state: C copies of the same whole numbers
cdef Py_ssize_t BOOK_SIZE, HAND_KINDS, NUM_BOOKS, PLACE_SIZE, PLACES, FACE_DOWN, OPEN, OVER
cdef double UNSEEN
cdef bint _COMPILED


cdef class _Table:
    cdef public object cards
    cdef double[::1] card
    cdef long long[::1] pos
    cdef signed char[::1] own
    cdef long long[::1] attack
    cdef long long[::1] defense
    cdef bint wide
    cdef list auras
    cdef dict effects
    cdef signed char[::1] zone
    cdef Py_ssize_t zones
    cdef list owns
    cdef public object decks
    cdef list rows


cdef class _Row:
    cdef public object deck
    cdef public list row
    cdef public list nonzero
    cdef public object floats
    cdef long long[::1] at
    cdef double[::1] values


cdef _Table _last


cpdef _Table _table(cards)


cpdef _Row _row(deck)


@cython.locals(places=cython.longlong[::1], values=cython.double[::1], k=cython.Py_ssize_t)
cdef void _decklist(real[::1] out, Py_ssize_t at, _Row row) except *


@cython.locals(scope=cython.Py_ssize_t, da=cython.longlong, dd=cython.longlong,
               seat=cython.Py_ssize_t)
cdef void _add(s, tuple of, Py_ssize_t owner, long long* sums) except *


@cython.locals(t=_Table, o=cython.Py_ssize_t, pos=cython.longlong[::1], card=cython.double[::1],
               attack=cython.longlong[::1], defense=cython.longlong[::1],
               lasting=cython.schar[::1], zone=cython.schar[::1],
               last=cython.Py_ssize_t, kind=cython.Py_ssize_t, end=cython.Py_ssize_t,
               c=cython.Py_ssize_t, n=cython.Py_ssize_t, phase=cython.Py_ssize_t,
               active=cython.Py_ssize_t, owner=cython.Py_ssize_t, i=cython.Py_ssize_t,
               side=cython.Py_ssize_t, seat=cython.Py_ssize_t, at=cython.Py_ssize_t,
               base=cython.Py_ssize_t, b=cython.Py_ssize_t, st=cython.Py_ssize_t,
               e=cython.Py_ssize_t, sums=cython.longlong[4], wa=cython.longlong,
               wd=cython.longlong, a=cython.longlong, d=cython.longlong,
               deck_size=cython.double,
               hands=list, fields=list, equips=list, books=list, bstates=list, piles=list,
               graves=list, voltages=list, tapped=list, readies=list, sicks=list, unders=list,
               row=list, states=list, equip=list, ready=list, sick=list, under=list,
               mods=list, uids=list, u=cython.Py_ssize_t, rows=list, dl=_Row, owns=list,
               zones=cython.Py_ssize_t,
               da=cython.longlong, dd=cython.longlong, first=cython.Py_ssize_t)
cpdef _write(s, Py_ssize_t p, real[::1] out)

