"""Small statistics for simulation summaries: rates and the Wilson score interval.

Why Wilson rather than the textbook ``p ± z·sqrt(p(1-p)/n)``: balance runs often test lopsided
match-ups (a 95% win rate over 200 games) or tiny batches, where the normal interval leaves
[0, 1] or collapses to zero width at 0 and n wins. Wilson stays inside [0, 1] and keeps a
sensible width there, at the cost of one square root.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

#: two-sided 95% normal quantile (``statistics.NormalDist().inv_cdf(0.975)``)
Z95 = 1.959963984540054


def rate(successes: int, trials: int) -> float:
    """``successes / trials``, with 0.0 for no trials so empty splits stay JSON-friendly."""
    return successes / trials if trials else 0.0


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    No trials say nothing, so the interval is all of [0, 1]. The ends are pinned to exactly
    0.0 and 1.0 at 0 and ``trials`` successes, where floating point would leave a 1e-17 crumb.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2n = z * z / trials
    denom = 1.0 + z2n
    center = (p + z2n / 2.0) / denom
    half = z / denom * math.sqrt(p * (1.0 - p) / trials + z2n / (4.0 * trials))
    low = 0.0 if successes == 0 else max(0.0, center - half)
    high = 1.0 if successes == trials else min(1.0, center + half)
    return low, high


def mean(values: Iterable[float]) -> float:
    """Arithmetic mean, 0.0 for nothing (a summary never divides by zero)."""
    total = 0.0
    count = 0
    for v in values:
        total += v
        count += 1
    return total / count if count else 0.0


def rounded(x: float, places: int = 6) -> float:
    """Round for JSON output, so summaries read cleanly and compare exactly across runs."""
    return round(x, places)
