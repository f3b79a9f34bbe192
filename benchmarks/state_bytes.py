"""Bytes of a clone and of a state's JSON, per game, over the bench's mid-game states.

Why: a speed-up must not buy its time with memory a search pays at every node, so issue 30
asks for both to be no larger than before. A clone is measured with ``tracemalloc`` (the
bytes a thousand clones of each state hold, divided by a thousand: only what a clone owns,
not what it shares with the original); the JSON as the UTF-8 length of ``json.dumps`` of
``to_json()``. Run it once per source tree and compare:

    PYTHONPATH=src python benchmarks/state_bytes.py
"""

from __future__ import annotations

import json
import statistics
import tracemalloc

from cardtable.core import registry
from cardtable.sim.bench import mid_game_states

GAMES = tuple(registry.GAMES)
CLONES = 1000


def clone_bytes(state: object) -> float:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    keep = [state.clone() for _ in range(CLONES)]  # type: ignore[attr-defined]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del keep
    return (after - before) / CLONES


def main() -> None:
    for game_id in GAMES:
        states = mid_game_states(game_id, 8, 0)
        clones = [clone_bytes(s) for s in states]
        sizes = [len(json.dumps(s.to_json(), ensure_ascii=False).encode()) for s in states]
        print(f"{game_id:18} clone {statistics.mean(clones):8,.0f} bytes   "
              f"JSON {statistics.mean(sizes):9,.0f} bytes   ({len(states)} mid-game states)")


if __name__ == "__main__":
    main()
