# C types for the compiled build of state.py (Cython reads this file beside the module; the
# pure path never does). The records are extension types whose fields are struct members
# (objects, as the pure path's slots hold whatever the JSON gave), so a module that cimports
# them and types a variable as ``Unit`` reads ``u.seat`` straight from the struct; from an
# untyped variable it is an attribute read, as on the pure path. ``readonly``: records are
# shared by clones and never changed in place.
from cardtable.core.match_state cimport Record


cdef class Unit(Record):
    cdef readonly object uid, seat, area, card, checked, dummy


cdef class Mod(Record):
    cdef readonly object uid, amount, duration


cdef class Enchant(Record):
    cdef readonly object uid, card, owner, is_open, amount


cdef class Attack(Record):
    cdef readonly object seat, target_seat, area, damage


cdef class AbilityLink(Record):
    cdef readonly object kind, seat, card, line, src, target


cdef class CodeLink(Record):
    cdef readonly object kind, seat, card, mode, target


cdef class SubLink(Record):
    cdef readonly object kind, seat, card, uid, amount


cdef class AttackLink(Record):
    cdef readonly object kind, seat, uids, target_seat, area
