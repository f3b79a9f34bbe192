# C types for the compiled build of battle.py (Cython reads this file beside the module; the
# pure path never does). Seats, places, targets and the fighters' attack and defense are small
# whole numbers, typed as C integers, so the place loops and the battle's comparisons run in
# C; the values boxed back into events are the same ints. The battle's steps are cpdef, so
# attack calls fight and fight _hit_book as C functions; legal and turn call them as before,
# and resolve through its RESUME table. walled and fight answer True or False in the .py too. Card numbers stay Python
# ints: the card table is a tuple subclass, which compiled code indexed by a C integer reaches
# through its generic sequence slot (a method lookup and call per card), and by a Python int
# through its mapping slot, as the interpreter does.
import cython

from cardtable.games.sarasvati.stats cimport Traits
from cardtable.games.sarasvati.zones cimport check, destroy, find, finish
from cardtable.games.sarasvati.resolve cimport expire, run, trigger

cdef Py_ssize_t PLACES, ROW
cdef object _BATTLE


@cython.locals(r=list)
cpdef bint walled(object state, Py_ssize_t seat) except -1


@cython.locals(i=cython.Py_ssize_t, b=cython.Py_ssize_t, out=list, bs=list)
cpdef list targets(object state, Py_ssize_t defender)


@cython.locals(i=cython.Py_ssize_t)
cpdef list attackers(object state, Py_ssize_t seat)


cpdef bint _may_weaken(object state) except -1


@cython.locals(p=cython.Py_ssize_t)
cpdef attack(object state, Py_ssize_t place, Py_ssize_t target)


@cython.locals(p=cython.Py_ssize_t, place=cython.Py_ssize_t, o=cython.Py_ssize_t,
               a_atk=cython.Py_ssize_t, a_def=cython.Py_ssize_t, d_atk=cython.Py_ssize_t,
               d_def=cython.Py_ssize_t)
cpdef bint fight(object state, object uid, Py_ssize_t target, object where=*) except -1


cpdef _won(object state, Py_ssize_t seat, object card, object equip, object uid)


@cython.locals(o=cython.Py_ssize_t, traits=Traits)
cpdef _hit_book(object state, Py_ssize_t p, Py_ssize_t place, Py_ssize_t b)
