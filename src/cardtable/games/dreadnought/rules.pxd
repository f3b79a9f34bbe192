# C types for the compiled build of rules.py (Cython reads this file beside the module; the
# pure path never does). The phases and window kinds become C constants and the seats,
# slots, uids, card numbers and counts Py_ssize_t: small ints on both paths. Units, BP
# changes and enchantments are typed with their ``state.pxd`` types where a helper walks them
# (fields read from the struct; the module is built with ``nonecheck``, so a ``None`` raises);
# the chain's links, of four types, stay objects. The
# helpers are cpdef, so calls inside the module are C calls and the names stay importable;
# the board's are cimported from ``board`` and ``can_act`` from ``choices``. Functions that
# hold a generator (``op_chain``, ``apply_effect``) cannot be cpdef and stay as they are.
import cython

from cardtable.games.dreadnought.board cimport area_units, bp, unit_index
from cardtable.games.dreadnought.choices cimport can_act
from cardtable.games.dreadnought.state cimport Enchant, Mod, Unit

cdef Py_ssize_t HAND_LIMIT
cdef Py_ssize_t ACTION, CAST, DRAW, END, FAST, OVER, SPEED
cdef Py_ssize_t W_ACTION, W_CAST, W_FAST, W_REACT, W_SPEED

cpdef ev(object s, object kind, dict fields)

@cython.locals(i=cython.Py_ssize_t, e=Enchant)
cpdef open_enchants(object s, Py_ssize_t uid)

@cython.locals(uid=cython.Py_ssize_t, seat=cython.Py_ssize_t, card=cython.Py_ssize_t,
               keep=list, u=Unit, e=Enchant, m=Mod)
cpdef remove_unit(object s, Py_ssize_t i, object to, object why)

@cython.locals(i=cython.Py_ssize_t, todo=list)
cpdef fire(object s, Py_ssize_t seat, Py_ssize_t card, Py_ssize_t uid, object when)

@cython.locals(seat=cython.Py_ssize_t, done=cython.Py_ssize_t)
cpdef Py_ssize_t break_hp(object s, Py_ssize_t k, Py_ssize_t n, object why)

@cython.locals(p=cython.Py_ssize_t, a=cython.Py_ssize_t, b=cython.Py_ssize_t,
               k=cython.Py_ssize_t)
cpdef take(object s, tuple op)

@cython.locals(hand=list)
cpdef deliver(object s, Py_ssize_t p, Py_ssize_t card, object dest, bint from_hp,
              Py_ssize_t k=*)

@cython.locals(chk=list, i=cython.Py_ssize_t, card=cython.Py_ssize_t, hand=list)
cpdef bint god_draw(object s, Py_ssize_t p)

cpdef op_mull(object s, tuple op)

cpdef op_turn(object s, tuple op)

@cython.locals(stage=cython.Py_ssize_t, p=cython.Py_ssize_t, c=cython.Py_ssize_t,
               fast=cython.Py_ssize_t, f=cython.Py_ssize_t, g=cython.Py_ssize_t)
cpdef op_speed_cmp(object s, tuple op)

cpdef op_phase(object s, tuple op)

@cython.locals(p=cython.Py_ssize_t, kind=cython.Py_ssize_t)
cpdef op_win(object s, tuple op)

cpdef pass_window(object s, Py_ssize_t p, Py_ssize_t kind, Py_ssize_t passes)

@cython.locals(p=cython.Py_ssize_t, f=cython.Py_ssize_t, u=Unit, e=Enchant)
cpdef op_end(object s, tuple op)

@cython.locals(p=cython.Py_ssize_t)
cpdef op_limit(object s, tuple op)

@cython.locals(u=Unit)
cpdef op_normal(object s, tuple op)

@cython.locals(p=cython.Py_ssize_t, n=cython.Py_ssize_t, casters=list,
               bursts=cython.Py_ssize_t, left=cython.Py_ssize_t)
cpdef op_pay(object s, tuple op)

@cython.locals(chk=list, i=cython.Py_ssize_t)
cpdef pay_bursts(object s, Py_ssize_t p, Py_ssize_t n)

cpdef op_place(object s, tuple op)

cpdef op_do(object s, tuple op)

cpdef resolve_item(object s, object item)

cpdef bint target_valid(object s, Py_ssize_t t)

@cython.locals(p=cython.Py_ssize_t, c=cython.Py_ssize_t, a=cython.Py_ssize_t,
               uid=cython.Py_ssize_t)
cpdef op_enter(object s, tuple op)

@cython.locals(p=cython.Py_ssize_t, power=cython.Py_ssize_t, i=cython.Py_ssize_t,
               k=cython.Py_ssize_t, units=list, options=list)
cpdef op_atk_res(object s, tuple op)

@cython.locals(units=list, out=list)
cpdef list block_options(object s)

@cython.locals(k=cython.Py_ssize_t, n=cython.Py_ssize_t, power_u=cython.Py_ssize_t, u=Unit)
cpdef block(object s, Py_ssize_t choice)

cpdef finish(object s, Py_ssize_t winner, object reason)

@cython.locals(hp=list)
cpdef bint check_end(object s)

@cython.locals(ops=list, op=tuple, hp=list, out=list)
cpdef run(object s)
