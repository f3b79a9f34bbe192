"""⑤ Field battle: attributes, power, loss damage, guard points, win counts, the end by life.

Each test sets up the fewest cards that show one rule or ruling, then runs
``field_battle.fight``. Outcomes are read from the table (trash, lanes, win counts, life), and
``outcome`` plays every pairing with the cards in both seats.
"""

from __future__ import annotations

import pytest

from cardtable.games.draws_troidal import field_battle
from cardtable.games.draws_troidal.cards import Card
from cardtable.games.draws_troidal.state import DrawsState

from .helpers import battle_events, card, duel, idx, lab, outcome, put

ELEMENTS = ("water", "fire", "metal", "wood", "earth")
ALL = (*ELEMENTS, "light", "dark", "none")


# -- the five elements: water > fire > metal > wood > earth > water ----------------------------
# The overcoming card is the weaker one, so a power-only judge would get every one wrong.

def test_water_beats_fire() -> None:
    assert outcome(card("water", 1), card("fire", 9)) == "first"


def test_fire_beats_metal() -> None:
    assert outcome(card("fire", 1), card("metal", 9)) == "first"


def test_metal_beats_wood() -> None:
    assert outcome(card("metal", 1), card("wood", 9)) == "first"


def test_wood_beats_earth() -> None:
    assert outcome(card("wood", 1), card("earth", 9)) == "first"


def test_earth_beats_water_closing_the_ring() -> None:
    assert outcome(card("earth", 1), card("water", 9)) == "first"


@pytest.mark.parametrize("a", ELEMENTS)
@pytest.mark.parametrize("b", ELEMENTS)
def test_only_the_next_element_in_the_ring_is_overcome(a: str, b: str) -> None:
    """Every ordered pair of elements: an edge exactly when ``b`` follows ``a`` in the ring."""
    i, j = ELEMENTS.index(a), ELEMENTS.index(b)
    weak_a, strong_b = card(a, 1), card(b, 9)
    if j == (i + 1) % 5:
        assert outcome(weak_a, strong_b) == "first"  # a overcomes b despite power
    else:
        assert outcome(weak_a, strong_b) == "second"  # no edge for a: power decides


def test_attribute_edge_beats_equal_power() -> None:
    assert outcome(card("water", 4), card("fire", 4)) == "first"


def test_attribute_edge_beats_higher_power_zero_against_nine() -> None:
    assert outcome(card("water", 0), card("fire", 9)) == "first"


# -- light, dark, none ---------------------------------------------------------------------------

@pytest.mark.parametrize(("light", "dark"), [(9, 1), (1, 9), (5, 5), (0, 0)])
def test_light_and_dark_both_lose_whatever_the_power(light: int, dark: int) -> None:
    assert outcome(card("light", light), card("dark", dark)) == "both lose"


def test_light_against_powerless_dark_both_lose() -> None:
    assert outcome(card("light", 9), card("dark", None)) == "both lose"


@pytest.mark.parametrize("side", ["light", "dark"])
@pytest.mark.parametrize("other", [*ELEMENTS, "none"])
def test_light_or_dark_against_an_element_or_none_gives_no_edge(side: str, other: str) -> None:
    assert outcome(card(side, 5), card(other, 3)) == "first"
    assert outcome(card(side, 3), card(other, 5)) == "second"


@pytest.mark.parametrize("side", ["light", "dark"])
def test_light_against_light_and_dark_against_dark_is_decided_by_power(side: str) -> None:
    assert outcome(card(side, 5), card(side, 3)) == "first"


@pytest.mark.parametrize("other", ALL)
def test_none_has_no_edge_and_no_weakness(other: str) -> None:
    assert outcome(card("none", 5), card(other, 3)) == "first"
    assert outcome(card("none", 3), card(other, 5)) == "second"


# -- power -----------------------------------------------------------------------------------------

def test_higher_power_wins() -> None:
    assert outcome(card("none", 5), card("none", 4)) == "first"


@pytest.mark.parametrize(("a", "b"), [("none", "none"), ("fire", "fire"), ("water", "metal"),
                                      ("light", "fire"), ("dark", "none"), ("none", "wood")])
def test_equal_power_without_edge_both_lose(a: str, b: str) -> None:
    assert outcome(card(a, 4), card(b, 4)) == "both lose"


def test_equal_power_zero_both_lose() -> None:
    assert outcome(card("none", 0), card("none", 0)) == "both lose"


# -- cards with no printed power ---------------------------------------------------------------

def test_powerless_card_loses_even_with_attribute_edge() -> None:
    assert outcome(card("water", None), card("fire", 9)) == "second"
    assert outcome(card("earth", None), card("water", 1)) == "second"



def test_powerless_card_with_edge_loses_to_power_zero() -> None:
    assert outcome(card("water", None), card("fire", 0)) == "second"


def test_two_powerless_cards_both_lose() -> None:
    assert outcome(card("none", None), card("none", None)) == "both lose"
    assert outcome(card("water", None), card("fire", None)) == "both lose"


def test_powered_card_wins_and_counts_a_win_against_powerless_card_with_edge() -> None:
    """Project decision: the powerless card loses and the powered card *wins* (one win)."""
    fire, water = card("fire", 3, risk=2), card("water", None, risk=1)
    s = duel(fire, water)
    assert s.wins[0][0] == 1
    assert s.field[0][0] == idx(s, fire)
    assert s.trash[1] == [idx(s, water)]
    assert s.life == [50, 49]


# -- loss damage, trash, guard points ----------------------------------------------------------

def test_losing_card_owner_takes_its_risk_as_damage() -> None:
    s = duel(card("none", 3, risk=2), card("none", 5, risk=3))
    assert s.life == [48, 50]


def test_losing_card_goes_to_its_owners_trash() -> None:
    loser, winner = card("none", 3), card("none", 5)
    s = duel(loser, winner)
    assert s.trash == [[idx(s, loser)], []]
    assert s.field[0][0] == -1
    assert s.field[1][0] == idx(s, winner)


def test_both_losers_take_their_own_risk_as_damage() -> None:
    s = duel(card("none", 4, risk=2), card("fire", 4, risk=5))
    assert s.life == [48, 45]
    assert len(s.trash[0]) == len(s.trash[1]) == 1



def test_guard_points_are_spent_one_per_loss() -> None:
    s = duel(card("none", 3, risk=4, guard=2), card("none", 5))
    assert s.guard[0][0] == 1


def test_card_without_guard_left_is_trashed_with_damage() -> None:
    guarded = card("none", 3, risk=4, guard=1)
    s = lab(guarded, card("none", 5))
    put(s, 0, 0, guarded, guard=0)  # its guard point was spent in an earlier battle
    put(s, 1, 0, card("none", 5))
    field_battle.fight(s)
    assert s.trash[0] == [idx(s, guarded)]
    assert s.life[0] == 46


# -- win counts and the win limit ---------------------------------------------------------------

def test_win_count_rises_by_one_per_win() -> None:
    winner, loser = card("none", 5), card("none", 3)
    s = lab(winner, loser)
    put(s, 0, 0, winner, wins=2)
    put(s, 1, 0, loser)
    field_battle.fight(s)
    assert s.wins[0][0] == 3


def test_win_count_resets_on_a_loss_absorbed_by_guard() -> None:
    guarded, strong = card("none", 3, guard=1), card("none", 5)
    s = lab(guarded, strong)
    put(s, 0, 0, guarded, wins=3)
    put(s, 1, 0, strong)
    field_battle.fight(s)
    assert s.field[0][0] == idx(s, guarded)
    assert s.wins[0][0] == 0


def test_win_count_resets_on_a_tie_absorbed_by_guard() -> None:
    a, b = card("none", 4, guard=1), card("fire", 4, guard=1)
    s = lab(a, b)
    put(s, 0, 0, a, wins=2)
    put(s, 1, 0, b, wins=4)
    field_battle.fight(s)
    assert s.wins == [[0] * 5, [0] * 5]
    assert s.field[1][0] == idx(s, b)  # four wins and a tie: not trashed


def five_lanes_with_a_veteran(veteran_wins: int, **options: int) -> tuple[DrawsState, Card]:
    """Player 1's lane A card has ``veteran_wins`` wins and wins again; lanes B-E all battle."""
    veteran, weak, even = card("none", 5, risk=3), card("none", 1), card("wood", 2, guard=4)
    s = lab(veteran, weak, even, **options)
    put(s, 0, 0, veteran, wins=veteran_wins)
    put(s, 1, 0, weak)
    for lane in range(1, 5):  # equal cards with guard: both lose, nobody is trashed
        put(s, 0, lane, even)
        put(s, 1, lane, even)
    return s, veteran


def test_card_whose_win_count_reaches_five_is_trashed_after_lane_e_without_damage() -> None:
    s, veteran = five_lanes_with_a_veteran(4)
    field_battle.fight(s)
    assert s.field[0][0] == -1
    assert idx(s, veteran) in s.trash[0]
    assert s.life[0] == 50  # no loss damage for the forced trash
    kinds = [(e["type"], e.get("lane")) for e in s.log if e["type"] in ("battle", "win-limit")]
    assert kinds == [("battle", "A"), ("battle", "B"), ("battle", "C"), ("battle", "D"),
                     ("battle", "E"), ("win-limit", "A")]


def test_card_reaching_the_win_limit_is_not_trashed_before_lane_e() -> None:
    """The game ends by life in lane B: the field battle never ends, so the card stays."""
    s, veteran = five_lanes_with_a_veteran(4)
    s.life[1] = 2  # lane A: 2 - 1 = 1
    weak_b = card("none", 1)
    s.field[1][1] = idx(s, weak_b)
    s.guard[1][1] = 0  # lane B: player 2's card loses, is trashed, life 1 - 1 = 0
    field_battle.fight(s)
    assert s.winner() == 0
    assert s.field[0][0] == idx(s, veteran)
    assert s.wins[0][0] == 5


def test_card_with_four_wins_stays() -> None:
    s, veteran = five_lanes_with_a_veteran(3)
    field_battle.fight(s)
    assert s.field[0][0] == idx(s, veteran)
    assert s.wins[0][0] == 4


def test_guard_points_do_not_save_a_card_at_the_win_limit() -> None:
    veteran, weak = card("none", 5, guard=2), card("none", 1)
    s = lab(veteran, weak)
    put(s, 0, 0, veteran, wins=4)
    put(s, 1, 0, weak)
    field_battle.fight(s)
    assert s.field[0][0] == -1
    assert s.guard[0][0] == 0  # its guard points leave the field with it
    assert s.life == [50, 49]  # only the loser's risk


def test_win_limit_is_an_option() -> None:
    s, veteran = five_lanes_with_a_veteran(1, win_limit=2)
    field_battle.fight(s)
    assert idx(s, veteran) in s.trash[0]


def test_lane_with_a_card_on_one_side_only_does_not_battle() -> None:
    """Project decision (the beta cannot produce it; later effects may)."""
    lone = card("none", 3)
    s = lab(lone)
    put(s, 0, 2, lone, wins=1)
    field_battle.fight(s)
    assert battle_events(s) == []
    assert s.wins[0][2] == 1 and s.life == [50, 50]


# -- lanes and the end of the game by life -------------------------------------------------------

def full_field(**options: int) -> DrawsState:
    """Five battles in which player 2 always loses a card with risk 2."""
    strong, weak = card("none", 5), card("none", 1, risk=2)
    s = lab(strong, weak, **options)
    for lane in range(5):
        put(s, 0, lane, strong)
        put(s, 1, lane, weak)
    return s


def test_battles_run_from_lane_a_to_e() -> None:
    s = full_field()
    field_battle.fight(s)
    assert [e["lane"] for e in battle_events(s)] == list("ABCDE")
    assert s.life == [50, 40]


def test_player_at_zero_life_after_a_lane_has_lost_and_later_lanes_do_not_battle() -> None:
    s = full_field()
    s.life[1] = 4  # 4 - 2 (lane A) - 2 (lane B) = 0
    assert field_battle.fight(s) is False
    assert s.is_terminal()
    assert s.winner() == 0 and not s.is_draw()
    assert s.end_reason() == "life"
    assert [e["lane"] for e in battle_events(s)] == ["A", "B"]
    assert all(c >= 0 for c in s.field[1][2:])  # lanes C-E never fought
    assert len(s.trash[1]) == 2
    assert s.life[1] == 0


def test_player_below_zero_life_has_lost() -> None:
    s = full_field()
    s.life[1] = 1
    field_battle.fight(s)
    assert s.winner() == 0
    assert s.life[1] == -1
    assert len(battle_events(s)) == 1


def test_player_with_life_left_plays_on() -> None:
    s = full_field()
    s.life[1] = 11  # 11 - 5 * 2 = 1
    assert field_battle.fight(s) is True
    assert not s.is_terminal()
    assert s.life[1] == 1


def test_life_is_checked_after_each_lane_not_after_the_battle() -> None:
    """Player 1 falls in lane A; player 2 would fall in lane B, which never battles."""
    frail, strong, weak = card("none", 1, risk=3), card("none", 5), card("none", 1, risk=3)
    s = lab(frail, strong, weak)
    put(s, 0, 0, frail)
    put(s, 1, 0, strong)
    put(s, 0, 1, strong)
    put(s, 1, 1, weak)
    s.life = [3, 3]
    field_battle.fight(s)
    assert s.winner() == 1
    assert s.life == [0, 3]


def test_both_players_at_zero_life_in_the_same_lane_is_a_draw() -> None:
    a, b = card("none", 4, risk=3), card("fire", 4, risk=5)
    s = lab(a, b)
    put(s, 0, 0, a)
    put(s, 1, 0, b)
    s.life = [3, 2]
    field_battle.fight(s)
    assert s.is_terminal()
    assert s.is_draw()
    assert s.winner() is None
    assert s.returns() == (0.0, 0.0)
    assert s.result() == {"winner": None, "draw": True, "turns": 0, "reason": "life"}

