# C types for the compiled build of mcts.py (Cython reads this file beside the module; the pure
# path never does). The tree node becomes an extension type, so the selection and the backup
# read and write its counters as struct fields instead of through slot descriptors. Each field
# holds exactly what the .py stores there: visits, avail and player are small whole numbers (a
# search is at most MAX_ITERS iterations), reward is a sum of floats (it starts at 0.0, and a
# double adds exactly as a Python float does); the rest stay objects, None where the .py
# allows it. The loops over nodes are module functions (``_untried``, ``_select``,
# ``_backup``) so their locals can be typed here; the agent's methods cannot be.
import cython


cdef class Node:
    cdef public Py_ssize_t player
    cdef public Py_ssize_t visits
    cdef public double reward
    cdef public Py_ssize_t avail
    cdef public dict children
    cdef public object hidden
    cdef public dict shared
    cdef public dict stats
    cdef public dict prior
    cdef public tuple legal


@cython.locals(stat=Node)
cpdef list _untried(dict table, object legal)


@cython.locals(ch=Node, score=cython.double, best_score=cython.double, best=list)
cpdef object _select(dict table, object actions, double c, double bias, dict prior,
                     object rand)


@cython.locals(n=Node)
cpdef _backup(list path, object rewards)


@cython.locals(child=Node)
cpdef tuple _visits(Node root, object action)
