# C types for the compiled build of targeting.py (see battle.pxd): each keyword's chooser reads
# the board and the units as struct members. The choosers stay callable from Python (cpdef):
# the battle calls them through the SELECT table.
import cython

from cardtable.games.dice_and_monsters.battle cimport Battle, Unit


cdef tuple _row(Battle b, Unit u)

@cython.locals(row=list, fc=Py_ssize_t)
cpdef list melee(Battle b, Unit u, object a=*)

@cython.locals(row=list, fc=Py_ssize_t, sq=Py_ssize_t)
cpdef list shoot(Battle b, Unit u, object a=*)

@cython.locals(row=list, sq=Py_ssize_t)
cdef list _front(Battle b, Unit u)

@cython.locals(row=list, sq=Py_ssize_t)
cdef list _back(Battle b, Unit u)

@cython.locals(x=Py_ssize_t)
cdef list _all(Battle b, Unit u)

@cython.locals(found=list)
cpdef list lowest_number(Battle b, Unit u, object a=*)

@cython.locals(front=list)
cpdef list melee_slowest(Battle b, Unit u, object a=*)

@cython.locals(front=list, low=long, tied=list, x=Py_ssize_t)
cpdef list melee_hp(Battle b, Unit u, object a=*)

cdef bint _in_play_enemy(Battle b, Unit u, Py_ssize_t uid) except -1

@cython.locals(last=Py_ssize_t)
cpdef list melee_previous(Battle b, Unit u, object a=*)

@cython.locals(nxt=Py_ssize_t)
cpdef list melee_next(Battle b, Unit u, object a=*)

@cython.locals(row=list, fc=Py_ssize_t)
cdef list _back_one(Battle b, Unit u)

cpdef list assassinate(Battle b, Unit u, object a=*)

@cython.locals(row=list, fc=Py_ssize_t, sq=Py_ssize_t)
cpdef list column_all(Battle b, Unit u, object a=*)

cpdef list front_all(Battle b, Unit u, object a=*)

cpdef list back_all(Battle b, Unit u, object a=*)

cpdef list everyone(Battle b, Unit u, object a=*)

cpdef list shoot_back(Battle b, Unit u, object a=*)

@cython.locals(found=list)
cpdef list shoot_slowest(Battle b, Unit u, object a=*)

@cython.locals(found=list)
cpdef list shoot_hp(Battle b, Unit u, object a=*)

@cython.locals(found=list)
cpdef list highest_hp(Battle b, Unit u, object a=*)

@cython.locals(last=Py_ssize_t)
cpdef list shoot_previous(Battle b, Unit u, object a=*)

@cython.locals(nxt=Py_ssize_t)
cpdef list shoot_next(Battle b, Unit u, object a=*)

@cython.locals(x=Py_ssize_t)
cpdef list by_attribute(Battle b, Unit u, object a=*)

cpdef list nobody(Battle b, Unit u, object a=*)

@cython.locals(op=tuple)
cpdef list special(Battle b, Unit u, object a=*)
