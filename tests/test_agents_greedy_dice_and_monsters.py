"""The greedy Dice and Monsters policy: legal, deterministic, and better than random."""

from __future__ import annotations

from cardtable.agents import make_agent
from cardtable.agents.greedy_dice_and_monsters import rating
from cardtable.core import load_game
from cardtable.games.dice_and_monsters.game import shipped_pool
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
