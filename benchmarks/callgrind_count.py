"""Seeded random playouts or searches of one game, sized for counting instructions.

Why a script of its own: on the shared 2-core machine a CPU-second figure drifts by several
per cent between runs, too much to judge a change of two. Valgrind's callgrind counts the
instructions a run executes, which the rest of the machine does not disturb. Run each tree
twice with two sizes and take the difference, so start-up (imports, the card tables, the
search's sampled decisions) cancels out:

    PYTHONHASHSEED=0 PYTHONPATH=SRC valgrind --tool=callgrind --callgrind-out-file=OUT \\
        python benchmarks/callgrind_count.py dreadnought play 2      # then play 20
    ... callgrind_count.py dreadnought search 40 2                     # then search 240 2

Instructions per step = (total of the bigger run - total of the smaller) / (steps of the
bigger - steps of the smaller); the same with the iterations for the search. ``CARDTABLE_PURE=1``
counts the pure path; without it the tree's compiled build runs (the compiled modules the run
loaded are printed on stderr). The playouts are ``perf_compare``'s: random legal moves from
``derive_seed(0, "bench")`` through the public contract; the search is ``MCTSAgent`` at a fixed
iteration count over the bench's sampled decisions.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    from cardtable import accel
    from cardtable.core import derive_seed, load_game, rng

    game_id, kind = sys.argv[1], sys.argv[2]
    game = load_game(game_id)
    if kind == "play":
        decks = game.default_decks()
        gen = rng.seed_state(derive_seed(0, "bench"))
        steps = 0
        for g in range(int(sys.argv[3])):
            state = game.new_game(derive_seed(0, "game", g), decks)
            while state.current_player() >= 0:
                legal = state.legal_actions()
                gen, i = rng.randbelow(gen, len(legal))
                state.apply(legal[i])
                steps += 1
        print(json.dumps({"steps": steps}))
    else:
        from cardtable.agents.mcts import MCTSAgent
        from cardtable.sim.bench import searched_states

        iters, samples = int(sys.argv[3]), int(sys.argv[4])
        states = searched_states(game_id, samples * 2, 0)[:samples]
        agent = MCTSAgent(iters=iters)
        total, moves = 0, []
        for k, state in enumerate(states):
            agent.reset(derive_seed(0, "search", k))
            moves.append(agent.act(game, state.view(state.current_player()),
                                   state.legal_actions()))
            total += agent.last_iterations
        print(json.dumps({"iters": total, "moves": moves}))
    print(json.dumps({"compiled": accel.status()["compiled_modules"]}), file=sys.stderr)


if __name__ == "__main__":
    main()
