# C entry points for the compiled build of zones.py (Cython reads this file beside the
# module; the pure path never does). The zone steps the turn, the battle, the plays and the
# resolver call after most actions are cpdef, so those modules, which cimport them, call them
# as C functions; every other caller calls them as before. Nothing is typed: the arguments
# stay Python objects, so the values are the .py's. ``checked`` stays a plain function (a
# test replaces it on the module, and check looks it up there at every call). check types
# its ``Traits`` (stats.pxd).
import cython

from cardtable.games.sarasvati.stats cimport Traits


cpdef finish(object state, object winner, object reason)


cpdef draw(object state, object seat, object n)


cpdef destroy(object state, object seat, object place, object why, object by=*)


cpdef vacate(object state, object seat, object place)


cpdef find(object state, object uid)


@cython.locals(traits=Traits)
cpdef check(object state)
