"""Action order, the shared round roll, 【先制】, once-per-game actions, advance, the end."""

from __future__ import annotations

from cardtable.games.dice_and_monsters import order
from cardtable.games.dice_and_monsters.board import COMMAND, EMPTY, advance, revival_square

from .helpers import IDLE, at, events, lab, unit


def test_faster_units_act_first() -> None:
    b = lab({1: unit("遅", speed=1), 2: unit("速", speed=5)}, {1: unit("中", speed=3)},
            ordered=False)
    assert [b.units[x].card.name for x in order.decide(b)] == ["速", "中", "遅"]


def test_equal_speed_across_teams_goes_to_the_higher_team_total() -> None:
    b = lab({1: unit("甲", speed=3), 2: unit("甲2", speed=1)},
            {1: unit("乙", speed=3), 2: unit("乙2", speed=4)}, ordered=False)
    names = [b.units[x].card.name for x in order.decide(b)]
    assert names.index("乙") < names.index("甲")


def test_equal_speed_and_equal_totals_are_settled_by_dice() -> None:
    b = lab({1: unit("甲", speed=3)}, {1: unit("乙", speed=3)}, ordered=False, dice=[2, 5])
    names = [b.units[x].card.name for x in order.decide(b)]
    assert names == ["乙", "甲"] and [p for p, _ in b.rolled] == ["order", "order"]


def test_equal_speed_within_a_team_is_settled_by_dice_rolling_again_on_a_tie() -> None:
    b = lab({1: unit("甲", speed=2), 2: unit("丙", speed=2)}, {1: unit("乙", speed=9)},
            ordered=False, dice=[4, 4, 1, 6])
    names = [b.units[x].card.name for x in order.decide(b)]
    assert names == ["乙", "丙", "甲"]


def test_one_round_roll_is_shared_by_every_unit_of_both_sides() -> None:
    b = lab({1: unit("甲", actions={3: "【近接】1体に1点のダメージを与える。"})},
            {1: unit("乙", actions={3: "【近接】1体に2点のダメージを与える。"})},
            ordered=False, dice=[1, 2, 3, 1, 1, 1])
    b.order = order.decide(b)
    b.play_round(1)
    assert [p for p, _ in b.rolled].count("round-roll") == 1
    assert sorted(e["amount"] for e in events(b, "damage")) == [1, 2]


def test_a_game_has_four_rounds_and_then_compares() -> None:
    b = lab({1: unit("甲")}, {1: unit("乙")}, ordered=False, dice=[1, 2, 2, 2, 2, 2])
    b.run()
    assert b.round == 4 and b.reason == "tie" and b.winner == -1


def test_preempt_units_take_their_turn_first_in_action_order() -> None:
    first = "このユニットのHPを1点回復する。この行動は【先制】である。"
    b = lab({1: unit("普通"), 2: unit("先1", actions={2: first})},
            {1: unit("先2", actions={2: first})}, ordered=True, dice=[2])
    b.play_round(1)
    turns = [e["unit"][2] for e in events(b, "turn")]
    assert turns == ["先1", "先2", "普通"]


def test_a_once_per_game_action_is_taken_only_once() -> None:
    b = lab({1: unit(actions={1: "【近接】1体に1点のダメージを与える。(1回制限)"})},
            {2: unit("標的")})
    b.roll = 1
    b.turn(at(b, 0, 1))
    b.round = 2
    b.turn(at(b, 0, 1))
    assert len(events(b, "damage")) == 1
    assert events(b, "action")[1]["used_up"] is True


def test_back_row_unit_moves_straight_ahead_when_the_front_is_empty() -> None:
    row = [EMPTY, EMPTY, EMPTY, 7]
    assert advance(row) == (3, 1) and row == [EMPTY, 7, EMPTY, EMPTY]


def test_with_two_back_units_the_one_in_square_3_moves() -> None:
    row = [EMPTY, EMPTY, 5, 7]
    assert advance(row) == (2, 0) and row == [5, EMPTY, EMPTY, 7]


def test_with_the_command_in_front_the_unit_not_behind_it_moves() -> None:
    row = [COMMAND, EMPTY, 5, 7]
    assert advance(row) == (3, 1) and row == [COMMAND, 7, 5, EMPTY]


def test_a_lone_back_unit_behind_the_command_moves_to_the_other_front_square() -> None:
    row = [COMMAND, EMPTY, 5, EMPTY]
    assert advance(row) == (2, 1) and row == [COMMAND, 5, EMPTY, EMPTY]


def test_no_advance_while_a_front_unit_stands() -> None:
    row = [3, EMPTY, 5, 7]
    assert advance(row) is None


def test_advance_happens_the_moment_the_front_row_falls() -> None:
    b = lab({1: unit(actions={1: "【近接】1体に9点のダメージを与える。"})},
            {1: unit("前", hp=3), 3: unit("後"), 4: IDLE})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert at(b, 1, 1).card.name == "後" and events(b, "advance")


def test_revival_takes_the_lowest_empty_square_and_the_command_square_is_not_empty() -> None:
    assert revival_square([COMMAND, 4, EMPTY, EMPTY]) == 2
    assert revival_square([COMMAND, 4, 5, 6]) == -1


def test_a_side_with_no_unit_left_loses_at_once() -> None:
    b = lab({1: unit(actions={1: "【近接】1体に9点のダメージを与える。"})}, {2: unit("前", hp=3)})
    b.roll = 1
    b.turn(at(b, 0, 1))
    assert b.over and b.winner == 0 and b.reason == "wipeout"


def test_both_sides_losing_their_last_unit_together_is_a_draw() -> None:
    b = lab({1: unit("甲", hp=1)}, {1: unit("乙", hp=1)})
    for u in b.units:
        u.hp = 0
    b.downed = True
    b.settle()
    assert b.over and b.winner == -1


def test_after_round_4_more_units_wins() -> None:
    b = lab({1: unit("甲"), 2: unit("甲2")}, {1: unit("乙", hp=30)})
    b.compare()
    assert b.winner == 0 and b.reason == "units"


def test_equal_units_more_hp_taken_from_the_opponent_wins() -> None:
    b = lab({1: unit("甲", hp=10)}, {1: unit("乙", hp=12)})
    at(b, 0, 1).hp = 6   # side 1 took 4
    at(b, 1, 1).hp = 7   # side 0 took 5
    b.compare()
    assert b.winner == 0 and b.reason == "hp-taken"


def test_hp_taken_is_counted_from_the_initial_hp_of_the_three() -> None:
    b = lab({1: unit("甲", hp=10)}, {1: unit("乙", hp=10)})
    at(b, 0, 1).max_hp = at(b, 0, 1).hp = 7
    b.compare()
    assert b.taken == [0, 3] and b.winner == 1


def test_equal_units_and_equal_hp_taken_is_a_draw() -> None:
    b = lab({1: unit("甲")}, {1: unit("乙")})
    b.compare()
    assert b.winner == -1 and b.reason == "tie"


def test_every_die_is_logged() -> None:
    b = lab({1: unit("甲")}, {1: unit("乙")}, ordered=False, dice=[1, 2, 2, 2, 2, 2])
    b.run()
    assert len(events(b, "die")) == len(b.rolled)


def test_the_empty_square_of_a_lab_side_holds_its_command() -> None:
    b = lab({1: unit("甲")}, {1: unit("乙")})
    assert b.board[0][1] == COMMAND and b.cmd[0][0] is IDLE
