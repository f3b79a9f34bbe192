"""The cost of the contract's integer-only ``apply``: random playouts with and without it.

The check wraps every game's ``apply`` (``State.__init_subclass__``); ``__wrapped__`` is the
game's own method. Both are timed in one process, alternated, so load on a shared machine
falls on both alike. Usage: ``python benchmarks/apply_check.py [rounds]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cardtable.core import load_game

GAMES = (("draws-troidal", 6), ("dice-and-monsters", 12), ("sarasvati", 6))


def steps_per_cpu_second(game_id: str, checked: bool, games: int) -> float:
    game = load_game(game_id)
    cls = game.state_class
    apply = cls.apply if checked else cls.apply.__wrapped__  # type: ignore[attr-defined]
    rng = random.Random(1)
    steps = 0
    start = time.process_time()
    for seed in range(games):
        state = game.new_game(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            apply(state, legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for game_id, games in GAMES:
        plain, checked = [], []
        for _ in range(rounds):
            plain.append(steps_per_cpu_second(game_id, False, games))
            checked.append(steps_per_cpu_second(game_id, True, games))
        a, b = statistics.median(plain), statistics.median(checked)
        print(f"{game_id}: {a:,.0f} steps/s unchecked, {b:,.0f} checked "
              f"({100 * (b - a) / a:+.1f}%), median of {rounds}")


if __name__ == "__main__":
    main()
