# C types for the compiled build of field_set.py (Cython reads this file beside the module;
# the pure path never does). Lanes, picks, card numbers and ids are small ints on both
# paths; the lists are the state's own lists.
import cython

cdef Py_ssize_t LANES, SET_BASE
cdef tuple SET_TUPLES

@cython.locals(field=list, guard=list, wins=list, fresh=list, ids=list, other=list,
               base=cython.Py_ssize_t, lanes=list, i=cython.Py_ssize_t,
               lane=cython.Py_ssize_t, c=cython.Py_ssize_t, uid=cython.Py_ssize_t)
cpdef place(object state, Py_ssize_t player, list source, tuple picks)

@cython.locals(p=cython.Py_ssize_t, code=cython.Py_ssize_t)
cpdef resolve(object state)
