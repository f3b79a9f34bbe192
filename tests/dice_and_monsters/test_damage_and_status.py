"""The four damage kinds and their modifiers, the five status effects, healing."""

from __future__ import annotations

from cardtable.games.dice_and_monsters.damage import POISON, SEAL, SLEEP, STUN, WEAK

from .helpers import at, events, lab, unit


def strike(text: str, **kw) -> object:
    return unit("攻撃役", actions={1: f"【近接】1体に{text}"}, **kw)


def damage_taken(b) -> list[int]:
    return [e["amount"] for e in events(b, "damage")]


def play(b, side: int = 0, square: int = 1, roll: int = 1) -> None:
    b.roll = roll
    b.turn(at(b, side, square))


def test_physical_damage_is_reduced_by_1_when_the_dealer_is_weakened() -> None:
    b = lab({1: strike("3点の物理ダメージを与える。")}, {2: unit()})
    at(b, 0, 1).status |= WEAK
    play(b)
    assert damage_taken(b) == [2]


def test_physical_damage_is_increased_by_1_when_the_receiver_is_weakened() -> None:
    b = lab({1: strike("3点の物理ダメージを与える。")}, {2: unit()})
    at(b, 1, 2).status |= WEAK
    play(b)
    assert damage_taken(b) == [4]


def test_magic_damage_is_reduced_by_2_when_the_dealer_is_sealed() -> None:
    b = lab({1: strike("3点の魔力ダメージを与える。")}, {2: unit()})
    at(b, 0, 1).status |= SEAL
    play(b)
    assert damage_taken(b) == [1]


def test_seal_does_not_touch_physical_damage_nor_weakness_magic_damage() -> None:
    b = lab({1: strike("3点の物理ダメージを与える。")}, {2: unit()})
    at(b, 0, 1).status |= SEAL
    play(b)
    b2 = lab({1: strike("3点の魔力ダメージを与える。")}, {2: unit()})
    at(b2, 0, 1).status |= WEAK
    at(b2, 1, 2).status |= WEAK
    play(b2)
    assert damage_taken(b) == [3] and damage_taken(b2) == [3]


def test_physical_and_magic_damage_takes_every_modifier_once() -> None:
    b = lab({1: strike("3点の物理・魔力ダメージを与える。")}, {2: unit()})
    at(b, 0, 1).status |= WEAK | SEAL
    at(b, 1, 2).status |= WEAK
    play(b)
    assert damage_taken(b) == [3 - 1 + 1 - 2]


def test_plain_damage_takes_no_modifier() -> None:
    b = lab({1: strike("3点のダメージを与える。")}, {2: unit()})
    at(b, 0, 1).status |= WEAK | SEAL
    at(b, 1, 2).status |= WEAK
    play(b)
    assert damage_taken(b) == [3]


def test_damage_never_goes_below_zero() -> None:
    b = lab({1: strike("1点の魔力ダメージを与える。")}, {2: unit()})
    at(b, 0, 1).status |= SEAL
    play(b)
    assert damage_taken(b) == [0] and at(b, 1, 2).hp == 10


def test_x_is_the_round_number() -> None:
    text = "【近接】1体にX点の魔力ダメージを与える。Xは現在のラウンド数に等しい。"
    b = lab({1: unit(actions={1: text})},
            {2: unit("標的")})
    b.round = 3
    play(b)
    assert damage_taken(b) == [3]


def test_extra_damage_when_the_target_is_poisoned() -> None:
    text = "2点のダメージを与える。対象が【毒】状態の時、さらに4点のダメージを与える。"
    b = lab({1: strike(text)}, {2: unit()})
    play(b)
    at(b, 1, 2).status |= POISON
    b.round = 2
    play(b)
    assert damage_taken(b)[0] == 2 and damage_taken(b)[1] == 6


def test_hp_is_healed_up_to_its_maximum_only() -> None:
    b = lab({1: unit(actions={1: "このユニットのHPを6点回復する。"})}, {2: unit()})
    at(b, 0, 1).hp = 7
    play(b)
    assert at(b, 0, 1).hp == 10


def test_1d6_heal_rolls_the_die() -> None:
    b = lab({1: unit(actions={1: "このユニットのHPを 1D6点回復する。"})}, {2: unit()}, dice=[4])
    at(b, 0, 1).hp = 3
    play(b)
    assert at(b, 0, 1).hp == 7 and b.rolled == [("amount", 4)]


def test_hp_zero_takes_the_unit_off_the_field() -> None:
    b = lab({1: strike("9点のダメージを与える。")}, {2: unit(hp=5), 1: unit("残り")})
    target = at(b, 1, 2)
    play(b)
    assert not target.on and b.board[1][1] == -1 and events(b, "down")


def test_poison_deals_1_damage_at_the_end_of_its_own_turn() -> None:
    b = lab({1: unit()}, {2: unit()})
    at(b, 0, 1).status |= POISON
    play(b)
    assert at(b, 0, 1).hp == 9 and events(b, "damage")[0]["kind"] == "plain"


def test_stun_fails_the_action_on_3_or_less_and_wears_off_at_turn_end() -> None:
    b = lab({1: strike("3点のダメージを与える。")}, {2: unit()}, dice=[3])
    at(b, 0, 1).status |= STUN
    play(b)
    assert damage_taken(b) == [] and not at(b, 0, 1).status & STUN


def test_stun_on_4_or_more_lets_the_action_happen() -> None:
    b = lab({1: strike("3点のダメージを与える。")}, {2: unit()}, dice=[4])
    at(b, 0, 1).status |= STUN
    play(b)
    assert damage_taken(b) == [3]


def test_sleep_skips_the_turn_unless_the_roll_at_its_start_is_4_or_more() -> None:
    b = lab({1: strike("3点のダメージを与える。")}, {2: unit()}, dice=[3])
    at(b, 0, 1).status |= SLEEP
    play(b)
    assert damage_taken(b) == [] and at(b, 0, 1).status & SLEEP
    b = lab({1: strike("3点のダメージを与える。")}, {2: unit()}, dice=[4])
    at(b, 0, 1).status |= SLEEP
    play(b)
    assert damage_taken(b) == [3] and not at(b, 0, 1).status & SLEEP


def test_damage_may_wake_a_sleeping_unit_on_4_or_more() -> None:
    b = lab({1: strike("1点のダメージを与える。")}, {2: unit()}, dice=[4])
    at(b, 1, 2).status |= SLEEP
    play(b)
    assert not at(b, 1, 2).status & SLEEP
    b = lab({1: strike("1点のダメージを与える。")}, {2: unit()}, dice=[3])
    at(b, 1, 2).status |= SLEEP
    play(b)
    assert at(b, 1, 2).status & SLEEP


def test_zero_damage_does_not_wake_a_sleeper() -> None:
    b = lab({1: strike("1点の魔力ダメージを与える。")}, {2: unit()})
    at(b, 0, 1).status |= SEAL
    at(b, 1, 2).status |= SLEEP
    play(b)
    assert b.rolled == []


def test_a_status_does_not_stack() -> None:
    text = "【近接】1体に1点のダメージを与える。その後そのユニットを【毒】状態にする。"
    b = lab({1: unit(actions={1: text})},
            {2: unit()})
    at(b, 1, 2).status |= POISON
    play(b)
    assert not [e for e in events(b, "status") if e["on"]]


def test_enemy_wide_status_infliction() -> None:
    b = lab({1: unit(actions={1: "敵全体を【毒】状態にする。"})}, {1: unit("一"), 4: unit("四")})
    play(b)
    assert at(b, 1, 1).status & POISON and at(b, 1, 4).status & POISON


def test_self_status_after_an_action() -> None:
    text = "このユニットのHPを2点回復する。その後、このユニットを【睡眠】状態にする。"
    b = lab({1: unit(actions={1: text})},
            {2: unit()})
    play(b)
    assert at(b, 0, 1).status & SLEEP
