# C types for the compiled build of commands.py (see battle.pxd): the battle's extension types,
# so the command checks of every round read the battle and its units as struct members.
import cython

from cardtable.games.dice_and_monsters.battle cimport Battle, Unit


@cython.locals(slot=list)
cpdef bint armed(Battle b, Py_ssize_t p, str trigger, long arg=*) except -1

cdef bint _affected(Unit u) except -1

cpdef Py_ssize_t _square(Unit u) except? -1

@cython.locals(slot=list)
cdef _remove(Battle b, Py_ssize_t p)

@cython.locals(slot=list, o=Py_ssize_t, counter=list, revived=set, effect=tuple, kind=str,
               u=Unit, sq=Py_ssize_t, side=Py_ssize_t, uid=Py_ssize_t)
cpdef set fire(Battle b, Py_ssize_t p, list downs=*)

@cython.locals(uid=Py_ssize_t)
cpdef _magic_all(Battle b, Py_ssize_t target_side, long amount, dict by)

@cython.locals(p=Py_ssize_t)
cpdef round_start(Battle b)

@cython.locals(p=Py_ssize_t, slot=list, uid=Py_ssize_t, u=Unit)
cpdef on_roll(Battle b, long face)

cpdef set on_down(Battle b, Py_ssize_t p, list downs)
