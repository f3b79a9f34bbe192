"""The territory commands, play conditions and costs paid from the deck."""

from __future__ import annotations

from tests.culdcept.helpers import (
    C,
    hand_code,
    idx,
    lab,
    level,
    level_code,
    make,
    put,
    roll,
    to_hand,
)

from cardtable.games.culdcept import actions as act
from cardtable.games.culdcept.board import element
from cardtable.games.culdcept.state import TERRITORY

PLAIN = make("◇試験兵\nクリーチャー 無 ST30/HP30 コスト0")
DEAR = make("◇試験高級兵\nクリーチャー 無 ST50/HP50 コスト3")
FIRE2 = make("◇試験炎帝\nクリーチャー 火 ST50/HP50 コスト0 条件:火火")


def at_territory(*cards, slot: int = 4):
    s = lab(*cards)
    for c in cards:
        to_hand(s, 0, c)
    roll(s, slot + 1)
    assert s.phase == TERRITORY
    return s


def test_level_up_lays_any_hand_card_face_down_up_to_three() -> None:
    s = at_territory(PLAIN)
    level(s, 0, 4, "神殿", "神殿")
    s.apply(hand_code(s, 0, act.LEVEL_UP, PLAIN))
    assert len(s.levels[0][4]) == 3 and idx(s, PLAIN) in s.levels[0][4]
    s = at_territory(PLAIN)
    level(s, 0, 4, "神殿", "神殿", "神殿")
    assert not any(act.LEVEL_UP <= c < act.LEVEL_DOWN for c in s.legal_actions())  # level 4


def test_level_down_returns_a_level_card_to_hand() -> None:
    s = at_territory(PLAIN)
    level(s, 0, 4, PLAIN)
    s.apply(level_code(s, 0, 4, act.LEVEL_DOWN, PLAIN))
    assert s.levels[0][4] == () and idx(s, PLAIN) in s.hand[0]


def test_terrain_change_lays_a_land_card_on_top() -> None:
    s = at_territory(C("溶岩地帯"), slot=4)
    assert element(s, 0, 4) == 4  # 都市: neutral
    s.apply(hand_code(s, 0, act.TERRAIN, "溶岩地帯"))
    assert element(s, 0, 4) == 0 and s.lands[0][4] == (idx(s, "溶岩地帯"),)
    assert s.levels[0][4] == ()  # a land card is not a level card


def test_play_a_creature_on_the_empty_land_paying_its_cost_from_the_deck() -> None:
    s = at_territory(DEAR)
    top3 = s.deck[0][-3:]
    s.apply(hand_code(s, 0, act.SUMMON, DEAR))
    assert s.creature[0][4] == idx(s, DEAR)
    assert sorted(s.discard[0]) == sorted(top3)  # the cost goes to the discard pile


def test_a_cost_the_deck_cannot_pay_makes_the_card_unplayable() -> None:
    s = at_territory(DEAR)
    s.deck[0] = s.deck[0][:2]
    s._legal = None
    assert hand_code(s, 0, act.SUMMON, DEAR) not in s.legal_actions()


def test_a_play_condition_counts_lands_holding_ones_creatures() -> None:
    s = at_territory(FIRE2, PLAIN, C("溶岩地帯"))
    summon = hand_code(s, 0, act.SUMMON, FIRE2)
    assert summon not in s.legal_actions()
    put(s, 0, 0, PLAIN)  # 火山: one fire land holding a creature
    assert summon not in s.legal_actions()  # 火火 needs two
    s.lands[0][2] = (s.deck[0].pop(s.deck[0].index(idx(s, "溶岩地帯"))),)  # 湖 turned fire
    s._legal = None
    assert summon not in s.legal_actions()  # a fire land without a creature does not count
    put(s, 0, 2, PLAIN)
    assert summon in s.legal_actions()


def test_exchange_returns_the_guard_to_hand_and_pays_for_the_new_one() -> None:
    s = at_territory(DEAR, PLAIN)
    put(s, 0, 4, PLAIN)
    s.apply(hand_code(s, 0, act.EXCHANGE, DEAR))
    assert s.creature[0][4] == idx(s, DEAR) and idx(s, PLAIN) in s.hand[0]
    assert len(s.discard[0]) == 3


def test_move_takes_the_guard_to_an_adjacent_empty_land_at_no_cost() -> None:
    s = at_territory(PLAIN)
    put(s, 0, 4, PLAIN)
    put(s, 0, 5, PLAIN)
    assert act.MOVE in s.legal_actions() and act.MOVE + 1 not in s.legal_actions()
    deck = len(s.deck[0])
    s.apply(act.MOVE)
    assert s.creature[0][3] == idx(s, PLAIN) and s.creature[0][4] == -1
    assert len(s.deck[0]) >= deck - 1


def test_one_command_only() -> None:
    s = at_territory(PLAIN)
    s.apply(hand_code(s, 0, act.SUMMON, PLAIN))
    assert s.active == 1
