"""Every targeting keyword of the seed, with the facing columns of rulings.md."""

from __future__ import annotations

from .helpers import at, events, lab, unit


def hits(b, side: int, square: int) -> list[int]:
    """Squares hit by the unit on (side, square) acting on face 1."""
    b.roll = 1
    b.turn(at(b, side, square))
    return [e["unit"][1] for e in events(b, "damage") if e["unit"][0] != side]


def attacker(keyword: str, text: str = "1体に1点のダメージを与える。", **kw) -> object:
    return unit("攻撃役", actions={1: f"【{keyword}】{text}"}, **kw)


def dummy(hp: int = 10, speed: int = 1, name: str = "標的") -> object:
    return unit(name, hp=hp, speed=speed)


def test_my_square_1_faces_the_opponents_square_2() -> None:
    b = lab({1: attacker("近接")}, {1: dummy(name="左"), 2: dummy(name="右")})
    assert hits(b, 0, 1) == [2]


def test_my_square_2_faces_the_opponents_square_1() -> None:
    b = lab({2: attacker("近接")}, {1: dummy(name="左"), 2: dummy(name="右")})
    assert hits(b, 0, 2) == [1]


def test_melee_hits_the_other_front_enemy_when_none_is_straight_ahead() -> None:
    b = lab({1: attacker("近接")}, {1: dummy(), 3: dummy(name="後")})
    assert hits(b, 0, 1) == [1]


def test_melee_from_the_back_row_is_not_carried_out() -> None:
    b = lab({1: dummy(name="前"), 3: attacker("近接")}, {1: dummy()})
    assert hits(b, 0, 3) == []
    assert events(b, "action")[0]["back_row"] is True


def test_melee_number_prefers_the_lowest_numbered_square() -> None:
    b = lab({2: attacker("近接・番号")}, {1: dummy(name="一"), 2: dummy(name="二")})
    assert hits(b, 0, 2) == [1]
    b = lab({1: attacker("近接・番号")}, {1: dummy(name="一"), 2: dummy(name="二")})
    assert hits(b, 0, 1) == [1]


def test_melee_speed_hits_the_front_enemy_latest_in_the_order() -> None:
    b = lab({1: attacker("近接・速度")}, {1: dummy(name="一"), 2: dummy(name="二")})
    b.order = [b.order[0], b.order[2], b.order[1]]
    assert hits(b, 0, 1) == [1]


def test_melee_hp_hits_the_weakest_front_enemy() -> None:
    b = lab({1: attacker("近接・HP")}, {1: dummy(hp=5), 2: dummy(hp=9)})
    assert hits(b, 0, 1) == [1]


def test_melee_hp_tie_is_settled_as_melee() -> None:
    b = lab({1: attacker("近接・HP")}, {1: dummy(hp=5), 2: dummy(hp=5)})
    assert hits(b, 0, 1) == [2]


def test_melee_previous_hits_the_enemy_that_acted_last() -> None:
    b = lab({1: attacker("近接・直前")}, {1: dummy(name="一"), 2: dummy(name="二")})
    b.last_actor[1] = at(b, 1, 1).id
    assert hits(b, 0, 1) == [1]


def test_melee_previous_in_the_back_row_falls_back_to_melee() -> None:
    b = lab({1: attacker("近接・直前")}, {1: dummy(name="一"), 2: dummy(name="二"),
                                        3: dummy(name="三")})
    b.last_actor[1] = at(b, 1, 3).id
    assert hits(b, 0, 1) == [2]


def test_melee_next_hits_the_enemy_that_acts_next() -> None:
    b = lab({1: attacker("近接・直後")}, {1: dummy(name="一"), 2: dummy(name="二")})
    b.order = [b.order[0], b.order[1], b.order[2]]  # attacker, 一, 二
    assert hits(b, 0, 1) == [1]


def test_melee_next_in_the_back_row_falls_back_to_melee() -> None:
    b = lab({1: attacker("近接・直後")}, {2: dummy(name="二"), 3: dummy(name="三")})
    b.order = [b.order[0], b.order[2], b.order[1]]  # attacker, 三, 二
    assert hits(b, 0, 1) == [2]


def test_assassinate_prefers_the_back_row_in_my_column() -> None:
    b = lab({1: attacker("近接・暗殺")}, {1: dummy(), 3: dummy(name="三"), 4: dummy(name="四")})
    assert hits(b, 0, 1) == [4]


def test_assassinate_hits_a_lone_back_unit_anywhere() -> None:
    b = lab({1: attacker("近接・暗殺")}, {1: dummy(), 3: dummy(name="三")})
    assert hits(b, 0, 1) == [3]


def test_assassinate_without_a_back_row_is_melee() -> None:
    b = lab({1: attacker("近接・暗殺")}, {1: dummy(), 2: dummy(name="二")})
    assert hits(b, 0, 1) == [2]


def test_pierce_hits_the_whole_facing_column() -> None:
    b = lab({1: attacker("近接・貫通")}, {1: dummy(), 2: dummy(name="二"), 4: dummy(name="四")})
    assert hits(b, 0, 1) == [2, 4]


def test_melee_area_hits_every_front_enemy() -> None:
    b = lab({1: attacker("近接・範囲")}, {1: dummy(), 2: dummy(name="二"), 4: dummy(name="四")})
    assert hits(b, 0, 1) == [1, 2]


def test_melee_all_hits_every_enemy() -> None:
    b = lab({1: attacker("近接・全体")}, {1: dummy(), 2: dummy(name="二"), 4: dummy(name="四")})
    assert hits(b, 0, 1) == [1, 2, 4]


def test_shooting_prefers_the_front_enemy_straight_ahead() -> None:
    b = lab({1: dummy(name="前"), 3: attacker("射撃")}, {1: dummy(), 2: dummy(name="二")})
    assert hits(b, 0, 3) == [2]


def test_shooting_front_row_reads_as_shooting() -> None:
    b = lab({1: dummy(name="前"), 3: attacker("射撃・前衛")}, {1: dummy(), 4: dummy(name="四")})
    assert hits(b, 0, 3) == [1]


def test_shooting_number_hits_the_lowest_numbered_square() -> None:
    b = lab({1: attacker("射撃・番号")}, {2: dummy(), 3: dummy(name="三")})
    assert hits(b, 0, 1) == [2]


def test_shooting_back_prefers_the_facing_back_unit() -> None:
    b = lab({1: attacker("射撃・後衛")}, {1: dummy(), 3: dummy(name="三"), 4: dummy(name="四")})
    assert hits(b, 0, 1) == [4]


def test_shooting_back_without_a_back_row_is_shooting() -> None:
    b = lab({1: attacker("射撃・後衛")}, {1: dummy(), 2: dummy(name="二")})
    assert hits(b, 0, 1) == [2]


def test_shooting_speed_hits_the_enemy_latest_in_the_order() -> None:
    b = lab({1: attacker("射撃・速度")}, {1: dummy(), 4: dummy(name="四")})
    assert hits(b, 0, 1) == [4]


def test_shooting_hp_hits_the_lowest_hp_anywhere() -> None:
    b = lab({1: attacker("射撃・HP")}, {1: dummy(hp=9), 3: dummy(hp=4, name="三")})
    assert hits(b, 0, 1) == [3]


def test_shooting_hp_tie_prefers_my_column_then_the_front() -> None:
    b = lab({1: attacker("射撃・HP")}, {1: dummy(hp=4), 2: dummy(hp=4, name="二"),
                                       4: dummy(hp=4, name="四")})
    assert hits(b, 0, 1) == [2]


def test_shooting_previous_hits_the_last_enemy_to_act_even_in_the_back() -> None:
    b = lab({1: attacker("射撃・直前")}, {1: dummy(), 3: dummy(name="三")})
    b.last_actor[1] = at(b, 1, 3).id
    assert hits(b, 0, 1) == [3]


def test_shooting_previous_when_it_is_gone_is_shooting() -> None:
    b = lab({1: attacker("射撃・直前")}, {1: dummy(), 3: dummy(name="三")})
    assert hits(b, 0, 1) == [1]


def test_shooting_next_hits_the_enemy_that_acts_next_even_in_the_back() -> None:
    b = lab({1: attacker("射撃・直後")}, {1: dummy(), 3: dummy(name="三")})
    b.order = [b.order[0], b.order[2], b.order[1]]
    assert hits(b, 0, 1) == [3]


def test_next_enemy_wraps_to_the_first_in_the_order_after_the_last_turn() -> None:
    b = lab({1: attacker("射撃・直後")}, {1: dummy(), 3: dummy(name="三")})
    b.order = [b.order[2], b.order[1], b.order[0]]
    b.seq_i = 2
    assert hits(b, 0, 1) == [3]


def test_area_front_hits_both_front_enemies() -> None:
    b = lab({3: attacker("範囲・前衛"), 1: dummy(name="前")}, {1: dummy(), 2: dummy(name="二")})
    assert hits(b, 0, 3) == [1, 2]


def test_area_back_without_a_back_row_is_not_carried_out() -> None:
    b = lab({1: attacker("範囲・後衛")}, {1: dummy(), 2: dummy(name="二")})
    assert hits(b, 0, 1) == []
    assert events(b, "action")[0]["no_target"] is True


def test_area_back_hits_both_back_enemies() -> None:
    b = lab({1: attacker("範囲・後衛")}, {1: dummy(), 3: dummy(name="三"), 4: dummy(name="四")})
    assert hits(b, 0, 1) == [3, 4]


def test_area_column_hits_my_column_from_the_back_row() -> None:
    b = lab({1: dummy(name="前"), 3: attacker("範囲・縦一列")},
            {1: dummy(), 2: dummy(name="二"), 4: dummy(name="四")})
    assert hits(b, 0, 3) == [2, 4]


def test_area_column_with_no_enemy_in_it_is_not_carried_out() -> None:
    b = lab({1: attacker("範囲・縦一列")}, {1: dummy(), 3: dummy(name="三")})
    assert hits(b, 0, 1) == []


def test_attribute_hits_every_enemy_of_the_named_attributes() -> None:
    b = lab({1: attacker("属性", "闇・無属性の敵全員に1点の魔力ダメージを与える。")},
            {1: unit("闇", attr="闇"), 2: unit("聖", attr="聖"), 3: unit("無", attr="無")})
    assert hits(b, 0, 1) == [1, 3]


def test_attribute_other_than_hits_every_other_enemy() -> None:
    b = lab({1: attacker("属性", "闇属性以外の敵全員に1点の魔力ダメージを与える。")},
            {1: unit("闇", attr="闇"), 2: unit("聖", attr="聖"), 3: unit("無", attr="無")})
    assert hits(b, 0, 1) == [2, 3]


def test_all_hits_every_enemy() -> None:
    b = lab({3: attacker("全体", "敵全員に1点の魔力ダメージを与える。"), 1: dummy(name="前")},
            {1: dummy(), 2: dummy(name="二"), 4: dummy(name="四")})
    assert hits(b, 0, 3) == [1, 2, 4]


def test_special_uses_its_registered_wording() -> None:
    b = lab({1: attacker("特殊", "HPが一番高い敵1体に2点の魔力ダメージを与える。")},
            {1: dummy(hp=5), 4: dummy(hp=12, name="四")})
    assert hits(b, 0, 1) == [4]
