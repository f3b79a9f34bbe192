"""A masked PPO in JAX learns a game on the vectorized env, then plays `random` and `greedy`.

The standard learner a deep-RL study starts from, written out in one file with the `train`
extra's libraries (JAX and optax): an MLP with a policy and a value head, illegal codes
masked out of the softmax, clipped PPO with GAE. It reads only what a seat sees: the rows of
``cardtable.rl.vector_env`` (the seat's encoded view, with each ``card`` field of the layout
turned into a one-hot of the pool) and the legal-action masks. Training plays seat 0 and 1 in
turn (``seat="alternate"``) against the opponents named by ``--opponents``, each on its own
share of the envs. Evaluation plays the policy's likeliest legal code against each opponent of
``--eval-opponents``, seats alternating, each env a fixed number of whole matches (no bias
toward short ones), on seeds training never dealt, and prints wins, draws and losses with a
Wilson 95% interval.

    nice -n 10 python examples/ppo_vector.py --game sarasvati --updates 60 --opponents random \
        --eval-games 400 --seed 0

(the documented run: docs/research.md, "A standard learner"; サラスヴァティ is where it learns
fastest of the five, DRAWS-◎-TROIDAL much more slowly).

Everything is drawn from ``--seed`` (the envs' matches, the opponents, the network's start and
its samples), and XLA runs on one CPU thread, so the same command prints the same figures on
the same machine and libraries.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from typing import Any

os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1")

import jax
import jax.numpy as jnp
import numpy as np
import optax

from cardtable.core import load_game
from cardtable.rl import vector_env

Params = dict[str, jnp.ndarray]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Net:
    """The MLP: the observation with its card fields as one-hots, two tanh layers, a policy
    head (one logit per code, illegal ones masked) and a value head."""

    def __init__(self, game_id: str, hidden: int) -> None:
        layout = load_game(game_id).observation_layout()
        self.cards = np.array([f.offset for f in layout.fields if f.kind == "card"], np.int32)
        self.kinds = layout.unseen + 1  # 0 no card, 1..P the pool, P+1 outside, P+2 unseen
        self.size = layout.size
        self.actions = load_game(game_id).num_actions
        self.hidden = hidden
        self.inputs = self.size + len(self.cards) * self.kinds
        at = {f.name: f.offset for f in layout.fields}
        #: the seat's and the opponent's life, where the layout has them (the shaping's lead)
        self.lead = (at["life"], at["opp_life"]) if "life" in at and "opp_life" in at else None

    def init(self, key: jax.Array) -> Params:
        k1, k2, k3, k4 = jax.random.split(key, 4)
        ortho = jax.nn.initializers.orthogonal
        h = self.hidden
        return {
            "w1": ortho(math.sqrt(2))(k1, (self.inputs, h)), "b1": jnp.zeros(h),
            "w2": ortho(math.sqrt(2))(k2, (h, h)), "b2": jnp.zeros(h),
            "wp": ortho(0.01)(k3, (h, self.actions)), "bp": jnp.zeros(self.actions),
            "wv": ortho(1.0)(k4, (h, 1)), "bv": jnp.zeros(1),
        }

    def features(self, obs: jnp.ndarray) -> jnp.ndarray:
        cards = jnp.clip(obs[:, self.cards].astype(jnp.int32), 0, self.kinds - 1)
        onehot = jax.nn.one_hot(cards, self.kinds).reshape(obs.shape[0], -1)
        return jnp.concatenate([obs, onehot], axis=1)

    def apply(self, params: Params, obs: jnp.ndarray,
              mask: jnp.ndarray) -> tuple[jnp.ndarray, jnp.ndarray]:
        x = self.features(obs)
        x = jnp.tanh(x @ params["w1"] + params["b1"])
        x = jnp.tanh(x @ params["w2"] + params["b2"])
        logits = jnp.where(mask, x @ params["wp"] + params["bp"], -1e9)
        return logits, (x @ params["wv"] + params["bv"])[:, 0]


def make_steps(net: Net, args: argparse.Namespace) -> tuple[Any, Any, Any, Any]:
    """The jitted pieces: acting, the policy's likeliest code, one PPO minibatch step."""
    optimizer = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(args.lr, eps=1e-5))

    @jax.jit
    def act(params: Params, obs: jnp.ndarray, mask: jnp.ndarray,
            key: jax.Array) -> tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
        logits, value = net.apply(params, obs, mask)
        action = jax.random.categorical(key, logits)
        logp = jax.nn.log_softmax(logits)[jnp.arange(obs.shape[0]), action]
        return action, logp, value

    @jax.jit
    def best(params: Params, obs: jnp.ndarray, mask: jnp.ndarray) -> jnp.ndarray:
        return jnp.argmax(net.apply(params, obs, mask)[0], axis=1)

    def loss_fn(params: Params, batch: dict[str, jnp.ndarray]) -> tuple[jnp.ndarray, Any]:
        logits, value = net.apply(params, batch["obs"], batch["mask"])
        logps = jax.nn.log_softmax(logits)
        logp = logps[jnp.arange(logits.shape[0]), batch["action"]]
        ratio = jnp.exp(logp - batch["logp"])
        adv = batch["adv"]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        clipped = jnp.clip(ratio, 1 - args.clip, 1 + args.clip)
        policy_loss = -jnp.minimum(ratio * adv, clipped * adv).mean()
        value_loss = 0.5 * ((value - batch["ret"]) ** 2).mean()
        probs = jnp.exp(logps)
        entropy = -jnp.where(batch["mask"], probs * logps, 0.0).sum(axis=1).mean()
        loss = policy_loss + args.vf_coef * value_loss - args.ent_coef * entropy
        return loss, (policy_loss, value_loss, entropy)

    @jax.jit
    def update(params: Params, opt_state: Any,
               batch: dict[str, jnp.ndarray]) -> tuple[Params, Any, jnp.ndarray, Any]:
        (loss, parts), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss, parts

    return act, best, update, optimizer


class Envs:
    """One vector env per training opponent, stepped together as one batch."""

    def __init__(self, game_id: str, opponents: list[str], num_envs: int, seed: int) -> None:
        share = num_envs // len(opponents)
        self.envs = [vector_env(game_id, share, opponent=o, seat="alternate", copy=False)
                     for o in opponents]
        self.cuts = np.cumsum([e.num_envs for e in self.envs])[:-1]
        parts = [e.reset(seed=seed + 10_000 * k) for k, e in enumerate(self.envs)]
        self.obs = np.concatenate([p[0] for p in parts])
        self.mask = np.concatenate([p[1]["action_mask"] for p in parts]).astype(bool)
        self.num_envs = len(self.obs)

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        outs = [e.step(a) for e, a in zip(self.envs, np.split(actions, self.cuts), strict=True)]
        self.obs = np.concatenate([o[0] for o in outs])
        self.mask = np.concatenate([o[4]["action_mask"] for o in outs]).astype(bool)
        return np.concatenate([o[1] for o in outs]), np.concatenate([o[2] for o in outs])


def evaluate(game_id: str, best: Any, params: Params, opponent: str, games: int,
             seed: int) -> tuple[int, int, int]:
    """Wins, draws and losses of the policy's likeliest code over ``games`` whole matches."""
    per_env = 8
    n = max(2, -(-games // per_env))
    env = vector_env(game_id, n, opponent=opponent, seat="alternate", copy=False)
    obs, info = env.reset(seed=seed)
    done = np.zeros(n, np.int64)
    tally = [0, 0, 0]
    while (done < per_env).any() and sum(tally) < games:
        action = np.asarray(best(params, obs, info["action_mask"].astype(bool)))
        obs, reward, ended, _, info = env.step(action)
        for i in np.flatnonzero(ended):
            if done[i] < per_env and sum(tally) < games:
                tally[0 if reward[i] > 0 else 1 if reward[i] == 0 else 2] += 1
            done[i] += 1
    return tally[0], tally[1], tally[2]


def train(args: argparse.Namespace) -> dict[str, Any]:
    net = Net(args.game, args.hidden)
    if args.shaping and net.lead is None:
        raise SystemExit(f"--shaping: {args.game}'s observation has no life and opp_life")
    act, best, update, optimizer = make_steps(net, args)
    key = jax.random.PRNGKey(args.seed)
    key, init_key = jax.random.split(key)
    params = net.init(init_key)
    opt_state = optimizer.init(params)
    envs = Envs(args.game, args.opponents.split(","), args.envs, args.seed)
    n, t_len = envs.num_envs, args.steps
    obs_buf = np.zeros((t_len, n, net.size), np.float32)
    mask_buf = np.zeros((t_len, n, net.actions), bool)
    act_buf = np.zeros((t_len, n), np.int32)
    logp_buf = np.zeros((t_len, n), np.float32)
    val_buf = np.zeros((t_len + 1, n), np.float32)
    rew_buf = np.zeros((t_len, n), np.float32)
    done_buf = np.zeros((t_len, n), np.float32)
    history: list[dict[str, float]] = []
    results = [0, 0, 0]
    start = time.process_time()
    for u in range(args.updates):
        for t in range(t_len):
            key, sub = jax.random.split(key)
            obs_buf[t], mask_buf[t] = envs.obs, envs.mask
            action, logp, value = act(params, envs.obs, envs.mask, sub)
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            reward, ended = envs.step(np.asarray(action))
            rew_buf[t], done_buf[t] = reward, ended
            for r in reward[ended]:
                results[0 if r > 0 else 1 if r == 0 else 2] += 1
        val_buf[t_len] = np.asarray(act(params, envs.obs, envs.mask, key)[2])
        if args.shaping:
            # potential-based shaping (it leaves the best policy unchanged): the potential is
            # the seat's life lead read from its own observation, times --shaping, and 0
            # once a match has ended
            own, opp = net.lead  # type: ignore[misc]
            lead = args.shaping * (obs_buf[:, :, own] - obs_buf[:, :, opp])
            after = np.concatenate([lead[1:], args.shaping * (envs.obs[None, :, own]
                                                              - envs.obs[None, :, opp])])
            rew_buf += args.gamma * after * (1.0 - done_buf) - lead
        # GAE over the rollout: a match that ended at t is not continued by the row at t + 1
        adv = np.zeros((t_len, n), np.float32)
        last = np.zeros(n, np.float32)
        for t in reversed(range(t_len)):
            going = 1.0 - done_buf[t]
            delta = rew_buf[t] + args.gamma * val_buf[t + 1] * going - val_buf[t]
            last = delta + args.gamma * args.lam * going * last
            adv[t] = last
        ret = adv + val_buf[:t_len]
        flat = {"obs": obs_buf.reshape(t_len * n, -1), "mask": mask_buf.reshape(t_len * n, -1),
                "action": act_buf.reshape(-1), "logp": logp_buf.reshape(-1),
                "adv": adv.reshape(-1), "ret": ret.reshape(-1)}
        size = t_len * n
        mb = size // args.minibatches
        losses = []
        for _ in range(args.epochs):
            key, sub = jax.random.split(key)
            order = np.asarray(jax.random.permutation(sub, size))
            for k in range(args.minibatches):
                idx = order[k * mb:(k + 1) * mb]
                batch = {name: jnp.asarray(v[idx]) for name, v in flat.items()}
                params, opt_state, loss, parts = update(params, opt_state, batch)
                losses.append(float(loss))
        played = sum(results)
        row = {"update": u + 1, "loss": float(np.mean(losses)), "matches": played,
               "won": results[0] / played if played else 0.0,
               "entropy": float(parts[2]), "cpu_s": time.process_time() - start}
        history.append(row)
        if args.log_every and ((u + 1) % args.log_every == 0 or u + 1 == args.updates):
            print(f"update {u + 1:4d}  loss {row['loss']:+.4f}  entropy {row['entropy']:.3f}  "
                  f"training matches {played:6d}  won {row['won']:.1%}  "
                  f"{row['cpu_s']:.0f} CPU s", flush=True)
            results = [0, 0, 0]
    evals = {}
    for opponent in [o for o in args.eval_opponents.split(",") if o]:
        w, d, lost = evaluate(args.game, best, params, opponent, args.eval_games,
                              args.seed + 1_000_000)
        total = w + d + lost
        lo, hi = wilson(w, total)
        evals[opponent] = (w, d, lost)
        print(f"against {opponent}: won {w} of {total} ({w / max(total, 1):.1%}, "
              f"Wilson 95% {lo:.1%}-{hi:.1%}), drawn {d}, lost {lost}", flush=True)
    print(f"CPU seconds in all: {time.process_time() - start:.0f}")
    return {"history": history, "evals": evals, "params": params}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="sarasvati")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--envs", type=int, default=64)
    p.add_argument("--steps", type=int, default=32, help="rollout length per update")
    p.add_argument("--updates", type=int, default=60)
    p.add_argument("--opponents", default="random",
                   help="training opponents, comma-separated (the envs split among them)")
    p.add_argument("--eval-opponents", default="random,greedy")
    p.add_argument("--eval-games", type=int, default=400)
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--lam", type=float, default=0.95)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--minibatches", type=int, default=4)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--shaping", type=float, default=0.0,
                   help="potential-based shaping by the life lead (fields life, opp_life)")
    p.add_argument("--log-every", type=int, default=10)
    return p.parse_args(argv)


if __name__ == "__main__":
    train(parse())
