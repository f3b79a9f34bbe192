"""Finding a move worth testing: the tests of a move's story need one whose events show a rule
(a die roll, a chain link's hit), and a greedy game reaches one within a few seeds."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.agents.registry import make_agent
from cardtable.core import State, load_game


def first_greedy_move(game_id: str, found: Callable[[list[dict]], bool],
                      seeds: range = range(12)) -> tuple[State, int, int]:
    """The first move of greedy against greedy, over ``seeds``, whose events satisfy
    ``found``: the state after it and where its span of the log starts and ends."""
    game = load_game(game_id)
    for seed in seeds:
        state = game.new_game(seed)
        agents = [make_agent("greedy"), make_agent("greedy")]
        while not state.is_terminal():
            before = len(state.log)
            seat = state.current_player()
            state.apply(agents[seat].act(game, state.view(seat), state.legal_actions()))
            if found(state.log[before:]):
                return state, before, len(state.log)
    raise AssertionError(f"no such move in {game_id} over seeds {seeds.start}-{seeds.stop - 1}")
