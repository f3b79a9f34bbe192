"""Would more features make Culdcept's cut-off value a better judge? A probe, not a fit to ship.

Culdcept's expert stops near 64% against greedy whatever the search's budget, so the first
suspect is the value its search reads at the cut-off (``games/culdcept/value.py``, seven
features). This plays the same games as ``fit_values.py`` (70% greedy, 30% random, random
pairings of the shipped decks), fits the seven features alone and then with each candidate
below added, and prints the held-out log-loss and accuracy of each fit, so a feature that
carries what the seven miss shows as a lower loss. Each candidate is "mine minus the
opponent's" (or a sign for whose turn it is), as the seven are, so the value stays one minus
itself from the other seat.

    .venv/bin/python benchmarks/culdcept_value_features.py --games 3000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_values import _sigmoid, fit, play_positions, score

from cardtable.games.culdcept import value

#: the candidates, in the order ``features`` appends them
EXTRA = ("points_squared", "points_past_7", "toll_guarded", "toll_unguarded", "hp_left",
         "st", "my_turn", "points_by_deck")


def features(view: dict[str, Any]) -> list[float]:
    """The module's seven features, then the candidates of ``EXTRA``."""
    you, opp = view["you"], view["opponent"]
    cards = value._cards(view)
    extra = [0.0] * len(EXTRA)
    for side, sign in ((you, 1.0), (opp, -1.0)):
        guarded = unguarded = hp = st = 0.0
        for slot in side["slots"]:
            name = slot["creature"]
            if name is None:
                unguarded += slot["toll"]
            else:
                guarded += slot["toll"]
                hp += cards[name]["hp"] - slot["damage"]
                st += cards[name]["st"]
        extra[2] += sign * guarded
        extra[3] += sign * unguarded
        extra[4] += sign * hp / 100
        extra[5] += sign * st / 100
    extra[0] = (you["points"] ** 2 - opp["points"] ** 2) / 10
    extra[1] = max(0, you["points"] - 7) - max(0, opp["points"] - 7)
    extra[6] = 1.0 if view.get("active") == view["player"] else -1.0
    extra[7] = (you["points"] * opp["deck_count"] - opp["points"] * you["deck_count"]) / 100
    return value.features(view) + extra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    per_game = play_positions("culdcept", args.games, args.seed, 4, features)
    cut = len(per_game) * 4 // 5
    train = [s for g in per_game[:cut] for s in g]
    test = [s for g in per_game[cut:] for s in g]
    print(f"{len(train)} training and {len(test)} held-out positions from {args.games} games "
          f"in {time.perf_counter() - start:.0f} s")
    names = [*value.FEATURES, *EXTRA]
    base = list(range(len(value.FEATURES)))

    def trial(columns: list[int], label: str) -> None:
        w = fit([([x[i] for i in columns], y) for x, y in train])
        loss, accuracy = score([([x[i] for i in columns], y) for x, y in test],
                               lambda x: _sigmoid(sum(a * b for a, b in zip(w, x, strict=True))))
        print(f"  {label:<28} log-loss {loss:.4f}  accuracy {accuracy:.3f}")

    trial(base, "the seven")
    for extra in range(len(base), len(names)):
        trial([*base, extra], f"the seven + {names[extra]}")
    trial(list(range(len(names))), "all fifteen")


if __name__ == "__main__":
    main()
