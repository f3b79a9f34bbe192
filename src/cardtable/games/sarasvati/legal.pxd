# C types for the compiled build of legal.py (Cython reads this file beside the module; the
# pure path never does). The legal lists are built after every action, from a handful of small
# whole numbers: the action-code bases and the phases (module constants, copied from
# ``actions`` and ``state`` and read by no other module from here, so they can live in C),
# places, hand kinds and voltage. Typed as C
# integers, the loops over places and hand cards run in C and a code is boxed once, when it
# goes into the list; the values are the same Python ints either way. The list builders are
# cpdef, so legal_for calls them as C functions; every other module calls them as before.
import cython

from cardtable.games.sarasvati.stats cimport Traits
from cardtable.games.sarasvati.battle cimport attackers, targets
from cardtable.games.sarasvati.imagine cimport evolution_places, usable
cdef Py_ssize_t END, PLAY, USE, REEQUIP, MOVE_, ATTACK, TARGETS, PLACES, ROW, KEEP, CHOOSE
cdef Py_ssize_t BATTLE, CHARGE, IMAGINE, MOVE


@cython.locals(phase=cython.Py_ssize_t, p=cython.Py_ssize_t, a=cython.Py_ssize_t,
               t=cython.Py_ssize_t, base=cython.Py_ssize_t, ready=list, ts=list, out=list)
cpdef list legal_for(object state)


@cython.locals(back=cython.Py_ssize_t, front=cython.Py_ssize_t, base=cython.Py_ssize_t,
               i=cython.Py_ssize_t, out=list)
cpdef list _moves(object f, object r)


@cython.locals(i=cython.Py_ssize_t)
cpdef Py_ssize_t first_empty(object f, Py_ssize_t start) except? -2


@cython.locals(budget=cython.Py_ssize_t, front=cython.Py_ssize_t, back=cython.Py_ssize_t,
               k=cython.Py_ssize_t,
               base=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               cost=cython.Py_ssize_t,
               out=list, uses=list, occupied=list, traits=Traits)
cpdef list _imagine(object state, Py_ssize_t p)
