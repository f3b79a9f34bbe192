# C types for the compiled build of board.py (Cython reads this file beside the module; the
# pure path never does). Only loop indices, seats, slots and card indices are typed: each is a
# small int the state holds, so a C integer reads back as the same int.
import cython


@cython.locals(prev=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef list distinct(object cards)

cpdef list hand_kinds(object hand)
