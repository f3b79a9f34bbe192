"""``cardtable train GAME``: generations of self-play, a fit after each, checkpoints, a report.

One generation: ``games`` self-play games on ``workers`` processes (game ``i`` of generation
``g`` has seed ``derive_seed(seed, "train", g, i)``, and results are merged in index order,
so the data is the same for any number of workers), then ``epochs`` passes of Adam over the
replay window (this generation's games and the one before), then a checkpoint. Every tenth
game is held out: its rows give the validation losses of the report. The network of a
generation joins the next one's self-play (half of the seats draw their moves from its prior).

Deterministic from ``seed`` on the CPU: the games by their seeds, the minibatches by a JAX key
folded from the seed and the generation, and a resumed run (``resume``) reads the parameters,
the optimizer's state, the replay window and the report from the checkpoint, so it goes on
exactly as if it had not stopped. JAX runs on a GPU when one is installed and visible; the
games always run on the CPU.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.agents.learned import save_network, weights_path
from cardtable.core import CardtableError, derive_seed, load_game
from cardtable.train.selfplay import GameData, concat, play_chunk

#: called as work finishes: (stage, done, total), stage "games", "fit" or "eval"
Progress = Callable[[str, int, int], None]

CHECKPOINT = "checkpoint.npz"
REPORT_JSON = "report.json"
REPORT_MD = "report.md"


@dataclass
class TrainConfig:
    game: str
    generations: int = 4
    games: int = 400  # self-play games a generation
    epochs: int = 4
    rows: int = 16  # decisions drawn from each game
    hidden: int = 64
    batch: int = 256
    lr: float = 1e-3
    seed: int = 1
    workers: int = 1
    eval_games: int = 20  # games of each generation's prior against the last and greedy
    learned_share: float = 0.5
    out: str = "train-out"
    #: where the final weights go (None: the run's folder only)
    weights: str | None = None
    #: self-play on Ray (``local`` or a cluster's address) instead of worker processes
    ray: str | None = None

    def check(self) -> None:
        for name in ("generations", "games", "epochs", "rows", "hidden", "batch", "workers"):
            if getattr(self, name) < 1:
                raise CardtableError(f"--{name} must be at least 1, got {getattr(self, name)}")
        if self.eval_games < 0:
            raise CardtableError(f"--eval-games must be 0 or more, got {self.eval_games}")
        if not 0 < self.lr < 1:
            raise CardtableError(f"--lr must be between 0 and 1, got {self.lr}")


@dataclass
class Report:
    config: dict[str, Any]
    device: str = ""
    generations: list[dict[str, Any]] = field(default_factory=list)
    #: loss after each epoch: (generation, epoch, train value, train prior, val value, val prior)
    curve: list[list[float]] = field(default_factory=list)


class RayPool:
    """Self-play chunks as Ray tasks, behind the two calls ``_self_play`` makes of a process
    pool (``submit`` gives a ``concurrent.futures.Future``, as Ray's object references convert
    to one). The games are merged in index order either way, so the weights are the same on a
    Ray cluster as in one process. The connection is the balance lab's (``start_ray``):
    ``local`` starts a Ray here with ``workers`` CPUs, any other address joins that cluster."""

    def __init__(self, address: str, workers: int) -> None:
        from cardtable.balance.backends import start_ray

        self.ray, self.started = start_ray(address, workers)
        self.remote = self.ray.remote(num_cpus=1)(play_chunk)

    def submit(self, fn: Any, *args: Any) -> Any:
        assert fn is play_chunk
        return self.remote.remote(*args).future()

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        if self.started:
            self.ray.shutdown()


def _pool(workers: int, ray: str | None = None) -> ProcessPoolExecutor | RayPool | None:
    if ray is not None:
        return RayPool(ray, workers)
    if workers <= 1:
        return None
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def _self_play(cfg: TrainConfig, generation: int, net: tuple[dict[str, Any], dict[str, Any]]
               | None, pool: ProcessPoolExecutor | RayPool | None,
               progress: Progress | None) -> list[GameData]:
    seeds = [derive_seed(cfg.seed, "train", generation, i) for i in range(cfg.games)]
    arrays, meta = net if net is not None else (None, None)
    size = max(1, min(25, math.ceil(cfg.games / (cfg.workers * 4))))
    chunks = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    out: list[list[GameData] | None] = [None] * len(chunks)
    done = 0
    if pool is None:
        for k, chunk in enumerate(chunks):
            out[k] = play_chunk(cfg.game, chunk, arrays, meta, cfg.rows, cfg.learned_share)
            done += len(chunk)
            if progress:
                progress("games", done, cfg.games)
    else:
        futures = {pool.submit(play_chunk, cfg.game, chunk, arrays, meta, cfg.rows,
                               cfg.learned_share): k for k, chunk in enumerate(chunks)}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            out[futures[future]] = future.result()
            done += len(chunks[futures[future]])
            if progress:
                progress("games", done, cfg.games)
    return [g for part in out if part is not None for g in part]


def _split(parts: list[GameData]) -> tuple[dict[str, Any], dict[str, Any]]:
    train = [p for i, p in enumerate(parts) if i % 10 != 9]
    held = [p for i, p in enumerate(parts) if i % 10 == 9] or parts[:1]
    return concat(train), concat(held)


def _merge(a: dict[str, Any] | None, b: dict[str, Any]) -> dict[str, Any]:
    if a is None:
        return b
    return {k: np.concatenate([a[k], b[k]]) for k in b}


def train(cfg: TrainConfig, resume: bool = False, progress: Progress | None = None,
          log: Callable[[str], None] | None = None) -> Report:
    """Run (or resume) a training run; returns its report, also written into ``cfg.out``."""
    import jax

    from cardtable.train import model

    cfg.check()
    game = load_game(cfg.game)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    dense, cards, width = model.input_plan(game)
    optimizer, step = model.optimizer_and_step(cfg.lr)
    report = Report(config=asdict(cfg), device=str(jax.devices()[0]))
    start_gen = 0
    params: Any = None
    opt_state: Any = None
    mean = scale = None
    window: list[dict[str, Any]] = []  # the last generations' training rows
    held: dict[str, Any] | None = None
    ckpt = out / CHECKPOINT
    if resume and ckpt.is_file():
        params, opt_state, mean, scale, window, held, start_gen, report = _load_checkpoint(
            ckpt, cfg, optimizer)
        if log:
            log(f"resumed from {ckpt} after generation {start_gen - 1}")
    elif resume and log:
        log(f"no checkpoint in {out}: starting afresh")
    meta = {"game": game.id, "observation_size": game.observation_size,
            "num_actions": game.num_actions, "card_width": width, "hidden": cfg.hidden,
            "seed": cfg.seed}
    pool = _pool(cfg.workers, cfg.ray)
    try:
        for gen in range(start_gen, cfg.generations):
            began = time.perf_counter()
            net = None
            if params is not None:
                net = (model.to_arrays(params, dense, cards, mean, scale), meta)
            parts = _self_play(cfg, gen, net, pool, progress)
            train_rows, held_rows = _split(parts)
            if mean is None:
                mean, scale = model.standardize(train_rows["obs"], dense)
            if params is None:
                key = jax.random.PRNGKey(derive_seed(cfg.seed, "init") % (1 << 31))
                params = model.init_params(key, len(dense), len(cards), width, cfg.hidden,
                                           game.num_actions)
                opt_state = optimizer.init(params)
            window = [*window[-1:], train_rows]
            held = held_rows if held is None else _merge(held, held_rows)
            data = window[0] if len(window) == 1 else _merge(window[0], window[1])
            n = len(data["value"])
            batch = min(cfg.batch, n)
            rng = np.random.default_rng(derive_seed(cfg.seed, "batches", gen))
            held_batch = model.batch_arrays(held, np.arange(len(held["value"])), dense, cards,
                                            width, mean, scale)
            if not report.curve:  # the untrained network's losses, the curve's first point
                v0, p0 = model.eval_losses(params, held_batch)
                report.curve.append([gen, 0, float("nan"), float("nan"), float(v0), float(p0)])
            for epoch in range(cfg.epochs):
                order = rng.permutation(n)
                tv = tp = 0.0
                steps = max(1, n // batch)
                for s in range(steps):
                    rows = order[s * batch:(s + 1) * batch]
                    b = model.batch_arrays(data, rows, dense, cards, width, mean, scale)
                    params, opt_state, v, p = step(params, opt_state, b)
                    tv += float(v)
                    tp += float(p)
                vv, vp = model.eval_losses(params, held_batch)
                report.curve.append([gen, epoch + 1, tv / steps, tp / steps, float(vv),
                                     float(vp)])
                if progress:
                    progress("fit", epoch + 1, cfg.epochs)
            arrays = model.to_arrays(params, dense, cards, mean, scale)
            save_network(out / f"weights-gen{gen}.npz", arrays, {**meta, "generation": gen})
            entry = {"generation": gen, "games": cfg.games, "rows": n,
                     "held_rows": len(held["value"]),
                     "val_value_loss": report.curve[-1][4], "val_prior_loss": report.curve[-1][5],
                     "draws": sum(p.winner < 0 for p in parts),
                     "mean_decisions": float(np.mean([p.decisions for p in parts])),
                     "seconds": round(time.perf_counter() - began, 1)}
            entry.update(_evaluate(cfg, gen, out, progress))
            report.generations.append(entry)
            _save_checkpoint(ckpt, params, opt_state, mean, scale, window, held, gen, report)
            write_report(report, out)
            if log:
                log(_line(entry))
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    final = out / f"weights-gen{cfg.generations - 1}.npz"
    if cfg.weights is not None:
        target = weights_path(cfg.game) if cfg.weights == "ship" else Path(cfg.weights)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(final.read_bytes())
        if log:
            log(f"weights written to {target}")
    return report


def _evaluate(cfg: TrainConfig, gen: int, out: Path, progress: Progress | None
              ) -> dict[str, Any]:
    """The generation's prior (its likeliest move) against the last generation's and greedy."""
    if cfg.eval_games == 0:
        return {}
    from cardtable.sim.simulate import prepare, run_batch

    me = f"learned-policy:weights={out / f'weights-gen{gen}.npz'}"
    result: dict[str, Any] = {}
    opponents = {"vs_greedy": "greedy"}
    if gen > 0:
        opponents["vs_last"] = f"learned-policy:weights={out / f'weights-gen{gen - 1}.npz'}"
    for key, spec in opponents.items():
        config = prepare(cfg.game, cfg.eval_games, derive_seed(cfg.seed, "eval", gen),
                         [me, spec], swap_decks=True)
        outcomes = run_batch(config, cfg.eval_games)
        wins = sum(o.winner == 0 for o in outcomes) + 0.5 * sum(o.winner < 0 for o in outcomes)
        result[key] = wins / len(outcomes)
        if progress:
            progress("eval", len(result), len(opponents))
    return result


def _line(entry: dict[str, Any]) -> str:
    parts = [f"generation {entry['generation']}: {entry['rows']} rows, "
             f"held-out value loss {entry['val_value_loss']:.4f}, "
             f"prior loss {entry['val_prior_loss']:.4f}"]
    if "vs_greedy" in entry:
        parts.append(f"prior vs greedy {entry['vs_greedy']:.0%}")
    if "vs_last" in entry:
        parts.append(f"vs the last generation {entry['vs_last']:.0%}")
    parts.append(f"{entry['seconds']} s")
    return ", ".join(parts)


# -- checkpoints ----------
def _save_checkpoint(path: Path, params: Any, opt_state: Any, mean: Any, scale: Any,
                     window: list[dict[str, Any]], held: dict[str, Any], gen: int,
                     report: Report) -> None:
    import jax

    leaves = jax.tree_util.tree_leaves(opt_state)
    arrays: dict[str, Any] = {f"param_{k}": np.asarray(v) for k, v in params.items()}
    arrays.update({f"opt_{i}": np.asarray(v) for i, v in enumerate(leaves)})
    arrays.update(mean=mean, scale=scale)
    for w, rows in enumerate(window):
        arrays.update({f"window{w}_{k}": v for k, v in rows.items()})
    arrays.update({f"held_{k}": v for k, v in held.items()})
    arrays["state"] = np.array(json.dumps({"generation": gen, "windows": len(window),
                                           "opt_leaves": len(leaves),
                                           "report": asdict(report)}))
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez(tmp, **arrays)
    tmp.replace(path)


def _load_checkpoint(path: Path, cfg: TrainConfig, optimizer: Any) -> tuple[Any, ...]:
    import jax
    import jax.numpy as jnp

    with np.load(path, allow_pickle=False) as data:
        a = {k: data[k] for k in data.files}
    state = json.loads(str(a["state"]))
    saved = state["report"]["config"]
    for key in ("game", "seed", "games", "rows", "hidden", "lr", "batch", "epochs"):
        if saved[key] != getattr(cfg, key):
            raise CardtableError(f"--resume: the checkpoint in {path.parent} was made with "
                                 f"{key}={saved[key]!r}, this run asks {getattr(cfg, key)!r}")
    params = {k[6:]: jnp.asarray(v) for k, v in a.items() if k.startswith("param_")}
    template = optimizer.init(params)
    treedef = jax.tree_util.tree_structure(template)
    leaves = [jnp.asarray(a[f"opt_{i}"]) for i in range(state["opt_leaves"])]
    opt_state = jax.tree_util.tree_unflatten(treedef, leaves)
    keys = ("obs", "value", "action", "weight")
    window = [{k: a[f"window{w}_{k}"] for k in keys} for w in range(state["windows"])]
    held = {k: a[f"held_{k}"] for k in keys}
    r = state["report"]
    report = Report(config={**r["config"], "generations": cfg.generations}, device=r["device"],
                    generations=r["generations"], curve=r["curve"])
    return (params, opt_state, a["mean"], a["scale"], window, held, state["generation"] + 1,
            report)


# -- the report ----------
def write_report(report: Report, out: Path) -> None:
    (out / REPORT_JSON).write_text(json.dumps(asdict(report), indent=1) + "\n", "utf-8")
    cfg = report.config
    lines = [f"# Training report: {cfg['game']}", "",
             f"Seed {cfg['seed']}, {cfg['games']} self-play games a generation, {cfg['rows']} "
             f"decisions drawn from each, hidden layer {cfg['hidden']}, {cfg['epochs']} epochs "
             f"a generation, AdamW lr {cfg['lr']}, device {report.device}.", "",
             "| generation | rows | held-out value loss | held-out prior loss | prior vs greedy "
             "| prior vs last generation | seconds |", "|---|---:|---:|---:|---:|---:|---:|"]
    for g in report.generations:
        vs_g = f"{g['vs_greedy']:.0%}" if "vs_greedy" in g else ""
        vs_l = f"{g['vs_last']:.0%}" if "vs_last" in g else ""
        lines.append(f"| {g['generation']} | {g['rows']} | {g['val_value_loss']:.4f} | "
                     f"{g['val_prior_loss']:.4f} | {vs_g} | {vs_l} | {g['seconds']} |")
    lines += ["", "Loss curve (after each epoch; epoch 0: the untrained network):", "",
              "| generation | epoch | train value | train prior | held-out value | "
              "held-out prior |", "|---:|---:|---:|---:|---:|---:|"]
    for gen, epoch, tv, tp, vv, vp in report.curve:
        lines.append(f"| {int(gen)} | {int(epoch)} | {tv:.4f} | {tp:.4f} | {vv:.4f} | {vp:.4f} |")
    lines += ["", "(value loss: binary cross-entropy against the seat's result; 0.693 is a coin. "
              "Prior loss: cross-entropy against the move played, weighted by the result.)"]
    (out / REPORT_MD).write_text("\n".join(lines) + "\n", "utf-8")
