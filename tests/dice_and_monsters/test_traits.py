"""The six traits of the seed, each read from its wording, plus a wording reused by a new card."""

from __future__ import annotations

from cardtable.games.dice_and_monsters import commands
from cardtable.games.dice_and_monsters.damage import POISON, STUN

from .helpers import (
    AMALIA,
    BEROBUL,
    DRAGON,
    GENTLEMAN,
    LEONOR,
    MARGE,
    at,
    card,
    command,
    events,
    lab,
    unit,
)


def test_amalia_takes_no_status_effect() -> None:
    b = lab({1: unit(actions={1: "敵全体を【毒】状態にする。"})}, {2: card(AMALIA)})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert not at(b, 1, 2).status & POISON


def test_a_new_card_reusing_the_immunity_wording_works_without_new_code() -> None:
    guard = unit("新顔", traits=["このユニットは状態異常を受けない。"])
    b = lab({1: unit(actions={1: "敵全体を【毒】状態にする。"})}, {2: guard})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert not at(b, 1, 2).status & POISON


def test_marge_stuns_a_melee_attacker_after_its_turn_on_3_or_less() -> None:
    b = lab({1: unit(actions={1: "【近接】1体に1点のダメージを与える。"})}, {2: card(MARGE)},
            dice=[3])
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert at(b, 0, 1).status & STUN


def test_marge_does_not_stun_on_4_or_more_nor_a_shooter() -> None:
    b = lab({1: unit(actions={1: "【近接】1体に1点のダメージを与える。"})}, {2: card(MARGE)},
            dice=[4])
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert not at(b, 0, 1).status & STUN
    b = lab({1: unit(actions={1: "【射撃】1体に1点のダメージを与える。"})}, {2: card(MARGE)})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert not at(b, 0, 1).status & STUN and b.rolled == []


def test_leonor_turns_the_first_round_roll_of_4_into_5_once_per_game() -> None:
    b = lab({1: card(LEONOR)}, {1: unit()}, dice=[4, 4])
    b.round = 1
    b.roll = b.die("round-roll")
    commands.on_roll(b, b.roll)
    assert b.roll == 5
    b.roll = b.die("round-roll")
    commands.on_roll(b, b.roll)
    assert b.roll == 4


def test_berobul_acts_again_on_a_fresh_roll_after_dealing_damage_once_per_turn() -> None:
    b = lab({1: card(BEROBUL)}, {1: unit(hp=30), 2: unit("二", hp=30)}, dice=[1, 1])
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert [p for p, _ in b.rolled] == ["chain"]
    assert len([e for e in events(b, "action")]) == 2


def test_berobul_without_damage_does_not_act_again() -> None:
    b = lab({1: card(BEROBUL)}, {1: unit(hp=30)})
    b.roll = 2
    b.turn(at(b, 0, 1))
    assert b.rolled == []


def test_gentleman_deals_no_damage_to_a_girl_but_may_target_her() -> None:
    b = lab({1: card(GENTLEMAN)}, {1: card(AMALIA), 3: unit("後")})
    b.roll = 1
    b.turn(at(b, 0, 1))  # アサルトマジック: 【近接・暗殺】 -> the back unit, not a girl
    assert events(b, "damage")[0]["amount"] == 4
    b = lab({1: card(GENTLEMAN)}, {2: card(AMALIA)})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert events(b, "damage")[0]["amount"] == 0 and at(b, 1, 2).hp == 10


def test_gentleman_scraping_sets_every_enemy_maximum_hp_to_7() -> None:
    b = lab({1: card(GENTLEMAN)}, {1: unit(hp=12), 2: unit("二", hp=5)})
    b.roll = 2
    b.turn(at(b, 0, 1))
    assert (at(b, 1, 1).max_hp, at(b, 1, 1).hp) == (7, 7)
    assert (at(b, 1, 2).max_hp, at(b, 1, 2).hp) == (7, 5)


def test_phlogiston_dragon_is_untouched_by_command_effects() -> None:
    melt = card("メルト・アサルト")
    b = lab({1: unit(), 2: unit("二"), 3: melt}, {1: card(DRAGON), 2: unit("他")})
    b.round = 1
    commands.on_roll(b, 1)
    assert at(b, 1, 1).hp == 11 and at(b, 1, 2).hp == 8


def test_traits_switched_off_stop_working() -> None:
    b = lab({1: unit(actions={1: "敵全体を【毒】状態にする。"})}, {2: card(AMALIA)})
    at(b, 1, 2).traits_on = False
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert at(b, 1, 2).status & POISON


def test_registered_command_wording_reused_by_a_new_command() -> None:
    spring = command("2ラウンド目の開始時に発動する。\n"
                     "特徴【人形】を持つユニット全てのHPを3回復する。")
    b = lab({1: unit(), 2: spring}, {1: unit("乙")})
    at(b, 0, 1).hp = at(b, 1, 1).hp = 5
    b.round = 2
    commands.round_start(b)
    assert at(b, 0, 1).hp == 8 and at(b, 1, 1).hp == 8


def test_leonors_roll_change_needs_her_on_the_field() -> None:
    b = lab({1: card(LEONOR), 2: unit("他")}, {1: unit()}, dice=[4])
    at(b, 0, 1).on = False
    b.roll = b.die("round-roll")
    commands.on_roll(b, b.roll)
    assert b.roll == 4
