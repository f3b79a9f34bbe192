# C types for the compiled build of match.py (the pure path never reads this file): the mask's
# legal codes are written into the bytearray as C bytes.
import cython


@cython.locals(code=cython.Py_ssize_t)
cpdef _fill(unsigned char[::1] out, list legal)


@cython.locals(code=cython.Py_ssize_t)
cpdef _fill_int8(signed char[::1] out, list legal)
