# C types for the compiled build of spell.py (Cython reads this file beside the module; the
# pure path never does). Seats, slots, sides and level changes are small ints, so a C integer
# reads back as the same int; the target lists stay Python lists.
import cython


@cython.locals(creature=cython.bint, delta=cython.Py_ssize_t, side=cython.Py_ssize_t,
               seat=cython.Py_ssize_t, base=cython.Py_ssize_t, i=cython.Py_ssize_t,
               out=list)
cpdef list targets(object state, Py_ssize_t p, object card)


@cython.locals(row=list, out=list, i=cython.Py_ssize_t)
cpdef list move_targets(object state, Py_ssize_t p)


@cython.locals(p=cython.Py_ssize_t)
cpdef cast(object state, object card_id, object target)
