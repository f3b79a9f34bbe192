# C types for the compiled build of choices.py (Cython reads this file beside the module; the
# pure path never does). The window lists are most of a random game's time: the action bases
# and the window kinds become C constants, so ``CAST + 2 * c + a`` is C arithmetic (boxed
# once, when it goes into the list); the helpers the lists call run as C calls (legal and
# rules cimport them) and stay importable as before.
# Every value typed here is a seat, a slot, a card number, a window kind, an action code or
# a count: small ints on both paths, so the codes come out the same. A unit variable is typed
# ``Unit`` (``state.pxd``): its fields are read from the struct (the module is built with
# ``nonecheck``, so a ``None`` raises as on the pure path); the chain's links, of four types,
# stay objects.
import cython

from cardtable.games.dreadnought.board cimport area_units, bp
from cardtable.games.dreadnought.state cimport Unit

cdef Py_ssize_t ABILITY, ATTACK, CAST, CAST_SPEED, CODE, DISCARD_UNIT
cdef Py_ssize_t DUMMY_CODE, GEAR, GOD, MOVE, PASS, SUB, TARGET
cdef Py_ssize_t W_ACTION, W_CAST, W_FAST, W_REACT, W_SPEED

cpdef Py_ssize_t cast_key(Py_ssize_t p)

cpdef bint cast_actions_left(object s, Py_ssize_t p)

cpdef Py_ssize_t speed_key(Py_ssize_t p)

@cython.locals(out=list, back=list, u=Unit)
cpdef list own_slots(object s, Py_ssize_t p)

@cython.locals(a=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef object slot_unit(object s, Py_ssize_t p, Py_ssize_t slot)

cpdef Py_ssize_t normal_casters(object s, Py_ssize_t p)

cpdef Py_ssize_t log_available(object s, Py_ssize_t p)

@cython.locals(u=Unit)
cpdef bint has_target(object s, Py_ssize_t chooser, object kind, object effects)

@cython.locals(k=cython.Py_ssize_t, u=Unit)
cpdef tuple _source(object s, Py_ssize_t p, Py_ssize_t src)

cpdef bint _code_on_chain(object s)

cpdef bint _targets_self(object effects)

@cython.locals(u=Unit)
cpdef bint _occupied(object s, Py_ssize_t seat, Py_ssize_t area)

@cython.locals(avail=cython.Py_ssize_t)
cpdef bint ability_ok(object s, Py_ssize_t p, object ab, Py_ssize_t key, bint checked,
                      bint is_caster_src, Py_ssize_t uid)

@cython.locals(out=list, src=cython.Py_ssize_t, k=cython.Py_ssize_t, j=cython.Py_ssize_t,
               slot=cython.Py_ssize_t, u=Unit)
cpdef list ability_plays(object s, Py_ssize_t p, object timing, list slots=*)

@cython.locals(out=list, avail=cython.Py_ssize_t, last=cython.Py_ssize_t,
               c=cython.Py_ssize_t, m=cython.Py_ssize_t)
cpdef list code_plays(object s, Py_ssize_t p, object timing)

@cython.locals(out=list, last=cython.Py_ssize_t, c=cython.Py_ssize_t,
               slot=cython.Py_ssize_t, u=Unit)
cpdef list sub_plays(object s, Py_ssize_t p, object sub, list slots)

@cython.locals(o=cython.Py_ssize_t, n=cython.Py_ssize_t, m=cython.Py_ssize_t,
               i=cython.Py_ssize_t, u=Unit)
cpdef list attack_plays(object s, Py_ssize_t p, list slots=*)

@cython.locals(sp=cython.Py_ssize_t, u=Unit)
cpdef bint can_act(object s, Py_ssize_t p, Py_ssize_t kind)

@cython.locals(out=list, bchk=list, hand=list, slots=list, cchk=list,
               avail=cython.Py_ssize_t, count0=cython.Py_ssize_t, count1=cython.Py_ssize_t,
               size0=cython.Py_ssize_t, size1=cython.Py_ssize_t, fit0=cython.Py_ssize_t,
               fit1=cython.Py_ssize_t, sp=cython.Py_ssize_t, slot=cython.Py_ssize_t,
               c=cython.Py_ssize_t, size=cython.Py_ssize_t, distinct=list,
               castable=list, u=Unit)
cpdef list window_actions(object s, Py_ssize_t p, Py_ssize_t kind)
