# C types for the compiled build of movement.py (Cython reads this file beside the module;
# the pure path never does). Seats and slots are small ints, so a C integer reads back as the
# same int. The die is the generator's ``roll``, cimported, so it is a C call.
import cython

from cardtable.core cimport rng


@cython.locals(p=cython.Py_ssize_t, k=cython.Py_ssize_t, o=cython.Py_ssize_t)
cpdef roll(object state)


@cython.locals(p=cython.Py_ssize_t)
cpdef invade(object state, object card, Py_ssize_t from_slot)
