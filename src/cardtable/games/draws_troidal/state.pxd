# C types for the compiled build of state.py (the pure path never reads this file): the
# legal list, asked once a decision, is a C call from the state's methods.
cpdef list legal_for(object state, Py_ssize_t player)
