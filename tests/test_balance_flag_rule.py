"""The flag rule: a card is flagged only when its effect is clearly beyond a stated minimum,
"in line" when its interval lies within that minimum, and "undecided" otherwise. Each rule on
synthetic results, no study played."""

from __future__ import annotations

import random

import pytest
from tests.test_balance import _Card

from cardtable.balance.effects import (
    IN_LINE,
    UNDECIDED,
    card_effects,
    flag_cards,
    flag_tests,
    p_beyond,
    reading_correlation,
    verdict,
)
from cardtable.balance.restricted import flag_by_restriction
from cardtable.balance.study import Study
from cardtable.core import Deck


def test_against_a_line_of_zero_the_test_is_the_usual_two_sided_one() -> None:
    assert p_beyond(1.959964, 1.0, 0.0) == pytest.approx(0.05, abs=1e-6)
    assert p_beyond(-1.959964, 1.0, 0.0) == pytest.approx(0.05, abs=1e-6)


def test_the_test_asks_the_effect_to_lie_beyond_the_line() -> None:
    # 3 standard errors from zero, but only 1 beyond a line at 2
    assert p_beyond(3.0, 1.0, 2.0) == pytest.approx(p_beyond(1.0, 1.0, 0.0))
    # inside the line there is no evidence at all
    assert p_beyond(1.5, 1.0, 2.0) == 1.0


def test_a_card_clearly_but_slightly_off_its_deck_is_not_flagged() -> None:
    # b = 0.3 with se 0.05: six errors from zero, under one beyond a line at 0.25
    _, _, flags = flag_tests([(0.3, 0.05, 0.25)], fdr=0.10)
    assert flags == [None]
    _, _, against_zero = flag_tests([(0.3, 0.05, 0.0)], fdr=0.10)
    assert against_zero == ["above"]


def test_a_flag_says_above_or_below_by_the_sign_of_the_effect() -> None:
    _, _, flags = flag_tests([(1.0, 0.1, 0.2), (-1.0, 0.1, 0.2)], fdr=0.10)
    assert flags == ["above", "below"]


def test_the_flags_control_the_false_discovery_rate_over_every_test() -> None:
    """One test at p 0.01 is flagged alone; among 30 tests with no evidence it is not
    (Benjamini–Hochberg asks the smallest of 31 p-values to be below 0.10 / 31)."""
    one = (2.5758, 1.0, 0.0)  # p = 0.01
    assert flag_tests([one], fdr=0.10)[2] == ["above"]
    nulls = [(0.1, 1.0, 0.0)] * 30
    assert flag_tests([one, *nulls], fdr=0.10)[2][0] is None


def test_a_card_within_the_minimum_either_way_is_in_line() -> None:
    assert verdict(None, -0.03, 0.04, 0.05) == IN_LINE


def test_a_card_whose_interval_reaches_beyond_the_minimum_is_undecided() -> None:
    assert verdict(None, -0.01, 0.12, 0.05) == UNDECIDED
    assert verdict(None, -0.20, 0.30, 0.05) == UNDECIDED


def test_a_flagged_card_keeps_its_flag_as_its_verdict() -> None:
    assert verdict("above", 0.08, 0.25, 0.05) == "above"


def _study_with(big: float, small: float, games: int = 3000) -> tuple[Study, list[dict]]:
    """Deck A (card small and seven plain ones, four copies each) against deck B (card big and
    seven plain ones): each early copy of ``small`` adds ``small`` to deck A's score margin,
    each of ``big`` adds ``big`` to deck B's, on a noise of spread 10."""
    a_names = ["small", *[f"za{i}" for i in range(7)]]
    b_names = ["big", *[f"zb{i}" for i in range(7)]]
    a = Deck("A", tuple(_Card(n) for n in a_names for _ in range(4)))
    b = Deck("B", tuple(_Card(n) for n in b_names for _ in range(4)))
    study = Study("draws-troidal", (a, b), ("random", "random"), games, 0)
    rng = random.Random(7)
    results = []
    for k in range(games):
        a_seat = k % 2
        orders = []
        for deck in (a, b):
            cards = [c.name for c in deck.cards]
            rng.shuffle(cards)
            orders.append(cards[:20])  # 20 cards come to hand: the first 10 are early
        boost = small * orders[0][:10].count("small") - big * orders[1][:10].count("big")
        margin_a = boost + rng.gauss(0, 10)
        if a_seat == 1:
            orders.reverse()
        margin = margin_a if a_seat == 0 else -margin_a
        hand = [{"drawn": sorted(set(o)), "seen": [], "played": []} for o in orders]
        results.append({"index": k, "decks": [0, 1] if a_seat == 0 else [1, 0],
                        "winner": 0 if margin > 0 else 1, "first": k % 2, "cards": hand,
                        "order": orders, "score": [margin, 0.0]})
    return study, results


def test_on_a_study_the_large_effect_is_flagged_and_the_slight_one_is_not() -> None:
    """A card 4 points (per early copy) off its deck, four errors from zero over 3,000 games,
    is flagged against zero and not at a 5-point minimum; a 29-point one is flagged at
    both."""
    study, results = _study_with(big=8.0, small=1.0)
    strict = card_effects(study, results, min_effect=0.05)["cards"]
    loose = card_effects(study, results, min_effect=0.0)["cards"]
    assert strict["big"]["flag"] == "above" and loose["big"]["flag"] == "above"
    assert loose["small"]["flag"] == "above" and 0.0 < loose["small"]["effect"] < 0.05
    assert strict["small"]["flag"] is None and strict["small"]["verdict"] == UNDECIDED


def test_restricted_play_flags_by_the_same_rule() -> None:
    """A deck that loses 8 points barred from a card, sure to be more than zero but not to be
    more than 5, flags nothing at a 5-point minimum; one that loses 30 is flagged."""
    report = {"cards": [{"card": "x"}, {"card": "y"}]}
    barred = {"x": {"change": {"change": -0.08, "ci95": [-0.13, -0.03], "p": 1e-4, "n": 400}},
              "y": {"change": {"change": -0.30, "ci95": [-0.36, -0.24], "p": 1e-9, "n": 400}}}
    flag_by_restriction(report, barred, 0.10, min_effect=0.05)
    assert report["cards"][0]["flag"] is None
    assert report["cards"][0]["effect"]["verdict"] == UNDECIDED
    assert report["cards"][1]["flag"] == "above"


# -- one test per card, its readings combined ----------
NULLS = [[(0.1, 1.0, 0.0)] for _ in range(9)]


def test_two_readings_that_agree_add_up_to_a_flag_neither_makes_alone() -> None:
    """Each reading 2.5 errors from zero (p 0.012: not enough among ten cards), correlated
    0.5: together (2.5 + 2.5) / √3 = 2.9 errors, p 0.004, enough."""
    agree = [(2.5, 1.0, 0.0), (2.5, 1.0, 0.0)]
    assert flag_cards([agree, *NULLS], 0.5, fdr=0.05)[2][0] == "above"
    assert flag_cards([agree[:1], *NULLS], 0.5, fdr=0.05)[2][0] is None


def test_a_fluke_in_one_reading_alone_does_not_flag_a_card() -> None:
    """Three errors in hand but the early copies lean the other way: (3 − 0.5) / √3 = 1.4."""
    fluke = [(3.0, 1.0, 0.0), (-0.5, 1.0, 0.0)]
    assert flag_cards([fluke, *NULLS], 0.5, fdr=0.05)[2][0] is None
    assert flag_tests([fluke[0], *(n[0] for n in NULLS)], fdr=0.05)[2][0] == "above"


def test_fully_correlated_readings_count_as_one() -> None:
    p_two, *_ = flag_cards([[(2.0, 1.0, 0.0), (2.0, 1.0, 0.0)]], 1.0, fdr=0.05)
    p_one, *_ = flag_cards([[(2.0, 1.0, 0.0)]], 1.0, fdr=0.05)
    assert p_two[0] == pytest.approx(p_one[0])


def test_the_readings_correlation_is_measured_over_the_cards_and_errs_high() -> None:
    assert reading_correlation([[1.0, 1.0], [2.0, 2.0]]) == 1.0  # too few cards: no gain
    pairs = [[1.0, 2.0], [2.0, 4.1], [3.0, 5.9], [4.0, 8.0], [0.5]]
    assert reading_correlation(pairs) == pytest.approx(1.0, abs=0.01)
    assert reading_correlation([[1, -1], [2, -2], [3, -3.1], [4, -4]]) == 0.0  # never below 0


def test_the_command_line_defaults_are_the_labs() -> None:
    import inspect

    from cardtable.balance.effects import MIN_EFFECT, SMALLEST
    from cardtable.cli.balance_cmd import balance

    params = inspect.signature(balance).parameters
    assert params["min_effect"].default.default == pytest.approx(100 * MIN_EFFECT)
    assert params["smallest_effect"].default.default == pytest.approx(100 * SMALLEST)
