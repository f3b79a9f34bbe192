# C types for the compiled build of determinize.py (Cython reads this file beside the module;
# the pure path never does). A search samples a state per iteration, and each sample expands
# per-card counts into the hidden decks: card indices and counts are small whole numbers, typed
# as C integers, so those loops run in C and each card is boxed once, as it goes into the list.
import cython


@cython.locals(out=list, c=cython.Py_ssize_t)
cpdef list _minus(object counts, object cards)


@cython.locals(c=cython.Py_ssize_t, n=cython.Py_ssize_t, _=cython.Py_ssize_t)
cpdef list _elements(object counts)
