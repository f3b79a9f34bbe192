"""The project's readings where the seed is silent, each with its test (see docs/rules)."""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import BATTLE, MOVE
from cardtable.games.sarasvati.stats import stats

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
    keep_open,
    lab,
    make,
    names,
    play_code,
    put,
    to_hand,
    use_code,
)


def test_voltage_cards_are_charged_face_up_and_public() -> None:
    s = lab()
    charge(s, 0, 2)
    assert s.view(1)["opponent"]["voltage"] == ["転校生", "転校生"]


def test_face_down_books_hide_which_book_they_are_until_opened() -> None:
    s = lab()
    books = s.view(1)["opponent"]["books"]
    assert books == [{"state": "face-down"}] * 3
    s.bstate[0][1] = 1
    assert s.view(1)["opponent"]["books"][1]["card"] == s.cards[s.books[0][1]].name
    assert all("card" in b for b in s.view(0)["you"]["books"])  # the owner knows their own


def test_an_evolution_comes_in_ready_even_on_an_exhausted_base_and_keeps_its_changes() -> None:
    go, awakened = C("鉄拳のゴウ"), C("覚醒のゴウ")
    s = lab(go, awakened)
    u = put(s, 0, 0, go, ready=False)
    s.mods.append((u, 1000, 0, "turn", 0))
    keep_open(s)
    to_hand(s, 0, awakened)
    charge(s, 0, 3)
    do(s, play_code(s, awakened, 0))
    assert s.ready[0][0] and s.uid[0][0] == u and stats(s, 0, 0) == (7000, 4000)


def test_the_second_base_of_a_two_base_evolution_is_the_first_match_front_row_first() -> None:
    fencer, takeru, braver = C("二刀流の剣士"), C("喧嘩屋タケル"), C("双剣合体ツインブレイバー")
    s = lab(fencer, takeru, braver)
    put(s, 0, 5, fencer)
    put(s, 0, 7, takeru)
    put(s, 0, 2, takeru)
    to_hand(s, 0, braver)
    charge(s, 0, 3)
    do(s, play_code(s, braver, 5))
    assert s.field[0][2] < 0 and s.field[0][7] >= 0


def test_a_choice_with_no_candidate_does_nothing() -> None:
    mil = C("見習い魔女ミル")
    s = lab(mil)
    keep_open(s)
    to_hand(s, 0, mil)
    charge(s, 0, 1)
    do(s, play_code(s, mil, 0))
    assert events(s, "effect-skipped")[-1]["why"] == "no-target"


def test_a_stat_change_with_no_duration_lasts_while_the_character_stays() -> None:
    card = make("◇強化兵\nEnglish: Boosted Soldier\n2:1000/1000(キャラクター/SF)\n"
                "‣召喚時、攻撃力を+1000する。\n")
    s = lab(card)
    to_hand(s, 0, card)
    charge(s, 0, 2)
    do(s, play_code(s, card, 0))
    s.active, s.phase = 1, BATTLE
    s._legal = None
    put(s, 1, 0, FILLER, ready=False)
    do(s, act.END)
    assert stats(s, 0, 0) == (2000, 1000)


def test_drawing_from_an_empty_deck_by_an_effect_loses_too() -> None:
    pod = C("補給ポッド")
    s = lab(pod)
    to_hand(s, 0, pod)
    charge(s, 0, 2)
    s.deck[0] = s.deck[0][:1]
    from .helpers import use_code

    do(s, use_code(s, pod))
    assert s.is_terminal() and s.winner() == 1 and s.reason == "deck-out"


def test_a_defender_that_wins_the_battle_gets_its_win_effects() -> None:
    umbrella, gate = C("開いた傘"), C("重装の門番")
    s = lab(umbrella, gate)
    put(s, 1, 0, gate, equip=umbrella)  # 4000/7000, ready: its counter destroys the attacker
    put(s, 0, 0, FILLER)
    put(s, 0, 9, FILLER)
    s.phase = BATTLE
    do(s, attack_code(0, 0))
    assert s.field[0][0] < 0 and stats(s, 1, 0) == (4000, 9000)


def test_attack_zero_is_not_negative_and_destroys_defense_zero() -> None:
    boy = C("図書委員の少年")  # 0/1000
    s = lab(boy)
    put(s, 0, 0, boy)
    put(s, 0, 9, FILLER)
    put(s, 1, 0, ZERO, ready=False)  # 500/0
    s.phase = BATTLE
    do(s, attack_code(0, 0))
    assert s.field[1][0] < 0


def test_when_both_fall_nobody_wins_the_battle() -> None:
    s = lab()
    put(s, 0, 0, FILLER)
    put(s, 1, 0, FILLER)
    s.phase = BATTLE
    do(s, attack_code(0, 0))
    assert not events(s, "battle-won")


def test_a_destroyed_book_goes_to_the_graveyard_and_its_place_stays_marked() -> None:
    """墓地: 破壊されたカードを置く — a destroyed book is a destroyed card."""
    s = lab()
    put(s, 0, 0, FILLER)
    put(s, 0, 9, FILLER)
    s.bstate[1][2] = 1
    book = s.cards[s.books[1][2]].name
    s.phase = BATTLE
    do(s, attack_code(0, book_target(2)))
    assert s.view(0)["opponent"]["books"][2] == {"state": "destroyed"}
    assert s.view(0)["opponent"]["grave"][-1] == book
    assert s.books[1][2] == -1


def test_the_same_book_may_be_chosen_twice_and_books_count_toward_the_copy_limit() -> None:
    from cardtable.games.sarasvati import GAME
    from cardtable.games.sarasvati.cards import deck_problems

    final = C("完結編")  # cost 2
    main = (FILLER,) * 4 + (ZERO,) * 4 + tuple(C(n) for n in ("重装の門番",) * 4)
    main += (C("傭兵隊長"),) * 4 + (C("森の精霊"),) * 4 + (C("機動歩兵ガード"),) * 4
    main += (C("喧嘩屋タケル"),) * 4 + (C("名探偵シオン"),) * 4 + (C("天才軍師"),) * 4
    main += (C("図書委員の少年"),) * 4
    opts = GAME.resolve_options(None)
    assert deck_problems(main + (final,) * 3, opts) == []
    five = {**opts, "books": 5}
    assert any("5 copies of '完結編'" in m for m in deck_problems(main + (final,) * 5, five))


def test_ramp_puts_the_card_untapped_and_an_empty_deck_ramps_nothing_without_losing() -> None:
    from cardtable.games.sarasvati.zones import ramp

    s = lab()
    ramp(s, 0)
    assert len(s.voltage[0]) == 1 and s.tapped[0] == 0  # payable this very turn
    s.deck[0] = []
    ramp(s, 0)
    assert len(s.voltage[0]) == 1 and not s.is_terminal()


def test_re_equipping_fires_its_equip_effects_again_and_only_in_the_imagine_phase() -> None:
    gear = make("◇試作ギア\nEnglish: Test Gear\n1:-/-(装備/SF)\n‣付け替え可能\n"
                "‣装備時、カードを1枚ドローする。\n")
    s = lab(gear)
    put(s, 0, 0, FILLER, equip=gear)
    put(s, 0, 1, FILLER)
    keep_open(s)
    charge(s, 0, 1)
    code = act.REEQUIP + 0 * act.PLACES + 1
    hand = len(s.hand[0])
    do(s, code)
    assert s.cards[s.equip[0][1]] == gear and len(s.hand[0]) == hand + 1
    s.phase = MOVE
    s._legal = None
    assert not [a for a in s.legal_actions() if a >= act.REEQUIP and a < act.CHARGE]


def test_a_two_base_evolution_keeps_the_first_bases_place_and_changes_only() -> None:
    fencer, takeru, braver = C("二刀流の剣士"), C("喧嘩屋タケル"), C("双剣合体ツインブレイバー")
    s = lab(fencer, takeru, braver)
    ua = put(s, 0, 5, fencer)
    ub = put(s, 0, 2, takeru)
    s.mods += [(ua, 1000, 0, "turn", 0), (ub, 0, 1000, "turn", 0)]
    to_hand(s, 0, braver)
    charge(s, 0, 3)
    do(s, play_code(s, braver, 5))
    assert s.cards[s.field[0][5]] == braver and s.uid[0][5] == ua and s.field[0][2] < 0
    assert stats(s, 0, 5) == (9000, 6000)  # 8000/6000 with the fencer's +1000 attack only


def test_an_evolution_returned_to_the_hand_goes_alone_and_its_bases_go_to_the_graveyard() -> None:
    go, awakened, warp = C("鉄拳のゴウ"), C("覚醒のゴウ"), C("緊急ワープ")
    s = lab(go, awakened, warp)
    put(s, 0, 0, go)
    to_hand(s, 0, awakened, warp)
    charge(s, 0, 4)
    do(s, play_code(s, awakened, 0))
    do(s, use_code(s, warp))
    assert "覚醒のゴウ" in names(s, s.hand[0]) and "鉄拳のゴウ" in names(s, s.grave[0])


def test_no_evolution_without_an_own_base_nor_onto_an_opponents_character() -> None:
    go, awakened = C("鉄拳のゴウ"), C("覚醒のゴウ")
    s = lab(go, awakened)
    put(s, 1, 0, go)  # the opponent's base does not count
    keep_open(s)
    to_hand(s, 0, awakened)
    charge(s, 0, 3)
    assert not [a for a in s.legal_actions() if s.action_label(a).find("覚醒のゴウ") >= 0]


def test_an_attack_whose_target_is_gone_still_exhausts_the_attacker() -> None:
    warper = make("◇転送兵\nEnglish: Warp Trooper\n3:1000/1000(キャラクター/SF)\n"
                  "‣攻撃時、相手のキャラクターを1体選び、持ち主の手札に戻す。\n")
    s = lab(warper)
    put(s, 0, 0, warper)
    put(s, 1, 0, FILLER)
    s.phase = BATTLE
    do(s, attack_code(0, 0))  # the only candidate goes back to hand before the battle
    assert s.field[1][0] < 0 and not s.ready[0][0]
    assert events(s, "attack-cancelled")[-1]["why"] == "target-gone"


def test_a_characters_effect_resolves_before_its_equipments() -> None:
    ninja = C("サイボーグ忍者")  # 攻撃時、攻撃力+1000
    gear = make("◇試作ギア\nEnglish: Test Gear\n1:-/-(装備/SF)\n"
                "‣攻撃時、カードを1枚ドローする。\n")
    s = lab(ninja, gear)
    put(s, 0, 0, ninja, equip=gear)
    s.phase = BATTLE
    do(s, attack_code(0, book_target(0)))
    assert [e["card"] for e in events(s, "effect")][:2] == ["サイボーグ忍者", "試作ギア"]


def test_a_win_effect_of_a_card_that_already_left_still_draws() -> None:
    martyr = make("◇殉教者\nEnglish: Martyr\n2:3000/3000(キャラクター/SF)\n"
                  "‣バトルに勝った時、持ち主の手札に戻す。\n"
                  "‣バトルに勝った時、カードを1枚ドローする。\n")
    s = lab(martyr)
    put(s, 0, 0, martyr)
    put(s, 1, 0, ZERO, ready=False)
    s.phase = BATTLE
    hand = len(s.hand[0])
    do(s, attack_code(0, 0))
    assert s.field[0][0] < 0 and len(s.hand[0]) == hand + 2  # itself, then the draw


def test_a_ready_front_character_with_negative_attack_still_walls() -> None:
    s = lab()
    put(s, 0, 0, FILLER)
    u = put(s, 1, 0, FILLER)
    put(s, 1, 5, FILLER)
    s.mods.append((u, -5000, 0, "turn", 1))
    s.phase = BATTLE
    s._legal = None
    assert s.legal_actions() == [act.END, attack_code(0, 0)]


def test_a_chosen_target_ignores_the_wall() -> None:
    s = lab(C("火球"))
    put(s, 1, 0, FILLER)  # a ready wall
    put(s, 1, 5, FILLER)  # behind it
    keep_open(s)
    to_hand(s, 0, C("火球"))
    charge(s, 0, 2)
    do(s, use_code(s, C("火球")))
    do(s, choose_code(False, 5))
    assert s.field[1][5] < 0 and s.field[1][0] >= 0


def test_a_triggers_condition_is_read_when_it_resolves_not_when_it_triggers() -> None:
    scout = make("◇斥候\nEnglish: Scout\n2:1000/1000(キャラクター/SF)\n"
                 "‣攻撃時、カードを1枚ドローする。\n"
                 "‣攻撃時、自分の手札が1枚以上の時、攻撃力+1000\n")
    s = lab(scout)
    put(s, 0, 0, scout)
    assert s.hand[0] == []  # the condition fails when the attack triggers both
    s.phase = BATTLE
    do(s, attack_code(0, book_target(0)))
    assert not events(s, "effect-skipped")
    assert [e["text"] for e in events(s, "effect")][1].endswith("攻撃力+1000")
