"""A linear softmax policy learns DRAWS-◎-TROIDAL by self-play (REINFORCE), NumPy only.

It shows the research door works end to end: the policy sees only the PettingZoo AEC env's
observation (the seat's encoded view) and its action mask, plays both seats against itself,
and is then measured against the uniformly random agent, before and after training, with a
Wilson 95% interval. Each legal code is scored by a few shared weights read from the
observation and the code's shape (``Game.describe_action``): which card it sets in which lane,
which opponent card each own card will face (see ``Features``); a linear value of the
observation is the baseline.

    python examples/draws_reinforce.py --episodes 4000 --eval-games 1000 --seed 1

Everything is drawn from ``--seed``: the same command prints the same figures.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from cardtable.core import load_game
from cardtable.rl import aec_env

GAME = "draws-troidal"


class Features:
    """What each legal code would do, as indices of the weights that score it.

    Read from the observation (through the layout's offsets) and ``Game.describe_action``, the
    position-independent shape of a code: a placement names source positions, filled into the
    empty lanes from A; an arrangement names where each lane's card goes. Every code is scored
    by the same small set of weights: "card X set in lane j", "own card X faces the opponent's
    card Y" (Y may be face down, then its shown power counts), "n cards set", "keep" and "redo
    with card X among the five". So what is learnt about one card carries over to every code
    that places it.
    """

    def __init__(self) -> None:
        game = load_game(GAME)
        layout = game.observation_layout()
        self.k = layout.unseen + 1  # card indices 0 .. P+2
        at = {f.name: f.offset for f in layout.fields}
        self.sources = [at[f"source{i}_card"] for i in range(5)]
        self.own = [at[f"lane_{x}_card"] for x in "ABCDE"]
        self.opp = [at[f"opp_lane_{x}_card"] for x in "ABCDE"]
        self.opp_power = [at[f"opp_lane_{x}_power"] for x in "ABCDE"]
        self.revealed = at["revealed"]
        self.life, self.opp_life = at["life"], at["opp_life"]
        self.unseen = layout.unseen
        k = self.k
        # weight blocks: [set X in lane j] [X faces Y] [X faces a face-down power p]
        # [n set] [keep] [redo] [redo with X] [arrangement that moves nothing]
        self.set_at, self.face_at = 0, 5 * k
        self.power_at = self.face_at + k * k
        self.count_at = self.power_at + k * 12
        self.keep_at = self.count_at + 6
        self.redo_at = self.keep_at + 1
        self.redo_card_at = self.redo_at + 1
        self.still_at = self.redo_card_at + k
        self.size = self.still_at + 1
        self.shape = [game.describe_action(c) for c in range(game.num_actions)]

    def _faces(self, x: int, lane: int, obs: np.ndarray, out: list[int]) -> None:
        y = int(obs[self.opp[lane]])
        if y == self.unseen:
            power = min(round(obs[self.opp_power[lane]] * 10), 11)
            out.append(self.power_at + x * 12 + power)
        else:
            out.append(self.face_at + x * self.k + y)

    def code(self, code: int, obs: np.ndarray) -> list[int]:
        shape = self.shape[code]
        kind = shape["kind"]
        out: list[int] = []
        if kind == "keep":
            out.append(self.keep_at)
        elif kind == "redo":
            out.append(self.redo_at)
            r = self.revealed
            for x in range(self.k - 2):
                if obs[r + x] > 0:
                    out.append(self.redo_card_at + x + 1)
        elif kind == "place":
            empty = [j for j in range(5) if obs[self.own[j]] == 0]
            srcs = shape["sources"]
            out.append(self.count_at + len(srcs))
            for lane, src in zip(empty, srcs, strict=False):
                x = int(obs[self.sources[src]])
                out.append(self.set_at + lane * self.k + x)
                self._faces(x, lane, obs, out)
        else:  # arrange: new lane i takes the card of lane perm[i]
            perm = shape["perm"]
            if list(perm) == sorted(perm):
                out.append(self.still_at)
            for lane, frm in enumerate(perm):
                x = int(obs[self.own[frm]])
                if x:
                    self._faces(x, lane, obs, out)
        return out

    def step(self, obs: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The weight indices of every legal code, flat, and which code each belongs to."""
        flat: list[int] = []
        owner: list[int] = []
        for i, c in enumerate(legal):
            idx = self.code(int(c), obs)
            flat += idx
            owner += [i] * len(idx)
        return np.array(flat, np.int64), np.array(owner, np.int64)


class Policy:
    """A softmax over the legal codes of a linear score, and a linear value baseline."""

    def __init__(self, size: int, observation_size: int) -> None:
        self.theta = np.zeros(size)
        self.value = np.zeros(observation_size + 1)

    def probabilities(self, flat: np.ndarray, owner: np.ndarray, n: int) -> np.ndarray:
        logits = np.bincount(owner, weights=self.theta[flat], minlength=n)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()


def value_input(obs: np.ndarray) -> np.ndarray:
    x = np.append(obs.astype(np.float64), 1.0)
    return x / np.linalg.norm(x)


def self_play(env, policy: Policy, feats: Features, rng: np.random.Generator,
              lr: float, lr_value: float, gamma: float, shaping: float) -> None:
    """One match, both seats the current policy; then a REINFORCE step for each seat.

    A seat's return from a decision is the discounted sum of what follows: the change of its
    life lead (own life minus the opponent's, both read from the observation) times
    ``shaping``, and the result (+1, -1, 0) at the end. With ``gamma`` below 1 a decision is
    judged mostly by the battles right after it, which is far less noisy than the result of
    a whole match alone.
    """
    env.reset(seed=int(rng.integers(1 << 62)))
    steps: dict[str, list[tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]]] = {
        "player_0": [], "player_1": []}
    leads: dict[str, list[float]] = {"player_0": [], "player_1": []}
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        o = obs["observation"]
        leads[agent].append(float(o[feats.life] - o[feats.opp_life]))
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        flat, owner = feats.step(o, legal)
        p = policy.probabilities(flat, owner, len(legal))
        k = int(rng.choice(len(legal), p=p))
        steps[agent].append((value_input(o), flat, owner, k, p))
        env.step(int(legal[k]))
    for agent, trail in steps.items():
        lead = leads[agent]  # one per decision, and the last at the end
        rewards = [shaping * (lead[t + 1] - lead[t]) for t in range(len(trail))]
        if rewards:
            rewards[-1] += final.get(agent, 0.0)
        ret = 0.0
        returns = [0.0] * len(trail)
        for t in range(len(trail) - 1, -1, -1):
            ret = rewards[t] + gamma * ret
            returns[t] = ret
        for (x, flat, owner, k, p), g in zip(trail, returns, strict=True):
            advantage = g - float(policy.value @ x)
            policy.value += lr_value * advantage * x
            w = -p
            w[k] += 1.0
            np.add.at(policy.theta, flat, lr * advantage * w[owner])


def against_random(policy: Policy | None, feats: Features, games: int,
                   seed: int) -> tuple[int, int, int]:
    """Wins, draws and losses of the policy (its most likely code; None: uniform random) in
    ``games`` matches against the random agent, seats alternating."""
    env = aec_env(GAME)
    rng = np.random.default_rng(seed)
    wins = draws = losses = 0
    for g in range(games):
        env.reset(seed=seed * 1_000_003 + g)
        me = f"player_{g % 2}"
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                if agent == me:
                    wins += reward > 0
                    draws += reward == 0
                    losses += reward < 0
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if agent == me and policy is not None:
                flat, owner = feats.step(obs["observation"], legal)
                p = policy.probabilities(flat, owner, len(legal))
                env.step(int(legal[int(np.argmax(p))]))
            else:
                env.step(int(legal[int(rng.integers(len(legal)))]))
    return wins, draws, losses


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def report(label: str, result: tuple[int, int, int]) -> str:
    wins, draws, losses = result
    n = wins + draws + losses
    lo, hi = wilson(wins, n)
    return (f"{label}: won {wins} of {n} ({wins / n:.1%}, Wilson 95% {lo:.1%}-{hi:.1%}), "
            f"{draws} drawn, {losses} lost")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--lr-value", type=float, default=0.05)
    parser.add_argument("--gamma", type=float, default=0.7, help="discount per decision")
    parser.add_argument("--shaping", type=float, default=4.0,
                        help="weight of the change of the life lead")
    args = parser.parse_args()

    game = load_game(GAME)
    feats = Features()
    policy = Policy(feats.size, game.observation_size)
    start = time.process_time()
    print(f"{GAME}: {game.observation_size} observation floats, {game.num_actions} action "
          f"codes, {feats.size} shared weights")
    # the untrained policy is uniform over the legal codes: the random agent itself
    print(report("before training (uniform over legal codes)",
                 against_random(None, feats, args.eval_games, args.seed + 1)))
    rng = np.random.default_rng(args.seed)
    env = aec_env(GAME)
    env.reset(seed=args.seed)
    for episode in range(1, args.episodes + 1):
        self_play(env, policy, feats, rng, args.lr, args.lr_value, args.gamma, args.shaping)
        if episode % max(1, args.episodes // 10) == 0:
            n = min(100, args.eval_games)
            w, _, _ = against_random(policy, feats, n, args.seed + 7 + episode)
            print(f"  episode {episode}: {w} of {n} won against random "
                  f"({time.process_time() - start:.0f} CPU s)", flush=True)
    print(report("after training", against_random(policy, feats, args.eval_games,
                                                   args.seed + 1)))
    print(f"{time.process_time() - start:.0f} CPU seconds in all")


if __name__ == "__main__":
    main()
