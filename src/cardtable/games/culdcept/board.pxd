# C types for the compiled build of board.py (Cython reads this file beside the module; the
# pure path never does). Only seats, slots, counts, loop indices and card indices are typed:
# each is a small int the state holds, so a C integer reads back as the same int. Every
# function stays callable from Python (``cpdef``); calls inside this module are C calls.
import cython


@cython.locals(sp=cython.Py_ssize_t)
cpdef element(object state, Py_ssize_t seat, Py_ssize_t slot)

cpdef level(object state, Py_ssize_t seat, Py_ssize_t slot)

@cython.locals(n=cython.Py_ssize_t, sp=cython.Py_ssize_t)
cpdef toll(object state, Py_ssize_t seat, Py_ssize_t slot)

cpdef condition_met(object state, Py_ssize_t seat, object condition, Py_ssize_t skip=*)

@cython.locals(i=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef list held(object state, Py_ssize_t seat, Py_ssize_t skip=*)

cpdef meets(object have, object condition)

cpdef can_pay(object state, Py_ssize_t seat, object cost)

cpdef pay_cost(object state, Py_ssize_t seat, object cost, object card)

@cython.locals(receiver=cython.Py_ssize_t)
cpdef pay_toll_from_deck(object state, Py_ssize_t payer, object n, object why)

cpdef list level_kinds(object state, Py_ssize_t seat, Py_ssize_t slot)

cpdef take_level_card(object state, Py_ssize_t seat, Py_ssize_t slot, object card)

@cython.locals(receiver=cython.Py_ssize_t)
cpdef pay_level_card(object state, Py_ssize_t seat, Py_ssize_t slot, object card, object why)

cpdef check_points(object state, Py_ssize_t seat)

cpdef finish(object state, Py_ssize_t winner, object reason)

cpdef draw(object state, Py_ssize_t seat, Py_ssize_t n)

@cython.locals(sp=cython.Py_ssize_t, by=cython.Py_ssize_t)
cpdef remove_creature(object state, Py_ssize_t seat, Py_ssize_t slot)

cpdef destroy(object state, Py_ssize_t seat, Py_ssize_t slot, object why, object by)

cpdef return_to_hand(object state, Py_ssize_t seat, Py_ssize_t slot, object why)

cpdef list hand_kinds(object hand)

@cython.locals(prev=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef list distinct(object cards)

@cython.locals(sp=cython.Py_ssize_t)
cpdef max_hp(object state, Py_ssize_t seat, Py_ssize_t slot)

cpdef give_level(object state, Py_ssize_t seat, Py_ssize_t slot, object card)

cpdef take_from_hand(object state, Py_ssize_t seat, object card)

cpdef to_hand(object state, Py_ssize_t seat, object card)
