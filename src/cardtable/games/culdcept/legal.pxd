# C types for the compiled build of legal.py (Cython reads this file beside the module; the
# pure path never does). Seats, slots, phases, hand positions, card indices, card roles,
# costs and deck sizes are small ints the state and its card table hold, so a C integer reads
# back as the same int; the lists stay Python lists. The three scans are ``cdef``: only
# ``legal_for`` calls them. The card roles are module-private C constants.
import cython

cdef Py_ssize_t _LAND, _SPELL, _SPELL_IF, _CREATURE, _CREATURE_IF


@cython.locals(phase=cython.Py_ssize_t, p=cython.Py_ssize_t, seat=cython.Py_ssize_t,
               n=cython.Py_ssize_t, slot=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef list legal_for(object state)


@cython.locals(hand=list, out=list, moves=list, kinds=list, deck=cython.Py_ssize_t,
               k=cython.Py_ssize_t, c=cython.Py_ssize_t, role=cython.Py_ssize_t,
               roles=tuple, costs=tuple, base=cython.Py_ssize_t, t=cython.Py_ssize_t)
cdef list _spells(object state, Py_ssize_t p)


@cython.locals(out=list, slot=cython.Py_ssize_t, kinds=list, deck=cython.Py_ssize_t,
               k=cython.Py_ssize_t, c=cython.Py_ssize_t, role=cython.Py_ssize_t,
               roles=tuple, costs=tuple)
cdef list _invade(object state, Py_ssize_t p)


@cython.locals(out=list, slot=cython.Py_ssize_t, kinds=list, deck=cython.Py_ssize_t,
               creatures=list, k=cython.Py_ssize_t, c=cython.Py_ssize_t,
               role=cython.Py_ssize_t, roles=tuple, costs=tuple, row=list)
cdef list _territory(object state, Py_ssize_t p)
