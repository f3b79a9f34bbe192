"""The greedy カルドセプト policy: legal, view-only, and clearly better than chance."""

from __future__ import annotations

import copy

from cardtable.agents.registry import make_agent
from cardtable.games.culdcept.game import GAME
from cardtable.games.culdcept.greedy import choose, scores
from cardtable.sim.match import play_match


def test_greedy_plays_only_legal_codes_and_leaves_the_view_alone() -> None:
    rand = make_agent("random")
    phases: set[str] = set()
    for seed in range(6):
        rand.reset(seed)
        state = GAME.new_game(seed)
        while (seat := state.current_player()) >= 0:
            legal = state.legal_actions()
            view = state.view(seat)
            if seat == seed % 2:
                before = copy.deepcopy(view)
                code = choose(GAME, view, legal)
                assert code in legal and view == before
                assert len(scores(GAME, view, legal)) == len(legal)
                phases.add(view["phase"])
            else:
                code = rand.act(GAME, view, legal)
            state.apply(code)
    assert {"spell", "invade", "territory", "battle-card"} <= phases


def test_greedy_beats_random_clearly() -> None:
    greedy, rand = make_agent("greedy"), make_agent("random")
    wins = 0
    for seed in range(24):
        seat = seed % 2
        seats = [greedy, rand] if seat == 0 else [rand, greedy]
        wins += play_match(GAME, seats, seed).winner() == seat
    assert wins >= 18
