"""Fatal Leap: the ★ unit, its condition, HP and turn carry-over, re-ordering next round."""

from __future__ import annotations

from .helpers import AMALIA, DRAGON, EMPRESS, NETHER, SUCCUBUS, at, card, events, lab, unit


def hurt(b, side: int, square: int, hp: int) -> None:
    at(b, side, square).hp = hp
    b.hurt = True
    b.settle()


def test_a_leap_unit_replaces_the_named_unit_when_its_hp_falls_to_the_condition() -> None:
    b = lab({1: card(AMALIA)}, {1: unit()}, leaps=([card(EMPRESS)], []))
    hurt(b, 0, 1, 6)
    assert at(b, 0, 1).card.name == AMALIA
    hurt(b, 0, 1, 5)
    assert at(b, 0, 1).card.name == EMPRESS and events(b, "leap")


def test_the_leap_unit_takes_over_the_hp_and_place_in_the_order() -> None:
    b = lab({1: unit("前"), 2: card(AMALIA)}, {1: unit()}, leaps=([card(EMPRESS)], []))
    old = at(b, 0, 2)
    slot = b.order.index(old.id)
    hurt(b, 0, 2, 4)
    new = at(b, 0, 2)
    assert new.hp == 4 and b.order[slot] == new.id and not old.on


def test_the_leap_unit_does_not_act_if_the_replaced_unit_already_had_its_turn() -> None:
    b = lab({1: card(AMALIA)}, {1: unit()}, leaps=([card(EMPRESS)], []))
    at(b, 0, 1).acted = 1
    hurt(b, 0, 1, 3)
    assert at(b, 0, 1).acted == 1


def test_the_order_is_decided_again_at_the_next_round() -> None:
    b = lab({1: card(AMALIA)}, {1: unit()}, leaps=([card(EMPRESS)], []), dice=[6, 6, 6, 6])
    hurt(b, 0, 1, 3)
    assert b.reorder
    b.play_round(2)
    assert len([e for e in events(b, "order") if e.get("again")]) == 1


def test_a_feature_condition_matches_any_own_unit_with_it() -> None:
    b = lab({1: card(DRAGON)}, {1: unit()}, leaps=([card(NETHER)], []))
    hurt(b, 0, 1, 4)
    assert at(b, 0, 1).card.name == NETHER


def test_no_leap_while_a_star_unit_stands_on_the_side() -> None:
    b = lab({1: card(AMALIA), 2: unit("少女", features="少女")}, {1: unit()},
            leaps=([card(EMPRESS), card(SUCCUBUS)], []))
    hurt(b, 0, 1, 3)
    hurt(b, 0, 2, 2)
    assert at(b, 0, 2).card.name == "少女"


def test_a_downed_unit_does_not_leap() -> None:
    b = lab({1: card(AMALIA), 2: unit("乙")}, {1: unit()}, leaps=([card(EMPRESS)], []))
    amalia = at(b, 0, 1)
    amalia.hp = 0
    b.downed = b.hurt = True
    b.settle()
    assert not amalia.on and not events(b, "leap")


def test_hp_taken_ignores_the_leap_units_initial_hp() -> None:
    b = lab({1: card(AMALIA)}, {1: unit()}, leaps=([card(EMPRESS)], []))
    hurt(b, 0, 1, 5)
    b.compare()
    assert b.taken[1] == 10 - 5


def test_under_the_mist_a_feature_condition_finds_no_unit_and_a_leap_unit_keeps_its_features(
) -> None:
    b = lab({1: card(AMALIA), 2: unit("竜", features="ドラゴン")}, {1: unit()},
            leaps=([card(NETHER), card(EMPRESS)], []))
    for u in b.units:
        u.fog_until = 3  # 無明の霧 fired at the start of round 1
    b.round = 2
    hurt(b, 0, 2, 4)
    assert at(b, 0, 2).card.name == "竜"
    hurt(b, 0, 1, 5)
    assert at(b, 0, 1).card.name == EMPRESS and "少女" in b.features(at(b, 0, 1))
