"""Attacks, targets and the front-row wall, battles with counterattack, books, winning."""

from __future__ import annotations

from cardtable.games.sarasvati import actions as act
from cardtable.games.sarasvati.state import BATTLE, CHARGE, OPEN

from .helpers import (
    FILLER,
    ZERO,
    C,
    attack_code,
    book_target,
    charge,
    do,
    events,
    idx,
    keep_open,
    lab,
    make,
    play_code,
    put,
    to_hand,
)

TAKERU = C("喧嘩屋タケル")      # 1:1000/0
CAPTAIN = C("傭兵隊長")        # 4:4000/4000
GATE = C("重装の門番")         # 5:3000/7000


def battle(*cards):
    s = lab(*cards)
    s.phase = BATTLE
    return s


def test_only_ready_characters_not_summoned_this_turn_attack() -> None:
    s = battle()
    put(s, 0, 0, FILLER)
    put(s, 0, 1, FILLER, ready=False)
    put(s, 0, 2, FILLER, sick=True)
    attackers = {(a - act.ATTACK) // act.TARGETS for a in s.legal_actions() if a >= act.ATTACK}
    assert attackers == {0}



def test_without_a_ready_front_character_anything_may_be_attacked() -> None:
    s = battle()
    put(s, 0, 0, FILLER)
    put(s, 1, 0, FILLER, ready=False)
    put(s, 1, 5, FILLER)
    targets = [a - attack_code(0, 0) for a in s.legal_actions() if a >= act.ATTACK]
    assert targets == [0, 5, 10, 11, 12]


def test_the_attackers_row_does_not_matter() -> None:
    s = battle()
    put(s, 0, 5, FILLER)
    assert attack_code(5, book_target(0)) in s.legal_actions()


def test_attack_at_least_defense_destroys_the_defender() -> None:
    s = battle(CAPTAIN)
    put(s, 0, 0, CAPTAIN)
    put(s, 1, 0, FILLER, ready=False)
    do(s, attack_code(0, 0))
    assert s.field[1][0] < 0 and s.field[0][0] >= 0 and not s.ready[0][0]




def test_survivors_of_a_battle_are_both_exhausted() -> None:
    s = battle(GATE)
    put(s, 0, 0, FILLER)
    put(s, 0, 9, FILLER)  # a second attacker keeps the battle phase open
    put(s, 1, 0, GATE)
    do(s, attack_code(0, 0))  # 2000 < 7000; 3000 >= 1000: the attacker falls
    assert s.field[0][0] < 0 and not s.ready[1][0]
    s2 = battle(GATE)
    put(s2, 0, 0, GATE)
    put(s2, 0, 9, FILLER)
    put(s2, 1, 0, GATE)
    do(s2, attack_code(0, 0))
    assert not s2.ready[0][0] and not s2.ready[1][0]  # a draw: nobody destroyed


def test_a_character_with_negative_attack_cannot_attack_or_strike_back() -> None:
    s = battle()
    u = put(s, 0, 0, FILLER)
    s.mods.append((u, -3000, 0, "turn", 0))
    s._legal = None
    assert s.legal_actions() == [act.END]
    s.mods.clear()
    put(s, 1, 0, FILLER)
    s.mods.append((s.uid[1][0], -3000, 0, "turn", 0))
    do(s, attack_code(0, 0))
    assert s.field[0][0] >= 0 and s.field[1][0] < 0  # no counter from a negative attack


def test_a_character_whose_defense_goes_below_zero_is_destroyed() -> None:
    s = lab(C("火球"))
    put(s, 1, 0, FILLER)  # defense 1000
    from .helpers import charge, to_hand, use_code

    to_hand(s, 0, C("火球"))
    charge(s, 0, 2)
    do(s, use_code(s, C("火球")))  # -3000 defense: below 0
    assert s.field[1][0] < 0 and events(s, "destroyed")[-1]["why"] == "negative-defense"


def test_negative_defense_destroys_after_a_charge_ends_a_condition_holding_it_up() -> None:
    """Checked after every action, not only after effects: a charge shrinks the hand."""
    shield = C("エネルギーシールド")  # 自分の手札が4枚以上の時 … 防御力を+3000
    s = lab(TAKERU, shield)
    u = put(s, 0, 0, TAKERU, equip=shield)  # 1000/0, +3000 while the hand holds 4
    s.mods.append((u, 0, -2000, "turn", 0))  # 1000 now: 0 + 3000 - 2000
    to_hand(s, 0, ZERO, ZERO, ZERO, ZERO)
    s.phase = CHARGE
    s._legal = None
    do(s, act.CHARGE + 0)  # the hand drops to 3: 0 - 2000
    assert s.field[0][0] < 0 and events(s, "destroyed")[-1]["why"] == "negative-defense"


def test_negative_defense_destroys_a_character_summoned_under_a_lowering_aura() -> None:
    curse = make("◇呪詛の書\n3(禁書/ファンタジー)\n"
                 "▸オープン中、相手のキャラクターすべての防御力を-1000する。\n")
    s = lab(books=(curse, C("完結編"), C("妖精郷の地図")))
    s.bstate[1][0] = OPEN
    keep_open(s)
    to_hand(s, 0, ZERO)
    charge(s, 0, 1)
    do(s, play_code(s, ZERO, 0))  # 500/0 comes in at 500/-1000
    assert s.field[0][0] < 0 and events(s, "destroyed")[-1]["why"] == "negative-defense"
    assert idx(s, ZERO) in s.grave[0]






def test_the_battle_event_explains_both_numbers() -> None:
    s = battle(CAPTAIN)
    put(s, 0, 0, CAPTAIN)
    put(s, 1, 0, FILLER)
    do(s, attack_code(0, 0))
    ev = events(s, "battle")[-1]
    assert (ev["attack"], ev["defense"], ev["counter"], ev["counter_attack"],
            ev["attacker_defense"]) == (4000, 1000, True, 2000, 4000)
