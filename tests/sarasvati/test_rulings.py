"""The project's readings where the seed is silent, each with its test (see docs/rules)."""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import BATTLE
from cardtable.games.sarasvati.stats import stats

from .helpers import (
    FILLER,
    ZERO,
    C,
    attack_code,
    book_target,
    charge,
    do,
    events,
    keep_open,
    lab,
    make,
    play_code,
    put,
    to_hand,
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


def test_a_destroyed_book_stays_in_its_place_turned_up_and_destroyed() -> None:
    s = lab()
    put(s, 0, 0, FILLER)
    put(s, 0, 9, FILLER)
    s.bstate[1][2] = 1
    s.phase = BATTLE
    do(s, attack_code(0, book_target(2)))
    assert s.view(0)["opponent"]["books"][2] == {"state": "destroyed",
                                                "card": s.cards[s.books[1][2]].name}
