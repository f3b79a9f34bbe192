"""How search speed scales with the number of cards in the game.

Decks of every size are built from the game's shipped default decks by repeating their cards in
file order (the game's deck-size and copy limits are lifted for the run), and the same
measurements as ``cardtable bench GAME --search N`` are taken at each size.

    .venv/bin/python benchmarks/search_scaling.py draws-troidal --sizes 20 40 60 120 240
    .venv/bin/python benchmarks/search_scaling.py sarasvati --sizes 10 20 40

Only games with ``deck_size`` and ``max_copies`` options can be scaled this way (サラスヴァティ's
action space caps its decks at 40); the others print their one size.
"""

from __future__ import annotations

import argparse
import json
from itertools import cycle, islice

from cardtable.core import load_game
from cardtable.core.deck import Deck
from cardtable.sim.bench import clone_micros, mid_game_states, playouts, search_speed


def scaled(deck: Deck, size: int) -> Deck:
    """``size`` main-deck cards repeated in file order; cards kept apart from the main deck
    (サラスヴァティ's forbidden books) stay as they are."""
    main = [c for c in deck.cards if getattr(c, "kind", "") != "book"]
    apart = [c for c in deck.cards if getattr(c, "kind", "") == "book"]
    return Deck(f"{deck.name} ×{size}", (*islice(cycle(main), size), *apart), deck.name_en)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 40, 60, 120, 240])
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    game = load_game(args.game)
    defaults = game.default_decks()
    scalable = "max_copies" in game.default_options()
    if not scalable:
        # Dice and Monsters decks are eight distinct cards built from the pool: one size only
        args.sizes = [0]
    for size in args.sizes:
        decks = [scaled(d, size) for d in defaults] if scalable else list(defaults)
        options = {"deck_size": size, "max_copies": size} if scalable else None
        play = playouts(args.game, args.seconds, 0, options, decks)
        clone = clone_micros(mid_game_states(args.game, 8, 0, options, decks))
        search = search_speed(args.game, args.iters, 0, options=options, decks=decks)
        print(json.dumps({"game": args.game,
                          "cards_in_game": sum(len(d.cards) for d in decks),
                          "games_per_s": round(play["games"] / play["seconds"], 1),
                          "steps_per_game": round(play["steps"] / play["games"], 1),
                          "clone_us": round(clone, 2),
                          "search_iters_per_s": search["search_iters_per_s"]}), flush=True)


if __name__ == "__main__":
    main()
