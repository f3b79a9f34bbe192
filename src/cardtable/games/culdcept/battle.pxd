# C types for the compiled build of battle.py (Cython reads this file beside the module; the
# pure path never does). ``Fighter`` is a scratch object of one battle, never stored: as a
# C class its numbers are struct fields. ST, HP and damage are sums of printed numbers and
# effect values (tens), a seat is 0 or 1, and ``first`` is only ever False or True, so each
# reads back as the same Python value (``numbers`` goes into the event log).
import cython


cdef class Fighter:
    cdef public object card
    cdef public Py_ssize_t damage
    cdef public bint first
    cdef public Py_ssize_t hp
    cdef public list nulls
    cdef public Py_ssize_t seat
    cdef public Py_ssize_t st

    cpdef bint alive(self)

    @cython.locals(v=cython.Py_ssize_t)
    cpdef apply(self, object e, Fighter foe)

    @cython.locals(v=cython.Py_ssize_t)
    cpdef bint nullifies(self, Fighter attacker)

    cpdef dict numbers(self)


cdef _abilities(Fighter f, Fighter foe, bint invading, object field)

cdef _use_card(Fighter f, Fighter foe, object card, bint invading, object field)


@cython.locals(inv=Fighter, dfn=Fighter, f=Fighter, first=Fighter, second=Fighter,
               attacker=Fighter, target=Fighter, p=cython.Py_ssize_t, o=cython.Py_ssize_t,
               slot=cython.Py_ssize_t, from_slot=cython.Py_ssize_t, lvl=cython.Py_ssize_t,
               nullified=cython.bint, inv_alive=cython.bint, def_alive=cython.bint)
cpdef fight(object state)


@cython.locals(inv=Fighter, dfn=Fighter, f=Fighter, first=Fighter, second=Fighter,
               attacker=Fighter, target=Fighter)
cpdef tuple outcome(object invader, object defender, object field, object lvl, object support,
                    object inv_spell=*, object def_spell=*, object inv_card=*,
                    object def_card=*, object inv_damage=*, object def_damage=*)
