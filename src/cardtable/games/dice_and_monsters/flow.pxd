# C types for the compiled build of flow.py: a deck-building step calls the deck-building
# functions directly (deckbuilding.pxd).
import cython

from cardtable.games.dice_and_monsters cimport deckbuilding


@cython.locals(p=Py_ssize_t)
cpdef play(object state, Py_ssize_t action)
