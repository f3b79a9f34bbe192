# C types for the compiled build of legal.py (the pure path never reads this file): the
# legal list, asked once a decision, is a C call from the state's bound rules.
cpdef list legal_for(object state, Py_ssize_t player)
cpdef list legal_now(object state)
