"""The vectorized env split over worker processes: ``vector_env(..., workers=K)``.

One process steps its matches one after another, so one vector env uses one core. Here the
N envs are cut into K contiguous shares and each share is a vector env of its own in a
subprocess, writing its rows straight into one block of shared memory that the parent's
arrays view: a step puts the N codes into shared memory, wakes every worker with one short
message, and waits for each to answer with its counts; no observation crosses a pipe.

Env i is the same env whatever K: its matches are dealt from the seed env i of the plain
vector env would use (``first`` offsets a share's seeds and its alternating seats), and each
env's opponent is its own (a spec or an ``Agent``, copied per env), so K = 1, K = 2 and the
in-process env give the same rows, masks and rewards (tests/test_rl_vector.py). The one
difference: an opponent that is a callable is shared by the envs of one process, so each
worker holds its own copy (it must pickle), and a callable that keeps state sees only its
worker's matches.

Workers start by ``spawn`` (the default; ``context="fork"`` starts faster where the parent
runs no threads, which JAX's does), each loading the game once; ``close()`` ends them.
"""

from __future__ import annotations

import ctypes
import multiprocessing as mp
import traceback
from itertools import pairwise
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from cardtable.core import load_game


def _views(raw: dict[str, Any], num_envs: int, rows: int, size: int,
           n: int) -> dict[str, np.ndarray]:
    """NumPy views of the shared blocks, one row per env (or per seat of an env)."""
    return {
        "obs": np.frombuffer(raw["obs"], np.float32).reshape(num_envs * rows, size),
        "masks": np.frombuffer(raw["masks"], np.uint8).reshape(num_envs * rows, n),
        "actions": np.frombuffer(raw["actions"], np.int64),
        "rewards": np.frombuffer(raw["rewards"], np.float32).reshape(num_envs, rows),
        "terminated": np.frombuffer(raw["terminated"], np.bool_),
        "to_move": np.frombuffer(raw["to_move"], np.int64),
    }


def _serve(conn: Any, self_play: bool, game_id: str, first: int, last: int, num_envs: int,
           kwargs: dict[str, Any], raw: dict[str, Any]) -> None:
    """A worker: envs ``first`` to ``last - 1`` of the batch, stepped on each message."""
    try:
        from cardtable.rl.vector import CardtableVectorEnv, SelfPlayVectorEnv

        game = load_game(game_id)
        rows = 2 if self_play else 1
        size, n = game.observation_size, game.num_actions
        v = _views(raw, num_envs, rows, size, n)
        share = (memoryview(v["obs"][first * rows:last * rows].reshape(-1)),
                 memoryview(v["masks"][first * rows:last * rows].reshape(-1)))
        cls = SelfPlayVectorEnv if self_play else CardtableVectorEnv
        env = cls(game_id, last - first, copy=False, first=first, buffers=share, **kwargs)
        actions, rewards = v["actions"][first:last], v["rewards"][first:last]
        terminated, to_move = v["terminated"][first:last], v["to_move"][first:last]
    except BaseException:
        conn.send(("error", traceback.format_exc()))
        return
    conn.send(("ready", None))
    while True:
        try:
            cmd, payload = conn.recv()
        except EOFError:  # the parent is gone
            return
        try:
            if cmd == "step":
                _obs, r, t, _u, info = env.step(actions)
                rewards[:] = r.reshape(rewards.shape)
                terminated[:] = t
                if self_play:
                    to_move[:] = info["to_move"]
                illegal = info.get("illegal_action")
                conn.send((env.decisions, env.ended,
                           None if illegal is None else (np.flatnonzero(illegal) + first)))
            elif cmd == "reset":
                _obs, info = env.reset(seed=payload)
                if self_play:
                    to_move[:] = info["to_move"]
                conn.send((env.decisions, env.ended, None))
            elif cmd == "played":
                conn.send(env.played())
            elif cmd == "results":
                conn.send(env.results())
            elif cmd == "cpu":
                import time

                conn.send(time.process_time())
            elif cmd == "close":
                conn.send(None)
                return
        except BaseException as exc:  # the parent raises it (an illegal code, "raise")
            try:
                conn.send(("raised", exc))
            except Exception:
                conn.send(("raised", RuntimeError(traceback.format_exc())))


class WorkerVectorEnv(VectorEnv):  # type: ignore[misc]
    """``vector_env`` or ``self_play_vector_env`` with its envs split over ``workers``
    subprocesses; the same arrays, spaces and step as the in-process forms."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP,  # noqa: RUF012
                                "render_modes": []}

    def __init__(self, game_id: str, num_envs: int, workers: int, self_play: bool = False,
                 copy: bool = True, context: str = "spawn", **kwargs: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs!r}")
        if not 1 <= workers <= num_envs:
            raise ValueError(f"workers must be between 1 and num_envs, not {workers!r}")
        if kwargs.get("illegal_action", "lose") not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        seat = kwargs.get("seat", 0)
        if not self_play and seat not in (0, 1, "alternate"):
            raise ValueError(f"seat must be 0, 1 or 'alternate', not {seat!r}")
        game = load_game(game_id)
        self.game_id, self.num_envs, self.copy, self.workers = game_id, num_envs, copy, workers
        self.self_play = self_play
        self.size, self.num_actions = size, n = game.observation_size, game.num_actions
        rows = 2 if self_play else 1
        ctx = mp.get_context(context)
        raw = {  # zeroed, shared with the workers, never locked: each writes only its share
            "obs": ctx.RawArray(ctypes.c_char, 4 * num_envs * rows * size),
            "masks": ctx.RawArray(ctypes.c_char, num_envs * rows * n),
            "actions": ctx.RawArray(ctypes.c_char, 8 * num_envs),
            "rewards": ctx.RawArray(ctypes.c_char, 4 * num_envs * rows),
            "terminated": ctx.RawArray(ctypes.c_char, num_envs),
            "to_move": ctx.RawArray(ctypes.c_char, 8 * num_envs),
        }
        v = _views(raw, num_envs, rows, size, n)
        self._raw = raw
        shape = (num_envs, 2) if self_play else (num_envs,)
        self.observations = v["obs"].reshape(*shape, size)
        self.action_masks = v["masks"].view(np.int8).reshape(*shape, n)
        self._actions, self._rewards = v["actions"], v["rewards"]
        self._terminated, self._to_move = v["terminated"], v["to_move"]
        if seat == "alternate":
            self.seats = [i % 2 for i in range(num_envs)]
        elif not self_play:
            self.seats = [int(seat)] * num_envs
        self.opponent_spec = kwargs.get("opponent", "random") if not self_play else None
        #: decisions of the matches that ended, and the matches that ended (all workers')
        self.decisions = 0
        self.ended = 0
        bounds = np.linspace(0, num_envs, workers + 1).round().astype(int).tolist()
        self.shares = list(pairwise(bounds))
        self.closed = False
        self._conns: list[Any] = []
        self._procs: list[Any] = []
        self._counts = [(0, 0)] * workers
        for first, last in self.shares:
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_serve, daemon=True,
                               args=(there, self_play, game_id, first, last, num_envs,
                                     kwargs, raw))
            proc.start()
            there.close()
            self._conns.append(here)
            self._procs.append(proc)
        for conn in self._conns:
            try:
                status, detail = conn.recv()
            except EOFError:  # the worker died before its first word
                status, detail = "gone", (
                    "it exited at once (under spawn a worker imports the main module again: "
                    "a script must be a file, and build its env under "
                    "``if __name__ == '__main__':``)")
            if status != "ready":
                self.close()
                raise RuntimeError(f"a vector env worker failed to start:\n{detail}")
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = spaces.Discrete(n)
        self.observation_space = spaces.Box(-np.inf, np.inf, self.observations.shape, np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, n))

    def _all(self, cmd: str, payloads: list[Any] | None = None) -> list[Any]:
        """``cmd`` to every worker at once, then each answer in order."""
        if self.closed:
            raise RuntimeError("the vector env is closed")
        for k, conn in enumerate(self._conns):
            conn.send((cmd, None if payloads is None else payloads[k]))
        answers = [conn.recv() for conn in self._conns]  # every answer, so none is left over
        for answer in answers:
            if isinstance(answer, tuple) and len(answer) == 2 and answer[0] == "raised":
                raise answer[1]
        return answers

    def _counted(self, answers: list[Any]) -> list[int]:
        illegal: list[int] = []
        self.decisions = sum(a[0] for a in answers)
        self.ended = sum(a[1] for a in answers)
        for a in answers:
            if a[2] is not None:
                illegal += a[2].tolist()
        return illegal

    def _out(self, *arrays: np.ndarray) -> tuple[np.ndarray, ...]:
        return tuple(a.copy() for a in arrays) if self.copy else arrays

    def _info(self) -> dict[str, Any]:
        if self.self_play:
            masks, to_move = self._out(self.action_masks, self._to_move)
            return {"action_mask": masks, "to_move": to_move}
        return {"action_mask": self._out(self.action_masks)[0]}

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """As the in-process env: env i from ``seed + i`` (or ``seed[i]``), else its next."""
        super().reset(seed=seed if isinstance(seed, int) else None)
        if seed is None:
            payloads: list[Any] = [None] * self.workers
        else:
            seeds = [int(seed) + i for i in range(self.num_envs)] if isinstance(seed, int) \
                else [int(x) for x in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"reset: {len(seeds)} seeds for {self.num_envs} envs")
            payloads = [seeds[a:b] for a, b in self.shares]
        self._counted(self._all("reset", payloads))
        return self._out(self.observations)[0], self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        codes = np.asarray(actions)
        if codes.shape != (self.num_envs,):
            raise ValueError(f"step: {codes.size} actions for {self.num_envs} envs")
        self._actions[:] = codes
        illegal = self._counted(self._all("step"))
        rewards = self._rewards.copy() if self.self_play else self._rewards[:, 0].copy()
        info = self._info()
        if illegal:
            info["illegal_action"] = np.isin(np.arange(self.num_envs), illegal)
        return (self._out(self.observations)[0], rewards, self._terminated.copy(),
                np.zeros(self.num_envs, np.bool_), info)

    def played(self) -> int:
        """Decisions applied so far, in ended matches and in those in play."""
        return sum(self._all("played"))

    def results(self) -> list[str | None]:
        return [r for part in self._all("results") for r in part]

    def worker_cpu(self) -> list[float]:
        """Each worker's CPU seconds so far (``time.process_time`` in the worker)."""
        return self._all("cpu")

    def close_extras(self, **kwargs: Any) -> None:
        for conn in self._conns:
            try:
                conn.send(("close", None))
                conn.recv()
            except (OSError, EOFError):
                pass
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        for conn in self._conns:
            conn.close()
        self._conns, self._procs = [], []

    def __del__(self) -> None:
        if getattr(self, "_procs", None) and not getattr(self, "closed", True):
            self.close()
