# C types for the compiled build of obsbuf.py (the pure path never reads this file).
import cython


@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef _narrow(double[::1] src, float[::1] dst)


@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, x=cython.double)
cpdef _spread(double[::1] src, list out)
