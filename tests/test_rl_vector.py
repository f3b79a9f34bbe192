"""The vectorized env (cardtable.rl.vector_env) and the opponents the Gymnasium env takes.

Rows are held to the game's encoding of the seat's view, masks to the legal codes, a match
that ends is dealt again in the same step, seeds repeat a run, and the hidden-twin test holds
every row to what its seat can see.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtable.core import load_game
from cardtable.core.errors import IllegalActionError
from cardtable.core.event_log import QUIET
from cardtable.rl import GAME_IDS, gym_env, self_play_vector_env, vector_env

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def random_codes(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal code per row of an (N, actions) mask."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_row_is_its_seat_observation_and_mask(game_id: str) -> None:
    game = load_game(game_id)
    env = vector_env(game_id, 4, opponent="random", seat="alternate")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    assert obs.shape == (4, game.observation_size) and obs.dtype == np.float32
    assert info["action_mask"].shape == (4, game.num_actions)
    assert info["action_mask"].dtype == np.int8
    ended = 0
    for _ in range(40):
        for i, m in enumerate(env.matches):
            s, seat = m.state, env.seats[i]
            assert s.current_player() == seat
            assert obs[i].tolist() == pytest.approx(game.encode(s.view(seat)))
            assert np.flatnonzero(info["action_mask"][i]).tolist() == sorted(s.legal_actions())
        obs, reward, terminated, truncated, info = env.step(random_codes(info["action_mask"],
                                                                         rng))
        assert not truncated.any()
        assert set(reward[~terminated].tolist()) <= {0.0}
        assert set(reward[terminated].tolist()) <= {-1.0, 0.0, 1.0}
        ended += int(terminated.sum())
    assert env.seats == [0, 1, 0, 1]
    if game_id == "draws-troidal":
        assert ended > 0  # a match ended and its env was dealt again in the same step


def test_a_seed_repeats_the_run_and_each_env_deals_its_own_matches() -> None:
    def run(seed: int | list[int]) -> list[np.ndarray]:
        env = vector_env("draws-troidal", 3, opponent="greedy")
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(5)
        seen = [obs]
        for _ in range(30):
            obs, reward, _t, _u, info = env.step(random_codes(info["action_mask"], rng))
            seen += [obs, reward]
        return seen

    first = run(11)
    assert all(np.array_equal(a, b) for a, b in zip(first, run(11), strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(first, run([11, 12, 13]), strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, run(12), strict=True))
    # env i of a seeded run is the Gymnasium env's match from seed + i
    env = vector_env("draws-troidal", 3, opponent="greedy")
    obs, _ = env.reset(seed=11)
    single, _ = gym_env("draws-troidal", opponent="greedy").reset(seed=12)
    assert np.array_equal(obs[1], single)
    assert not np.array_equal(obs[0], obs[1])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_match_without_its_event_log_plays_and_observes_the_same(game_id: str) -> None:
    """The env keeps no event logs by default (nothing in it reads them); with
    ``events=True`` it keeps them, and every row, mask and reward is the same."""
    runs = []
    for events in (False, True):
        env = self_play_vector_env(game_id, 2, events=events)
        obs, info = env.reset(seed=8)
        rng = np.random.default_rng(3)
        seen = []
        for _ in range(60):
            mask = info["action_mask"][np.arange(2), info["to_move"]]
            obs, reward, _t, _u, info = env.step(random_codes(mask, rng))
            seen += [obs, info["action_mask"], reward]
        assert all((m.state.log is QUIET) != events for m in env.matches)
        runs.append(seen)
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def played(env: object, self_play: bool, steps: int) -> list[np.ndarray]:
    """Rows, masks, rewards and ends of ``steps`` seeded random steps of ``env``, closed."""
    obs, info = env.reset(seed=7)  # type: ignore[attr-defined]
    rng = np.random.default_rng(0)
    seen = [obs.copy(), info["action_mask"].copy()]
    for _ in range(steps):
        mask = info["action_mask"]
        if self_play:
            mask = mask[np.arange(len(mask)), info["to_move"]]
        obs, reward, terminated, _u, info = env.step(random_codes(mask, rng))  # type: ignore[attr-defined]
        seen += [obs.copy(), info["action_mask"].copy(), reward.copy(), terminated.copy()]
        if self_play:
            seen.append(info["to_move"].copy())
    seen.append(np.array([env.decisions, env.ended, env.played()]))  # type: ignore[attr-defined]
    env.close()  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize("self_play", [False, True], ids=["one-seat", "self-play"])
def test_workers_split_the_envs_and_deal_the_same_matches_whatever_their_number(
        self_play: bool) -> None:
    """Env i is the same env in one process, in one worker or in the second of two: the same
    rows, masks, rewards and counts, step for step (the workers write into shared memory)."""
    def make(workers: int) -> object:
        if self_play:
            return self_play_vector_env("draws-troidal", 5, workers=workers)
        return vector_env("draws-troidal", 5, opponent="random", seat="alternate",
                          workers=workers)

    alone = played(make(0), self_play, 40)
    assert alone[-1][1] > 0  # matches ended and were dealt again on the way
    for workers in (1, 2):
        split = played(make(workers), self_play, 40)
        assert all(np.array_equal(a, b) for a, b in zip(alone, split, strict=True))


def test_a_worker_env_refuses_an_illegal_code_as_the_plain_one_does() -> None:
    env = vector_env("draws-troidal", 2, workers=2)
    _, info = env.reset(seed=4)
    codes = random_codes(info["action_mask"], np.random.default_rng(0))
    codes[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    _, reward, terminated, _, info = env.step(codes)
    assert reward[1] == -1.0 and terminated[1]
    assert info["illegal_action"].tolist() == [False, True]
    env.close()
    strict = vector_env("draws-troidal", 2, workers=2, illegal_action="raise")
    strict.reset(seed=4)
    with pytest.raises(IllegalActionError):
        strict.step(codes)
    assert isinstance(strict.played(), int)  # the other worker's answer was read, not left
    strict.close()


def test_the_arrays_are_made_once_and_copied_out_unless_asked_not_to() -> None:
    env = vector_env("culdcept", 2, copy=False)
    obs, info = env.reset(seed=1)
    assert obs is env.observations and info["action_mask"] is env.action_masks
    obs2, *_ = env.step(random_codes(info["action_mask"], np.random.default_rng(0)))
    assert obs2 is obs
    kept = vector_env("culdcept", 2)
    first, info = kept.reset(seed=1)
    before = first.copy()
    kept.step(random_codes(info["action_mask"], np.random.default_rng(0)))
    assert np.array_equal(first, before)  # a kept observation is never rewritten


def test_an_illegal_code_loses_that_env_only() -> None:
    env = vector_env("draws-troidal", 2)
    _, info = env.reset(seed=4)
    codes = random_codes(info["action_mask"], np.random.default_rng(0))
    codes[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    _, reward, terminated, _, info = env.step(codes)
    assert reward[1] == -1.0 and terminated[1] and info["illegal_action"].tolist() == [False,
                                                                                        True]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_what_a_seat_cannot_see_never_changes_its_row(game_id: str) -> None:
    """Each env's match replaced by its hidden twin (the other seat's unseen cards dealt
    again) rewrites the same rows, in both forms; the other seat's rows do differ
    somewhere."""
    game = load_game(game_id)
    env = self_play_vector_env(game_id, 4)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(1)
    compared = differed = 0
    for step in range(24):
        rows = np.arange(4)
        if step % 3 == 0:
            for i, m in enumerate(env.matches):
                for seat in (0, 1):
                    real = m.state
                    m.state = game.hidden_twin(real, seat, 100 + step)
                    env._write_both(i)
                    assert np.array_equal(env.observations[i, seat], obs[i, seat])
                    assert np.array_equal(env.action_masks[i, seat], info["action_mask"][i, seat])
                    differed += not np.array_equal(env.observations[i, 1 - seat],
                                                   obs[i, 1 - seat])
                    compared += 1
                    m.state = real
                    env._write_both(i)
        mask = info["action_mask"][rows, info["to_move"]]
        obs, _r, _t, _u, info = env.step(random_codes(mask, rng))
    assert compared >= 64
    if game_id != "dice-and-monsters":  # its twin is the position itself (test_encodings.py)
        assert differed > 0


def test_self_play_gives_both_seats_rows_and_rewards() -> None:
    game = load_game("draws-troidal")
    env = self_play_vector_env("draws-troidal", 3)
    obs, info = env.reset(seed=6)
    rng = np.random.default_rng(2)
    assert obs.shape == (3, 2, game.observation_size)
    rewards_seen = []
    for _ in range(120):
        rows = np.arange(3)
        for i, m in enumerate(env.matches):
            to_move = int(info["to_move"][i])
            assert to_move == m.state.current_player()
            assert not info["action_mask"][i, 1 - to_move].any()  # only the seat to move
            for seat in (0, 1):
                assert obs[i, seat].tolist() == pytest.approx(game.encode(m.state.view(seat)))
        obs, reward, terminated, _u, info = env.step(
            random_codes(info["action_mask"][rows, info["to_move"]], rng))
        assert (reward.sum(axis=1) == 0).all()
        rewards_seen += reward[terminated].tolist()
    assert rewards_seen and all(sorted(r) in ([-1.0, 1.0], [0.0, 0.0]) for r in rewards_seen)


def test_an_opponent_policy_of_the_arrays_plays_inside_step() -> None:
    """The opponent may be the learner's own kind of policy: (observation, mask) -> code."""
    game = load_game("draws-troidal")
    asked = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        assert observation.shape == (game.observation_size,) and mask.any()
        asked.append(1)
        return int(np.flatnonzero(mask)[0])

    env = vector_env("draws-troidal", 2, opponent=first_legal)
    _, info = env.reset(seed=1)
    env.step(random_codes(info["action_mask"], np.random.default_rng(0)))
    assert asked


class FirstLegal:
    """A policy object with the agents' ``act``."""

    def __init__(self) -> None:
        self.seeds: list[int] = []

    def reset(self, seed: int) -> None:
        self.seeds.append(seed)

    def act(self, game: object, view: object, legal: list[int]) -> int:
        return legal[0]


@pytest.mark.parametrize("opponent", [
    "random", "greedy", "beginner", "easy", "normal",
    pytest.param(FirstLegal(), id="object-with-act"),
    pytest.param(lambda game, view, legal: legal[-1], id="callable-of-the-view"),
    pytest.param(lambda obs, mask: int(np.flatnonzero(mask)[-1]), id="callable-of-the-arrays"),
])
def test_the_gymnasium_env_takes_any_policy_as_its_opponent(opponent: object) -> None:
    env = gym_env("draws-troidal", opponent=opponent, seat=1)
    _, info = env.reset(seed=3)
    done, reward = False, 0.0
    while not done:
        _, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert reward == env.match.state.returns()[1]
    if isinstance(opponent, FirstLegal):
        assert opponent.seeds  # its reset was called with the episode's seed


def test_a_policy_that_is_none_of_these_is_refused() -> None:
    with pytest.raises(TypeError, match="opponent must be"):
        gym_env("draws-troidal", opponent=42)


def test_the_ppo_example_learns_deterministically_from_its_seed() -> None:
    """The standard learner (examples/ppo_vector.py) on a tiny budget: its losses are finite
    and two runs from one seed agree number for number (the documented figures come from the
    same code with the budget of docs/research.md). It runs in a process of its own: JAX's
    threads would outlive the test in this one (a later test that forks would inherit
    them)."""
    import importlib.util
    import json
    import subprocess
    import sys
    from pathlib import Path

    if importlib.util.find_spec("jax") is None or importlib.util.find_spec("optax") is None:
        pytest.skip("the train extra (jax, optax) is not installed")  # found, not imported

    path = Path(__file__).resolve().parent.parent / "examples" / "ppo_vector.py"
    code = f"""
import importlib.util, json
spec = importlib.util.spec_from_file_location("ppo_vector", {str(path)!r})
ppo = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ppo)
argv = ["--game", "draws-troidal", "--envs", "4", "--steps", "8", "--updates", "2",
        "--epochs", "1", "--minibatches", "2", "--hidden", "16", "--eval-games", "4",
        "--log-every", "0", "--seed", "3"]
runs = [ppo.train(ppo.parse(argv)) for _ in range(2)]
print(json.dumps({{"losses": [[row["loss"] for row in r["history"]] for r in runs],
                  "evals": [r["evals"] for r in runs], "wilson": ppo.wilson(30, 40)}}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    first, again = got["losses"]
    assert len(first) == 2 and all(np.isfinite(first))
    assert first == again
    assert got["evals"][0] == got["evals"][1]
    assert sum(got["evals"][0]["random"]) == 4
    lo, hi = got["wilson"]
    assert lo < 0.75 < hi
