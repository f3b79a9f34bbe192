# C types for the compiled build of field_shuffle.py (the pure path never reads this file).
import cython

cdef Py_ssize_t _IDENTITY_CODE

@cython.locals(p=cython.Py_ssize_t, code=cython.Py_ssize_t, pending=list)
cpdef resolve(object state)
