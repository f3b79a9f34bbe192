"""One test per shipped card effect, each in the smallest position that shows it."""

from __future__ import annotations

import pytest

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import BATTLE, OPEN, SarasvatiState
from cardtable.games.sarasvati.stats import cost, stats

from .helpers import (
    FILLER,
    ZERO,
    C,
    attack_code,
    book_target,
    charge,
    choose_code,
    do,
    events,
    idx,
    keep_open,
    lab,
    names,
    play_code,
    put,
    to_hand,
    use_code,
)


def summon(s: SarasvatiState, name: str, place: int = 0) -> int:
    """Summon (or evolve) ``name`` at ``place``; returns how many cards it added to the hand."""
    card = C(name)
    keep_open(s)
    to_hand(s, 0, card)
    charge(s, 0, cost(s, 0, card))
    before = len(s.hand[0])
    do(s, play_code(s, card, place))
    return len(s.hand[0]) - before + 1


def use(s: SarasvatiState, name: str) -> int:
    """Use the support ``name``; returns how many cards it added to the hand."""
    card = C(name)
    keep_open(s)
    to_hand(s, 0, card)
    charge(s, 0, cost(s, 0, card))
    before = len(s.hand[0])
    do(s, use_code(s, card))
    return len(s.hand[0]) - before + 1


def fight(s: SarasvatiState, place: int, target: int) -> None:
    s.phase = BATTLE
    put(s, 0, 9, FILLER, ready=True)  # a spare attacker keeps the battle phase open
    do(s, attack_code(place, target))


def with_book(name: str, *cards: object) -> SarasvatiState:
    book = C(name)
    others = tuple(b for b in (C("学園七不思議"), C("完結編"), C("妖精郷の地図"))
                   if b != book)[:2]
    return lab(*cards, books=(book, *others))  # type: ignore[arg-type]


# -- the seed's cards ----------

def test_sara_gains_2000_attack_while_her_owner_holds_three_cards() -> None:
    s = lab(C("第零の司書・サラ"), ZERO)
    put(s, 0, 0, C("第零の司書・サラ"))
    to_hand(s, 0, ZERO, ZERO)
    assert stats(s, 0, 0) == (3000, 3000)
    to_hand(s, 0, ZERO)
    assert stats(s, 0, 0) == (5000, 3000)


def test_nani_ga_chisei_gives_plus_5000_minus_2000_to_a_chosen_own_character() -> None:
    s = lab(C("何が知性だ!"), C("傭兵隊長"))
    put(s, 0, 0, C("傭兵隊長"))
    put(s, 0, 1, FILLER)
    use(s, "何が知性だ!")
    do(s, choose_code(True, 0))
    assert stats(s, 0, 0) == (9000, 2000)
    s.phase = BATTLE
    do(s, act.END)  # the end of this turn
    assert stats(s, 0, 0) == (4000, 4000)


def test_open_umbrella_adds_2000_defense_until_the_next_own_turn_after_a_won_battle() -> None:
    s = lab(C("開いた傘"))
    put(s, 0, 0, FILLER, equip=C("開いた傘"))
    put(s, 1, 5, FILLER)  # something for the opponent to do in their turn
    put(s, 1, 0, ZERO, ready=False)
    fight(s, 0, 0)
    assert stats(s, 0, 0) == (3000, 3000)
    do(s, act.END)
    assert stats(s, 0, 0) == (3000, 3000)  # still through the opponent's turn
    s.phase = BATTLE
    s.active = 1
    s._legal = None
    do(s, act.END)
    assert stats(s, 0, 0) == (3000, 1000)


def test_sarasvati_draws_two_when_opened_and_raises_every_attack_while_open() -> None:
    s = with_book("厨二妄想サラスヴァティ")
    put(s, 0, 0, FILLER)
    put(s, 1, 5, FILLER)
    hand = len(s.hand[1])
    fight(s, 0, book_target(0))
    assert len(s.hand[1]) == hand + 2 and s.bstate[1][0] == OPEN
    assert stats(s, 0, 0)[0] == 4000 and stats(s, 1, 5)[0] == 4000


# -- SF ----------

def test_quantum_hacker_rei_draws_one_when_summoned() -> None:
    s = lab(C("量子ハッカー・レイ"))
    assert summon(s, "量子ハッカー・レイ") == 1


def test_cyborg_ninja_attacks_with_1000_more() -> None:
    s = lab(C("サイボーグ忍者"), C("機動歩兵ガード"))
    put(s, 0, 0, C("サイボーグ忍者"))
    put(s, 1, 0, C("機動歩兵ガード"), ready=False)  # defense 3000
    fight(s, 0, 0)
    assert s.field[1][0] < 0 and events(s, "battle")[-1]["attack"] == 4000
    assert stats(s, 0, 0) == (3000, 2000)  # only for that battle


def test_argo_attacks_with_1000_more() -> None:
    s = lab(C("星間巡洋艦アルゴ"), C("重装の門番"))
    put(s, 0, 0, C("星間巡洋艦アルゴ"))
    put(s, 1, 0, C("重装の門番"), ready=False)
    fight(s, 0, 0)
    assert events(s, "battle")[-1]["attack"] == 6000


def test_argo_kai_evolves_from_argo() -> None:
    s = lab(C("星間巡洋艦アルゴ"), C("アルゴ改・流星"))
    put(s, 0, 2, C("星間巡洋艦アルゴ"))
    summon(s, "アルゴ改・流星", 2)
    assert s.cards[s.field[0][2]].name == "アルゴ改・流星" and stats(s, 0, 2) == (8000, 7000)


def test_energy_shield_adds_3000_defense_while_four_cards_are_in_hand() -> None:
    s = lab(C("エネルギーシールド"), ZERO)
    put(s, 0, 0, FILLER, equip=C("エネルギーシールド"))
    to_hand(s, 0, ZERO, ZERO, ZERO)
    assert stats(s, 0, 0) == (2000, 1000)
    to_hand(s, 0, ZERO)
    assert stats(s, 0, 0) == (2000, 4000)


def test_emergency_warp_returns_a_chosen_own_character_to_hand() -> None:
    s = lab(C("緊急ワープ"), C("レーザーブレード"))
    put(s, 0, 0, FILLER, equip=C("レーザーブレード"))
    use(s, "緊急ワープ")  # one candidate: no question
    assert s.field[0][0] < 0 and "転校生" in names(s, s.hand[0])
    assert "レーザーブレード" in names(s, s.grave[0])


def test_supply_pod_draws_two() -> None:
    s = lab(C("補給ポッド"))
    assert use(s, "補給ポッド") == 2 and names(s, s.grave[0]) == ["補給ポッド"]


def test_nanomachine_repair_adds_3000_defense_until_the_next_own_turn() -> None:
    s = lab(C("ナノマシン・リペア"))
    put(s, 0, 0, FILLER)
    put(s, 0, 1, FILLER)
    use(s, "ナノマシン・リペア")
    do(s, choose_code(True, 1))
    assert stats(s, 0, 1) == (2000, 4000) and stats(s, 0, 0) == (2000, 1000)


def test_cyber_archive_noah_ramps_when_opened_and_cheapens_its_owners_characters() -> None:
    s = with_book("電脳書庫ノア", C("傭兵隊長"), C("喧嘩屋タケル"))
    put(s, 0, 0, FILLER)
    fight(s, 0, book_target(0))
    assert len(s.voltage[1]) == 1
    assert cost(s, 1, C("傭兵隊長")) == 3 and cost(s, 0, C("傭兵隊長")) == 4
    assert cost(s, 1, C("喧嘩屋タケル")) == 1  # the cost floor: never below 1


# -- fantasy ----------

def test_apprentice_witch_mil_weakens_a_chosen_opponent_by_1000_this_turn() -> None:
    s = lab(C("見習い魔女ミル"))
    put(s, 1, 0, FILLER)
    summon(s, "見習い魔女ミル", 0)
    assert stats(s, 1, 0) == (1000, 1000)


def test_salamander_attacks_with_1000_more() -> None:
    s = lab(C("火蜥蜴サラマンダー"), C("重装の門番"))
    put(s, 0, 0, C("火蜥蜴サラマンダー"))
    put(s, 1, 0, C("重装の門番"), ready=False)
    fight(s, 0, 0)
    assert events(s, "battle")[-1]["attack"] == 4000


def test_fafnir_evolves_from_any_dragon_and_attacks_with_1000_more() -> None:
    s = lab(C("竜騎士ヴァルド"), C("古竜ファーヴニル"), C("重装の門番"))
    put(s, 0, 0, C("竜騎士ヴァルド"))
    summon(s, "古竜ファーヴニル", 0)
    put(s, 1, 0, C("重装の門番"), ready=False)
    fight(s, 0, 0)
    assert events(s, "battle")[-1]["attack"] == 9000


def test_witch_queen_evolves_from_mil_and_lowers_an_opponents_defense_by_2000() -> None:
    s = lab(C("見習い魔女ミル"), C("魔女王ミルフィーユ"), C("重装の門番"))
    put(s, 0, 0, C("見習い魔女ミル"))
    put(s, 1, 0, C("重装の門番"))
    summon(s, "魔女王ミルフィーユ", 0)
    assert stats(s, 1, 0) == (3000, 5000)


def test_cursed_doll_gives_3000_attack_and_costs_1000_defense() -> None:
    s = lab(C("呪いの人形"))
    put(s, 0, 0, FILLER, equip=C("呪いの人形"))
    assert stats(s, 0, 0) == (5000, 0)


def test_cursed_doll_destroys_a_holder_with_no_defense_to_spare() -> None:
    s = lab(C("呪いの人形"))
    put(s, 0, 0, ZERO)
    keep_open(s)
    to_hand(s, 0, C("呪いの人形"))
    charge(s, 0, 1)
    do(s, play_code(s, C("呪いの人形"), 0))
    assert s.field[0][0] < 0 and events(s, "destroyed")[-1]["why"] == "negative-defense"


def test_fireball_lowers_a_chosen_opponents_defense_by_3000_this_turn() -> None:
    s = lab(C("火球"), C("重装の門番"))
    put(s, 1, 0, C("重装の門番"))
    use(s, "火球")
    assert stats(s, 1, 0) == (3000, 4000)


def test_sealing_art_destroys_a_chosen_opponent() -> None:
    s = lab(C("封印術"))
    put(s, 1, 0, FILLER)
    put(s, 1, 1, FILLER)
    use(s, "封印術")
    do(s, choose_code(False, 1))
    assert s.field[1][1] < 0 and s.field[1][0] >= 0


def test_a_support_with_nothing_to_choose_cannot_be_used() -> None:
    s = lab(C("封印術"))
    to_hand(s, 0, C("封印術"))
    charge(s, 0, 4)
    assert s.legal_actions() == [act.END]


def test_grimoire_draws_one_when_opened_and_weakens_the_opponents_characters() -> None:
    s = with_book("魔導書グリモワール")
    put(s, 0, 0, FILLER)
    put(s, 1, 5, FILLER)
    hand = len(s.hand[1])
    fight(s, 0, book_target(0))
    assert len(s.hand[1]) == hand + 1
    assert stats(s, 0, 0)[0] == 1000 and stats(s, 1, 5)[0] == 2000


def test_map_of_fairyland_draws_two_when_opened() -> None:
    s = with_book("妖精郷の地図")
    put(s, 0, 0, FILLER)
    hand = len(s.hand[1])
    fight(s, 0, book_target(0))
    assert len(s.hand[1]) == hand + 2


# -- action ----------

def test_twin_sword_fencer_attacks_with_1000_more() -> None:
    s = lab(C("二刀流の剣士"), C("重装の門番"))
    put(s, 0, 0, C("二刀流の剣士"))
    put(s, 1, 0, C("重装の門番"), ready=False)
    fight(s, 0, 0)
    assert events(s, "battle")[-1]["attack"] == 3000


def test_iron_fist_go_stands_up_again_after_a_won_battle() -> None:
    s = lab(C("鉄拳のゴウ"))
    put(s, 0, 0, C("鉄拳のゴウ"))
    put(s, 1, 0, ZERO, ready=False)
    fight(s, 0, 0)
    assert s.field[1][0] < 0 and s.ready[0][0]


def test_awakened_go_attacks_with_2000_more() -> None:
    s = lab(C("鉄拳のゴウ"), C("覚醒のゴウ"), C("重装の門番"))
    put(s, 0, 0, C("鉄拳のゴウ"))
    summon(s, "覚醒のゴウ", 0)
    put(s, 1, 0, C("重装の門番"), ready=False)
    fight(s, 0, 0)
    assert events(s, "battle")[-1]["attack"] == 8000 and s.field[1][0] < 0


def test_battle_cry_raises_every_own_character_by_1000_this_turn() -> None:
    s = lab(C("鬨の声"))
    put(s, 0, 0, FILLER)
    put(s, 0, 5, FILLER)
    put(s, 1, 0, FILLER)
    use(s, "鬨の声")
    assert stats(s, 0, 0)[0] == stats(s, 0, 5)[0] == 3000 and stats(s, 1, 0)[0] == 2000


def test_legend_of_the_fist_raises_its_owners_characters_while_open() -> None:
    s = with_book("武闘伝説")
    put(s, 0, 0, FILLER)
    put(s, 1, 5, FILLER)
    fight(s, 0, book_target(0))
    assert stats(s, 1, 5)[0] == 3000 and stats(s, 0, 0)[0] == 2000


# -- drama ----------

def test_library_committee_boy_puts_the_top_card_into_voltage() -> None:
    s = lab(C("図書委員の少年"))
    summon(s, "図書委員の少年")
    assert len(s.voltage[0]) == 3 and s.tapped[0] == 1


def test_great_detective_shion_draws_one_when_summoned() -> None:
    s = lab(C("名探偵シオン"))
    assert summon(s, "名探偵シオン") == 1


def test_student_council_president_reika_gains_2000_with_four_cards_in_hand() -> None:
    s = lab(C("生徒会長レイカ"), ZERO)
    put(s, 0, 0, C("生徒会長レイカ"))
    to_hand(s, 0, ZERO, ZERO, ZERO, ZERO)
    assert stats(s, 0, 0) == (4000, 3000)


def test_genius_strategist_draws_two_when_summoned() -> None:
    s = lab(C("天才軍師"))
    assert summon(s, "天才軍師") == 2


def test_shion_grand_finale_evolves_from_shion_and_draws_one() -> None:
    s = lab(C("名探偵シオン"), C("大団円のシオン"))
    put(s, 0, 0, C("名探偵シオン"))
    assert summon(s, "大団円のシオン", 0) == 1 and stats(s, 0, 0) == (5000, 5000)


def test_deduction_notes_draw_one_when_the_holder_wins_a_battle() -> None:
    s = lab(C("推理メモ"))
    put(s, 0, 0, FILLER, equip=C("推理メモ"))
    put(s, 1, 0, ZERO, ready=False)
    fight(s, 0, 0)
    assert len(s.hand[0]) == 1


def test_second_wind_gives_a_chosen_own_character_3000_defense_until_my_next_turn() -> None:
    """起死回生 once readied a character, which never matters: the set phase readies every
    own character before the imagine phase, the only time a support is used."""
    s = lab(C("起死回生"))
    put(s, 0, 0, FILLER)  # 2000/1000
    use(s, "起死回生")
    assert stats(s, 0, 0) == (2000, 4000)
    while s.active == 0:
        do(s, act.END)
    assert stats(s, 0, 0) == (2000, 4000)  # it holds through the opponent's turn


def test_strategy_meeting_exhausts_a_chosen_opponent_and_opens_the_wall() -> None:
    s = lab(C("作戦会議"))
    put(s, 1, 0, FILLER)
    use(s, "作戦会議")
    assert not s.ready[1][0]
    put(s, 0, 0, FILLER)
    s.phase = BATTLE
    s._legal = None
    assert attack_code(0, book_target(0)) in s.legal_actions()


def test_seven_school_mysteries_draw_one_when_opened() -> None:
    s = with_book("学園七不思議")
    put(s, 0, 0, FILLER)
    hand = len(s.hand[1])
    fight(s, 0, book_target(0))
    assert len(s.hand[1]) == hand + 1


def test_the_final_volume_cheapens_equipment_but_never_below_1() -> None:
    s = with_book("完結編", C("鋼の大盾"), C("ナックルダスター"))
    s.bstate[0][0] = OPEN
    assert cost(s, 0, C("鋼の大盾")) == 2
    assert cost(s, 0, C("ナックルダスター")) == 1
    assert cost(s, 0, FILLER) == 2


def test_endless_everyday_ramps_when_opened() -> None:
    s = with_book("終わらない日常")
    put(s, 0, 0, FILLER)
    fight(s, 0, book_target(0))
    assert len(s.voltage[1]) == 1


def test_the_index_helper_finds_shipped_cards() -> None:
    s = lab(ZERO)
    assert s.cards[idx(s, ZERO)] == ZERO


@pytest.mark.parametrize("name", ["レーザーブレード", "月光の杖", "ナックルダスター", "推理メモ"])
def test_relocatable_equipment_moves_to_another_character(name: str) -> None:
    s = lab(C(name))
    put(s, 0, 0, FILLER, equip=C(name))
    put(s, 0, 1, FILLER)
    keep_open(s)
    charge(s, 0, C(name).cost)
    do(s, act.REEQUIP + 0 * act.PLACES + 1)
    assert s.equip[0][0] < 0 and s.cards[s.equip[0][1]].name == name


def test_every_shipped_card_with_text_has_a_test_here() -> None:
    from pathlib import Path

    from cardtable.games.sarasvati import GAME

    source = "".join(p.read_text("utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    untested = [c.name for c in GAME.pool().values() if c.text and c.name not in source]
    assert untested == []


def test_every_triggered_wording_has_an_act_and_every_act_a_triggered_wording() -> None:
    from cardtable.games.sarasvati.acts import ACTS
    from cardtable.games.sarasvati.wordings import WORDINGS

    assert set(ACTS) == {text for text, w in WORDINGS.items() if not w.static}
