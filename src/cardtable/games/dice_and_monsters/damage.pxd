# C types for the compiled build of damage.py (see battle.pxd): the battle's Unit and Battle
# extension types, so a hit reads and writes their fields as struct members. Every function
# stays callable from Python (cpdef): the battle, the commands and the tests call them.
import cython

from cardtable.games.dice_and_monsters.battle cimport Battle, Unit


cpdef long modified(Unit src, Unit tgt, long amount, long kind) except? -1

@cython.locals(dmg=long)
cpdef long deal(Battle b, Unit src, Unit tgt, long amount, long kind, object bonus=*,
                object by=*) except? -1

cpdef bint inflict(Battle b, Unit tgt, long bit) except -1

cpdef cure(Battle b, Unit tgt, long bit)

@cython.locals(before=long)
cpdef heal(Battle b, Unit tgt, long amount)
