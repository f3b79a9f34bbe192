"""The logistic model the per-game value functions share: weights · features → a probability.

Kept apart so every game's value module is its features and fitted weights alone, and the
clamp that keeps ``exp`` from overflowing lives in one place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: beyond this score the answer is 1 or 0 to within 1e-13; clamping keeps it strictly inside
LIMIT = 30.0


def probability(weights: Sequence[float], features: Sequence[float]) -> float:
    """``1 / (1 + exp(-w·f))``, strictly between 0 and 1."""
    z = 0.0
    for w, f in zip(weights, features, strict=True):
        z += w * f
    if z > LIMIT:
        z = LIMIT
    elif z < -LIMIT:
        z = -LIMIT
    return 1.0 / (1.0 + math.exp(-z))
