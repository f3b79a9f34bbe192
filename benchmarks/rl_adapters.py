"""Decisions per second through each research adapter beside the raw engine's, same games.

Every route plays the same seeded matches with uniformly random legal codes and counts the
decisions applied (a match's ``history``), timed in CPU seconds of this process:

* ``raw``: ``legal_actions`` and ``apply`` on the state, nothing else;
* ``raw-quiet``: the same with each match's event log off (``State.quiet()``), as the
  vector env keeps it by default;
* ``raw+obs``: the same, plus ``Game.observe`` for the seat deciding (the observation as a
  list of Python floats; every game now writes it with its fast writer);
* ``raw+into``: the same, plus ``Game.observe_into`` into a copy of a zeroed ``array('f')``
  (the fast path the adapters use);
* ``aec``: PettingZoo's loop, ``env.last()`` (observation and mask) then ``env.step``, the
  legal codes read from the ``int8`` mask through a ``bool`` view (``np.flatnonzero`` on the
  ``int8`` array itself is ten times slower on a long mask);
* ``aec-bare``: the same loop with the game's writer swapped for a call that writes nothing
  (the built-in ``slice``, which takes the writer's three arguments): the observation stays
  zero, everything else is the env's. It is the ceiling of the AEC env on this engine, what
  it would reach with an observation that cost nothing to write;
* ``bare-list``: ``aec-bare`` with the policy picking from the engine's list of legal codes
  as ``raw`` does, not from the mask (the mask is still made): the env's own cost alone;
* ``gym``: one seat against the random agent, the seat choosing from ``info["action_mask"]``
  (both seats' decisions counted);
* ``spiel``: OpenSpiel, ``legal_actions`` and ``apply_action``; ``spiel+obs`` adds the
  deciding seat's ``observation_tensor``;
* ``vector``: ``vector_env(game, 64, opponent="random", seat="alternate", copy=False)``, one
  seat of each match choosing a uniformly random legal code from the (64, actions) mask in
  one NumPy pass (the policy's cost is counted, as in ``aec``), the opponent's decisions
  counted too, until 64 matches have ended; ``selfplay``: ``self_play_vector_env`` the same
  way, both seats' rows written every step.

The AEC and Gym environments are made once per game, outside the timing, as a training loop
makes its environment once and resets it every episode. The routes alternate in rounds (a
shared machine's load falls on all alike) and each figure is the median over rounds.
The first line names the path that ran (the compiled build or ``CARDTABLE_PURE=1``'s pure
path); compare ``aec`` with ``raw`` of the same run. The last column, the *writer budget*, is
what an observation writer could cost at most, in µs a decision, for the AEC env to reach 60%
of raw: ``1 / (0.6 raw) - 1 / aec-bare``. Negative, no writer could (the second table gives
each writer's cost, ``observe_into``). The column after it is the same budget with
``bare-list`` in place of ``aec-bare``: what a writer could cost even if reading the mask cost
the policy nothing.
Usage: ``python benchmarks/rl_adapters.py [--rounds 3] [--games 4] [--only draws-troidal]
[--routes raw,vector,selfplay] [--envs 64] [--ratios] [--no-parts]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from array import array
from collections.abc import Callable
from typing import Any

import numpy as np

from cardtable import accel
from cardtable.core import load_game
from cardtable.rl import (
    GAME_IDS,
    aec_env,
    gym_env,
    register_open_spiel,
    self_play_vector_env,
    vector_env,
)
from cardtable.rl.aec import CardtableAEC
from cardtable.rl.gym import CardtableGym

ROUTES = ("raw", "raw-quiet", "raw+obs", "raw+into", "aec", "aec-bare", "bare-list", "gym", "spiel",
          "spiel+obs", "vector", "selfplay")


def _pick(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal code per row of an (N, actions) mask, in one pass: the k-th
    legal code of row i with k drawn below the row's count. The legal places are found in the
    flat mask (one index array, a quarter of the time of the 2-D ``np.nonzero``'s two on a
    mask of thousands of codes) and taken modulo the row's length."""
    legal = mask.view(np.bool_)
    counts = np.count_nonzero(legal, axis=1)
    flat = np.flatnonzero(legal)
    starts = np.cumsum(counts) - counts
    return flat[starts + (rng.random(len(counts)) * counts).astype(np.int64)] % mask.shape[-1]


def vector(env: Any, matches: int, self_play: bool = False) -> int:
    """Steps until ``matches`` matches have ended; the decisions applied, both seats'."""
    rng = np.random.default_rng(1)
    _obs, info = env.reset(seed=0)
    start_decisions, start_ended = env.decisions, env.ended
    rows = np.arange(env.num_envs)
    while env.ended - start_ended < matches:
        mask = info["action_mask"]
        if self_play:
            mask = mask[rows, info["to_move"]]
        _obs, _r, _term, _trunc, info = env.step(_pick(mask, rng))
    return env.played() - start_decisions


def raw(game_id: str, seeds: range, observe: str = "", quiet: bool = False) -> int:
    game = load_game(game_id)
    rng = random.Random(1)
    zero = array("f", bytes(4 * game.observation_size))
    steps = 0
    for seed in seeds:
        s = game.new_game(seed)
        if quiet:
            s.quiet()
        while not s.is_terminal():
            if observe == "list":
                game.observe(s, s.current_player())
            elif observe == "into":
                game.observe_into(s, s.current_player(), zero[:])
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        steps += len(s.history)
    return steps


def aec(env: CardtableAEC, seeds: range) -> int:
    rng = random.Random(1)
    steps = 0
    for seed in seeds:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
        steps += len(env.match.state.history)
    return steps


def aec_bare(env: CardtableAEC, seeds: range, from_list: bool = False) -> int:
    """``aec`` with the writer writing nothing (``slice`` takes its three arguments); with
    ``from_list``, the policy picks from the engine's legal list instead of the mask."""
    match = env.match
    writer = match.observe_into
    match.observe_into = slice
    try:
        if not from_list:
            return aec(env, seeds)
        rng = random.Random(1)
        steps = 0
        for seed in seeds:
            env.reset(seed=seed)
            for _agent in env.agent_iter():
                _obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = match.state.legal_actions()
                env.step(legal[rng.randrange(len(legal))])
            steps += len(match.state.history)
        return steps
    finally:
        match.observe_into = writer


def gym(env: CardtableGym, seeds: range) -> int:
    rng = random.Random(1)
    steps = 0
    for seed in seeds:
        _obs, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = info["action_mask"].view(np.bool_).nonzero()[0]
            _obs, _r, done, _t, info = env.step(int(legal[rng.randrange(len(legal))]))
        steps += len(env.match.state.history)
    return steps


def spiel(game_id: str, seeds: range, observe: bool) -> int:
    import pyspiel

    register_open_spiel()
    rng = random.Random(1)
    steps = 0
    for seed in seeds:
        game = pyspiel.load_game("cardtable_" + game_id.replace("-", "_"), {"seed": seed})
        state = game.new_initial_state()
        while not state.is_terminal():
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps


def parts(game_id: str, seeds: range, rounds: int) -> tuple[float, ...]:
    """Microseconds per decision of a random step, of the deciding seat's view without its
    card table (``brief_view``, for scale: what encoding a view would start from), of
    ``Game.observe`` (a list) and of
    ``Game.observe_into`` (the fast path, into a copy of a zeroed ``array('f')``), over the
    same positions."""
    game = load_game(game_id)
    rng = random.Random(1)
    states = []
    for seed in seeds:
        s = game.new_game(seed)
        while not s.is_terminal():
            states.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    zero = array("f", bytes(4 * game.observation_size))
    best = [math.inf] * 4
    for _ in range(rounds):
        copies = [s.clone() for s in states]
        start = time.process_time()
        for s in copies:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        step = time.process_time() - start
        start = time.process_time()
        for s in states:
            s.brief_view(s.current_player())
        view = time.process_time() - start
        start = time.process_time()
        for s in states:
            game.observe(s, s.current_player())
        enc = time.process_time() - start
        start = time.process_time()
        for s in states:
            game.observe_into(s, s.current_player(), zero[:])
        into = time.process_time() - start
        best = [min(b, t / len(states) * 1e6)
                for b, t in zip(best, (step, view, enc, into), strict=True)]
    return tuple(best)


def timed(run: Callable[[], int]) -> float:
    start = time.process_time()
    steps = run()
    return steps / max(time.process_time() - start, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=4, help="matches per route and round")
    parser.add_argument("--only", action="append", help="a game id (repeatable)")
    parser.add_argument("--envs", type=int, default=64, help="matches of the vector routes")
    parser.add_argument("--routes", default=",".join(ROUTES),
                        help="the routes to run, comma-separated (raw always runs)")
    parser.add_argument("--ratios", action="store_true", help="print each round's ratios too")
    parser.add_argument("--no-parts", action="store_true",
                        help="skip the second table (each part's µs a decision)")
    args = parser.parse_args()
    games = args.only or list(GAME_IDS)
    for game_id in games:  # load each game, its writer and the adapters before naming the path
        load_game(game_id)
    aec_env(games[0])
    path = accel.status()
    where = (f"the compiled build ({len(path['compiled_modules'])} modules loaded"
             f"{', stale: ' + ', '.join(path['stale_modules']) if path['stale_modules'] else ''})"
             if path["compiled"] else "the pure path")
    print(f"decisions per CPU second on {where}, median of {args.rounds} alternated rounds, "
          f"{args.games} matches per route and round\n")
    routes = ["raw", *(r for r in args.routes.split(",") if r in ROUTES and r != "raw")]
    ratios = [(a, b) for a, b in (("aec", "raw"), ("aec", "raw+into"), ("aec-bare", "raw"),
                                  ("vector", "raw"), ("selfplay", "raw"),
                                  ("vector", "raw-quiet"))
              if a in routes and b in routes]
    budgets = "aec-bare" in routes and "bare-list" in routes
    print("| Game | " + " | ".join(routes) + " | "
          + " | ".join(f"{a} / {b}" for a, b in ratios)
          + (" | writer budget | without the policy's mask |" if budgets else " |"))
    print("|---|" + "---:|" * (len(routes) + len(ratios) + 2 * budgets))
    for game_id in games:
        seeds = range(args.games)
        made: dict[str, Any] = {}

        def env(kind: str, g: str = game_id, made: dict[str, Any] = made) -> Any:
            """Each env made once, outside the timing."""
            if kind not in made:
                made[kind] = {
                    "aec": lambda: aec_env(g),
                    "gym": lambda: gym_env(g, opponent="random"),
                    "vector": lambda: vector_env(g, args.envs, opponent="random",
                                                 seat="alternate", copy=False),
                    "selfplay": lambda: self_play_vector_env(g, args.envs, copy=False),
                }[kind]()
            return made[kind]

        runs: dict[str, Callable[[], int]] = {
            "raw": lambda g=game_id, s=seeds: raw(g, s),
            "raw-quiet": lambda g=game_id, s=seeds: raw(g, s, quiet=True),
            "raw+obs": lambda g=game_id, s=seeds: raw(g, s, "list"),
            "raw+into": lambda g=game_id, s=seeds: raw(g, s, "into"),
            "aec": lambda s=seeds: aec(env("aec"), s),
            "aec-bare": lambda s=seeds: aec_bare(env("aec"), s),
            "bare-list": lambda s=seeds: aec_bare(env("aec"), s, True),
            "gym": lambda s=seeds: gym(env("gym"), s),
            "spiel": lambda g=game_id, s=seeds: spiel(g, s, False),
            "spiel+obs": lambda g=game_id, s=seeds: spiel(g, s, True),
            "vector": lambda: vector(env("vector"), args.envs),
            "selfplay": lambda: vector(env("selfplay"), args.envs, self_play=True),
        }
        for route in routes:  # warm caches (card pools, encodings) outside the timing
            runs[route]()
        rates: dict[str, list[float]] = {r: [] for r in routes}
        for _ in range(args.rounds):
            for route in routes:
                rates[route].append(timed(runs[route]))
        med = {r: statistics.median(v) for r, v in rates.items()}
        cells = " | ".join(f"{med[r]:,.0f}" for r in routes)
        shares = " | ".join(f"{med[a] / med[b]:.0%}" for a, b in ratios)
        line = f"| {game_id} | {cells} | {shares} |"
        if budgets:
            # the most a writer may cost (µs a decision) for the AEC env to reach 60% of raw:
            # 60% of raw's rate is 1 / (0.6 raw) µs a decision, of which the bare env takes its own
            budget = 1e6 / (0.6 * med["raw"]) - 1e6 / med["aec-bare"]
            alone = 1e6 / (0.6 * med["raw"]) - 1e6 / med["bare-list"]
            line += f" {budget:.2f} µs | {alone:.2f} µs |"
        print(line, flush=True)
        if args.ratios:  # each round's ratio: the spread a loaded machine leaves
            for a, b in ratios:
                print(f"|   {a} / {b}, per round | "
                      + " ".join(f"{x / y:.0%}" for x, y in zip(rates[a], rates[b],
                                                                  strict=True)) + " |")
    if args.no_parts:
        return
    print("\nmicroseconds per decision, best of the rounds, same positions\n")
    print("| Game | random step | brief_view | observe | observe_into |")
    print("|---|---:|---:|---:|---:|")
    for game_id in games:
        step, view, enc, into = parts(game_id, range(args.games), args.rounds)
        print(f"| {game_id} | {step:.1f} | {view:.1f} | {enc:.1f} | {into:.1f} |", flush=True)


if __name__ == "__main__":
    main()
