"""Which lines emit events into a quiet state's sink, and how often: the guard rule's count.

A quiet state's log (``core.event_log.QUIET``) drops every event, but an event is built before
it is dropped, so a site on a move's hot path keeps ``if state.log is not QUIET:``
(docs/architecture.md, "The event log: one sink"). This plays random quiet games with a sink
that tallies its callers' lines and prints, per game, the events a step and each site at or
above ``--min`` events a step that appends without a guard (a guarded site never reaches the
sink, so a clean tree prints none).

    CARDTABLE_PURE=1 PYTHONPATH=src python benchmarks/event_sites.py --games 40 --min 0.04
"""

from __future__ import annotations

import argparse
import collections
import sys
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games a game")
    parser.add_argument("--min", type=float, default=0.04, help="events a step to list a site")
    a = parser.parse_args()
    from cardtable.core import derive_seed, event_log, load_game, registry, rng

    counts: collections.Counter[tuple[str, int]] = collections.Counter()

    def tally(self: Any, event: Any) -> None:
        frame = sys._getframe(1)
        if frame.f_code.co_name == "ev":  # Dreadnought's helper: count its caller
            frame = frame.f_back  # type: ignore[assignment]
        counts[(frame.f_code.co_filename.split("cardtable/")[-1], frame.f_lineno)] += 1

    event_log.QuietLog.append = tally  # type: ignore[method-assign]
    for game_id in registry.GAMES:
        counts.clear()
        game = load_game(game_id)
        decks = game.default_decks()
        gen, steps = rng.seed_state(1), 0
        for g in range(a.games):
            state = game.new_game(derive_seed(0, "game", g), decks)
            state.quiet()
            while state.current_player() >= 0:
                legal = state.legal_actions()
                gen, i = rng.randbelow(gen, len(legal))
                state.apply(legal[i])
                steps += 1
        total = sum(counts.values())
        print(f"{game_id}: {total / steps:.2f} unguarded events a step")
        for (path, line), n in counts.most_common():
            if n / steps >= a.min:
                print(f"  {path}:{line}  {n / steps:.2f}")


if __name__ == "__main__":
    main()
