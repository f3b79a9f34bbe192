# C types for the compiled build of turn.py (Cython reads this file beside the module; the pure
# path never does). An action is decoded here once per decision: the action-code bases and
# the phases (module constants, copied from ``actions`` and ``state``, read by no other module
# from here) and the decoded places are C integers, and the turn's steps, which call one another once or more per action,
# are cpdef, so those calls are C calls inside the module while every other module calls them
# as before. A code reaching ``play`` is a plain int already (``SarasvatiState.apply`` checks
# it against the legal list).
import cython

from cardtable.games.sarasvati.zones cimport check, draw
from cardtable.games.sarasvati.legal cimport legal_for
from cardtable.games.sarasvati.battle cimport attack
from cardtable.games.sarasvati.imagine cimport charge, evolve, kind_at, re_equip, use
from cardtable.games.sarasvati.imagine cimport play as play_card
from cardtable.games.sarasvati.resolve cimport answer, expire, run

cdef Py_ssize_t KEEP, CHOOSE, PLACES, END, USE, PLAY, REEQUIP, CHARGE_CODE, MOVE_CODE
cdef Py_ssize_t ATTACK, TARGETS
cdef Py_ssize_t BATTLE, CHARGE, IMAGINE, MOVE, OVER
cdef object NEXT_TURN, TURN


cpdef settle(object state)


@cython.locals(p=cython.Py_ssize_t, turn=cython.Py_ssize_t, quiet=cython.bint,
               side=cython.Py_ssize_t, place=cython.Py_ssize_t, src=cython.Py_ssize_t,
               dst=cython.Py_ssize_t, k=cython.Py_ssize_t, a=cython.Py_ssize_t,
               target=cython.Py_ssize_t, phase=cython.Py_ssize_t)
cpdef play(object state, Py_ssize_t action)


@cython.locals(p=cython.Py_ssize_t)
cpdef move(object state, Py_ssize_t src, Py_ssize_t dst)


@cython.locals(phase=cython.Py_ssize_t)
cpdef end_phase(object state)


@cython.locals(turn=cython.Py_ssize_t)
cpdef advance(object state)


@cython.locals(p=cython.Py_ssize_t)
cpdef bint hides_a_choice(object state) except -1


cpdef begin_turn(object state, Py_ssize_t p)


cpdef end_turn(object state)
