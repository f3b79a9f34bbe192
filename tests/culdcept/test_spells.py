"""Spells: instant ones act and go; lasting ones stay until their target is lost or replaced."""

from __future__ import annotations

from tests.culdcept.helpers import C, die, idx, lab, level, make, put, to_hand

from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.board import element, toll
from cardtable.games.culdcept.state import CHOOSE, SPELL

PLAIN = make("◇試験兵\nクリーチャー 無 ST30/HP30 コスト0")


def cast(s, card, target: int) -> None:
    from cardtable.games.culdcept.board import hand_kinds

    k = hand_kinds(s.hand[0]).index(idx(s, card))
    s.apply(act.CAST + k * act.TARGETS + target)


def at_spell(*cards):
    s = lab(PLAIN, *cards)
    for c in cards:
        to_hand(s, 0, c)
    die(s, 3)
    assert s.phase == SPELL
    return s


def test_damage_at_or_above_hp_destroys_and_the_spell_is_discarded() -> None:
    s = at_spell(C("ファイアボール"))  # 30 damage, 条件:火
    put(s, 0, 0, PLAIN)  # a creature on 火山 meets the condition
    put(s, 1, 3, PLAIN)
    cast(s, "ファイアボール", 6 + 3)
    assert s.creature[1][3] == -1 and idx(s, PLAIN) in s.discard[1]
    assert idx(s, "ファイアボール") in s.discard[0]


def test_spell_damage_lasts_only_until_the_end_of_the_turn() -> None:
    s = at_spell(C("マジックボルト"))  # 20 damage
    put(s, 1, 3, PLAIN)
    cast(s, "マジックボルト", 6 + 3)
    assert s.damage[1][3] == 20 or s.active == 1
    while s.active == 0:
        s.apply(s.legal_actions()[0])
    assert s.damage == [[0] * 6, [0] * 6]


def test_return_sends_a_creature_to_its_owners_hand() -> None:
    s = at_spell(C("送還"))
    put(s, 1, 2, PLAIN)
    cast(s, "送還", 6 + 2)
    assert s.creature[1][2] == -1 and idx(s, PLAIN) in s.hand[1]


def test_a_lasting_spell_stays_on_its_creature_and_moves_with_it() -> None:
    s = at_spell(C("炎の加護"), C("転移"))
    put(s, 0, 2, PLAIN)
    cast(s, "炎の加護", 2)
    assert s.cspell[0][2] == idx(s, "炎の加護") and s.cspell_by[0][2] == 0
    from cardtable.games.culdcept.spell import move_creature

    move_creature(s, 0, 2, 1)
    assert s.cspell[0][1] == idx(s, "炎の加護") and s.cspell[0][2] == -1


def test_a_new_lasting_spell_on_the_same_target_discards_the_old_one() -> None:
    s = at_spell(C("炎の加護"), C("聖なる守り"))
    put(s, 0, 2, PLAIN)
    cast(s, "炎の加護", 2)
    s.active, s.phase = 0, SPELL
    s._legal = None
    cast(s, "聖なる守り", 2)
    assert s.cspell[0][2] == idx(s, "聖なる守り") and idx(s, "炎の加護") in s.discard[0]


def test_a_lasting_spell_whose_creature_is_lost_goes_to_its_casters_discard_pile() -> None:
    s = at_spell(C("弱体化"), C("送還"))
    put(s, 1, 2, PLAIN)
    cast(s, "弱体化", 6 + 2)
    assert s.cspell[1][2] == idx(s, "弱体化") and s.cspell_by[1][2] == 0
    s.active, s.phase = 0, SPELL
    s._legal = None
    cast(s, "送還", 6 + 2)
    assert s.cspell[1][2] == -1 and idx(s, "弱体化") in s.discard[0]


def test_a_lasting_spell_on_a_land_changes_its_element_and_toll() -> None:
    s = at_spell(C("溶岩化"), C("関所"))
    cast(s, "溶岩化", 4)
    assert element(s, 0, 4) == 0
    s.active, s.phase = 0, SPELL
    put(s, 0, 1, PLAIN)
    s._legal = None
    before = toll(s, 0, 1)
    cast(s, "関所", 1)
    assert toll(s, 0, 1) == before + 1


def test_level_spells_add_from_the_deck_and_take_a_card_of_the_owners_choice() -> None:
    s = at_spell(C("土地強化"), C("地盤沈下"), C("スケルトン"))
    put(s, 0, 3, PLAIN)  # 森林 (earth) holds a creature: 地盤沈下's 条件:地
    cast(s, "土地強化", 1)
    assert len(s.levels[0][1]) == 1
    s.active, s.phase = 0, SPELL
    level(s, 1, 5, "スケルトン", "神殿")
    s._legal = None
    cast(s, "地盤沈下", 6 + 5)
    assert s.phase == CHOOSE and s.current_player() == 1 and s.pending == ("spell", 1, 5)
    die(s, 3)  # the die after the spell: not the land the spell hit
    s.apply(act.CHOOSE_LEVEL)
    assert len(s.levels[1][5]) == 1 and len(s.discard[1]) == 1


def test_a_spell_is_offered_only_where_it_acts() -> None:
    s = at_spell(C("ファイアボール"))
    put(s, 1, 3, PLAIN)
    assert s.legal_actions() == [act.END]  # 条件:火 unmet: not castable at all
    s = at_spell(C("マジックボルト"))
    assert s.legal_actions() == [act.END]  # no creature to target
    s = at_spell(C("地盤沈下"))
    put(s, 0, 3, PLAIN)
    assert s.legal_actions() == [act.END]  # no opposing land has a level card
