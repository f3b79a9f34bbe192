# C types for the compiled build of order.py (see battle.pxd).
import cython

from cardtable.games.dice_and_monsters.battle cimport Battle, Unit


@cython.locals(rolled=list, out=list, i=Py_ssize_t, j=Py_ssize_t, uid=Py_ssize_t)
cpdef list by_dice(Battle b, list ids)

@cython.locals(units=list, totals=list, u=Unit, keyed=list, out=list, i=Py_ssize_t,
               j=Py_ssize_t, n=Py_ssize_t)
cpdef list decide(Battle b)
