# C types for the compiled build of territory.py (Cython reads this file beside the module;
# the pure path never does): the mover's seat and destination slot are small ints.
import cython


@cython.locals(p=cython.Py_ssize_t, slot=cython.Py_ssize_t)
cpdef level_up(object state, object card)


@cython.locals(p=cython.Py_ssize_t, slot=cython.Py_ssize_t)
cpdef level_down(object state, object card)


@cython.locals(p=cython.Py_ssize_t, slot=cython.Py_ssize_t)
cpdef terrain(object state, object card)


@cython.locals(p=cython.Py_ssize_t, slot=cython.Py_ssize_t)
cpdef summon(object state, object card)


@cython.locals(p=cython.Py_ssize_t, slot=cython.Py_ssize_t)
cpdef exchange(object state, object card)


@cython.locals(p=cython.Py_ssize_t, slot=cython.Py_ssize_t)
cpdef move(object state, Py_ssize_t direction)
