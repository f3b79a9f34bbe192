"""Two source trees of cardtable, side by side: random playouts and the search, as ratios.

Why a script of its own: on a machine shared with other jobs a single figure drifts by tens of
per cent within minutes, so "twice as fast" can only be read from two versions measured in the
same run, alternated, on the same harness. Each measurement runs in a fresh process with
``PYTHONPATH`` pointing at one tree; the playout loop below is the same code for both, so only
the rules core differs, and CPU seconds (not wall time) are counted, which a busy machine
disturbs least. The search is timed through each tree's own ``cardtable.sim.bench`` decisions
and ``MCTSAgent``, and the moves it picks are compared: the same seed must pick the same moves.

    python benchmarks/perf_compare.py --base ../base/src --new src --rounds 5 --seconds 2
    python benchmarks/perf_compare.py --base ../base/src --new src --search 1000 --only search
    python benchmarks/perf_compare.py --base ../base/src --new src --only quiet --both-quiet

Prints one line per game and measure: the median of each side, the ratio new/base of the
medians, and for the search whether every move agreed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def registered_games(src: str) -> list[str]:
    """Every game the registry of the tree at ``src`` lists, in its order."""
    out = subprocess.run([sys.executable, "-c", "from cardtable.core import registry; "
                          "print(' '.join(registry.GAMES))"], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": src})
    return out.stdout.split()


def _play(game_id: str, seconds: float, quiet: bool = False) -> dict[str, float]:
    """Random playouts for ``seconds`` of CPU time through the public contract; ``quiet``
    plays them without the event log, as ``simulate`` does a batch that saves no records."""
    from cardtable.core import derive_seed, load_game, rng

    game = load_game(game_id)
    decks = game.default_decks()
    gen = rng.seed_state(derive_seed(0, "bench"))
    randbelow = rng.randbelow
    games = steps = 0
    clock = time.process_time
    start = clock()
    while True:
        state = game.new_game(derive_seed(0, "game", games), decks)
        if quiet:
            state.quiet()
        while state.current_player() >= 0:
            legal = state.legal_actions()
            gen, i = randbelow(gen, len(legal))
            state.apply(legal[i])
            steps += 1
        games += 1
        if clock() - start >= seconds:
            break
    cpu = clock() - start
    return {"games": games, "steps": steps, "cpu": cpu,
            "steps_per_cpu_s": steps / cpu, "games_per_cpu_s": games / cpu}


def _search(game_id: str, iters: int, samples: int) -> dict[str, object]:
    """The search at ``iters`` iterations over the bench's sampled decisions."""
    from cardtable.agents.mcts import MCTSAgent
    from cardtable.core import derive_seed, load_game
    from cardtable.sim.bench import searched_states

    game = load_game(game_id)
    states = searched_states(game_id, samples * 2, 0)[:samples]
    agent = MCTSAgent(iters=iters)
    total = 0
    moves = []
    start = time.process_time()
    for k, state in enumerate(states):
        agent.reset(derive_seed(0, "search", k))
        moves.append(agent.act(game, state.view(state.current_player()), state.legal_actions()))
        total += agent.last_iterations
    cpu = time.process_time() - start
    return {"iters": total, "cpu": cpu, "iters_per_cpu_s": total / cpu, "moves": moves}


def _run(tree: str, args: list[str]) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    out = subprocess.run([sys.executable, __file__, "--worker", *args], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        kind, game_id = sys.argv[2], sys.argv[3]
        if kind in ("play", "quiet"):
            print(json.dumps(_play(game_id, float(sys.argv[4]), kind == "quiet")))
        else:
            print(json.dumps(_search(game_id, int(sys.argv[4]), int(sys.argv[5]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the src folder of the base tree")
    parser.add_argument("--new", required=True, help="the src folder of the new tree")
    parser.add_argument("--games", nargs="*", default=None,
                        help="default: every game the new tree registers")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--search", type=int, default=1000, help="iterations per decision")
    parser.add_argument("--samples", type=int, default=4, help="decisions searched per round")
    parser.add_argument("--only", choices=("play", "search", "quiet"), default=None,
                        help="quiet: the base's playouts against the new tree's quiet ones "
                             "(what simulate without --save-dir plays now)")
    parser.add_argument("--both-quiet", action="store_true",
                        help="with --only quiet: both trees play quiet (a change to the quiet "
                             "path itself, such as how a quiet state drops its events)")
    a = parser.parse_args()
    for game_id in a.games or registered_games(a.new):
        kinds = [k for k in ("play", "search", "quiet") if a.only == k
                 or (a.only is None and k != "quiet")]
        for kind in kinds:
            figures: dict[str, list[float]] = {"base": [], "new": []}
            moves: dict[str, object] = {}
            for r in range(a.rounds):
                order = ("base", "new") if r % 2 == 0 else ("new", "base")
                for side in order:
                    tree = a.base if side == "base" else a.new
                    if kind in ("play", "quiet"):
                        mode = "quiet" if kind == "quiet" and (side == "new" or a.both_quiet) \
                            else "play"
                        res = _run(tree, [mode, game_id, str(a.seconds)])
                        figures[side].append(float(res["steps_per_cpu_s"]))  # type: ignore[arg-type]
                    else:
                        res = _run(tree, ["search", game_id, str(a.search), str(a.samples)])
                        figures[side].append(float(res["iters_per_cpu_s"]))  # type: ignore[arg-type]
                        moves[side] = res["moves"]
            b, n = statistics.median(figures["base"]), statistics.median(figures["new"])
            unit = "iterations/CPU s" if kind == "search" else "steps/CPU s"
            same = "" if kind != "search" else \
                f"  same moves: {'yes' if moves['base'] == moves['new'] else 'NO'}"
            print(f"{game_id:18} {kind:6} base {b:10,.0f}  new {n:10,.0f} {unit}  "
                  f"ratio {n / b:5.2f}{same}", flush=True)


if __name__ == "__main__":
    main()
