# C entry points for the compiled build of resolve.py (Cython reads this file beside the
# module; the pure path never does). The steps the turn, the battle and the plays call once
# or more per action are cpdef, so those modules, which cimport them, call them as C
# functions; every other caller calls them as before. Nothing is typed: the arguments stay
# Python objects, so the values are the .py's.
from cardtable.games.sarasvati.zones cimport check, destroy, draw, find


cpdef trigger(object state, object player, object card, object when, object subject)


cpdef run(object state)


cpdef expire(object state, object until, object seat=*)


cpdef answer(object state, object target)


cpdef candidates(object state, object player, object scope)


cpdef resolve_item(object state, object item)


cpdef apply_ops(object state, object player, object card, object e, object targets)
