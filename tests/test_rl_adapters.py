"""The research adapters (cardtable.rl), each held to its own library's checker.

PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's ``check_env`` and OpenSpiel's
``random_sim_test`` run on every game, with few cycles so the file stays quick.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

import numpy as np
import pytest

from cardtable.core import load_game
from cardtable.rl import GAME_IDS, aec_env, gym_env, register_open_spiel

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str) -> None:
    from pettingzoo.test import api_test, seed_test

    api_test(aec_env(game_id), num_cycles=60)
    seed_test(lambda: aec_env(game_id), num_cycles=30)


def test_aec_episode_observes_the_view_and_pays_at_the_end() -> None:
    env = aec_env("draws-troidal")
    game = load_game("draws-troidal")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    paid: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        p = int(agent[-1])
        state = env.match.state
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert obs["observation"].tolist() == pytest.approx(game.encode(state.view(p)))
        if terminated or truncated:
            paid[agent] = reward
            env.step(None)
            continue
        assert obs["action_mask"].nonzero()[0].tolist() == state.legal_actions()
        other = env.observe(f"player_{1 - p}")
        assert not other["action_mask"].any()  # only the deciding seat has legal codes
        assert reward == 0.0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    final = env.match.state
    assert final.is_terminal() and steps == len(final.history)
    assert paid == {f"player_{p}": r for p, r in enumerate(final.returns())}
    assert sorted(paid.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_aec_resets_to_a_new_deal_and_a_seed_repeats_it() -> None:
    env = aec_env("sarasvati")
    env.reset(seed=5)
    first = env.observe(env.agent_selection)["observation"]
    env.reset()
    assert not np.array_equal(first, env.observe(env.agent_selection)["observation"])
    env.reset(seed=5)
    assert np.array_equal(first, env.observe(env.agent_selection)["observation"])


def test_aec_ansi_render_is_the_terminal_table(capsys: pytest.CaptureFixture[str]) -> None:
    env = aec_env("culdcept", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Lands: 1" in text and "Toll points" in text
    shown = aec_env("culdcept", render_mode="human")
    shown.reset(seed=1)
    assert shown.render() is None
    assert capsys.readouterr().out == text  # "human" prints the same table


def test_an_observation_kept_is_never_changed_by_later_steps() -> None:
    """Each observation is a fresh array (the env writes the next one into a new buffer), so
    a learner's replay memory holds what the seat saw then."""
    env = aec_env("dice-and-monsters")
    env.reset(seed=2)
    kept = []
    for _ in range(8):
        obs = env.observe(env.agent_selection)
        kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    for obs, observation, mask in kept:
        assert np.array_equal(obs["observation"], observation)
        assert np.array_equal(obs["action_mask"], mask)


def test_the_ansi_render_draws_from_the_table_layer_not_the_terminal() -> None:
    """The adapters sit beside the terminal, not above it: rendering imports no ``cli``."""
    code = ("import sys; from cardtable.rl import aec_env; "
            "env = aec_env('draws-troidal', render_mode='ansi'); env.reset(seed=1); "
            "assert 'Field' in env.render(); "
            "print(sorted(m for m in sys.modules if m.startswith('cardtable.cli')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_check_env_passes(game_id: str) -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env(game_id, seat=1), skip_render_check=True)


def test_gym_episode_against_greedy_ends_with_the_seat_result() -> None:
    env = gym_env("draws-troidal", opponent="greedy", seat=1, render_mode="ansi")
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(1)
    done, reward = False, 0.0
    while not done:
        assert obs.shape == env.observation_space.shape
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
    state = env.match.state
    assert reward == state.returns()[1] and info["result"] == state.result()
    assert "Field: A" in env.render()


def test_gym_illegal_action_loses_or_raises() -> None:
    from cardtable.core import IllegalActionError

    env = gym_env("draws-troidal")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    strict = gym_env("draws-troidal", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_open_spiel_random_simulation_test_passes(game_id: str) -> None:
    import pyspiel

    register_open_spiel()
    game = pyspiel.load_game("cardtable_" + game_id.replace("-", "_"))
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_open_spiel_observations_come_from_the_seat_view() -> None:
    import pyspiel

    register_open_spiel()
    game = pyspiel.load_game("cardtable_draws_troidal", {"seed": 4})
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    core = load_game("draws-troidal")
    for p in (0, 1):
        dealt = game.count
        assert state.observation_tensor(p) == pytest.approx(core.encode(state.match.view(p)))
        assert game.count == dealt  # answered by the state: no throwaway match dealt
        assert state.information_state_tensor(p) == state.observation_tensor(p)
        # OpenSpiel's own C++ route gives the same numbers
        assert pyspiel.State.observation_tensor(state, p) == state.observation_tensor(p)
    a, b = state.information_state_string(0), state.information_state_string(1)
    assert a != b  # each seat's own history
    twin = core.hidden_twin(state.match, 0, 99)
    clone = state.clone()
    clone.match = twin
    assert clone.observation_string(0) == state.observation_string(0)
    assert clone.observation_tensor(0) == state.observation_tensor(0)


def test_open_spiel_rl_environment_and_bots_play_it() -> None:
    import pyspiel
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import evaluate_bots

    register_open_spiel()
    env = rl_environment.Environment("cardtable_draws_troidal")
    step = env.reset()
    rng = np.random.default_rng(0)
    while not step.last():
        p = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][p]))])
    assert sorted(step.rewards) in ([-1.0, 1.0], [0.0, 0.0])
    game = pyspiel.load_game("cardtable_dice_and_monsters")
    bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in (0, 1)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("page", ["README.md", "docs/research.md"])
def test_the_python_examples_run_as_written(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / page).read_text("utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S)
              if "cardtable.rl" in b]
    assert blocks
    for block in blocks:
        exec(compile(block, page, "exec"), {})


def test_the_learning_example_runs(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    import runpy
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "examples" / "draws_reinforce.py"
    monkeypatch.setattr(sys, "argv", [str(example), "--episodes", "10", "--eval-games", "4"])
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "before training" in out and "after training: won" in out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_information_state_string_written_as_the_log_grows_is_the_fresh_one(
        game_id: str) -> None:
    """The string is written from cached pieces (a seat's past events are written once);
    at every decision it is the JSON of the information state read afresh."""
    import pyspiel

    register_open_spiel()
    game = pyspiel.load_game("cardtable_" + game_id.replace("-", "_"), {"seed": 5})
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in (0, 1):
            assert json.loads(state.information_state_string(seat)) == \
                {"events": state.match.events(seat), "moves": state.own_moves(seat)}
        state.apply_action(int(rng.choice(state.legal_actions())))
        if rng.random() < 0.2:  # a clone starts its cache afresh
            state = state.clone()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_resampled_match_keeps_the_seat_and_deals_the_other_seat_its_own(game_id: str) -> None:
    """The resampling seat's information state (string and tensor) is the same in the sample;
    the other seat's starts from the cards the sample dealt it, so two samples that dealt it
    different cards give it different information states."""
    import pyspiel

    register_open_spiel()
    game = pyspiel.load_game("cardtable_" + game_id.replace("-", "_"), {"seed": 2})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    dealt_differently = False
    while not dealt_differently and not state.is_terminal():
        player = state.current_player()
        other = 1 - player
        samples = [state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
                   for _ in range(4)]
        by_view: dict[str, set[str]] = {}
        for sample in samples:
            assert sample.information_state_string(player) == \
                state.information_state_string(player)
            assert sample.information_state_tensor(player) == \
                state.information_state_tensor(player)
            assert sample.observation_string(player) == state.observation_string(player)
            assert sample.observation_tensor(other) == pytest.approx(
                load_game(game_id).encode(sample.match.view(other)))
            seen = sample.observation_string(other)
            assert json.loads(sample.information_state_string(other))["dealt"] == \
                json.loads(seen)
            by_view.setdefault(seen, set()).add(sample.information_state_string(other))
            for seat in (0, 1):  # the string is the JSON of the information state
                assert json.loads(sample.information_state_string(seat)) == \
                    sample.information_state(seat)
        for seat in (0, 1):  # the real state's string, written as its log grows, is the
            # JSON of its information state read afresh
            assert json.loads(state.information_state_string(seat)) == \
                state.information_state(seat)
        # the other seat's information state follows its dealt view: one string per view
        assert all(len(strings) == 1 for strings in by_view.values())
        dealt_differently = len(by_view) > 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert dealt_differently  # some samples dealt the other seat different cards


class ShortRollout:
    """OpenSpiel's evaluator protocol with a rollout of at most 6 random codes (0 if the
    match goes on), so 20 whole games of the longest game stay within a few seconds."""

    def __init__(self, random_state: np.random.RandomState) -> None:
        self.random_state = random_state

    def evaluate(self, state: object) -> np.ndarray:
        working = state.clone()  # type: ignore[attr-defined]
        for _ in range(6):
            if working.is_terminal():
                return np.array(working.returns())
            legal = working.legal_actions()
            working.apply_action(legal[self.random_state.randint(len(legal))])
        return np.array(working.returns()) if working.is_terminal() else np.zeros(2)

    def prior(self, state: object) -> list[tuple[int, float]]:
        legal = state.legal_actions()  # type: ignore[attr-defined]
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_open_spiel_information_set_search_with_its_defaults_plays_random(game_id: str) -> None:
    """OpenSpiel's ISMCTS keys its tree by information-state strings and, by default,
    requires one action set per key: it plays whole games on every game, through OpenSpiel's
    own ``evaluate_bots`` (a tiny budget: this checks it runs, not how well it plays)."""
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    from cardtable.rl.spiel_bots import ISMCTSBot

    register_open_spiel()
    game = pyspiel.load_game("cardtable_" + game_id.replace("-", "_"))
    # OpenSpiel's own class, its defaults, a few moves
    rollout = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    plain = ismcts.ISMCTSBot(game, rollout, 2.0, 4, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(10):
        if state.is_terminal():
            break
        action = plain.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    results = []
    short = ShortRollout(np.random.RandomState(0))
    for g in range(20):
        seat = g % 2
        bot = ISMCTSBot(game, short, max_simulations=2, max_world_samples=1,
                        random_state=np.random.RandomState(g))
        rnd = pyspiel.make_uniform_random_bot(1 - seat, g)
        bots = [bot, rnd] if seat == 0 else [rnd, bot]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
        results.append(returns[seat])
    assert len(results) == 20


def test_open_spiel_mcts_bot_is_warned_that_it_searches_the_true_match() -> None:
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from cardtable.rl.spiel import TrueStateSearchWarning

    register_open_spiel()
    game = pyspiel.load_game("cardtable_draws_troidal", {"seed": 9})
    state = game.new_initial_state()
    state.clone()  # a clone of one's own is no search: no warning (filtered above)
    assert not game.warned_mcts
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    with pytest.warns(TrueStateSearchWarning, match="true match"):
        bot.step(state)


def test_cardtable_agents_play_as_open_spiel_bots() -> None:
    """Any cardtable agent is an OpenSpiel bot (it reads the seat's view), so ``evaluate_bots``
    pits the project's own search against OpenSpiel's."""
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots

    from cardtable.rl.spiel_bots import AgentBot, ISMCTSBot

    register_open_spiel()
    game = pyspiel.load_game("cardtable_draws_troidal", {"seed": 1})
    first = [evaluate_bots.evaluate_bots(
        game.new_initial_state(), [AgentBot("greedy", 0), AgentBot("random", 1, seed=5)],
        np.random) for _ in range(3)]
    assert all(sorted(r) in ([-1.0, 1.0], [0.0, 0.0]) for r in first)
    again = pyspiel.load_game("cardtable_draws_troidal", {"seed": 1})
    assert [evaluate_bots.evaluate_bots(
        again.new_initial_state(), [AgentBot("greedy", 0), AgentBot("random", 1, seed=5)],
        np.random) for _ in range(3)] == first
    ismcts_bot = ISMCTSBot(game, max_simulations=2, random_state=np.random.RandomState(0))
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(),
                                          [AgentBot("easy", 0), ismcts_bot], np.random)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_gymnasium_make_finds_every_game() -> None:
    import gymnasium

    for game_id in GAME_IDS:
        env = gymnasium.make(f"cardtable.rl.gym:cardtable/{game_id}-v0", opponent="random")
        obs, info = env.reset(seed=0)
        assert obs.shape == (load_game(game_id).observation_size,)
        assert info["action_mask"].any()
