# C types for the compiled build of deckbuilding.py. A pool holds at most 48 cards
# (actions.MAX_POOL), so every mask over pool positions fits an unsigned 64-bit integer, where
# C's ``~mask`` keeps the same low 48 bits as Python's; the counts are small.
import cython


cpdef list legal(object state, Py_ssize_t p)

cdef bint _feasible(long u, long c, long au, long ac, long size, long min_u,
                    long min_c) except -1

@cython.locals(units=cython.ulonglong, cmds=cython.ulonglong, stars=cython.ulonglong,
               n_units=long, n_cmds=long, u=long, c=long, s=long, au=long, ac=long,
               allowed=cython.ulonglong,
               out=list, table=tuple)
cpdef list _legal(tuple shape, unsigned long long mask, long size, long min_u, long min_c,
                  long leap_max)

@cython.locals(ci=Py_ssize_t, nxt=list)
cpdef bint pick(object state, Py_ssize_t p, object code) except -1

cpdef finish(object state, Py_ssize_t p)
