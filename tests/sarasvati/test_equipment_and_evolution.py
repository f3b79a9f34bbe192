"""Equipment (one per character, stats added, destroyed with its holder, 付け替え) and evolution."""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import BATTLE, OPEN
from cardtable.games.sarasvati.stats import stats

from .helpers import (
    FILLER,
    C,
    attack_code,
    charge,
    do,
    events,
    keep_open,
    lab,
    names,
    play_code,
    put,
    to_hand,
)

BLADE = C("レーザーブレード")     # 2:2000/0, 付け替え可能
SHIELD = C("鋼の大盾")          # 3:0/4000
STAFF = C("月光の杖")           # 2:1000/1000, 付け替え可能
GO = C("鉄拳のゴウ")
AWAKENED = C("覚醒のゴウ")       # evolves from 鉄拳のゴウ
FENCER, TAKERU, BRAVER = C("二刀流の剣士"), C("喧嘩屋タケル"), C("双剣合体ツインブレイバー")


def test_equipment_adds_its_attack_and_defense() -> None:
    s = lab(SHIELD)
    put(s, 0, 0, FILLER)
    to_hand(s, 0, SHIELD)
    charge(s, 0, 3)
    do(s, play_code(s, SHIELD, 0))
    assert stats(s, 0, 0) == (2000, 5000)


def test_equipment_goes_only_on_own_characters() -> None:
    s = lab(SHIELD)
    put(s, 1, 0, FILLER)
    to_hand(s, 0, SHIELD)
    charge(s, 0, 3)
    assert s.legal_actions() == [act.END]


def test_a_new_equipment_destroys_the_old_one() -> None:
    s = lab(SHIELD, BLADE)
    put(s, 0, 0, FILLER, equip=SHIELD)
    to_hand(s, 0, BLADE)
    charge(s, 0, 2)
    do(s, play_code(s, BLADE, 0))
    assert s.cards[s.equip[0][0]] == BLADE and names(s, s.grave[0]) == ["鋼の大盾"]


def test_equipment_is_destroyed_when_its_holder_leaves() -> None:
    s = lab(BLADE, C("重装の門番"))
    put(s, 0, 0, FILLER, equip=BLADE)
    put(s, 1, 0, C("重装の門番"))
    put(s, 0, 9, FILLER)
    s.phase = BATTLE
    do(s, attack_code(0, 0))  # 4000 vs 7000; the counter 3000 >= 1000 destroys the holder
    assert s.field[0][0] < 0 and s.equip[0][0] < 0
    assert sorted(names(s, s.grave[0])) == sorted(["転校生", "レーザーブレード"])


def test_relocatable_equipment_moves_by_paying_its_cost_again() -> None:
    s = lab(BLADE)
    put(s, 0, 0, FILLER, equip=BLADE)
    put(s, 0, 1, FILLER)
    charge(s, 0, 2)
    code = act.REEQUIP + 0 * act.PLACES + 1
    do(s, code)
    assert s.equip[0][0] < 0 and s.cards[s.equip[0][1]] == BLADE and s.tapped[0] == 2


def test_re_equipping_pays_the_printed_cost_without_the_hand_discount() -> None:
    """完結編 cheapens 「自分の手札の装備カード」; equipment being moved is not in the hand."""
    s = lab(BLADE, books=(C("完結編"), C("学園七不思議"), C("妖精郷の地図")))
    s.bstate[0][0] = OPEN
    put(s, 0, 0, FILLER, equip=BLADE)
    put(s, 0, 1, FILLER)
    keep_open(s)  # one voltage card: enough for a discounted blade, not for a printed one
    code = act.REEQUIP + 0 * act.PLACES + 1
    assert code not in s.legal_actions()
    charge(s, 0, 1)
    do(s, code)
    assert s.cards[s.equip[0][1]] == BLADE and s.tapped[0] == 2


def test_equipment_without_the_mark_cannot_be_moved() -> None:
    s = lab(SHIELD)
    put(s, 0, 0, FILLER, equip=SHIELD)
    put(s, 0, 1, FILLER)
    charge(s, 0, 5)
    assert not [a for a in s.legal_actions() if act.REEQUIP <= a < act.MOVE]


def test_an_evolution_goes_on_its_base_only() -> None:
    s = lab(GO, AWAKENED)
    put(s, 0, 3, GO)
    put(s, 0, 0, FILLER)
    to_hand(s, 0, AWAKENED)
    charge(s, 0, 3)
    assert s.legal_actions() == [act.END, play_code(s, AWAKENED, 3)]


def test_an_evolution_is_one_card_with_its_base_and_keeps_its_equipment() -> None:
    s = lab(GO, AWAKENED, BLADE)
    put(s, 0, 0, GO, ready=False, equip=BLADE)
    to_hand(s, 0, AWAKENED)
    charge(s, 0, 3)
    do(s, play_code(s, AWAKENED, 0))
    assert s.cards[s.field[0][0]] == AWAKENED and names(s, list(s.under[0][0])) == ["鉄拳のゴウ"]
    assert s.cards[s.equip[0][0]] == BLADE
    assert stats(s, 0, 0) == (8000, 4000)


def test_an_evolution_may_attack_the_turn_it_comes_in() -> None:
    s = lab(GO, AWAKENED)
    put(s, 0, 0, GO, sick=True)
    to_hand(s, 0, AWAKENED)
    charge(s, 0, 3)
    do(s, play_code(s, AWAKENED, 0))
    assert s.ready[0][0] and not s.sick[0][0]
    s.phase = BATTLE
    s._legal = None
    assert attack_code(0, act.PLACES) in s.legal_actions()


def test_an_evolution_destroyed_takes_its_bases_to_the_graveyard() -> None:
    s = lab(GO, AWAKENED)
    put(s, 0, 0, GO)
    to_hand(s, 0, AWAKENED)
    charge(s, 0, 3)
    do(s, play_code(s, AWAKENED, 0))
    from cardtable.games.sarasvati.zones import destroy

    destroy(s, 0, 0, "test")
    assert sorted(names(s, s.grave[0])) == sorted(["鉄拳のゴウ", "覚醒のゴウ"])


def test_two_equipped_bases_make_the_player_choose_the_equipment_that_stays() -> None:
    s = lab(FENCER, TAKERU, BRAVER, BLADE, STAFF)
    put(s, 0, 0, FENCER, equip=BLADE)
    put(s, 0, 1, TAKERU, equip=STAFF)
    to_hand(s, 0, BRAVER)
    charge(s, 0, 3)
    do(s, play_code(s, BRAVER, 0))
    assert s.legal_actions() == [act.KEEP + 0, act.KEEP + 1]
    assert s.tapped[0] == 0  # nothing is paid or moved until the choice is made
    do(s, act.KEEP + 1)
    assert s.cards[s.equip[0][0]] == STAFF and names(s, s.grave[0]) == ["レーザーブレード"]
    assert s.field[0][1] < 0 and sorted(names(s, list(s.under[0][0]))) == sorted(
        ["二刀流の剣士", "喧嘩屋タケル"])
    assert events(s, "evolve")[-1]["card"] == BRAVER.name


def test_a_two_base_evolution_needs_both_bases() -> None:
    s = lab(FENCER, BRAVER)
    put(s, 0, 0, FENCER)
    to_hand(s, 0, BRAVER)
    charge(s, 0, 3)
    assert s.legal_actions() == [act.END]
