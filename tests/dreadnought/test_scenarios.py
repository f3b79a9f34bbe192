"""Rules and loader decisions shown as scenario files (issue 25): a position a person can read,
loaded and played through the public API."""

from __future__ import annotations

from pathlib import Path

from cardtable.core.scenario import load_scenario
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
