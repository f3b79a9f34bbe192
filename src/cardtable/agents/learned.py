"""Learned values and priors: a one-hidden-layer network over a seat's observation, NumPy only.

Why this shape (Race for the Galaxy's shipped AI, DouZero): a small network trained on
self-play returns judges a position far better than a handful of hand-picked features, and
one hidden layer is a few matrix products at play time, so it needs no deep-learning library
and costs microseconds inside a search. Training lives in ``cardtable.train`` (the optional
``train`` extra); this module only reads the weights.

The input is the game's own observation encoding (``Game.observe`` / ``Game.encode``), which
is defined from ``view(player)`` and leak-tested, so a learned agent cannot see a hidden card.
Dense fields (flags, scalars, one-hots, counts) are standardized by the training set's mean
and spread; each ``card`` field (a card's index in the published pool) has a small embedding
table of its own, so "the creature on slot 3" and "the card in the opponent's lane" are told
apart by the card they hold, not by the size of its index.

The network (weights file ``games/<id>/weights/learned.npz``)::

    h      = relu(dense · W + Σ_f E[f, card_f] + b)
    value  = sigmoid(h · v + c)            the chance that the observing seat wins
    logits = h · P + q                     one per action code, a prior over the legal ones

``value`` is trained on Monte-Carlo returns (the game's result for the observing seat,
DouZero's targets); ``logits`` on the moves played in self-play, weighted by the result of the
seat that played them. ``value_state`` reads a state of a search's sample (never the true
state: the search only holds samples drawn from the searcher's view).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.core.contract import Game, State
from cardtable.core.errors import CardtableError

#: the weights file of a game, in its package folder
WEIGHTS_NAME = "learned.npz"
#: the format this module reads; a trainer writing another refuses to be read silently
FORMAT = 1


def weights_path(game_id: str) -> Path:
    """Where a game's shipped weights live: ``learned.npz`` in the weights folder its record
    names (``GameParts.weights``, ``weights/`` in the game's folder)."""
    from cardtable.core.registry import parts

    return parts(game_id).weights_dir() / WEIGHTS_NAME


class Network:
    """The weights of one game's network and the arithmetic that reads them."""

    def __init__(self, arrays: dict[str, Any], meta: dict[str, Any]) -> None:
        import numpy as np

        self.np = np
        self.meta = meta
        self.game_id: str = meta["game"]
        self.observation_size: int = int(meta["observation_size"])
        self.num_actions: int = int(meta["num_actions"])
        f32 = np.float32
        self.dense = np.asarray(arrays["dense"], dtype=np.int64)  # dense input positions
        self.cards = np.asarray(arrays["cards"], dtype=np.int64)  # card field positions
        self.width = int(meta["card_width"])  # P + 3 indices a card field may hold
        self.mean = np.asarray(arrays["mean"], dtype=f32)
        self.scale = np.asarray(arrays["scale"], dtype=f32)
        self.w = np.asarray(arrays["w"], dtype=f32)
        self.e = np.asarray(arrays["e"], dtype=f32)  # (fields * width, hidden)
        self.b = np.asarray(arrays["b"], dtype=f32)
        self.v = np.asarray(arrays["v"], dtype=f32)
        self.c = float(np.asarray(arrays["c"]).reshape(()))
        self.p = np.asarray(arrays["p"], dtype=f32)
        self.q = np.asarray(arrays["q"], dtype=f32)
        self._base = np.arange(len(self.cards), dtype=np.int64) * self.width
        self._buffer = np.zeros(self.observation_size, dtype=f32)
        if self.w.shape != (len(self.dense), self.b.shape[0]) or \
                self.e.shape != (len(self.cards) * self.width, self.b.shape[0]) or \
                self.p.shape != (self.b.shape[0], self.num_actions):
            raise CardtableError(f"{self.game_id}: the learned weights' shapes do not fit "
                                 f"together (a damaged file?)")

    @property
    def hidden_size(self) -> int:
        return int(self.b.shape[0])

    # -- reading ----------
    def hidden(self, obs: Any) -> Any:
        """The hidden layer of one observation (a sequence of ``observation_size`` floats)."""
        np = self.np
        x = np.asarray(obs, dtype=np.float32)
        if x.shape != (self.observation_size,):
            raise CardtableError(f"{self.game_id}: the learned network reads observations of "
                                 f"{self.observation_size} floats, got shape {x.shape}")
        idx = np.clip(x[self.cards].astype(np.int64), 0, self.width - 1) + self._base
        z = ((x[self.dense] - self.mean) / self.scale) @ self.w + self.e[idx].sum(axis=0) + self.b
        return np.maximum(z, 0.0)

    def value(self, obs: Any) -> float:
        """The chance that the observing seat wins, strictly between 0 and 1."""
        z = float(self.hidden(obs) @ self.v) + self.c
        z = min(30.0, max(-30.0, z))
        return float(1.0 / (1.0 + self.np.exp(-z)))

    def logits(self, obs: Any, legal: list[int]) -> list[float]:
        """The prior's score of every code in ``legal`` (higher is more likely)."""
        h = self.hidden(obs)
        cols = self.np.asarray(legal, dtype=self.np.int64)
        return [float(x) for x in h @ self.p[:, cols] + self.q[cols]]

    def probabilities(self, obs: Any, legal: list[int]) -> list[float]:
        """The prior as a distribution over ``legal`` (softmax of ``logits``)."""
        np = self.np
        z = np.asarray(self.logits(obs, legal), dtype=np.float64)
        z = np.exp(z - z.max())
        return [float(x) for x in z / z.sum()]

    def value_state(self, game: Game, state: State, seat: int) -> float:
        """``value`` of the seat's observation of ``state``, written by the game's fast writer
        (the same numbers as ``encode(state.view(seat))``; the encoding tests hold them so)."""
        buf = self._buffer
        buf.fill(0.0)
        game.observe_into(state, seat, buf)
        return self.value(buf)

    def value_both(self, game: Game, state: State) -> float:
        """Seat 0's chance to win judged from both seats' observations of ``state``: the mean
        of seat 0's value and one minus seat 1's.

        Why both: the network is not symmetric (nothing makes the two seats' answers add up to
        one), and on the positions a search judges each seat's answer alone is overconfident;
        their mean is better calibrated than either and than the hand-fitted value
        (docs/search.md, "Making the learned parts earn their place")."""
        return 0.5 * (self.value_state(game, state, 0) + 1.0 - self.value_state(game, state, 1))


def save_network(path: Path, arrays: dict[str, Any], meta: dict[str, Any]) -> None:
    """Write a weights file: the arrays as float32 (indices as int32) and ``meta`` as JSON."""
    import numpy as np

    out: dict[str, Any] = {}
    for key, value in arrays.items():
        a = np.asarray(value)
        out[key] = a.astype(np.int32 if key in ("dense", "cards") else np.float32)
    out["meta"] = np.array(json.dumps({**meta, "format": FORMAT}, sort_keys=True))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **out)
    tmp.replace(path)


def read_network(path: Path) -> Network:
    """A weights file, checked: its format, and every array it needs."""
    try:
        import numpy as np
    except ImportError as exc:  # pragma: no cover - numpy comes with the rl and train extras
        raise CardtableError("the learned agents need NumPy: pip install numpy") from exc
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (OSError, ValueError) as exc:
        raise CardtableError(f"{path}: not a readable weights file: {exc}") from exc
    if "meta" not in arrays:
        raise CardtableError(f"{path}: not a cardtable weights file (no meta)")
    meta = json.loads(str(arrays.pop("meta")))
    if meta.get("format") != FORMAT:
        raise CardtableError(f"{path}: weights format {meta.get('format')!r}, this version "
                             f"reads {FORMAT}")
    missing = {"dense", "cards", "mean", "scale", "w", "e", "b", "v", "c", "p", "q"} - set(arrays)
    if missing:
        raise CardtableError(f"{path}: weights file lacks {', '.join(sorted(missing))}")
    return Network(arrays, meta)


@cache
def _shipped(game_id: str) -> Network | None:
    path = weights_path(game_id)
    return read_network(path) if path.is_file() else None


def load_network(game: Game, path: str | Path | None = None) -> Network:
    """The game's network: the file at ``path``, else the one shipped in the game's folder.
    Its observation size and action count must be the game's (a stale file is refused)."""
    net = read_network(Path(path)) if path is not None else _shipped(game.id)
    if net is None:
        raise CardtableError(f"{game.id} has no learned weights yet ({weights_path(game.id)}); "
                             f"train them with `cardtable train {game.id}`")
    if net.game_id != game.id or net.observation_size != game.observation_size \
            or net.num_actions != game.num_actions:
        raise CardtableError(
            f"the learned weights are for {net.game_id} with {net.observation_size} observation "
            f"floats and {net.num_actions} codes; {game.id} has {game.observation_size} and "
            f"{game.num_actions}: train them again")
    return net


def has_weights(game_id: str) -> bool:
    return weights_path(game_id).is_file()
