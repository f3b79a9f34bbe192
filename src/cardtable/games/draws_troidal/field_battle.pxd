# C types for the compiled build of field_battle.py (Cython reads this file beside the
# module; the pure path never does). Attributes, lanes and card numbers are small ints; a
# card's power stays an object (None where none is printed), and the flags that go into the
# log are bint, which read back as the same True and False.
import cython

cdef Py_ssize_t LANES
cdef tuple _EDGE, _MUTUAL

@cython.locals(aa=cython.Py_ssize_t, ab=cython.Py_ssize_t, e=cython.Py_ssize_t)
cpdef tuple judge(object a, object b)

@cython.locals(guard=list, card=cython.Py_ssize_t)
cpdef tuple _lose(object state, Py_ssize_t player, Py_ssize_t lane)

@cython.locals(f0=list, f1=list, w0=list, w1=list, i0=list, i1=list, lane=cython.Py_ssize_t,
               a=cython.Py_ssize_t, b=cython.Py_ssize_t, lost_a=bint, lost_b=bint,
               guarded_a=bint, guarded_b=bint, p=cython.Py_ssize_t, wins=list,
               card=cython.Py_ssize_t)
cpdef bint fight(object state)
