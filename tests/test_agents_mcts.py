"""The search agent: legal, reproducible, within budget, and blind to what its player cannot see.

Every test runs on every playable game through the contract alone, as the agent does.
"""

from __future__ import annotations

import math
import random

import pytest

from cardtable.agents import make_agent
from cardtable.agents.mcts import MCTSAgent, Node
from cardtable.agents.random_agent import RandomAgent
from cardtable.core import Game, State, list_games, load_game
from cardtable.core.errors import CardtableError
from cardtable.sim.match import play_match

PLAYABLE = [g.id for g in list_games() if g.playable]


def decision_states(game: Game, seed: int, count: int, settled_too: bool = False
                    ) -> list[State]:
    """States of one random game where the player to move has a real choice that the search
    makes (not one its game leaves to the policy, unless ``settled_too``)."""
    from cardtable.agents.greedy import settled_phases

    settled = frozenset() if settled_too else settled_phases(game.id)
    rng = random.Random(seed)
    state = game.new_game(seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1 and state.view(state.current_player())["phase"] not in settled:
            found.append(state.clone())
        state.apply(legal[rng.randrange(len(legal))])
    return found


def search(agent: MCTSAgent, game: Game, state: State, seed: int = 3) -> tuple[int, dict]:
    """The agent's choice and its root statistics, from a fresh seed."""
    agent.reset(seed)
    seat = state.current_player()
    choice = agent.act(game, state.view(seat), state.legal_actions())
    return choice, root_stats(agent.last_root)


def root_stats(root: Node | None) -> dict:
    assert root is not None
    return {a: (n.visits, round(n.reward, 9), n.avail) for a, n in root.children.items()}


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_mcts_plays_whole_games_with_legal_actions_only(game_id: str) -> None:
    game = load_game(game_id)
    for seed in range(2):
        state = play_match(game, [MCTSAgent(iters=15), RandomAgent()], seed)
        assert state.is_terminal()


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_fixed_seed_reproduces_the_whole_search(game_id: str) -> None:
    game = load_game(game_id)
    state = decision_states(game, 1, 3)[-1]
    assert search(MCTSAgent(iters=60), game, state) == search(MCTSAgent(iters=60), game, state)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_hidden_cards_and_future_chance_do_not_change_the_search(game_id: str) -> None:
    """Two true states its player cannot tell apart (different hidden cards, deck order and
    generator: a sample drawn from the same view) get the same search, move for move."""
    game = load_game(game_id)
    for state in decision_states(game, 2, 4):
        seat = state.current_player()
        twin = game.sample_state(state.view(seat), 987654321)
        assert twin.view(seat) == state.view(seat)
        assert search(MCTSAgent(iters=40), game, state) == search(MCTSAgent(iters=40), game, twin)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_samples_draw_their_own_future_not_the_games(game_id: str) -> None:
    """Chance is sampled: from one view, different sample seeds lead to different futures
    under the same actions, so the true game's next die or draw is not what the search sees."""
    game = load_game(game_id)
    state = decision_states(game, 3, 2)[-1]
    seat = state.current_player()
    view = state.view(seat)

    def future(s: State) -> str:
        rng = random.Random(0)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        return repr(s.result()) + repr(s.history[-5:]) + repr(s.view(seat))

    futures = {future(game.sample_state(view, k)) for k in range(12)}
    assert len(futures) > 1


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_pending_hidden_answer_of_the_opponent_does_not_change_the_search(game_id: str) -> None:
    """Simultaneous steps: after the opponent answers in secret, the searching player's view and
    therefore its search are the same whatever the opponent answered."""
    from cardtable.agents.greedy import settled_phases

    game = load_game(game_id)
    rng = random.Random(4)
    for seed in range(30):
        state = game.new_game(seed)
        while not state.is_terminal():
            mover, legal = state.current_player(), state.legal_actions()
            if len(legal) > 1:
                a, b = state.clone(), state.clone()
                a.apply(legal[0])
                b.apply(legal[-1])
                other = a.current_player()
                if (other >= 0 and other != mover and b.current_player() == other
                        and a.view(other) == b.view(other) and len(a.legal_actions()) > 1
                        and a.view(other)["phase"] not in settled_phases(game_id)):
                    assert search(MCTSAgent(iters=40), game, a) == search(
                        MCTSAgent(iters=40), game, b)
                    return
            state.apply(legal[rng.randrange(len(legal))])
    pytest.skip(f"{game_id} has no hidden simultaneous answer")


def test_a_time_budget_stops_the_search_when_the_clock_runs_out() -> None:
    ticks = iter(range(10**6))
    agent = MCTSAgent(ms=5, clock=lambda: next(ticks) / 1000.0)  # one millisecond per look
    game = load_game(PLAYABLE[0])
    state = decision_states(game, 5, 1)[0]
    search(agent, game, state)
    # read at the start and after each iteration: after the fourth (4 ms, 1 ms each) a fifth
    # would end at 5 ms, the whole budget, so the search stops and answers within it
    assert agent.last_iterations == 4


def test_an_iteration_budget_is_exact() -> None:
    game = load_game(PLAYABLE[0])
    agent = MCTSAgent(iters=37)
    search(agent, game, decision_states(game, 6, 1)[0])
    assert agent.last_iterations == 37
    assert agent.last_root is not None and agent.last_root.visits == 37


def test_a_forced_move_is_played_without_searching() -> None:
    game = load_game(PLAYABLE[0])
    agent = MCTSAgent(iters=50)
    assert agent.act(game, {}, [7]) == 7
    assert agent.last_iterations == 0


def test_specs_set_the_budget_and_make_the_agent_again() -> None:
    assert make_agent("mcts").iters == 1000
    agent = make_agent("mcts:iters=2000,c=1.2,rollout=greedy")
    assert (agent.iters, agent.c, agent.rollout) == (2000, 1.2, "greedy")
    assert make_agent(agent.spec()).spec() == agent.spec()
    timed = make_agent("mcts:ms=500")
    assert timed.ms == 500 and timed.iters is None and timed.spec() == "mcts:ms=500"
    # a timed search has no prior unless asked, since the heuristic could outlast the budget
    assert timed.prior == "none" and make_agent("mcts").prior == "greedy"
    asked = make_agent("mcts:ms=500,prior=greedy")
    assert asked.prior == "greedy" and make_agent(asked.spec()).prior == "greedy"


@pytest.mark.parametrize("spec, message", [
    ("mcts:iters=0", "iters"), ("mcts:iters=1.5", "iters"), ("mcts:ms=-3", "ms"),
    ("mcts:c=-1", "c must"), ("mcts:rollout=smart", "rollout"), ("mcts:depth=3", "depth"),
    ("mcts:prior=oracle", "prior"), ("mcts:bias=-1", "bias"), ("mcts:widen=-2", "widen"),
])
def test_bad_mcts_options_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(CardtableError, match=message):
        make_agent(spec)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_greedy_rollouts_play_legal_games(game_id: str) -> None:
    game = load_game(game_id)
    state = play_match(game, [MCTSAgent(iters=2, rollout="greedy"), RandomAgent()], 0)
    assert state.is_terminal()


def tree_size(node: Node) -> int:
    return sum(1 + tree_size(child) for child in node.children.values())


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_each_iteration_grows_the_tree_by_one_node_then_rolls_out(game_id: str) -> None:
    """Expansion adds one node, the rest of the game is a rollout (not stored), so a search of
    a decision far from the end stores exactly one node per iteration."""
    game = load_game(game_id)
    state = decision_states(game, 7, 1, settled_too=True)[0]
    agent = MCTSAgent(iters=50, follow=False)
    search(agent, game, state)
    assert tree_size(agent.last_root) == 50


def test_the_rollout_policy_is_what_plays_after_the_tree() -> None:
    game = load_game(PLAYABLE[0])
    state = decision_states(game, 8, 3)[-1]
    assert search(MCTSAgent(iters=40), game, state) != search(
        MCTSAgent(iters=40, rollout="greedy"), game, state)


def test_a_strong_prior_plays_a_best_greedy_move_and_no_prior_ignores_it() -> None:
    from cardtable.agents.greedy import policy_scores

    game = load_game(PLAYABLE[0])
    scorer = policy_scores(game.id)
    assert scorer is not None
    for state in decision_states(game, 9, 4):
        seat = state.current_player()
        legal = state.legal_actions()
        values = scorer(game, state.view(seat), legal)
        best = {a for a, v in zip(legal, values, strict=True) if v == max(values)}
        # every root action is tried once, then the nudge outweighs any ending; codes the
        # policy scores alike share its weight, so any of its best may be played
        iters = 3 * len(legal)
        assert search(MCTSAgent(iters=iters, bias=1000.0), game, state)[0] in best
        no_prior = MCTSAgent(iters=30, prior="none")
        assert search(no_prior, game, state) == search(MCTSAgent(iters=30, bias=0), game, state)


def test_progressive_widening_admits_about_widen_root_n_actions() -> None:
    """A decision with more codes than the budget can try: the root considers about
    widen·√n of them instead of trying each once; widen=0 tries them all."""
    game = load_game(PLAYABLE[0])
    state = next(s for s in decision_states(game, 10, 60) if len(s.legal_actions()) >= 60)
    narrow = MCTSAgent(iters=100, widen=2.0)
    search(narrow, game, state)
    assert len(narrow.last_root.children) <= 2.0 * math.sqrt(100) + 1
    wide = MCTSAgent(iters=100, widen=0, prior="none")
    search(wide, game, state)
    assert len(wide.last_root.children) == min(100, len(state.legal_actions()))


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_root_tries_its_actions_in_the_policy_order(game_id: str) -> None:
    """A game whose greedy policy scores every code gives the search a ranking: the root's
    first tries follow it, best first (widening off, so every try is an expansion)."""
    from cardtable.agents.greedy import policy_scores

    scorer = policy_scores(game_id)
    if scorer is None:
        pytest.skip(f"{game_id}'s policy names a move but does not score codes")
    game = load_game(game_id)
    state = next(s for s in decision_states(game, 11, 40) if len(s.legal_actions()) >= 4)
    seat = state.current_player()
    legal = state.legal_actions()
    values = scorer(game, state.view(seat), legal)
    ranked = [legal[i] for i in sorted(range(len(legal)), key=lambda i: -values[i])]
    agent = MCTSAgent(iters=4, widen=0)
    search(agent, game, state)
    assert list(agent.last_root.children) == ranked[:4]


def test_a_cutoff_ends_each_rollout_with_the_games_evaluation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``cutoff=k`` a rollout stops after k steps and backs up the value function's
    estimate for seat 0 (and its complement for seat 1) instead of a result."""
    game = load_game(PLAYABLE[0])
    state = decision_states(game, 12, 3)[0]
    seat = state.current_player()
    calls: list[int] = []

    def always_seat_zero(view: dict) -> float:
        calls.append(view["player"])
        return 0.9

    monkeypatch.setattr(MCTSAgent, "_value_function", staticmethod(lambda game: always_seat_zero))
    agent = MCTSAgent(iters=20, cutoff=2, prior="none")
    search(agent, game, state)
    assert calls == [0] * 20  # the game cannot end within two steps of this early state
    expected = 0.9 if seat == 0 else 0.1
    for child in agent.last_root.children.values():
        assert child.reward == pytest.approx(expected * child.visits)
    calls.clear()
    search(MCTSAgent(iters=20, prior="none", cutoff=0), game, state)
    assert calls == []  # cutoff=0: every rollout plays to the end


def test_the_cutoff_defaults_to_the_value_modules_own() -> None:
    """Without ``cutoff`` the search takes the game's ``CUTOFF`` (about a turn of its play)."""
    from cardtable.games.draws_troidal import value as value_draws_troidal

    game = load_game("draws-troidal")
    assert MCTSAgent()._evaluation(game) == (value_draws_troidal.value,
                                             value_draws_troidal.CUTOFF)
    assert MCTSAgent(cutoff=7)._evaluation(game) == (value_draws_troidal.value, 7)
    assert MCTSAgent(cutoff=0)._evaluation(game) == (None, 0)
    assert MCTSAgent()._evaluation(load_game("dice-and-monsters")) == (None, 0)


def test_cutoff_option_round_trips_and_rejects_nonsense() -> None:
    assert make_agent("mcts:cutoff=12").cutoff == 12
    assert make_agent(make_agent("mcts:cutoff=12").spec()).cutoff == 12
    with pytest.raises(CardtableError, match="cutoff"):
        make_agent("mcts:cutoff=-1")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_deep_asks_the_heuristic_below_the_root_once_a_node_is_visited_enough(
        game_id: str) -> None:
    game = load_game(game_id)
    state = next(s for s in decision_states(game, 13, 40) if len(s.legal_actions()) >= 3)

    def asked_below_root(agent: MCTSAgent) -> int:
        search(agent, game, state)
        count, stack = 0, list(agent.last_root.children.values())
        while stack:
            node = stack.pop()
            count += node.prior is not None
            stack.extend(node.children.values())
        return count

    assert asked_below_root(MCTSAgent(iters=60, deep=0)) == 0
    assert asked_below_root(MCTSAgent(iters=60, deep=2)) > 0


def test_deep_option_round_trips_and_rejects_nonsense() -> None:
    assert make_agent("mcts:deep=20").deep == 20
    assert make_agent(make_agent("mcts:deep=20").spec()).deep == 20
    with pytest.raises(CardtableError, match="deep"):
        make_agent("mcts:deep=-3")


def test_games_with_a_value_function_are_cut_short_and_the_others_play_to_the_end() -> None:
    from cardtable.games.draws_troidal import value as value_draws_troidal
    from cardtable.games.sarasvati import value as value_sarasvati

    assert MCTSAgent._value_function(load_game("draws-troidal")) is value_draws_troidal.value
    assert MCTSAgent._value_function(load_game("sarasvati")) is value_sarasvati.value
    assert MCTSAgent._value_function(load_game("dice-and-monsters")) is None


def test_a_decision_its_game_settles_is_the_policys_without_a_search() -> None:
    """Dice and Monsters' deck building is left to the policy: random endings judge a deck by
    random line-ups, under which three units look better than six."""
    from cardtable.agents.greedy import GreedyAgent
    from cardtable.games.dice_and_monsters.state import BUILD

    game = load_game("dice-and-monsters")
    state = game.new_game(5)
    assert state.phase == BUILD
    seat, legal = state.current_player(), state.legal_actions()
    agent = MCTSAgent(iters=50)
    choice = agent.act(game, state.view(seat), legal)
    assert choice == GreedyAgent().act(game, state.view(seat), legal)
    assert agent.last_iterations == 0
    searched = MCTSAgent(iters=50, follow=False)
    searched.act(game, state.view(seat), legal)
    assert searched.last_iterations == 50


def test_follow_option_round_trips_and_rejects_nonsense() -> None:
    assert make_agent("mcts").follow is True
    assert make_agent("mcts:follow=false").follow is False
    assert make_agent(make_agent("mcts:follow=false").spec()).follow is False
    with pytest.raises(CardtableError, match="follow"):
        make_agent("mcts:follow=maybe")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_halving_spends_the_budget_on_the_policys_best_and_plays_the_best_survivor(
        game_id: str) -> None:
    game = load_game(game_id)
    state = next(s for s in decision_states(game, 14, 60) if len(s.legal_actions()) >= 6)
    agent = MCTSAgent(iters=120, halving=4)
    choice, stats = search(agent, game, state)
    assert agent.last_iterations == 120 and len(stats) == 4  # the policy's four best only
    visits = sorted(v for v, _, _ in stats.values())
    assert visits[-1] > visits[0]  # the survivors of the first round were tried more
    finalists = [a for a, (v, _, _) in stats.items() if v == visits[-1] or v == visits[-2]]
    assert choice in finalists
    assert choice == max(finalists, key=lambda a: stats[a][1] / stats[a][0])


def test_halving_option_round_trips_and_rejects_nonsense() -> None:
    assert make_agent("mcts:halving=16").halving == 16
    assert make_agent(make_agent("mcts:halving=16").spec()).halving == 16
    assert make_agent("mcts").halving == 0
    for spec in ("mcts:halving=-2", "mcts:ms=100,halving=8"):
        with pytest.raises(CardtableError, match="halving"):
            make_agent(spec)


def _handover(game: Game, seed: int) -> tuple[State, State, list[int]]:
    """A decision whose first answer hands the move to the other seat: the state before it,
    the state after it, and the legal codes there."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        seat = state.current_player()
        if len(legal) > 1:
            after = state.clone()
            after.apply(legal[0])
            if after.current_player() not in (seat, -1):
                return state.clone(), after, legal
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"{game.id}: no decision that hands the move over")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_deciding_whether_an_answer_is_hidden_makes_no_view_twice(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once per node the search asks whether the chooser's answers look alike to the next
    player. A game whose brief view leaves its card table out is compared brief first; one
    whose brief view is the whole view (DRAWS-◎-TROIDAL, Dice and Monsters) is compared once,
    whole: asking it brief first made every view of the question twice."""
    game = load_game(game_id)
    before, after, legal = _handover(game, 3)
    made: list[str] = []
    kind = type(after)
    for name in ("view", "brief_view"):
        real = getattr(kind, name)
        monkeypatch.setattr(kind, name, lambda self, p, real=real, name=name:
                            made.append(name) or real(self, p))
    chooser = before.current_player()
    MCTSAgent._link(Node(-1), Node(chooser), after, before, legal, legal[0])
    assert len(made) <= 4
    if not after.has_brief_view():
        assert made.count("brief_view") == 0 and made.count("view") <= 2
