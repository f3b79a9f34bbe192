# C types for the compiled build of this module's fast observation writer (the pure path
# never reads this file). Compiled, ``observe_into`` runs ``_fast`` (``_write``'s numbers,
# each state attribute read once from its slot, the rows' items read in place by the C
# helpers below, the card table, levels and decklists as C arrays, the options once per
# match), in two C forms: float32 stores straight into the caller's float32 buffer (an
# ``array('f')`` or NumPy array: the adapters' case), each double rounded as the pure path's
# store rounds it; doubles into a scratch ``array('d')`` delivered into any other buffer
# (core/obsbuf.py). Offsets and indices are C integers. ``_write``, ``_side`` and
# ``_decklist`` are the pure path's body, compiled untyped; the compiled build calls them
# only for a state that is not exactly a ``CuldceptState`` or a seat other than 0 and 1.
import cython

ctypedef fused buffer:
    float[::1]
    double[::1]
    list

cdef Py_ssize_t NL, NE, S_ELEM, S_LEVEL, S_TOLL, S_LANDC, S_LEVELC, S_CRE, S_DMG, S_LSP
cdef Py_ssize_t S_CSP, S_MINE, SLOT_SIZE, NW
cdef Py_ssize_t O_PHASE, O_DECIDING, O_ACTIVE, O_FIRST, O_TURN, O_DIE, O_DEST, O_HAND
cdef Py_ssize_t O_KIND0, O_OPP_HAND, O_BATTLE, O_PENDING, O_DECKLIST, O_OPP_OPEN
cdef Py_ssize_t O_OPP_DECKLIST
cdef Py_ssize_t O_DECK, O_DISCARD, O_TOLLS, O_POINTS, O_SLOT0
cdef Py_ssize_t O_OPP_DECK, O_OPP_DISCARD, O_OPP_TOLLS, O_OPP_POINTS, O_OPP_SLOT0
cdef double UNSEEN
cdef bint _COMPILED, _BY_SLOTS
cdef Py_ssize_t A_CARDS, A_OPTIONS, A_PHASE, A_ACTIVE, A_PENDING, A_FIRST, A_TURN_NO, A_DIE
cdef Py_ssize_t A_DEST, A_HAND, A_DECK, A_DISCARD, A_TOLLS, A_BASE, A_LANDS, A_LEVELS
cdef Py_ssize_t A_CREATURE, A_DAMAGE, A_LSPELL, A_LSPELL_BY, A_CSPELL, A_CSPELL_BY, A_BATTLE
cdef Py_ssize_t A_DECKS


# A state attribute read straight from its slot: ``_member_offset`` is where a ``__slots__``
# member descriptor's value sits in an instance (-1 if it is not an object slot), ``_slot``
# the value there (an AttributeError if unset, as Python's lookup gives). ``observe_into``
# takes this route only for an exact ``CuldceptState`` whose slots all have offsets.
cdef extern from *:
    """
    #include <structmember.h>
    #define CARDTABLE_NOINT (-2147483647)
    #if defined(__GNUC__)
    #define CARDTABLE_INLINE static inline __attribute__((always_inline))
    #define CARDTABLE_COLD static __attribute__((noinline, cold))
    #else
    #define CARDTABLE_INLINE static CYTHON_INLINE
    #define CARDTABLE_COLD static
    #endif
    static Py_ssize_t cardtable_member_offset(PyObject *d) {
        PyMemberDef *m;
        if (Py_TYPE(d) != &PyMemberDescr_Type) return -1;
        m = ((PyMemberDescrObject *)d)->d_member;
        if (m->type != T_OBJECT_EX || (m->flags & READONLY)) return -1;
        return m->offset;
    }
    CARDTABLE_COLD PyObject *cardtable_unset(void) {
        PyErr_SetString(PyExc_AttributeError, "a state slot is not set");
        return NULL;
    }
    CARDTABLE_INLINE PyObject *cardtable_slot(PyObject *o, Py_ssize_t off) {
        PyObject *v = *(PyObject **)((char *)o + off);
        if (v == NULL) return cardtable_unset();
        Py_INCREF(v);
        return v;
    }
    """
    Py_ssize_t _member_offset "cardtable_member_offset"(object d) except? -2
    object _slot "cardtable_slot"(object o, Py_ssize_t off)


# A row's item, as a C integer, its length, its last item, a row's length: an exact list's item is read in
# place (no new reference, one bounds comparison), a small exact int's value from its digit
# (CPython 3.11's layout; later versions ask PyNumber_AsSsize_t), all inlined into ``_fast``;
# anything else (a tuple row, a NumPy integer) goes through Python's generic protocols out of
# line, which raise what the pure path's indexing raises. An error returns CARDTABLE_NOINT, so
# the common -1 (no card) needs no PyErr_Occurred call.
cdef extern from *:
    """
    CARDTABLE_COLD Py_ssize_t cardtable_index_slow(PyObject *v) {
        Py_ssize_t r = PyNumber_AsSsize_t(v, PyExc_OverflowError);
        return (r == -1 && PyErr_Occurred()) ? CARDTABLE_NOINT : r;
    }
    CARDTABLE_INLINE Py_ssize_t cardtable_as_index(PyObject *v) {
    #if PY_VERSION_HEX < 0x030C0000
        if (PyLong_CheckExact(v)) {
            Py_ssize_t size = Py_SIZE(v);
            if (size == 0) return 0;
            if (size == 1) return (Py_ssize_t)((PyLongObject *)v)->ob_digit[0];
            if (size == -1) return -(Py_ssize_t)((PyLongObject *)v)->ob_digit[0];
        }
    #endif
        return cardtable_index_slow(v);
    }
    CARDTABLE_INLINE PyObject *cardtable_at(PyObject *l, Py_ssize_t i) {
        if (PyList_CheckExact(l) && (size_t)i < (size_t)PyList_GET_SIZE(l)) {
            PyObject *v = PyList_GET_ITEM(l, i);
            Py_INCREF(v);
            return v;
        }
        return PySequence_GetItem(l, i);
    }
    CARDTABLE_COLD Py_ssize_t cardtable_int_at_slow(PyObject *l, Py_ssize_t i) {
        Py_ssize_t r;
        PyObject *v = PySequence_GetItem(l, i);
        if (v == NULL) return CARDTABLE_NOINT;
        r = cardtable_index_slow(v);
        Py_DECREF(v);
        return r;
    }
    CARDTABLE_INLINE Py_ssize_t cardtable_int_at(PyObject *l, Py_ssize_t i) {
        if (PyList_CheckExact(l) && (size_t)i < (size_t)PyList_GET_SIZE(l))
            return cardtable_as_index(PyList_GET_ITEM(l, i));
        return cardtable_int_at_slow(l, i);
    }
    CARDTABLE_COLD Py_ssize_t cardtable_len_slow(PyObject *l, Py_ssize_t i) {
        Py_ssize_t r;
        PyObject *v = PySequence_GetItem(l, i);
        if (v == NULL) return CARDTABLE_NOINT;
        r = PyObject_Size(v);
        Py_DECREF(v);
        return r < 0 ? CARDTABLE_NOINT : r;
    }
    CARDTABLE_INLINE Py_ssize_t cardtable_len_at(PyObject *l, Py_ssize_t i) {
        if (PyList_CheckExact(l) && (size_t)i < (size_t)PyList_GET_SIZE(l)) {
            PyObject *v = PyList_GET_ITEM(l, i);
            if (PyTuple_CheckExact(v)) return PyTuple_GET_SIZE(v);
            if (PyList_CheckExact(v)) return PyList_GET_SIZE(v);
        }
        return cardtable_len_slow(l, i);
    }
    CARDTABLE_COLD Py_ssize_t cardtable_size_slow(PyObject *v) {
        Py_ssize_t r = PyObject_Size(v);
        return r < 0 ? CARDTABLE_NOINT : r;
    }
    CARDTABLE_INLINE Py_ssize_t cardtable_len(PyObject *v) {
        if (PyList_CheckExact(v)) return PyList_GET_SIZE(v);
        return cardtable_size_slow(v);
    }
    CARDTABLE_COLD Py_ssize_t cardtable_last_slow(PyObject *l, Py_ssize_t i) {
        Py_ssize_t r, n;
        PyObject *v = PySequence_GetItem(l, i);
        if (v == NULL) return CARDTABLE_NOINT;
        n = PyObject_Size(v);
        r = n < 0 ? CARDTABLE_NOINT : cardtable_int_at_slow(v, n - 1);
        Py_DECREF(v);
        return r;
    }
    CARDTABLE_INLINE Py_ssize_t cardtable_last_at(PyObject *l, Py_ssize_t i) {
        if (PyList_CheckExact(l) && (size_t)i < (size_t)PyList_GET_SIZE(l)) {
            PyObject *v = PyList_GET_ITEM(l, i);
            if (PyTuple_CheckExact(v) && PyTuple_GET_SIZE(v) > 0)
                return cardtable_as_index(PyTuple_GET_ITEM(v, PyTuple_GET_SIZE(v) - 1));
        }
        return cardtable_last_slow(l, i);
    }
    """
    object _at "cardtable_at"(object l, Py_ssize_t i)
    Py_ssize_t _int_at "cardtable_int_at"(object l, Py_ssize_t i) except? -2147483647
    Py_ssize_t _len_at "cardtable_len_at"(object l, Py_ssize_t i) except? -2147483647
    Py_ssize_t _len "cardtable_len"(object v) except? -2147483647
    Py_ssize_t _last_at "cardtable_last_at"(object l, Py_ssize_t i) except? -2147483647


cdef class _Table:
    cdef public object cards
    cdef public list card, pos, element, terrain, toll
    cdef double[::1] cardv
    cdef int[::1] posv, elementv, terrainv, tollv, base_elementv


cdef class _Options:
    cdef public object options
    cdef Py_ssize_t turn_limit, deck_size, points_to_win
    cdef bint open_decklists


cdef class _Decklists:
    cdef public object decks
    cdef int[::1] at, count
    cdef double[::1] value


cdef _Table _last_table
cdef _Decklists _last_decks
cdef _Options _last_options
cdef Py_ssize_t _OVER, _BATTLE_DEF, _CHOOSE, _SLOTS, _KINDS
cdef double[::1] _LEVELV


@cython.locals(t=_Table, dl=_Decklists, oc=_Options, phase=Py_ssize_t, active=Py_ssize_t,
               mover=Py_ssize_t, first=Py_ssize_t, turn_no=Py_ssize_t, die=Py_ssize_t,
               dest=Py_ssize_t, last=Py_ssize_t, kind=Py_ssize_t, end=Py_ssize_t,
               k=Py_ssize_t, n=Py_ssize_t, c=Py_ssize_t, o=Py_ssize_t, side=Py_ssize_t,
               seat=Py_ssize_t, o_deck=Py_ssize_t, o_discard=Py_ssize_t, o_tolls=Py_ssize_t,
               o_points=Py_ssize_t, b=Py_ssize_t, i=Py_ssize_t, base=Py_ssize_t,
               ntop=Py_ssize_t, lv=Py_ssize_t, ls=Py_ssize_t, cs=Py_ssize_t, e=Py_ssize_t,
               mine=bint, damage=Py_ssize_t, level=double)
cdef _fast(s, Py_ssize_t p, buffer out)


@cython.locals(listed=list, floats=cython.float[::1], doubles=cython.double[::1])
cpdef observe_into(s, Py_ssize_t p, out)
