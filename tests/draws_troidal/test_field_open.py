"""④ Field open: every card is shown, lane A to E, the initiative player's card first."""

from __future__ import annotations

import pytest

from cardtable.games.draws_troidal import field_open
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import card, lab, put

P1 = [card("water", p) for p in (1, 2, 3, 4, 5)]
P2 = [card("fire", p, guard=1) for p in (1, 2, 3, 4, 5)]


def open_lab(initiative: int) -> DrawsState:
    s = lab(*P1, *P2)
    for lane in range(5):
        put(s, 0, lane, P1[lane], fresh=True)
        put(s, 1, lane, P2[lane], fresh=True)
    s.initiative = initiative
    return s


def test_trigger_order_is_lane_a_to_e_with_the_initiative_players_card_first() -> None:
    assert field_open.trigger_order(0) == [(lane, p) for lane in range(5) for p in (0, 1)]
    assert field_open.trigger_order(1) == [(lane, p) for lane in range(5) for p in (1, 0)]


@pytest.mark.parametrize("initiative", [0, 1])
def test_field_open_reveals_every_card_in_trigger_order(initiative: int) -> None:
    s = open_lab(initiative)
    field_open.open_field(s)
    event = s.log[-1]
    assert event["type"] == "open"
    first, second = initiative, 1 - initiative
    names = (P1, P2)
    expected = [[lane, p, names[p][lane].name, 5 * p + lane]
                for lane in range(5) for p in (first, second)]
    assert event["cards"] == expected


def test_after_the_open_the_opponent_sees_every_card_in_full() -> None:
    s = open_lab(0)
    assert all(lane.get("hidden") for lane in s.view(0)["opponent"]["field"])
    field_open.open_field(s)
    assert s.fresh == [[False] * 5, [False] * 5]
    seen = s.view(0)["opponent"]["field"]
    assert seen == [{"card": c.name, "guard": 1, "wins": 0, "fresh": False, "id": 5 + lane}
                    for lane, c in enumerate(P2)]


def test_cards_already_open_are_not_opened_again() -> None:
    s = open_lab(0)
    s.fresh[0] = [False] * 5  # player 1's cards stayed from the last turn
    field_open.open_field(s)
    assert [entry[1] for entry in s.log[-1]["cards"]] == [1] * 5
