"""The greedy Dreadnought policy: legal, view-only, and clearly better than chance."""

from __future__ import annotations

from cardtable.agents.registry import make_agent
from cardtable.games.dreadnought.game import GAME
from cardtable.games.dreadnought.greedy import choose
from cardtable.sim.match import play_match


def test_greedy_beats_random_in_both_seats() -> None:
    wins = 0
    for seed in range(10):
        seat = seed % 2
        agents = [make_agent("greedy"), make_agent("random")]
        if seat:
            agents.reverse()
        wins += play_match(GAME, agents, seed).winner() == seat
    assert wins >= 8


def test_greedy_answers_every_kind_of_decision_from_the_view_only() -> None:
    import random

    for seed in range(3):
        s = GAME.new_game(seed)
        r = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            me = s.current_player()
            pick = choose(GAME, s.view(me), legal)
            assert pick in legal
            s.apply(pick if r.random() < 0.5 else legal[r.randrange(len(legal))])


def test_greedy_blocks_with_a_unit_that_survives() -> None:
    from tests.dreadnought.helpers import STOP, find, table

    from cardtable.games.dreadnought import actions as A

    s = table(3, 0, units=[(0, 0, "火の粉の精"), (1, 0, "溶岩の巨人"), (1, 0, "森の小人")],
              hp=(3, 3, 3, 3), after=[STOP], bursts=(0, 1))
    s.apply(find(s, "attack with Ember Sprite", "left"))
    while s.ask[0] == "win":
        s.apply(A.PASS)
    assert s.ask[0] == "block"
    pick = choose(GAME, s.view(1), s.legal_actions())
    assert "Lava Giant" in s.action_label(pick)  # BP 110 against 70: it survives


def test_greedy_cancels_the_opponents_code_not_its_own() -> None:
    """A cancel names any code on the chain (issue 39 #4): greedy names the opponent's."""
    from pathlib import Path

    from cardtable.core.scenario import load_scenario

    s = load_scenario(GAME, Path(__file__).parent / "dreadnought" / "scenarios"
                      / "cancel-chooses-the-code.txt")
    for query in ({"kind": "code", "card": "絡みつく根", "mode": 0}, {"kind": "pay", "source": 0},
                  {"kind": "code", "card": "凍てつく息吹", "mode": 0}, {"kind": "pay", "source": 0},
                  {"kind": "code", "card": "打ち消しの波", "mode": 0}):
        s.apply(s.find_action(**query))
    pick = choose(GAME, s.view(1), s.legal_actions())
    assert s.describe_action(pick) == {"code": pick, "kind": "chain-code", "depth": 0}
