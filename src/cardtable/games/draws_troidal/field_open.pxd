# C types for the compiled build of field_open.py (the pure path never reads this file).
import cython

cdef Py_ssize_t LANES

@cython.locals(lane=cython.Py_ssize_t, p=cython.Py_ssize_t, opened=list)
cpdef open_field(object state)
