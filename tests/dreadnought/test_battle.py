"""The action phase: attacks, blocks, HP breaks per 50 damage, the attack bonus, passes.

Seat 0 plays 紅蒼の潮 (casters アカネ and ミズハ), seat 1 炎樹 (ホムラ, whose 《Auto》 gives
its units +10 BP, and カエデ).
"""

from __future__ import annotations

import pytest

from cardtable.games.dreadnought import actions as A
from cardtable.games.dreadnought.state import END, W_ACTION, W_CAST

from .helpers import STOP, events, find, table, unit


def _attack(units: list[tuple[int, int, str]], hp: tuple[int, int, int, int] = (3, 3, 3, 3),
            bursts: tuple[int, int] = (0, 0)):
    return table(W_ACTION, 0, units=units, hp=hp, bursts=bursts, after=[STOP])


def test_an_attack_checks_the_attackers_and_deals_the_sum_of_their_bp() -> None:
    s = _attack([(0, 0, "溶岩の巨人"), (0, 1, "火の粉の精")])
    s.apply(find(s, "attack with Lava Giant BP100, Ember Sprite BP70 -> enemy left"))
    assert all(u[4] == 1 for u in s.units if u[1] == 0)
    # no unit in the attacked area: the caster blocks, 170 damage breaks 3 HP
    assert events(s, "attack-damage")[-1]["damage"] == 170
    assert len(s.hp[2]) == 0 and events(s, "block")[-1]["breaks"] == 3


@pytest.mark.parametrize(("damage_unit", "breaks"), [("dummy:火球", 1), ("溶岩の巨人", 2),
                                                      ("焦土の魔神", 4)])
def test_a_caster_that_blocks_breaks_one_hp_per_50_damage(damage_unit: str, breaks: int) -> None:
    s = _attack([(0, 0, damage_unit)], hp=(3, 3, 5, 3))
    if damage_unit.startswith("dummy"):  # a dummy is checked and cannot attack
        assert not any(A.ATTACK <= a < A.BLOCK for a in s.legal_actions())
        return
    s.apply(find(s, "attack", "-> enemy left"))
    assert len(s.hp[2]) == 5 - breaks  # 100 -> 2, 200 -> 4


def test_the_defender_must_block_with_a_unit_of_that_area_or_its_caster() -> None:
    s = _attack([(0, 0, "溶岩の巨人"), (1, 0, "火の粉の精")])
    s.apply(find(s, "attack", "-> enemy left"))
    assert s.ask == ("block", 1)
    assert s.legal_actions() == [A.BLOCK, A.BLOCK + 1]  # no pass: a block is compulsory


def test_a_blocking_unit_with_bp_at_or_below_the_damage_is_destroyed() -> None:
    s = _attack([(0, 0, "溶岩の巨人"), (1, 0, "火の粉の精"), (1, 0, "森の小人")])
    s.apply(find(s, "attack", "-> enemy left"))
    s.apply(find(s, "block with Ember Sprite BP80"))
    assert events(s, "block")[-1]["destroyed"] is True
    assert [u[3] for u in s.units if u[1] == 1] == [unit(s, "森の小人")[3]]
    assert len(s.hp[2]) == 3  # a unit is left in the area: no attack bonus


def test_a_blocking_unit_with_more_bp_survives() -> None:
    s = _attack([(0, 0, "火の粉の精"), (1, 0, "溶岩の巨人")])
    s.apply(find(s, "attack", "-> enemy left"))
    s.apply(find(s, "block with Lava Giant BP110"))
    assert events(s, "block")[-1]["destroyed"] is False and len(s.units) == 2


def test_the_attack_bonus_breaks_one_hp_when_the_area_loses_its_last_unit() -> None:
    s = _attack([(0, 0, "溶岩の巨人"), (1, 0, "火の粉の精")])
    s.apply(find(s, "attack", "-> enemy left"))
    s.apply(find(s, "block with Ember Sprite"))
    assert events(s, "attack-bonus")
    assert len(s.hp[2]) == 2


def test_no_attack_bonus_for_a_caster_already_at_zero_hp_which_cannot_block() -> None:
    s = _attack([(0, 0, "溶岩の巨人"), (1, 0, "火の粉の精")], hp=(3, 3, 0, 3))
    s.apply(find(s, "attack", "-> enemy left"))
    # the only block is the unit, and no burst to god-draw: not asked
    assert events(s, "block")[-1]["destroyed"] is True
    assert not events(s, "attack-bonus") and len(s.hp[2]) == 0


def test_an_area_with_no_unit_and_a_zero_hp_caster_cannot_be_attacked() -> None:
    s = _attack([(0, 0, "溶岩の巨人")], hp=(3, 3, 0, 3))
    assert [a for a in s.legal_actions() if A.ATTACK <= a < A.BLOCK] == \
        [A.ATTACK + 2 * 1 + 1]  # only the right area


def test_units_cast_this_turn_may_attack() -> None:
    s = table(W_CAST, 0, hands=(["溶岩の巨人"], []), hp=(3, 3, 3, 3),
              after=[STOP, ("win", 0, W_ACTION, 0)])
    s.apply(find(s, "cast Lava Giant", "left"))
    s.apply(A.PASS)
    assert s.ask == ("win", 0, W_ACTION, 0)
    assert any(A.ATTACK <= a < A.BLOCK for a in s.legal_actions())


def test_two_passes_in_a_row_end_the_action_phase() -> None:
    s = table(W_ACTION, 0, hands=(["火球"], ["火球"]), hp=(3, 3, 3, 3))
    s.apply(A.PASS)
    assert s.ask == ("win", 1, W_ACTION, 1)
    s.apply(A.PASS)
    assert events(s, "action-end") and s.phase in (END, 1)


def test_a_declaration_between_passes_restarts_the_count() -> None:
    s = table(W_ACTION, 0, hands=(["火球"], ["火球"]), units=[(0, 0, "火の粉の精")],
              hp=(3, 3, 3, 3))
    s.apply(A.PASS)
    s.apply(find(s, "Fireball", "Ac"))  # seat 1 plays 火球 on the only enemy unit
    assert s.ask == ("pay", 1, 1)  # one log: which caster to check is seat 1's choice
    s.apply(A.PAY + 1)
    assert s.ask == ("win", 0, 4, 0)  # seat 0 may react (it holds a card)
    s.apply(A.PASS)
    assert s.ask == ("win", 0, W_ACTION, 0)  # the count starts again after a declaration


def test_god_draw_before_a_block_declaration() -> None:
    s = _attack([(0, 0, "溶岩の巨人"), (1, 0, "火の粉の精")], bursts=(0, 1))
    s.apply(find(s, "attack", "-> enemy left"))
    while s.ask[0] == "win":
        s.apply(A.PASS)
    assert s.ask == ("block", 1) and A.GOD in s.legal_actions()
    s.apply(A.GOD)
    assert s.ask == ("block", 1) and len(s.burst[1]) == 0
