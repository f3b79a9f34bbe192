# C types for the compiled build of draw.py (the pure path never reads this file). Counts
# and seats are small ints; ``refill`` returns True or False on both paths.
import cython

@cython.locals(size=cython.Py_ssize_t, failed=list, p=cython.Py_ssize_t, hand=list,
               deck=list, need=cython.Py_ssize_t, take=cython.Py_ssize_t)
cpdef bint refill(object state)
