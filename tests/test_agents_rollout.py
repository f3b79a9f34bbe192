"""The policy-rollout agent: it compares greedy's best moves by greedy-played continuations,
plays greedy's move where it has no reason not to, and reads nothing its seat cannot see."""

from __future__ import annotations

import random

import pytest

from cardtable.agents import make_agent
from cardtable.agents.greedy import GreedyAgent, policy_scores
from cardtable.agents.rollout import PolicyRolloutAgent
from cardtable.core import CardtableError, Game, State, list_games, load_game
from cardtable.sim.match import play_match

PLAYABLE = [g.id for g in list_games() if g.playable]
#: the games whose search levels are rollouts (Dice and Monsters' greedy costs too much a call)
ROLLED = ["draws-troidal", "sarasvati", "culdcept", "dreadnought"]


def choices(game: Game, seed: int, count: int) -> list[State]:
    """States of a random game where the player to move has two moves or more."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        state.apply(legal[rng.randrange(len(legal))])
    return found


def decide(spec: str, game: Game, state: State, seed: int = 3) -> tuple[int, PolicyRolloutAgent]:
    agent = make_agent(spec)
    assert isinstance(agent, PolicyRolloutAgent)
    agent.reset(seed)
    return agent.act(game, state.view(state.current_player()), state.legal_actions()), agent


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_rollout_plays_whole_games(game_id: str) -> None:
    game = load_game(game_id)
    state = play_match(game, [make_agent("rollout:iters=4,depth=1"), make_agent("random")],
                       seed=2, quiet=True)
    assert state.is_terminal()


@pytest.mark.parametrize("game_id", ROLLED)
def test_the_candidates_are_greedys_best_k_moves(game_id: str) -> None:
    game = load_game(game_id)
    for state in choices(game, 4, 3):
        view, legal = state.view(state.current_player()), state.legal_actions()
        values = policy_scores(game_id)(game, view, legal)
        ranked = [legal[i] for i in sorted(range(len(legal)), key=lambda i: (-values[i], i))]
        _move, agent = decide("rollout:iters=6,k=3,depth=1", game, state)
        assert list(agent.last_means) == ranked[:3]


@pytest.mark.parametrize("game_id", ROLLED)
def test_one_candidate_is_greedys_move(game_id: str) -> None:
    game = load_game(game_id)
    for state in choices(game, 5, 3):
        move, _agent = decide("rollout:iters=6,k=1", game, state)
        view = state.view(state.current_player())
        assert move == GreedyAgent().act(game, view, state.legal_actions())


@pytest.mark.parametrize("game_id", ROLLED)
def test_a_move_is_left_for_greedys_only_by_more_than_the_margin(game_id: str) -> None:
    """With a margin above any difference of mean rewards (they lie in [0, 1]), greedy's own
    move is always played."""
    game = load_game(game_id)
    for state in choices(game, 6, 3):
        move, agent = decide("rollout:iters=6,k=3,depth=1,margin=1", game, state)
        assert move == next(iter(agent.last_means))


@pytest.mark.parametrize("game_id", ROLLED)
def test_rollout_replays_the_same_choice_from_the_same_seed(game_id: str) -> None:
    game = load_game(game_id)
    for state in choices(game, 7, 2):
        first = decide("rollout:iters=6,k=3,depth=1", game, state, seed=9)
        again = decide("rollout:iters=6,k=3,depth=1", game, state, seed=9)
        assert first[0] == again[0] and first[1].last_means == again[1].last_means


@pytest.mark.parametrize("spec", ["rollout:iters=6,k=3,depth=1",
                                  "rollout:iters=6,k=3,depth=1,soft=1"])
@pytest.mark.parametrize("game_id", ROLLED)
def test_rollout_sees_no_hidden_card(game_id: str, spec: str) -> None:
    """A position and its hidden twin look the same to the deciding seat: same seed, same
    candidates, same means, same move (with greedy continuations and softened ones)."""
    game = load_game(game_id)
    checked = 0
    for i, state in enumerate(choices(game, 8, 12)[::3]):
        seat = state.current_player()
        twin = game.hidden_twin(state, seat, 100 + i)
        assert twin.view(seat) == state.view(seat)
        a = decide(spec, game, state, seed=11)
        b = decide(spec, game, twin, seed=11)
        assert a[0] == b[0] and a[1].last_means == b[1].last_means
        checked += 1
    assert checked >= 2


def test_rollout_refuses_nonsense_options() -> None:
    for spec in ("rollout:k=0", "rollout:depth=0", "rollout:margin=-1", "rollout:value=magic",
                 "rollout:soft=-1"):
        with pytest.raises(CardtableError):
            make_agent(spec)


def test_rollout_says_its_options_in_its_spec() -> None:
    assert make_agent("rollout:iters=32,k=3,depth=2").spec() == "rollout:iters=32,k=3,depth=2"
    assert make_agent("rollout").spec() == "rollout:iters=64"
    assert make_agent("rollout:iters=32,soft=0.5").spec() == "rollout:iters=32,soft=0.5"


@pytest.mark.parametrize("game_id", ["draws-troidal", "sarasvati"])
def test_soft_continuations_replay_the_same_choice_from_the_same_seed(game_id: str) -> None:
    game = load_game(game_id)
    for state in choices(game, 7, 2):
        first = decide("rollout:iters=6,k=3,depth=1,soft=1", game, state, seed=9)
        again = decide("rollout:iters=6,k=3,depth=1,soft=1", game, state, seed=9)
        assert first[0] == again[0] and first[1].last_means == again[1].last_means
