# C types for the compiled build of stats.py (Cython reads this file beside the module; the
# pure path never does). ``InForce`` and ``Traits`` (``__slots__`` classes, one set per card
# table) are extension types whose fields are C struct members, so the functions that type a
# local as one of them (here, and in legal, battle, imagine and zones, which cimport them)
# read a field without a descriptor lookup. Every field stays a Python object: the values
# are the .py's. Everyone else reads the fields as before.
import cython


cdef class InForce:
    cdef public object books
    cdef public object equip
    cdef public object field
    cdef public object ids


cdef class Traits:
    cdef public object bases
    cdef public object cards
    cdef public object choosers
    cdef public object cost_affected
    cdef public object cost_kinds
    cdef public object costly
    cdef public InForce costly_at
    cdef public InForce hand_def_at
    cdef public object lowering
    cdef public InForce lowering_at
    cdef public object lowering_wide
    cdef public InForce lowering_wide_at
    cdef public object plays
    cdef public object raising
    cdef public object relocatable
    cdef public object unsettling
    cdef public object upholding
    cdef public object weakening
    cdef public InForce weakening_at
    cdef public object wide
    cdef public InForce wide_at


cpdef in_force(object state, InForce at, object seats=*)


@cython.locals(wide_at=InForce)
cpdef auras(object state)


@cython.locals(costly_at=InForce)
cpdef cost_deltas(object state, object seat)
