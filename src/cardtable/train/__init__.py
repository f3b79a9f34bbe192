"""Training the learned values and priors by self-play (``cardtable train``).

The optional ``train`` extra (JAX and optax): ``pip install 'cardtable[train]'``. Playing never
needs it: the weights are read by ``cardtable.agents.learned`` with NumPy alone.
"""
