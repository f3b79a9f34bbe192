"""Project decisions where the seed and rulings.md are silent (docs/rules/dice-and-monsters.md)."""

from __future__ import annotations

from cardtable.games.dice_and_monsters import commands
from cardtable.games.dice_and_monsters.damage import POISON, STUN

from .helpers import BEROBUL, DRAGON, MARGE, at, card, command, events, lab, unit


def test_a_failed_once_per_game_action_is_not_used_up() -> None:
    b = lab({1: unit(actions={1: "【近接】1体に1点のダメージを与える。(1回制限)"})},
            {2: unit("標的")}, dice=[1, 6])
    at(b, 0, 1).status |= STUN
    b.roll = 1
    b.turn(at(b, 0, 1))
    at(b, 0, 1).status |= STUN
    b.round = 2
    b.turn(at(b, 0, 1))
    assert len(events(b, "damage")) == 1


def test_no_stun_roll_for_a_face_with_nothing_to_do() -> None:
    b = lab({1: unit()}, {2: unit("標的")})
    at(b, 0, 1).status |= STUN
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert b.rolled == [] and not at(b, 0, 1).status & STUN


def test_marge_knocked_out_by_the_melee_hit_does_not_stun_the_attacker() -> None:
    b = lab({1: unit(actions={1: "【近接】1体に20点のダメージを与える。"})},
            {2: card(MARGE), 1: unit("他")})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert b.rolled == [] and not at(b, 0, 1).status & STUN


def test_the_chained_action_makes_no_new_stun_roll_and_does_not_chain_again() -> None:
    b = lab({1: card(BEROBUL)}, {1: unit(hp=40), 2: unit("二", hp=40)}, dice=[6, 1])
    at(b, 0, 1).status |= STUN
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert [p for p, _ in b.rolled] == ["stun", "chain"]


def test_melt_assault_and_para_dice_shift_both_answer_the_same_1() -> None:
    shift = command("ラウンドロールで1の目が出た場合に発動する。\nその目を6に変える。")
    b = lab({1: unit("甲"), 2: shift}, {1: unit("乙"), 2: card("メルト・アサルト")})
    b.roll = 1
    commands.on_roll(b, 1)
    assert b.roll == 6 and at(b, 0, 1).hp == 8


def test_scraping_is_not_damage_and_wakes_no_one() -> None:
    b = lab({1: card("仮面紳士")}, {1: unit(hp=12)})
    at(b, 1, 1).status |= 4  # asleep
    b.roll = 2
    b.turn(at(b, 0, 1))
    assert events(b, "damage") == [] and b.rolled == []


def test_pierce_with_no_enemy_in_the_facing_column_is_not_carried_out() -> None:
    b = lab({1: unit(actions={1: "【近接・貫通】正面縦1列の敵に2点の物理ダメージを与える。"})},
            {1: unit("標的"), 3: unit("後")})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert events(b, "damage") == [] and events(b, "action")[0]["no_target"] is True


def test_the_dragon_acts_on_the_round_roll_changed_by_a_command() -> None:
    b = lab({1: card(DRAGON), 2: card("パラ・ダイス・シフト<1⇒6>")}, {1: unit("標的", hp=20)},
            dice=[1], rounds=1, ordered=False)
    b.order = [u.id for u in b.units]
    b.play_round(1)
    dragon = [e for e in events(b, "action") if e["unit"][2] == DRAGON]
    assert b.roll == 6 and dragon[0]["face"] == 6 and events(b, "damage") == []


def test_a_unit_revived_by_miracle_keeps_its_statuses_used_actions_and_turn() -> None:
    b = lab({1: unit("甲"), 2: unit("乙"), 3: card("奇跡")}, {1: unit("敵")})
    a = at(b, 0, 1)
    a.status, a.used, a.acted = POISON, 1 << 6, 1
    a.hp = 0
    b.downed = True
    b.settle()
    assert a.on and a.hp == 1 and a.status == POISON and a.used == 1 << 6 and a.acted == 1


def test_once_per_game_is_counted_per_line_of_the_action_table() -> None:
    once = "【近接】1体に1点のダメージを与える。(1回制限)"
    b = lab({1: unit(actions={1: once, 2: once})}, {2: unit("標的")})
    for rnd, face in ((1, 1), (2, 2), (3, 1)):
        b.round, b.roll = rnd, face
        b.turn(at(b, 0, 1))
    assert len(events(b, "damage")) == 2


def test_previous_with_no_enemy_turn_yet_falls_back_to_melee() -> None:
    b = lab({1: unit(actions={1: "【近接・直前】1体に1点のダメージを与える。"})},
            {1: unit("一"), 2: unit("二")})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert [e["unit"][1] for e in events(b, "damage")] == [2]


def test_a_stunned_unit_rolls_for_a_melee_action_it_cannot_carry_out_from_the_back() -> None:
    b = lab({1: unit("前"), 3: unit("後", actions={1: "【近接】1体に1点のダメージを与える。"})},
            {1: unit("標的")}, dice=[6])
    at(b, 0, 3).status |= STUN
    b.roll = 1
    b.turn(at(b, 0, 3))
    assert [p for p, _ in b.rolled] == ["stun"] and events(b, "damage") == []
