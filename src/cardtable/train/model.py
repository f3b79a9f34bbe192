"""The network of ``agents/learned.py`` in JAX, its losses and one optimizer step.

The parameters have the names and shapes of the weights file, so writing them out is a copy
(``to_arrays``) and the NumPy reader computes exactly this function. Adam (optax) on the sum
of two losses: the value's binary cross-entropy against the seat's result, and the prior's
cross-entropy against the move played, weighted by the player's result.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from cardtable.core.contract import Game

#: the spread below which a dense input is not scaled up (a flag almost always 0 would
#: otherwise become a huge input the few times it is 1)
MIN_SCALE = 0.05


def input_plan(game: Game) -> tuple[np.ndarray, np.ndarray, int]:
    """The dense positions, the card positions and the card width of a game's encoding."""
    layout = game.observation_layout()
    cards: list[int] = []
    for f in layout.fields:
        if f.kind == "card":
            cards.extend(range(f.offset, f.offset + f.size))
    card_set = set(cards)
    dense = [i for i in range(layout.size) if i not in card_set]
    return (np.asarray(dense, dtype=np.int64), np.asarray(cards, dtype=np.int64),
            len(layout.pool) + 3)


def init_params(key: Any, dense: int, cards: int, width: int, hidden: int,
                actions: int) -> dict[str, Any]:
    k1, k2, k3, k4 = jax.random.split(key, 4)
    return {
        "w": jax.random.normal(k1, (dense, hidden)) * (1.0 / np.sqrt(max(1, dense))),
        "e": jax.random.normal(k2, (cards * width, hidden)) * 0.1,
        "b": jnp.zeros(hidden),
        "v": jax.random.normal(k3, (hidden,)) * (1.0 / np.sqrt(hidden)),
        "c": jnp.zeros(()),
        "p": jax.random.normal(k4, (hidden, actions)) * (0.1 / np.sqrt(hidden)),
        "q": jnp.zeros(actions),
    }


def forward(params: dict[str, Any], xd: Any, xi: Any) -> tuple[Any, Any]:
    """Value logits and prior logits of a batch (standardized dense inputs, card indices)."""
    h = jax.nn.relu(xd @ params["w"] + params["e"][xi].sum(axis=1) + params["b"])
    return h @ params["v"] + params["c"], h @ params["p"] + params["q"]


def losses(params: dict[str, Any], batch: dict[str, Any]) -> tuple[Any, Any]:
    value_logit, logits = forward(params, batch["xd"], batch["xi"])
    value_loss = optax.sigmoid_binary_cross_entropy(value_logit, batch["value"]).mean()
    has = (batch["action"] >= 0).astype(jnp.float32) * batch["weight"]
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, jnp.maximum(batch["action"], 0))
    prior_loss = (ce * has).sum() / jnp.maximum(has.sum(), 1.0)
    return value_loss, prior_loss


@cache
def optimizer_and_step(lr: float) -> tuple[Any, Any]:
    """AdamW at ``lr`` and its jitted step, made once per rate in a process (a fresh closure
    would be compiled again by every run)."""
    optimizer = optax.adamw(lr, weight_decay=1e-4)
    return optimizer, make_step(optimizer)


def make_step(optimizer: Any) -> Any:
    def total(params: dict[str, Any], batch: dict[str, Any]) -> tuple[Any, tuple[Any, Any]]:
        v, p = losses(params, batch)
        return v + p, (v, p)

    @jax.jit
    def step(params: dict[str, Any], opt_state: Any, batch: dict[str, Any]) -> Any:
        (_, (v, p)), grads = jax.value_and_grad(total, has_aux=True)(params, batch)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, v, p

    return step


eval_losses = jax.jit(losses)


def batch_arrays(data: dict[str, Any], rows: np.ndarray, dense: np.ndarray, cards: np.ndarray,
                 width: int, mean: np.ndarray, scale: np.ndarray) -> dict[str, Any]:
    """The model's inputs for some rows of the data (the same transform as the NumPy reader)."""
    x = data["obs"][rows].astype(np.float32)
    base = np.arange(len(cards), dtype=np.int64) * width
    xi = np.clip(x[:, cards].astype(np.int64), 0, width - 1) + base
    return {"xd": (x[:, dense] - mean) / scale, "xi": xi.astype(np.int32),
            "value": data["value"][rows], "action": data["action"][rows],
            "weight": data["weight"][rows]}


def standardize(obs: np.ndarray, dense: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    x = obs[:, dense].astype(np.float64)
    return (x.mean(axis=0).astype(np.float32),
            np.maximum(x.std(axis=0), MIN_SCALE).astype(np.float32))


def to_arrays(params: dict[str, Any], dense: np.ndarray, cards: np.ndarray,
              mean: np.ndarray, scale: np.ndarray) -> dict[str, Any]:
    """The weights file's arrays (``agents/learned.py`` reads them)."""
    out = {k: np.asarray(v, dtype=np.float32) for k, v in params.items()}
    out.update(dense=dense, cards=cards, mean=mean, scale=scale)
    return out


def from_arrays(arrays: dict[str, Any]) -> dict[str, Any]:
    return {k: jnp.asarray(arrays[k]) for k in ("w", "e", "b", "v", "c", "p", "q")}
