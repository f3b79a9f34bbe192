"""③ Field shuffle: up to two swaps of horizontally adjacent cards, or none at all."""

from __future__ import annotations

from itertools import permutations

import pytest

from cardtable.core import IllegalActionError
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal import field_shuffle
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import card, lab, put

LINE = [card("none", p, risk=p, guard=p % 2) for p in (1, 2, 3, 4, 5)]
IDENTITY = (0, 1, 2, 3, 4)


def shuffle_lab(**options: int) -> DrawsState:
    s = lab(*LINE, **options)
    for p in (0, 1):
        for lane, c in enumerate(LINE):
            put(s, p, lane, c, wins=lane)
    field_shuffle.begin(s)
    return s


def inversions(perm: tuple[int, ...]) -> int:
    """Adjacent swaps needed to reach ``perm`` (its number of inversions)."""
    return sum(1 for i in range(5) for j in range(i + 1, 5) if perm[i] > perm[j])


def legal_orders(s: DrawsState) -> set[tuple[int, ...]]:
    return {tuple(act.describe(a)["perm"]) for a in s.legal_actions()}


def test_field_shuffle_allows_up_to_two_adjacent_swaps() -> None:
    s = shuffle_lab()
    expected = {p for p in permutations(range(5)) if inversions(p) <= 2}
    assert legal_orders(s) == expected
    assert len(expected) == 14  # no swap, 4 single swaps, 9 pairs of swaps


def test_arrangement_needing_three_swaps_is_illegal() -> None:
    s = shuffle_lab()
    three = (1, 2, 3, 0, 4)  # lane A's card walks to lane D
    assert inversions(three) == 3
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(act.ARRANGE_CODE[three])
    assert s.to_json() == before


def test_swapping_cards_that_are_not_adjacent_is_illegal() -> None:
    s = shuffle_lab()
    with pytest.raises(IllegalActionError):
        s.apply(act.ARRANGE_CODE[(2, 1, 0, 3, 4)])  # A and C directly


def test_no_swap_is_allowed_and_a_swap_may_undo_the_previous_one() -> None:
    s = shuffle_lab()
    keep = act.ARRANGE_CODE[IDENTITY]
    assert keep in s.legal_actions()  # swap A-B then B-A again gives this order too
    assert s.action_label(keep) == "Keep the order"
    s.pending = [keep, keep]
    field_shuffle.resolve(s)
    assert [s.cards[c] for c in s.field[0]] == LINE
    assert not any(e["type"] == "shuffle" for e in s.log)


def test_two_separate_swaps_in_one_shuffle() -> None:
    s = shuffle_lab()
    order = (1, 0, 2, 4, 3)  # A-B and D-E
    s.apply(act.ARRANGE_CODE[order])
    s.apply(act.ARRANGE_CODE[IDENTITY])  # both answered: the shuffle resolves, then battle
    shuffles = [e for e in s.log if e["type"] == "shuffle"]
    assert [{k: e[k] for k in ("type", "player", "swaps")} for e in shuffles] == [
        {"type": "shuffle", "player": 0, "swaps": ["AB", "DE"]}]
    assert shuffles[0]["ids"] == [1, 0, 2, 4, 3]  # each card's id went with it
    battles = [e for e in s.log if e["type"] == "battle"]
    assert [e["cards"][0] for e in battles] == [LINE[i].name for i in order]
    assert [e["cards"][1] for e in battles] == [c.name for c in LINE]



def test_number_of_swaps_is_an_option() -> None:
    assert legal_orders(shuffle_lab(max_swaps=0)) == {IDENTITY}
    assert len(legal_orders(shuffle_lab(max_swaps=1))) == 5


def test_identical_cards_give_one_arrangement_per_distinct_outcome() -> None:
    twin = card("none", 3)
    s = lab(twin, *LINE)
    for lane in range(5):
        put(s, 0, lane, twin if lane < 2 else LINE[lane])  # A and B hold equal cards
        put(s, 1, lane, LINE[lane])
    field_shuffle.begin(s)
    lanes = s.field[0]
    outcomes = [tuple(lanes[i] for i in act.describe(a)["perm"]) for a in s.legal_actions()]
    reachable = {tuple(lanes[i] for i in p) for p in permutations(range(5)) if inversions(p) <= 2}
    assert len(outcomes) == len(set(outcomes))  # one code per outcome
    assert set(outcomes) == reachable  # and every reachable outcome has one
    assert len(outcomes) < 14  # swapping the twins changes nothing, so some orders fold away


def test_equal_cards_with_different_guard_are_different_outcomes() -> None:
    twin = card("none", 3, guard=1)
    s = lab(twin, *LINE)
    for lane in range(5):
        put(s, 0, lane, twin if lane < 2 else LINE[lane], guard=lane if lane < 2 else None)
        put(s, 1, lane, LINE[lane])
    field_shuffle.begin(s)
    assert len(s.legal_actions()) == 14
