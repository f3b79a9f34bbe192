"""Rules shown from positions: each test loads a scenario file (tests/draws_troidal/scenarios)
that sets up the smallest table the rule needs, plays the step, and reads the table."""

from __future__ import annotations

from pathlib import Path

from cardtable.core.scenario import load_scenario
from cardtable.games.draws_troidal import GAME
from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal.state import DrawsState

HERE = Path(__file__).parent / "scenarios"
KEEP_ORDER = act.ARRANGE_CODE[act.IDENTITY]


def load(name: str) -> DrawsState:
    state = load_scenario(GAME, HERE / name)
    assert isinstance(state, DrawsState)
    return state


def keep_both_orders(state: DrawsState) -> None:
    """Both seats leave their lanes as they are: the field opens and the lanes battle."""
    state.apply(KEEP_ORDER)
    state.apply(KEEP_ORDER)


def lane(state: DrawsState, seat: int, lane: int) -> str | None:
    c = state.field[seat][lane]
    return None if c < 0 else state.cards[c].name


def trash(state: DrawsState, seat: int) -> list[str]:
    return [state.cards[c].name for c in state.trash[seat]]


def battles(state: DrawsState) -> list[dict]:
    return [e for e in state.log if e["type"] == "battle"]


def test_water_beats_fire_on_the_attribute_edge() -> None:
    s = load("water-beats-fire.txt")
    keep_both_orders(s)
    assert lane(s, 0, 0) == "水霊" and s.wins[0][0] == 1
    assert trash(s, 1) == ["紅蓮の獅子"]
    assert s.life == [50, 47]  # the lion's risk


def test_a_guard_point_absorbs_a_loss_without_damage() -> None:
    s = load("guard-absorbs-a-loss.txt")
    keep_both_orders(s)
    assert lane(s, 0, 0) == "氷壁の番人" and s.guard[0][0] == 0 and s.wins[0][0] == 0
    assert s.life == [50, 50]


def test_a_card_reaching_the_win_limit_is_trashed_after_lane_e_without_damage() -> None:
    s = load("win-limit.txt")
    keep_both_orders(s)
    assert lane(s, 0, 0) is None and trash(s, 0) == ["古代の機兵"]
    assert trash(s, 1) == ["小石"]
    assert s.life == [30, 30]
    kinds = [e["type"] for e in s.log]
    assert kinds.index("win-limit") > max(i for i, k in enumerate(kinds) if k == "battle")


def test_light_and_dark_both_lose_whatever_the_power() -> None:
    s = load("light-and-dark.txt")
    keep_both_orders(s)
    assert trash(s, 0) == ["天馬"] and trash(s, 1) == ["冥府の魔王"]
    assert s.life == [47, 46]


def test_a_seat_at_zero_life_after_a_lane_has_lost_and_later_lanes_do_not_battle() -> None:
    s = load("zero-life-stops-the-battle.txt")
    keep_both_orders(s)
    assert s.is_terminal() and s.winner() == 0 and s.end_reason() == "life"
    assert [e["lane"] for e in battles(s)] == ["A"]


def test_a_seat_that_must_draw_from_an_empty_deck_loses() -> None:
    s = load("deck-out.txt")
    keep_both_orders(s)
    assert s.is_terminal() and s.winner() == 1 and s.end_reason() == "deck-out"


def test_the_initiative_coin_can_be_scripted() -> None:
    s = load("initiative-coin.txt")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.initiative == 1
    assert {"type": "initiative", "player": 1} in s.log


def test_a_powerless_card_loses_even_against_power_zero() -> None:
    s = load("powerless-loses.txt")
    keep_both_orders(s)
    assert trash(s, 0) == ["幻影"] and lane(s, 1, 0) == "小石"


def test_the_field_set_asks_only_seats_with_an_empty_lane_and_every_empty_lane_is_filled(
) -> None:
    s = load("field-set.txt")
    assert s.current_player() == 0 and s.view(1)["you"]["asked"] is False
    placements = [act.describe(a)["sources"] for a in s.legal_actions()]
    assert len(placements) == 20 and all(len(p) == 2 for p in placements)  # 2 of 5, in order


def test_newly_set_cards_show_only_their_power_to_the_opponent() -> None:
    s = load("field-set.txt")
    s.apply(act.SET_CODE[(0, 1)])  # 火の粉 to lane B, 水霊 to lane D
    seen = s.view(1)["opponent"]["field"]
    # a hidden card also carries its lane id (it follows the card, and names no card)
    assert {k: v for k, v in seen[1].items() if k != "id"} == {"hidden": True, "power": 1}
    assert {k: v for k, v in seen[3].items() if k != "id"} == {"hidden": True, "power": 2}
    assert seen[0]["card"] == "紅蓮の獅子"  # a card already there stays fully visible


def test_a_card_moves_with_its_guard_points_and_win_count() -> None:
    s = load("field-shuffle.txt")
    s.apply(act.ARRANGE_CODE[(1, 0, 2, 3, 4)])  # swap lanes A and B
    s.apply(KEEP_ORDER)
    assert [lane(s, 0, 0), lane(s, 0, 1)] == ["旅の傭兵", "氷壁の番人"]
    # (after the battle: B's warden had no opponent, A's mercenary beat the pebble)
    assert s.guard[0][:2] == [0, 1] and s.wins[0][:2] == [2, 3]
