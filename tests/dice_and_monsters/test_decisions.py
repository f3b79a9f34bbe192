"""Project decisions where the seed and rulings.md are silent (docs/rules/dice-and-monsters.md)."""

from __future__ import annotations

from cardtable.games.dice_and_monsters import commands
from cardtable.games.dice_and_monsters.damage import STUN

from .helpers import BEROBUL, MARGE, at, card, command, events, lab, unit


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
