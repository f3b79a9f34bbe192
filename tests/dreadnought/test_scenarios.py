"""Rules and loader decisions shown as scenario files (issue 25): a position a person can read,
loaded and played through the public API."""

from __future__ import annotations

from pathlib import Path

from cardtable.core.scenario import load_scenario, state_from_text
from cardtable.games.dreadnought import GAME

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
