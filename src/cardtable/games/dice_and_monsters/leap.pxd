# C types for the compiled build of leap.py (see battle.pxd): the battle's extension types, so
# the leap check that follows every hit reads units as struct members.
import cython

from cardtable.games.dice_and_monsters.battle cimport Battle, Unit


cdef bint _fits(Battle b, object card, Unit u) except -1

@cython.locals(top=long, names=tuple)
cpdef long threshold(Battle b, Unit u) except? -1

@cython.locals(units=list, p=Py_ssize_t, x=Py_ssize_t, u=Unit, mine=list, ready=bint)
cpdef check(Battle b)

@cython.locals(new=Unit, x=Py_ssize_t)
cpdef Unit replace(Battle b, Py_ssize_t p, object card, Unit old)
