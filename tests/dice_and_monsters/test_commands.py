"""The seven commands of the seed: they fire by themselves, stay or set again, and counter."""

from __future__ import annotations

from cardtable.games.dice_and_monsters import commands
from cardtable.games.dice_and_monsters.board import COMMAND, EMPTY

from .helpers import BEROBUL, DRAGON, at, card, command, events, lab, unit


def kill(b, side: int, square: int) -> None:
    at(b, side, square).hp = 0
    b.downed = True
    b.settle()


def test_miracle_revives_every_unit_downed_at_that_moment_with_1_hp() -> None:
    b = lab({1: unit("甲"), 2: unit("乙"), 3: card("奇跡")}, {1: unit("敵")})
    a, c = at(b, 0, 1), at(b, 0, 2)
    a.hp = c.hp = 0
    b.downed = True
    b.settle()
    assert a.on and c.on and a.hp == 1 and c.hp == 1
    assert b.cmd[0][2] == commands.GONE and b.board[0][2] == EMPTY


def test_miracle_revives_into_the_lowest_empty_square() -> None:
    b = lab({2: unit("甲"), 3: card("奇跡"), 4: unit("丁")}, {1: unit("敵")})
    a = at(b, 0, 2)
    kill(b, 0, 2)
    assert a.on and a.sq == 0


def test_miracle_fires_only_once() -> None:
    b = lab({1: unit("甲"), 2: unit("乙"), 3: card("奇跡")}, {1: unit("敵")})
    kill(b, 0, 1)
    kill(b, 0, 1)
    assert len([e for e in events(b, "command")]) == 1
    assert not b.units[0].on


def test_thaumaturgy_switches_off_the_traits_of_both_squares_2_at_round_1() -> None:
    b = lab({1: unit("甲"), 2: unit("乙"), 3: card("ソーマタージトゥー2")},
            {1: unit("丙"), 2: unit("丁")})
    b.round = 1
    commands.round_start(b)
    assert [u.traits_on for u in b.units] == [True, False, True, False]


def test_para_dice_shift_turns_a_1_into_6_and_is_set_again_twice_at_most() -> None:
    b = lab({1: unit(), 2: card("パラ・ダイス・シフト<1⇒6>")}, {1: unit("敵")})
    for expected_state in (commands.RESET, commands.GONE):
        b.roll = 1
        commands.on_roll(b, 1)
        assert b.roll == 6 and b.cmd[0][2] == expected_state
    b.roll = 1
    commands.on_roll(b, 1)
    assert b.roll == 1


def test_para_dice_shift_set_again_keeps_its_square() -> None:
    b = lab({1: unit(), 2: card("パラ・ダイス・シフト<1⇒6>")}, {1: unit("敵")})
    b.roll = 1
    commands.on_roll(b, 1)
    assert b.board[0][1] == COMMAND


def test_mist_of_darkness_takes_every_feature_away_until_the_end_of_round_3() -> None:
    b = lab({1: unit(features="少女"), 2: card("無明の霧")}, {1: unit("敵", features="竜")})
    b.round = 1
    commands.round_start(b)
    u = at(b, 0, 1)
    assert b.features(u) == ()
    b.round = 4
    assert b.features(u) == ("少女",)


def test_melt_assault_deals_2_magic_then_stays_and_deals_1_on_every_later_1() -> None:
    b = lab({1: unit(), 2: card("メルト・アサルト")}, {1: unit("敵"), 2: unit("敵2")})
    commands.on_roll(b, 1)
    assert [at(b, 1, s).hp for s in (1, 2)] == [8, 8] and b.cmd[0][2] == commands.STAY
    commands.on_roll(b, 3)
    commands.on_roll(b, 1)
    assert [at(b, 1, s).hp for s in (1, 2)] == [7, 7]


def test_command_counter_cancels_and_destroys_on_4_or_less() -> None:
    b = lab({1: unit(), 2: card("メルト・アサルト")},
            {1: unit("敵"), 2: card("コマンドカウンター")},
            dice=[4])
    commands.on_roll(b, 1)
    assert at(b, 1, 1).hp == 10
    assert b.cmd[0][2] == commands.GONE and b.cmd[1][2] == commands.GONE
    assert events(b, "countered")


def test_command_counter_fails_on_5_or_more_and_is_spent() -> None:
    b = lab({1: unit(), 2: card("メルト・アサルト")},
            {1: unit("敵"), 2: card("コマンドカウンター")},
            dice=[5])
    commands.on_roll(b, 1)
    assert at(b, 1, 1).hp == 8 and b.cmd[1][2] == commands.GONE


def test_dragon_hot_spring_heals_every_dragon_by_2_at_round_3() -> None:
    b = lab({1: card(DRAGON), 2: card("ドラゴン温泉")}, {1: card(BEROBUL)})
    at(b, 0, 1).hp = 5
    at(b, 1, 1).hp = 5
    b.round = 2
    commands.round_start(b)
    assert at(b, 0, 1).hp == 5
    b.round = 3
    commands.round_start(b)
    assert at(b, 0, 1).hp == 5  # the dragon itself ignores command effects
    b = lab({1: unit(features="ドラゴン"), 2: card("ドラゴン温泉")}, {1: card(BEROBUL)})
    at(b, 0, 1).hp = 5
    b.round = 3
    commands.round_start(b)
    assert at(b, 0, 1).hp == 7


def test_commands_fire_by_themselves_in_a_whole_game() -> None:
    spring = command("1ラウンド目の開始時に発動する。\n"
                     "特徴【人形】を持つユニット全てのHPを1回復する。")
    b = lab({1: unit(), 2: spring}, {1: unit("敵")}, ordered=False, dice=[1, 2, 2, 2, 2, 2])
    b.run()
    assert events(b, "command")[0]["card"] == "試験コマンド"


def test_simultaneous_triggers_resolve_side_by_side_in_action_order() -> None:
    b = lab({1: unit("甲"), 2: card("メルト・アサルト")},
            {1: unit("乙"),
             2: command("ラウンドロールで1の目が出た場合に発動する。\nその目を6に変える。")})
    b.order = [b.units[1].id, b.units[0].id]
    commands.on_roll(b, 1)
    assert [e["player"] for e in events(b, "command")] == [1, 0]


def test_a_side_wiped_out_by_the_first_roll_trigger_loses_before_the_second_resolves() -> None:
    # rulings: triggers of one moment resolve one after another in action order, and a side
    # with no unit left loses at once, so the second メルト・アサルト never resolves.
    melt = card("メルト・アサルト")
    b = lab({1: unit("甲", hp=2), 2: melt}, {1: unit("乙", hp=2), 2: melt})
    b.round = 1
    commands.on_roll(b, 1)
    assert b.over and b.winner == 0 and b.reason == "wipeout"
    assert at(b, 0, 1).hp == 2 and [e["player"] for e in events(b, "command")] == [0]
