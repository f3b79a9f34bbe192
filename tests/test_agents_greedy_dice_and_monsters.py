"""The greedy Dice and Monsters policy: legal, deterministic, and better than random."""

from __future__ import annotations

import random

from cardtable.agents import make_agent
from cardtable.core import load_game
from cardtable.games.dice_and_monsters.game import shipped_pool
from cardtable.games.dice_and_monsters.greedy import rating
from cardtable.sim.match import play_match


def test_greedy_always_answers_with_a_legal_code_and_is_deterministic() -> None:
    game = load_game("dice-and-monsters")
    for seed in range(3):
        first = play_match(game, [make_agent("greedy"), make_agent("random")], seed)
        again = play_match(game, [make_agent("greedy"), make_agent("random")], seed)
        assert first.history == again.history and first.is_terminal()


def test_ratings_put_strong_units_above_commands() -> None:
    pool = shipped_pool()
    assert rating(pool["恐獣ベロブル"]) > rating(pool["ドラゴン温泉"])


def test_greedy_beats_random_in_a_small_sample() -> None:
    game = load_game("dice-and-monsters")
    wins = 0
    for seed in range(20):
        agents = [make_agent("greedy"), make_agent("random")]
        if seed % 2:
            agents.reverse()
        final = play_match(game, agents, 100 + seed)
        wins += final.winner() == (seed % 2)
    assert wins >= 12


def test_scores_rank_the_chosen_line_up_first() -> None:
    """The search's prior reads ``scores``: the line-up ``choose`` plays scores highest, and
    line-ups the second stage replayed rank above those it did not."""
    from cardtable.games.dice_and_monsters.greedy import choose, scores

    game = load_game("dice-and-monsters")
    state = game.new_game(3)
    rng = random.Random(3)
    while state.view(state.current_player())["phase"] == "deck-building":
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player()
    legal = state.legal_actions()
    view = state.view(seat)
    values = scores(game, view, legal)
    assert len(values) == len(legal)
    best = choose(game, view, legal)
    assert values[legal.index(best)] == max(values)
    assert sum(v >= 10.0 for v in values) >= 24  # every placement of the best combinations
