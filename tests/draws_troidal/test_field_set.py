"""② Field set: every empty lane is filled from the hand; new cards show power only."""

from __future__ import annotations

from cardtable.games.draws_troidal import actions as act
from cardtable.games.draws_troidal import field_set, turn
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import card, idx, lab, put, to_hand

OLD = card("fire", 6, risk=4, guard=1)
HAND = [card("none", 1), card("water", 2), card("earth", 3), card("none", None), card("dark", 0)]
FULL = card("none", 4)


def set_lab() -> DrawsState:
    """Player 1 has cards in A, C and E (B and D empty) and five in hand; player 2 is full."""
    s = lab(OLD, FULL, *HAND)
    for lane in (0, 2, 4):
        put(s, 0, lane, OLD, wins=2)
    for lane in range(5):
        put(s, 1, lane, FULL)
    to_hand(s, 0, *HAND)
    to_hand(s, 1, *HAND)
    return s



def test_field_set_must_fill_every_empty_lane() -> None:
    s = set_lab()
    field_set.begin(s)
    placements = [act.describe(a)["sources"] for a in s.legal_actions()]
    assert placements and all(len(p) == 2 for p in placements)
    assert len(placements) == 20  # two of five different cards, in order


def test_field_set_puts_the_chosen_hand_cards_in_the_empty_lanes() -> None:
    s = set_lab()
    field_set.begin(s)
    s.apply(act.SET_CODE[(3, 1)])  # fourth hand card to B, second to D
    assert s.field[0][1] == idx(s, HAND[3])
    assert s.field[0][3] == idx(s, HAND[1])
    assert s.field[0][0] == idx(s, OLD) and s.wins[0][0] == 2  # old cards untouched
    assert [s.cards[c] for c in s.hand[0]] == [HAND[0], HAND[2], HAND[4]]
    assert s.view(0)["phase"] == "field-shuffle"


def test_nobody_is_asked_when_no_lane_is_empty() -> None:
    s = set_lab()
    put(s, 0, 1, OLD)
    put(s, 0, 3, OLD)
    assert field_set.begin(s) is False
    turn.begin_turn(s)  # standby and draw, then straight on to the field shuffle
    assert s.view(0)["phase"] == "field-shuffle"
    assert not any(e["type"] == "set" for e in s.log)



def test_newly_set_powerless_card_shows_no_power() -> None:
    s = set_lab()
    field_set.begin(s)
    s.apply(act.SET_CODE[(3, 4)])  # the powerless card and the power-0 card
    seen = s.view(1)["opponent"]["field"]
    assert seen[1] == {"hidden": True, "power": None, "id": s.ids[0][1]}
    assert seen[3] == {"hidden": True, "power": 0, "id": s.ids[0][3]}  # 0 is not "no power"


def test_cards_already_on_the_field_stay_fully_visible() -> None:
    s = set_lab()
    field_set.begin(s)
    s.apply(act.SET_CODE[(0, 1)])
    seen = s.view(1)["opponent"]["field"]
    for lane in (0, 2, 4):
        assert seen[lane] == {"card": OLD.name, "guard": 1, "wins": 2, "fresh": False,
                              "id": s.ids[0][lane]}


def test_owner_sees_own_newly_set_cards() -> None:
    s = set_lab()
    field_set.begin(s)
    s.apply(act.SET_CODE[(0, 1)])
    own = s.view(0)["you"]["field"]
    assert own[1]["card"] == HAND[0].name and own[1]["fresh"] is True


def test_set_card_starts_with_printed_guard_and_no_wins() -> None:
    guarded = card("wood", 5, risk=7, guard=2)
    s = lab(guarded, FULL)
    for lane in range(4):
        put(s, 0, lane, FULL)
    for lane in range(5):
        put(s, 1, lane, FULL)
    s.wins[0][4], s.guard[0][4] = 3, 0  # leftovers of a card trashed from lane E
    to_hand(s, 0, guarded)
    field_set.begin(s)
    s.apply(act.SET_CODE[(0,)])
    assert s.field[0][4] == idx(s, guarded)
    assert (s.guard[0][4], s.wins[0][4]) == (2, 0)


def test_identical_hand_cards_give_one_set_code_per_distinct_outcome() -> None:
    s = set_lab()
    s.hand[0] = [idx(s, HAND[0])] * 3 + [idx(s, HAND[1])] * 2
    field_set.begin(s)
    outcomes = [tuple(s.cards[s.hand[0][i]].name for i in act.describe(a)["sources"])
                for a in s.legal_actions()]
    assert len(outcomes) == len(set(outcomes)) == 4  # XX XY YX YY
