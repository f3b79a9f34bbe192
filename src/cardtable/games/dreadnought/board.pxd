# C types for the compiled build of board.py (Cython reads this file beside the module; the
# pure path never does). The helpers are cpdef, so rules and choices, which cimport them,
# call them as C functions; ``DUMMY_BP`` and ``CHAIN_TARGET`` stay Python names (other
# modules import them). Units, BP changes and enchantments are the extension types of
# ``state.pxd``: a variable typed ``Unit`` reads ``u.seat`` from the struct (a ``None`` there
# raises, as the module is built with ``nonecheck``).
import cython

from cardtable.games.dreadnought.state cimport Enchant, Mod, Unit

@cython.locals(u=Unit)
cpdef list area_units(object s, Py_ssize_t seat, Py_ssize_t area)

@cython.locals(i=cython.Py_ssize_t, u=Unit)
cpdef Py_ssize_t unit_index(object s, Py_ssize_t uid)

@cython.locals(k=cython.Py_ssize_t, total=cython.Py_ssize_t, u=Unit)
cpdef Py_ssize_t aura(object s, Py_ssize_t seat)

@cython.locals(uid=cython.Py_ssize_t, total=cython.Py_ssize_t, m=Mod, e=Enchant)
cpdef Py_ssize_t bp(object s, Unit u, object viewer=*)
