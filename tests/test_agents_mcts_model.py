"""The search's opponent model: the secret answers it cannot see come, with chance ``model``,
from the greedy policy asked from the answerer's own view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.agents import make_agent
from cardtable.agents.greedy import GreedyAgent
from cardtable.agents.mcts import MCTSAgent
from cardtable.core import load_game
from cardtable.core.errors import CardtableError
from cardtable.games.dice_and_monsters.state import TEAM

DM = load_game("dice-and-monsters")


def team_step(seat: int, seed: int = 5):
    """A Dice and Monsters game at ``seat``'s team step (seat 0 answers first, in secret)."""
    rng = random.Random(seed)
    s = DM.new_game(seed)
    while not (s.phase == TEAM and s.current_player() == seat):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def record_samples(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Any]]:
    """Every (answer hook, sampled state) the search draws."""
    seen: list[tuple[Any, Any]] = []
    original = type(DM).sample_state

    def recording(self, view, seed, answer=None):
        state = original(self, view, seed, answer)
        seen.append((answer, state))
        return state

    monkeypatch.setattr(type(DM), "sample_state", recording)
    return seen


def greedy_answer(state, seat: int) -> int:
    return GreedyAgent().act(DM, state.view(seat), state.legal_actions())


def test_a_secret_answer_already_given_follows_the_policy_with_chance_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = team_step(1)
    before = s.clone()
    before.pending[0], before.to_move = -1, 0
    expected = greedy_answer(before, 0)
    seen = record_samples(monkeypatch)
    MCTSAgent(iters=30, model=1).act(DM, s.view(1), s.legal_actions())
    assert len(seen) == 30 and {state.pending[0] for _, state in seen} == {expected}


def test_without_a_model_the_secret_answer_is_drawn_uniformly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = team_step(1)
    seen = record_samples(monkeypatch)
    MCTSAgent(iters=30, model=0).act(DM, s.view(1), s.legal_actions())
    assert {answer for answer, _ in seen} == {None}
    assert len({state.pending[0] for _, state in seen}) > 10


def test_half_a_model_mixes_the_policys_answer_with_uniform_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = team_step(1)
    seen = record_samples(monkeypatch)
    MCTSAgent(iters=60, model=0.5).act(DM, s.view(1), s.legal_actions())
    answers = [state.pending[0] for _, state in seen]
    top = max(set(answers), key=answers.count)
    assert 15 <= answers.count(top) <= 45 and len(set(answers)) > 10


def test_the_secret_reply_to_the_move_at_hand_follows_the_policy_with_chance_one() -> None:
    s = team_step(0)
    agent = MCTSAgent(iters=40, model=1)
    agent.act(DM, s.view(0), s.legal_actions())
    after = s.clone()
    after.apply(s.legal_actions()[0])
    reply = greedy_answer(after, 1)
    root = agent.last_root
    assert root is not None and root.shared is not None
    # every iteration that reached the reply (all but those expanding a move of the root, and
    # the first, which only notes what the replier sees)
    visits = {a: n.visits for a, n in root.shared.items()}
    first = [a for a in visits if a != reply]
    assert len(first) <= 1 and visits[reply] == 40 - len(root.children) - len(first)


def test_without_a_model_the_reply_is_searched_by_its_own_statistics() -> None:
    s = team_step(0)
    agent = MCTSAgent(iters=40, model=0)
    agent.act(DM, s.view(0), s.legal_actions())
    root = agent.last_root
    assert root is not None and root.shared is not None and len(root.shared) > 1


def test_the_model_stays_off_where_the_repliers_view_differs_between_samples() -> None:
    """DRAWS-◎-TROIDAL's set is answered in secret, but the replier holds a hand the searcher
    cannot see, so no single policy answer stands for it."""
    game = load_game("draws-troidal")
    rng = random.Random(2)
    for seed in range(20):
        s = game.new_game(seed)
        for _ in range(6):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            if len(legal) > 1:
                agent = MCTSAgent(iters=30, model=1)
                agent.act(game, s.view(s.current_player()), legal)
                if agent.last_root is not None and agent.last_root.shared is not None:
                    assert agent._reply is False
                    return
            s.apply(legal[rng.randrange(len(legal))])
    pytest.fail("no secret reply found in DRAWS-◎-TROIDAL's opening")


def test_model_option_round_trips_and_rejects_nonsense() -> None:
    assert make_agent("mcts").model == 0.5
    # a timed search goes without it unless asked, as without the prior: the policy's answer
    # can take longer than the budget
    assert make_agent("mcts:ms=300").model == 0.0
    assert make_agent(make_agent("mcts:ms=300,model=0.5").spec()).model == 0.5
    assert make_agent("mcts:model=1").model == 1.0
    assert make_agent(make_agent("mcts:model=0.25").spec()).model == 0.25
    for bad in ("mcts:model=2", "mcts:model=-0.5"):
        with pytest.raises(CardtableError, match="model"):
            make_agent(bad)


def draws_second_to_set(seed: int = 3):
    """A DRAWS-◎-TROIDAL field set where seat 0 has answered in secret and seat 1 answers."""
    from tests.draws_troidal.helpers import advance_to

    game = load_game("draws-troidal")
    s = advance_to(game.new_game(seed), "field-set", play_seed=seed)
    s.apply(s.legal_actions()[0])
    assert s.current_player() == 1 and s.view(1)["opponent"]["answered"]
    return game, s


def test_draws_secret_set_is_the_models_answer_from_the_answerers_sampled_hand() -> None:
    from cardtable.games.draws_troidal.legal import legal_for

    game, s = draws_second_to_set()
    asked: list[tuple[Any, list[int]]] = []

    def answer(view: Any, legal: list[int]) -> int:
        asked.append((view, list(legal)))
        return legal[-1]

    sample = game.sample_state(s.view(1), 11, answer)
    (view, legal), = asked
    assert view["player"] == 0 and view["to_move"] == 0  # asked as seat 0 was, its turn
    assert not view["opponent"]["answered"]  # seat 1 had not answered when seat 0 did
    assert view["you"]["hand"] == [sample.cards[c].name for c in sample.hand[0]]
    assert sample.pending[0] == legal[-1] and sample.current_player() == 1
    # the answerer's hand is the sample's guess, not the true one: the model reads no secret
    hands = {tuple(game.sample_state(s.view(1), k, answer).hand[0]) for k in range(8)}
    assert len(hands) > 1
    assert legal == legal_for(sample, 0)


def test_the_tree_search_leaves_draws_secret_set_to_chance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A policy call a sample would cost more than the tree search's iteration."""
    game, s = draws_second_to_set()
    seen: list[Any] = []
    original = type(game).sample_state

    def recording(self, view, seed, answer=None):
        seen.append(answer)
        return original(self, view, seed, answer)

    monkeypatch.setattr(type(game), "sample_state", recording)
    MCTSAgent(iters=20, model=1).act(game, s.view(1), s.legal_actions())
    assert seen and set(seen) == {None}


def test_rollouts_sample_draws_secret_set_as_greedy_would_have_set(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each continuation is greedy play, so a greedy answer in each sample costs little, and
    the candidates are judged against a careful set rather than a random one."""
    game, s = draws_second_to_set()
    samples: list[Any] = []
    original = type(game).sample_state

    def recording(self, view, seed, answer=None):
        state = original(self, view, seed, answer)
        samples.append(state)
        return state

    monkeypatch.setattr(type(game), "sample_state", recording)
    make_agent("rollout:iters=8,k=2,depth=1").act(game, s.view(1), s.legal_actions())
    assert samples
    for sample in samples:
        before = sample.clone()
        before.pending[0], before.to_move, before._legal = -1, 0, None
        assert sample.pending[0] == GreedyAgent().act(game, before.view(0),
                                                      before.legal_actions())
