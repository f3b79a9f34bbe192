"""Engine benchmark: random playouts and state clones, through the public contract only.

Why random playouts: they cost nothing in the agent, so games/s and steps/s measure the rules
core itself (``new_game``, ``legal_actions``, ``apply``), the ceiling for every simulation and
the inner loop of search agents. Why clones: tree search copies a state at every node, so a
slow ``clone`` caps search strength however fast the rules are.

The picks use the core's seeded generator, so a run plays the same games for the same seed;
only the number of games played in the time budget depends on the machine.
"""

from __future__ import annotations

import platform
import time
import timeit
from collections.abc import Iterator, Sequence
from typing import Any

from cardtable import accel
from cardtable.core import State, derive_seed, load_game, rng
from cardtable.core.deck import Deck
from cardtable.core.errors import CardtableError

#: mid-game states whose clone time is averaged
CLONE_SAMPLES = 16
#: clones per timing run, and timing runs per state (the fastest run counts, as in timeit)
CLONE_NUMBER = 1000
CLONE_REPEAT = 5
#: mid-game decisions a search-speed figure averages over
SEARCH_SAMPLES = 8
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def random_playout(state: State, gen: int) -> tuple[int, int]:
    """Play uniformly random legal actions to the end; returns (steps, generator state).

    The picks are ``rng.randbelow``'s, written out (the same SplitMix64 step and multiply-
    shift): two calls a step are the harness's cost, not the engine's, and the figure is
    meant to be the engine's."""
    steps = 0
    golden, mask = _GOLDEN, _MASK
    current, legal_actions, apply = state.current_player, state.legal_actions, state.apply
    while current() >= 0:
        legal = legal_actions()
        gen = (gen + golden) & mask
        z = ((gen ^ (gen >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        apply(legal[((z ^ (z >> 31)) * len(legal)) >> 64])
        steps += 1
    return steps, gen


def playouts(game_id: str, seconds: float, seed: int = 0,
             options: dict[str, Any] | None = None,
             decks: Sequence[Deck] | None = None) -> dict[str, Any]:
    """Random games back to back for ``seconds`` (at least one game).

    The default decks are loaded once and passed in, as ``simulate`` does, so the figure is
    the rules engine's and not the deck-file parser's.
    """
    game = load_game(game_id)
    decks = decks or game.default_decks()
    gen = rng.seed_state(derive_seed(seed, "bench"))
    games = steps = 0
    clock = time.perf_counter
    cpu_start = time.process_time()
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_game(derive_seed(seed, "game", games), decks, options)
        n, gen = random_playout(state, gen)
        steps += n
        games += 1
        if clock() >= deadline:
            break
    elapsed = clock() - start
    cpu = time.process_time() - cpu_start
    return {"games": games, "steps": steps, "seconds": elapsed, "cpu_seconds": cpu}


def _replays(game_id: str, count: int, seed: int, options: dict[str, Any] | None,
             decks: Sequence[Deck] | None) -> Iterator[tuple[State, list[int]]]:
    """The sample games: each one's start (a fresh state) and the actions of a random playout
    of it, the same for a given seed."""
    game = load_game(game_id)
    decks = decks or game.default_decks()
    gen = rng.seed_state(derive_seed(seed, "clone-sample"))
    for k in range(count):
        game_seed = derive_seed(seed, "clone-sample", k)
        full = game.new_game(game_seed, decks, options)
        _, gen = random_playout(full, gen)
        yield game.new_game(game_seed, decks, options), full.history


def mid_game_states(game_id: str, count: int, seed: int = 0,
                    options: dict[str, Any] | None = None,
                    decks: Sequence[Deck] | None = None) -> list[State]:
    """States halfway through random games: typical of what a search agent copies."""
    states = []
    for state, history in _replays(game_id, count, seed, options, decks):
        for action in history[: len(history) // 2]:
            state.apply(action)
        states.append(state)
    return states


def searched_states(game_id: str, count: int, seed: int = 0,
                    options: dict[str, Any] | None = None,
                    decks: Sequence[Deck] | None = None) -> list[State]:
    """Decisions the search agent searches, one per random game: the first at or after the
    game's halfway point with a real choice that its game does not leave to the policy.

    Why not ``mid_game_states`` alone: a search spends its time there, except where the game
    settles a decision by its policy (Dice and Monsters' deck building, the first half of its
    game), which costs the agent no iteration at all.
    """
    from cardtable.agents.greedy import settled_phases

    settled = settled_phases(game_id)
    states = []
    for state, history in _replays(game_id, count, seed, options, decks):
        for step, action in enumerate(history):
            if (step >= len(history) // 2 and len(state.legal_actions()) > 1
                    and state.view(state.current_player()).get("phase") not in settled):
                states.append(state)
                break
            state.apply(action)
    return states


def clone_micros(states: list[State], number: int = CLONE_NUMBER,
                 repeat: int = CLONE_REPEAT) -> float:
    """Mean over ``states`` of the fastest per-clone time in microseconds.

    The fastest of several runs is the one least disturbed by the rest of the machine, which
    is what a figure meant for comparison across commits should report.
    """
    if not states:
        raise ValueError("no states to clone")
    total = 0.0
    for state in states:
        timer = timeit.Timer("clone()", globals={"clone": state.clone})
        total += min(timer.repeat(repeat=repeat, number=number)) / number
    return total / len(states) * 1e6


def search_speed(game_id: str, iters: int, seed: int = 0, samples: int = SEARCH_SAMPLES,
                 options: dict[str, Any] | None = None,
                 decks: Sequence[Deck] | None = None) -> dict[str, Any]:
    """Iterations per second of the search agent over mid-game decisions with a real choice.

    Why mid-game: that is where a search spends a game; a forced move is never searched.
    """
    from cardtable.agents.mcts import MCTSAgent

    game = load_game(game_id)
    states = searched_states(game_id, samples * 2, seed, options, decks)[:samples]
    if not states:
        raise CardtableError(f"{game_id}: no mid-game decision with a choice to search")
    agent = MCTSAgent(iters=iters)
    total = 0
    cpu_start = time.process_time()
    start = time.perf_counter()
    for k, state in enumerate(states):
        agent.reset(derive_seed(seed, "search", k))
        seat = state.current_player()
        agent.act(game, state.view(seat), state.legal_actions())
        total += agent.last_iterations
    elapsed = time.perf_counter() - start
    return {"search_iters": iters, "search_decisions": len(states),
            "search_seconds": round(elapsed, 3),
            "search_cpu_seconds": round(time.process_time() - cpu_start, 3),
            "search_iters_per_s": round(total / elapsed, 1)}


def bench(game_id: str, seconds: float = 5.0, seed: int = 0,
          clone_samples: int = CLONE_SAMPLES, options: dict[str, Any] | None = None,
          search_iters: int = 0) -> dict[str, Any]:
    """The benchmark summary (keys are stable: scripts and docs compare them across commits)."""
    if not seconds > 0:
        raise CardtableError(f"--seconds must be positive, got {seconds}")
    if search_iters < 0:
        raise CardtableError(f"--search must be 0 (off) or a number of iterations, got "
                             f"{search_iters}")
    play = playouts(game_id, seconds, seed, options)
    states = mid_game_states(game_id, clone_samples, seed, options)
    clone_us = clone_micros(states)
    cards = [card_count(s) for s in states]
    games, steps, elapsed = play["games"], play["steps"], play["seconds"]
    return {
        "game": load_game(game_id).id,
        "games": games,
        "seconds": round(elapsed, 3),
        # below ``seconds`` when other processes share the core: compare it before trusting
        # a figure from a busy machine
        "cpu_seconds": round(play["cpu_seconds"], 3),
        "games_per_s": round(games / elapsed, 1),
        "steps_per_s": round(steps / elapsed, 1),
        "mean_steps": round(steps / games, 2),
        "clone_us": round(clone_us, 3),
        "clone_samples": clone_samples,
        "cards_in_game": round(sum(cards) / len(cards), 1),
        "options": dict(options or {}),
        "seed": seed,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    } | (search_speed(game_id, search_iters, seed, options=options) if search_iters else {}) \
      | _path()


def _path() -> dict[str, Any]:
    """Which path ran (after the run, so every module it imported is counted): ``compiled``
    true when modules of the optional compiled build ran (see ``cardtable.accel``), and which;
    ``stale_modules``, built but older than their source, ran as .py."""
    status = accel.status()
    return {"compiled": status["compiled"], "compiled_modules": status["compiled_modules"],
            "stale_modules": status["stale_modules"]}


def card_count(state: State) -> int:
    """Cards in both decks: what a determinization redistributes and a playout moves."""
    return sum(len(deck.cards) for deck in state.decks)
