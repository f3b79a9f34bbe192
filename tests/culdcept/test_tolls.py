"""Tolls: the undefended levelled land, declining an invasion, the toll pile, the end."""

from __future__ import annotations

from tests.culdcept.helpers import C, lab, level, level_code, names, put, roll

from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.state import CHOOSE, INVADE, OVER, TERRITORY


def test_an_undefended_land_with_level_cards_pays_one_of_them_of_its_owners_choice() -> None:
    s = lab(C("スケルトン"), C("傭兵"))
    level(s, 1, 3, "スケルトン", "傭兵")
    roll(s, 4)
    assert s.phase == CHOOSE and s.current_player() == 1  # the opponent decides, in my turn
    assert s.pending == ("toll", 1, 3)
    s.apply(level_code(s, 1, 3, act.CHOOSE_LEVEL, "傭兵"))
    assert names(s, s.tolls[0]) == ["傭兵"] and names(s, list(s.levels[1][3])) == ["スケルトン"]
    assert s.phase == TERRITORY and s.current_player() == 0


def test_two_level_cards_of_one_kind_still_ask_their_owner() -> None:
    """Level cards are face down: skipping the question would tell the mover they are alike."""
    s = lab(C("スケルトン"))
    level(s, 1, 0, "スケルトン", "スケルトン")
    roll(s, 1)
    assert s.phase == CHOOSE and s.current_player() == 1
    assert s.legal_actions() == [act.CHOOSE_LEVEL]
    s.apply(act.CHOOSE_LEVEL)
    assert s.phase == TERRITORY and names(s, s.tolls[0]) == ["スケルトン"]
    assert len(s.levels[1][0]) == 1


def test_a_single_level_card_is_paid_without_asking() -> None:
    s = lab(C("スケルトン"))
    level(s, 1, 0, "スケルトン")
    roll(s, 1)
    assert s.phase == TERRITORY and names(s, s.tolls[0]) == ["スケルトン"]
    assert s.levels[1][0] == ()


def test_an_undefended_level_one_land_pays_nothing() -> None:
    s = lab()
    roll(s, 2)
    assert s.phase == TERRITORY and s.tolls == [[], []]


def test_declining_an_invasion_pays_the_lands_level_in_cards_from_the_deck() -> None:
    s = lab(C("スケルトン"), C("傭兵"))
    put(s, 1, 4, "スケルトン")
    level(s, 1, 4, "傭兵", "傭兵")
    roll(s, 5)
    assert s.phase == INVADE
    top = s.deck[0][-3:]
    s.apply(act.PAY_TOLL)
    assert sorted(s.tolls[1]) == sorted(top) and s.points(1) == 3  # level 3: three cards
    assert s.discard[0] == []  # toll cards go to the toll pile, not the discard pile


def test_a_toll_that_cannot_be_paid_in_full_loses_at_once() -> None:
    s = lab(C("スケルトン"))
    put(s, 1, 0, "スケルトン")
    s.deck[0] = []
    roll(s, 1)
    s.apply(act.PAY_TOLL)
    assert s.phase == OVER and s.winner() == 1 and s.end_reason() == "toll-unpaid"


def test_ten_toll_points_win() -> None:
    s = lab(C("スケルトン"))
    put(s, 1, 0, "スケルトン")
    level(s, 1, 0, "スケルトン", "スケルトン")
    s.tolls[1] = [s.deck[0].pop() for _ in range(7)]
    roll(s, 1)
    s.apply(act.PAY_TOLL)
    assert s.phase == OVER and s.winner() == 1 and s.end_reason() == "points"


def test_paying_is_always_offered_beside_invading() -> None:
    s = lab(C("スケルトン"))
    put(s, 1, 0, "スケルトン")
    put(s, 0, 0, "スケルトン")
    roll(s, 1)
    assert s.legal_actions() == [act.INVADE_LAND, act.PAY_TOLL]
