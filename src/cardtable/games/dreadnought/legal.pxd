# C types for the compiled build of legal.py (Cython reads this file beside the module; the
# pure path never does). The action bases become C constants; the lists' helpers
# (``choices``) are cimported, so ``legal_for`` and ``play`` call them as C functions.
import cython

from cardtable.games.dreadnought.choices cimport (
    _source,
    cast_key,
    own_slots,
    slot_unit,
    speed_key,
    window_actions,
)
from cardtable.games.dreadnought.state cimport Unit

cdef Py_ssize_t ABILITY, ATTACK, BLOCK, CAST, CAST_SPEED, CODE, DISCARD, DISCARD_UNIT
cdef Py_ssize_t DUMMY_CODE, GEAR, GOD, HP, MOVE, MULLIGAN, PASS, PAY, PICK, SUB
cdef Py_ssize_t W_ACTION, W_CAST, W_REACT

@cython.locals(p=cython.Py_ssize_t)
cpdef list legal_for(object s)

cpdef _take_hand(object s, Py_ssize_t p, Py_ssize_t c)

@cython.locals(k=cython.Py_ssize_t, c=cython.Py_ssize_t, n=cython.Py_ssize_t,
               p=cython.Py_ssize_t)
cpdef play(object s, Py_ssize_t action)

@cython.locals(c=cython.Py_ssize_t, a=cython.Py_ssize_t, uid=cython.Py_ssize_t,
               src=cython.Py_ssize_t, j=cython.Py_ssize_t, m=cython.Py_ssize_t,
               slot=cython.Py_ssize_t, mask=cython.Py_ssize_t, area=cython.Py_ssize_t,
               o=cython.Py_ssize_t, i=cython.Py_ssize_t, u=Unit)
cpdef _window(object s, Py_ssize_t p, Py_ssize_t kind, Py_ssize_t passes, Py_ssize_t action)
