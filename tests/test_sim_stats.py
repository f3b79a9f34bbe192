"""Wilson interval against published values and at its edges."""

from __future__ import annotations

import pytest

from cardtable.sim.stats import mean, rate, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # reference values from statsmodels.stats.proportion.proportion_confint(method="wilson")
        (5, 10, 0.236593, 0.763407),
        (50, 100, 0.403832, 0.596168),
        (81, 263, 0.255289, 0.366210),
        (0, 10, 0.0, 0.277533),
        (10, 10, 0.722467, 1.0),
    ],
)
def test_wilson_known_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-6)
    assert hi == pytest.approx(high, abs=1e-6)


def test_wilson_edges_are_exact() -> None:
    assert wilson(0, 25)[0] == 0.0
    assert wilson(25, 25)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_is_symmetric_and_contains_the_rate() -> None:
    for k in range(0, 31):
        lo, hi = wilson(k, 30)
        assert 0.0 <= lo <= k / 30 <= hi <= 1.0
        mirror = wilson(30 - k, 30)
        assert lo == pytest.approx(1 - mirror[1])


def test_wilson_narrows_with_more_trials_and_wider_with_z() -> None:
    small, large = wilson(5, 10), wilson(500, 1000)
    assert large[1] - large[0] < small[1] - small[0]
    assert wilson(5, 10, z=2.576)[0] < small[0]


@pytest.mark.parametrize(("k", "n"), [(-1, 5), (6, 5), (0, -1)])
def test_wilson_rejects_impossible_counts(k: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson(k, n)


def test_rate_and_mean_handle_empty_input() -> None:
    assert rate(3, 4) == 0.75
    assert rate(0, 0) == 0.0
    assert mean([]) == 0.0
    assert mean([1, 2, 3, 4]) == 2.5
