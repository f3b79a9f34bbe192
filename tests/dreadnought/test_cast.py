"""The cast phase: units, dummies, discarding and moving units, the open speed card."""

from __future__ import annotations

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.state import W_CAST

from .helpers import STOP, cid, find, table, unit


def test_a_battle_area_holds_two_units_and_three_sizes() -> None:
    s = table(W_CAST, 0, hands=(["火の粉の精", "溶岩の巨人"], []),
              units=[(0, 0, "溶岩の巨人")], after=[STOP])
    offered = [s.action_label(a) for a in s.legal_actions()]
    assert any("cast Lava Giant" in x and "right" in x for x in offered)
    assert not any("cast Lava Giant" in x and "left" in x for x in offered)  # 2 + 2 > 3
    s.apply(find(s, "cast Ember Sprite", "left"))  # 2 + 1 = 3
    assert not any("left" in s.action_label(a) and "cast" in s.action_label(a)
                   for a in s.legal_actions())  # full: two units


def test_a_dummy_is_cast_closed_and_checked_as_size_s_bp_50() -> None:
    s = table(W_CAST, 0, hands=(["火球"], []), after=[STOP])
    s.apply(find(s, "dummy: Fireball", "right"))
    (u,) = s.units
    assert u[4] == 1 and u[5] == 1 and u[2] == 1


def test_cast_actions_in_any_order_and_number_then_the_other_seat() -> None:
    s = table(W_CAST, 0, hands=(["火の粉の精", "火の粉の精"], ["火の粉の精"]),
              after=[STOP, ("win", 1, W_CAST, 0)])
    s.apply(find(s, "cast Ember Sprite", "left"))
    s.apply(find(s, "cast Ember Sprite", "right"))
    assert s.ask == ("win", 0, W_CAST, 0)
    s.apply(A.PASS)
    assert s.ask == ("win", 1, W_CAST, 0)


def test_discarding_and_moving_a_unit_are_cast_actions() -> None:
    s = table(W_CAST, 0, units=[(0, 0, "溶岩の巨人"), (0, 0, "火の粉の精")], after=[STOP])
    s.apply(find(s, "move Ember Sprite"))
    assert unit(s, "火の粉の精")[2] == 1
    s.apply(find(s, "discard Lava Giant"))
    assert cid(s, "溶岩の巨人") in s.discard[0] and len(s.units) == 1


def test_an_open_speed_card_may_be_cast_as_if_in_hand() -> None:
    s = table(W_CAST, 0, after=[STOP])
    assert s.speed[0] == cid(s, "火の粉の精")
    s.apply(find(s, "cast the speed card", "left"))
    assert s.speed[0] == -1 and unit(s, "火の粉の精")
