# C types for the compiled build of match_state.py (Cython reads this file beside the module;
# the pure path never does). ``Record`` is an extension type, so a game's ``.pxd`` can declare
# its records as ``cdef class`` subclasses whose fields are struct members.

cdef class Record:
    pass
