# C entry points for the compiled build of imagine.py (Cython reads this file beside the
# module; the pure path never does). The plays the turn decodes are cpdef, so the turn,
# which cimports them, calls them as C functions (and they call the resolver's cpdef steps
# the same way); every other caller calls them as before. Only kind_at's counter is a C
# integer (a hand-kind number, below the number of cards in a hand); the rest stay Python
# objects, so the values are the .py's.
import cython

from cardtable.games.sarasvati.stats cimport Traits
from cardtable.games.sarasvati.zones cimport check, vacate
from cardtable.games.sarasvati.resolve cimport run, trigger


cpdef kind_at(object hand, Py_ssize_t k)


@cython.locals(traits=Traits)
cpdef play(object state, object c, object place)


cpdef evolve(object state, object c, object place, object other, object keep)


cpdef re_equip(object state, object src, object dst)


cpdef use(object state, object c)


cpdef charge(object state, object c)


cpdef pay(object state, object seat, object amount)


cpdef evolution_places(object state, object seat, object card)


cpdef second_base(object state, object seat, object card, object place)


cpdef usable(object state, object seat, object card)


cpdef _take(object state, object seat, object c)


cpdef equip(object state, object p, object c, object place, object from_hand)
