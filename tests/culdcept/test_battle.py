"""The battle in its seven steps, and its result."""

from __future__ import annotations

from tests.culdcept.helpers import (
    C,
    hand_code,
    idx,
    lab,
    level,
    level_code,
    make,
    names,
    put,
    roll,
    to_hand,
)

from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.state import BATTLE_DEF, BATTLE_INV, CHOOSE, OVER

PLAIN = make("◇試験兵\nクリーチャー 無 ST30/HP30 コスト0")
WEAK = make("◇試験弱兵\nクリーチャー 無 ST10/HP10 コスト0")
FIRE = make("◇試験火兵\nクリーチャー 火 ST30/HP30 コスト0")
BIG = make("◇試験巨兵\nクリーチャー 無 ST40/HP40 コスト1")
TANK = make("◇試験盾兵\nクリーチャー 無 ST10/HP60 コスト0")


def battle(s, invade: int, inv_card: int = act.END, def_card: int = act.END) -> None:
    s.apply(invade)
    assert s.phase == BATTLE_INV and s.current_player() == 0
    s.apply(inv_card)
    assert s.phase == BATTLE_DEF and s.current_player() == 1  # the defender, in my turn
    s.apply(def_card)


def events(s, kind: str) -> list[dict]:
    return [e for e in s.log if e["type"] == kind]


def _setup(attacker, defender, slot: int = 4, hand=(), extra=()):
    s = lab(attacker, defender, *hand, *extra)
    put(s, 0, slot, attacker)
    put(s, 1, slot, defender)
    to_hand(s, 0, "神殿")
    to_hand(s, 1, "神殿")
    for c in hand:
        to_hand(s, 0, c)
        to_hand(s, 1, c)
    roll(s, slot + 1)
    return s


def test_terrain_bonus_gives_a_defender_of_the_fields_element_ten_hp_a_level() -> None:
    s = _setup(PLAIN, FIRE, slot=0)  # land 1 is 火山 (fire)
    level(s, 1, 0, "神殿")
    battle(s, act.INVADE_LAND)
    start = events(s, "battle-start")[0]
    assert start["terrain_bonus"] == 20 and start["defender_stats"]["hp"] == 50
    assert events(s, "battle-end")[0]["defender_alive"]


def test_a_neutral_creature_never_gets_the_terrain_bonus() -> None:
    s = _setup(PLAIN, PLAIN, slot=4)  # land 5 is 都市 (neutral)
    battle(s, act.INVADE_LAND)
    assert events(s, "battle-start")[0]["terrain_bonus"] == 0


def test_support_bonus_when_the_invader_comes_from_hand_and_the_destination_is_guarded() -> None:
    s = _setup(PLAIN, PLAIN, extra=(WEAK,))
    to_hand(s, 0, WEAK)
    battle(s, hand_code(s, 0, act.INVADE_HAND, WEAK))
    start = events(s, "battle-start")[0]
    assert start["support_bonus"] == 10 and start["invader_stats"]["st"] == 20


def test_no_support_bonus_for_the_destinations_own_creature() -> None:
    s = _setup(PLAIN, PLAIN)
    battle(s, act.INVADE_LAND)
    assert events(s, "battle-start")[0]["support_bonus"] == 0


def test_a_bluff_battle_card_goes_back_to_hand_at_no_cost() -> None:
    s = _setup(PLAIN, PLAIN)
    deck = len(s.deck[0])
    battle(s, act.INVADE_LAND, hand_code(s, 0, act.BATTLE_CARD, "神殿"))
    [rev] = [e for e in events(s, "battle-card-revealed") if e["player"] == 0]
    assert not rev["used"] and rev["why"] == "not-a-battle-card"
    assert idx(s, "神殿") in s.hand[0] and len(s.deck[0]) >= deck - 1  # no cost paid


def test_an_item_is_paid_and_used_then_discarded() -> None:
    s = _setup(PLAIN, PLAIN, hand=(C("ロングソード"),))
    deck = len(s.deck[0])
    battle(s, act.INVADE_LAND, hand_code(s, 0, act.BATTLE_CARD, "ロングソード"))
    order = events(s, "battle-order")[0]
    assert order["invader_stats"]["st"] == 60
    assert idx(s, "ロングソード") in s.discard[0]
    assert len(s.deck[0]) <= deck - 1  # its cost of one card


def test_a_battle_card_whose_condition_is_not_met_goes_back_to_hand() -> None:
    s = _setup(PLAIN, PLAIN, hand=(C("炎の剣"),))  # 条件:火, and no creature on fire land
    battle(s, act.INVADE_LAND, hand_code(s, 0, act.BATTLE_CARD, "炎の剣"))
    [rev] = [e for e in events(s, "battle-card-revealed") if e["player"] == 0]
    assert not rev["used"] and rev["why"] == "condition"
    assert idx(s, "炎の剣") in s.hand[0]


def test_a_creature_with_support_adds_its_printed_st_and_hp() -> None:
    s = _setup(PLAIN, PLAIN, hand=(C("傭兵"),))  # 傭兵: ST30/HP30, 援護
    battle(s, act.INVADE_LAND, act.END, hand_code(s, 1, act.BATTLE_CARD, "傭兵"))
    order = events(s, "battle-order")[0]
    assert order["defender_stats"]["st"] == 60 and order["defender_stats"]["hp"] == 60


def test_the_defenders_battle_card_applies_first() -> None:
    # the defender's Blast Orb hits for 20, then the invader's potion heals 20: all gone
    s = _setup(PLAIN, PLAIN, hand=(C("爆裂弾"), C("回復薬")))
    battle(s, act.INVADE_LAND, hand_code(s, 0, act.BATTLE_CARD, "回復薬"),
           hand_code(s, 1, act.BATTLE_CARD, "爆裂弾"))
    order = events(s, "battle-order")[0]
    assert order["invader_stats"]["damage"] == 0 and order["invader_stats"]["hp"] == 40


def test_the_invader_strikes_first_unless_only_the_defender_has_first_strike() -> None:
    s = _setup(PLAIN, C("ハーピー"))  # ハーピー: ST20/HP10, first strike
    battle(s, act.INVADE_LAND)
    assert events(s, "battle-order")[0]["first"] == 1
    attacks = events(s, "attack")
    assert attacks[0]["player"] == 1
    s = _setup(C("ハーピー"), C("ヘルハウンド"))  # both first strike: the invader
    battle(s, act.INVADE_LAND)
    assert events(s, "battle-order")[0]["first"] == 0


def test_a_dead_creature_does_not_strike_back() -> None:
    s = _setup(BIG, WEAK)
    battle(s, act.INVADE_LAND)
    assert [e["player"] for e in events(s, "attack")] == [0]


def test_a_creature_with_st_zero_cannot_attack() -> None:
    shrunk = make("◇試験無力\nクリーチャー 無 ST10/HP60 コスト0\n‣防御時、STを-10する。")
    s = _setup(PLAIN, shrunk)
    battle(s, act.INVADE_LAND)
    attacks = events(s, "attack")
    assert attacks[1]["cannot"] and attacks[1]["damage"] == 0


def test_an_element_nullified_deals_no_damage() -> None:
    s = _setup(FIRE, C("氷の乙女"), slot=4)  # 氷の乙女 nullifies fire attacks
    battle(s, act.INVADE_LAND)
    first = events(s, "attack")[0]
    assert first["nullified"] and first["damage"] == 0


def test_damage_is_reset_after_the_battle() -> None:
    s = _setup(PLAIN, BIG)
    battle(s, act.INVADE_LAND)
    assert s.damage == [[0] * 6, [0] * 6]
    assert s.creature[1][4] == idx(s, BIG)


def test_a_dead_defender_levels_down_its_land_by_a_card_of_its_owners_choice() -> None:
    s = _setup(BIG, WEAK)
    level(s, 1, 4, "神殿", WEAK)
    battle(s, act.INVADE_LAND)
    assert s.phase == CHOOSE and s.current_player() == 1 and s.pending == ("battle", 1, 4)
    s.apply(level_code(s, 1, 4, act.CHOOSE_LEVEL, "神殿"))
    assert names(s, s.tolls[0]) == ["神殿"] and idx(s, WEAK) in s.discard[1]
    assert s.active == 1  # the mover's turn is over


def test_a_dead_defender_on_a_level_one_land_pays_one_card_from_the_deck() -> None:
    s = _setup(BIG, WEAK)
    top = s.deck[1][-1]
    battle(s, act.INVADE_LAND)
    assert s.tolls[0] == [top]


def test_a_winning_invader_from_hand_takes_the_empty_destination() -> None:
    s = lab(BIG, WEAK)
    put(s, 1, 4, WEAK)
    to_hand(s, 0, BIG, "神殿")
    to_hand(s, 1, "神殿")
    roll(s, 5)
    battle(s, hand_code(s, 0, act.INVADE_HAND, BIG))
    assert s.creature[0][4] == idx(s, BIG)  # at no cost
    assert any(e["type"] == "invader-stays" for e in s.log)


def test_a_winning_invader_goes_back_to_hand_when_the_destination_has_a_creature() -> None:
    s = _setup(WEAK, WEAK, extra=(BIG,))
    to_hand(s, 0, BIG)
    battle(s, hand_code(s, 0, act.INVADE_HAND, BIG))
    assert s.creature[0][4] == idx(s, WEAK) and idx(s, BIG) in s.hand[0]


def test_a_winning_invader_that_may_not_stand_there_goes_back_to_hand() -> None:
    picky = make("◇試験条件兵\nクリーチャー 火 ST50/HP50 コスト0 条件:火")
    s = lab(picky, WEAK)
    put(s, 1, 4, WEAK)
    to_hand(s, 0, picky, "神殿")
    to_hand(s, 1, "神殿")
    s.creature[0][0] = s.deck[0].pop(s.deck[0].index(idx(s, picky)))  # a guard on 火山
    roll(s, 5)
    s.apply(hand_code(s, 0, act.INVADE_HAND, picky))
    s.creature[0][0] = -1  # the fire guard leaves before the result (its condition fails)
    s.deck[0].append(idx(s, picky))
    s.apply(act.END)
    s.apply(act.END)
    assert s.creature[0][4] == -1 and idx(s, picky) in s.hand[0]


def test_a_surviving_defender_makes_the_invader_pay_the_toll_and_go_back() -> None:
    s = lab(WEAK, BIG)
    put(s, 1, 4, BIG)
    to_hand(s, 0, WEAK, "神殿")
    to_hand(s, 1, "神殿")
    roll(s, 5)
    top = s.deck[0][-1]
    s.apply(hand_code(s, 0, act.INVADE_HAND, WEAK))
    s.apply(act.END)
    s.apply(act.END)
    assert s.tolls[1] == [top]  # level 1: one card from the deck
    assert idx(s, WEAK) in s.discard[0]  # it died (ST40 against HP10)


def test_a_surviving_invader_from_its_land_goes_back_there() -> None:
    s = _setup(PLAIN, TANK)
    battle(s, act.INVADE_LAND)
    assert s.creature[0][4] == idx(s, PLAIN) and s.points(1) == 1


def test_an_invasion_the_invader_cannot_pay_for_ends_the_game_on_the_toll() -> None:
    s = _setup(PLAIN, BIG)
    s.deck[0] = []
    battle(s, act.INVADE_LAND)
    assert s.phase == OVER and s.winner() == 1
