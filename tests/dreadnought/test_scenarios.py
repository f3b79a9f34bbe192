"""Rules and loader decisions shown as scenario files (issue 25): a position a person can read,
loaded and played through the public API."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core.scenario import ScenarioError, load_scenario, state_from_text
from cardtable.games.dreadnought import GAME
from cardtable.games.dreadnought.state import CAST, W_CAST, W_SPEED

HERE = Path(__file__).parent / "scenarios"


def test_one_speed_ability_a_speed_phase_for_the_seat_not_for_each_card() -> None:
    s = load_scenario(GAME, HERE / "speed-once-per-phase.txt")
    mizuha = s.find_action(kind="ability", card="蒼海の賢者ミズハ")
    herald = s.find_action(kind="ability", card="光速の伝令")
    assert (mizuha, herald) == (s.find_action(kind="ability", source=0),
                                s.find_action(kind="ability", source=2))
    assert {mizuha, herald} <= set(s.legal_actions())
    s.apply(mizuha)
    assert s.current_player() == 0  # the speed window stays open: god draws, a gear change
    assert herald not in s.legal_actions()
    assert not any(s.describe_action(a)["kind"] == "ability" for a in s.legal_actions())


def test_a_scenarios_card_table_does_not_depend_on_the_other_seats_closed_hand() -> None:
    """Issue 25 #6: the table is the whole pool, as in a game from new_game, so seat 1's view
    is the same whatever seat 2 holds in hand."""
    text = (HERE / "full-area-attack.txt").read_text("utf-8")
    assert "hand: 火球\n" in text
    views = [state_from_text(GAME, text.replace("hand: 火球\n", f"hand: {name}\n")).view(0)
             for name in ("渦潮", "火の粉の精")]
    assert views[0] == views[1]
    assert {c["name"] for c in views[0]["cards"]} == set(GAME.pool())


def test_a_speed_phase_scenario_runs_the_rest_of_the_turn_in_the_seeds_order() -> None:
    """Issue 25 #8: [1] speed (the faster seat, then the slower), the order decided, [2] draw
    (the first seat 1 card and a burst, the other 2 and a burst), [3] cast, first seat first."""
    s = load_scenario(GAME, HERE / "speed-once-per-phase.txt")  # first: 1, the faster card
    hands = [len(s.hand[0]), len(s.hand[1])]
    s.apply(s.find_action(kind="pass"))
    assert s.ask == ("win", 1, W_SPEED, 0)  # the slower seat's speed actions
    assert s.pending_decision() == {"player": 1, "kind": "window", "phase": "speed",
                                    "window": "speed", "passes": 0}
    s.apply(s.find_action(kind="pass"))
    order = [e for e in s.log if e["type"] == "order"]
    assert len(order) == 1 and order[0]["first"] == 0
    assert [len(s.hand[0]), len(s.hand[1])] == [hands[0] + 1, hands[1] + 2]
    assert s.phase == CAST and s.ask == ("win", 0, W_CAST, 0)


def test_a_speed_phase_scenario_honours_first_and_refuses_the_slower_seat_first() -> None:
    text = (HERE / "speed-once-per-phase.txt").read_text("utf-8")
    closed = text.replace("speed: 光速の伝令\n", "speed: 光速の伝令 closed=yes\n") \
        .replace("first: 1\nto-move: 1", "first: 2\nto-move: 2")
    s = state_from_text(GAME, closed)  # a gear-change card: the table cannot tell, first: says
    assert s.ask == ("win", 1, W_SPEED, 0) and s.gear == [1, 0]
    s.apply(s.find_action(kind="pass"))
    assert s.ask == ("win", 0, W_SPEED, 0)
    with pytest.raises(ScenarioError, match="only with the faster speed card"):
        state_from_text(GAME, text.replace("first: 1\nto-move: 1", "first: 2\nto-move: 2"))
    with pytest.raises(ScenarioError, match="needs a 'speed:' card"):
        state_from_text(GAME, text.replace("speed: 森の小人\n", ""))


@pytest.mark.parametrize(("old", "new", "words"), [
    # issue 25 #7: both casters at 0 HP: the game is decided (キャスター2人のHPが0枚になると)
    ("hp 1: 森の小人, 森の小人, 森の小人\nhp 2: 森の小人, 森の小人\n", "hp 1: -\nhp 2: -\n",
     "the game is decided"),
    ("casters: 炎舞の巫女ホムラ, 森羅の語り部カエデ", "casters: 炎舞の巫女ホムラ, 炎舞の巫女ホムラ",
     "two casters of different names"),
    ("hp 2: 森の小人, 森の小人\n", "hp 2: 森の小人, 森の小人, 森の小人, 森の小人, 森の小人\n",
     "more than its printed HP 4"),
    ("hand: 火球\n", "hand: 火球\nspeed: 森の小人 closed=yes\n", "closed in the action phase"),
    ("hand: 火球\n", "hand: 火球\nbursts: 森の小人\nbursts checked: 2\n",
     "'2' is not one of the seat's 1 bursts"),
])
def test_a_position_the_rules_rule_out_is_refused_saying_why(old: str, new: str,
                                                             words: str) -> None:
    text = (HERE / "full-area-attack.txt").read_text("utf-8")
    assert old in text
    with pytest.raises(ScenarioError, match=words):
        state_from_text(GAME, text.replace(old, new))
    state_from_text(GAME, text)  # the file as it is loads
