# C types for the compiled build of turn.py (Cython reads this file beside the module; the
# pure path never does). Action codes, seats and hand positions are small ints (``apply``
# takes only legal codes), so a C integer reads back as the same int. ``step``,
# ``_territory`` and ``_hand_card`` are ``cdef``: only this module calls them.
import cython


cdef object _hand_card(object state, Py_ssize_t seat, Py_ssize_t k)

cpdef play(object state, Py_ssize_t action)


@cython.locals(p=cython.Py_ssize_t, k=cython.Py_ssize_t, t=cython.Py_ssize_t,
               rest=cython.Py_ssize_t)
cdef step(object state, Py_ssize_t action)


cdef _territory(object state, Py_ssize_t p, Py_ssize_t action)


@cython.locals(legal=list)
cpdef advance(object state)


cpdef bint hides_a_choice(object state) except -1


@cython.locals(p=cython.Py_ssize_t, dm=list)
cpdef end_turn(object state)


cpdef begin_turn(object state, Py_ssize_t p)
