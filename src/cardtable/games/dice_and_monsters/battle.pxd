# C types for the compiled build of battle.py (Cython reads this file beside the module; the
# pure path never does). Unit and Battle become extension types whose fields are C struct
# members, so the battle loop reads and writes them without a dictionary or descriptor lookup,
# and its methods call each other directly.
#
# Why the results stay the same: every C-typed field holds a small integer (HP, squares,
# rounds, status and use bit masks, ids) or a flag the .py only ever sets to True/False (a
# bint reads back as True/False, as the .py stored it); the generator state is an unsigned
# 64-bit integer, and the die is the generator's own ``roll`` (core/rng.pxd), cimported, so
# it is a C call. Everything else is ``object`` or a Python container type.
# Methods other modules, agents or tests call stay callable from Python (``cpdef``), and a
# Python subclass (the tests' scripted ``Lab``) still overrides ``die``.
#
# The battle cimports the modules commands, damage, leap and order, which cimport its types
# back: a cycle Cython compiles in this form (modules, not their names). So battle.py calls
# them through the module (``damage.deal``), which is then a C call, and passes every
# argument positionally (with a keyword, Cython looked the function up as a global name).
# The package imports battle first (``__init__.py``), so any of them can be imported first.
import cython

from cardtable.core cimport rng as core_rng
from cardtable.games.dice_and_monsters cimport commands, damage, leap, order


cdef class Unit:
    cdef public bint _traits_on
    cdef public Py_ssize_t acted
    cdef public object card
    cdef public bint chained
    cdef public Py_ssize_t fog_until
    cdef public str gone
    cdef public long hp
    cdef public Py_ssize_t id
    cdef public long leap_hp
    cdef public long max_hp
    cdef public bint on
    cdef public long pending
    cdef public list ref
    cdef public Py_ssize_t side
    cdef public long speed
    cdef public Py_ssize_t sq
    cdef public long status
    cdef public dict tk
    cdef public long used


cdef class Battle:
    cdef public list units
    cdef public list board
    cdef public list leap_deck
    cdef public list cmd
    cdef public list init_hp
    cdef public bint any_preempt
    cdef public bint roll_traits
    cdef public list leap_hp
    cdef public unsigned long long rng
    cdef public list script
    cdef public object watch
    cdef public object log
    cdef public Py_ssize_t rounds
    cdef public Py_ssize_t round
    cdef public long roll
    cdef public list order
    cdef public list seq
    cdef public Py_ssize_t seq_i
    cdef public list last_actor
    cdef public bint reorder
    cdef public bint hurt
    cdef public bint downed
    cdef public bint over
    cdef public long winner
    cdef public str reason
    cdef public list taken

    cpdef Unit add_unit(self, object card, Py_ssize_t side, Py_ssize_t sq)

    @cython.locals(value=cython.long, event=dict)
    cpdef long die(self, str purpose, Py_ssize_t uid=*) except? -1

    cpdef move(self, Unit u, Py_ssize_t sq)

    cpdef tuple features(self, Unit u)

    @cython.locals(uid=Py_ssize_t, u=Unit)
    cpdef tuple sides(self)

    @cython.locals(units=list, order=list, rnd=Py_ssize_t, k=Py_ssize_t, t=Unit,
                   uid=Py_ssize_t)
    cpdef Py_ssize_t next_enemy(self, Unit u) except? -2

    @cython.locals(out=list, p=Py_ssize_t, row=list, x=Py_ssize_t, u=Unit, st=long,
                   slot=list, cell=dict)
    cpdef list snapshot(self)

    @cython.locals(units=list, roll=long, face=long, k=Py_ssize_t, slot=Py_ssize_t, u=Unit)
    cpdef play_round(self, Py_ssize_t r)

    @cython.locals(log=object, awake=bint, bit=long)
    cpdef turn(self, Unit u)

    @cython.locals(log=object, ops=tuple, bit=long, once=bint, melee=bint, target=str,
                   targets=list, units=list, dealt=long, kind=str, t=Py_ssize_t, tu=Unit,
                   x=Py_ssize_t, face=long, op=tuple)
    cpdef act(self, Unit u, object action, bint first)

    @cython.locals(units=list, p=Py_ssize_t, u=Unit, mover=Unit)
    cpdef settle(self)

